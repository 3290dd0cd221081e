#!/usr/bin/env bash
# Serves a folder (a published theme feed) with nginx on 127.0.0.1 only, with a prefix and a
# configuration under .build/feed-server: no system configuration is read or changed.
#
#   Scripts/feed-server.sh start ROOT [PORT]   # default port 8931; prints the URL
#   Scripts/feed-server.sh stop [PORT]
#
# Installs nginx with apt-get when it is missing (Debian; needs root). Besides ROOT itself it
# serves /fail500/… (always 500) and /slow/… (ROOT again, 20 bytes a second after the first
# 400), the faults the feed tests inject; the tests start their own nginx the same way
# (Tests/TesseraTestSupport/FeedServer.swift) and skip when nginx is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
command="${1:-}"
nginx_bin() { command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true; }
case "$command" in
    start)
        root=$(cd "${2:?usage: feed-server.sh start ROOT [PORT]}" && pwd)
        port="${3:-8931}"
        if [ -z "$(nginx_bin)" ]; then
            [ "$(id -u)" = 0 ] || { echo "feed-server: nginx is not installed and this is not root: apt-get install -y nginx" >&2; exit 1; }
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
        fi
        prefix="$PWD/.build/feed-server/$port"
        mkdir -p "$prefix/logs"
        user=""
        [ "$(id -u)" = 0 ] && user="user root;"
        cat > "$prefix/nginx.conf" <<CONF
worker_processes 1;
$user
error_log $prefix/logs/error.log warn;
pid $prefix/nginx.pid;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path $prefix/client_body;
    proxy_temp_path $prefix/proxy;
    fastcgi_temp_path $prefix/fastcgi;
    uwsgi_temp_path $prefix/uwsgi;
    scgi_temp_path $prefix/scgi;
    types { application/json json; application/octet-stream theme; }
    default_type application/octet-stream;
    sendfile off;
    server {
        listen 127.0.0.1:$port;
        root $root;
        etag on;
        location = /manifest.json { add_header Cache-Control "public, max-age=300"; }
        location /themes/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
        location /fail500/ { return 500; }
        location /slow/ { alias $root/; limit_rate_after 400; limit_rate 20; }
    }
}
CONF
        "$(nginx_bin)" -p "$prefix" -c "$prefix/nginx.conf"
        echo "http://127.0.0.1:$port/manifest.json"
        ;;
    stop)
        port="${2:-8931}"
        prefix="$PWD/.build/feed-server/$port"
        [ -f "$prefix/nginx.pid" ] && "$(nginx_bin)" -p "$prefix" -c "$prefix/nginx.conf" -s stop
        ;;
    *)
        echo "usage: Scripts/feed-server.sh start ROOT [PORT] | stop [PORT]" >&2
        exit 2
        ;;
esac
