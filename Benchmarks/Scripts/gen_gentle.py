#!/usr/bin/env python3
"""Gentle specs of any size, for timing the importer: gen_gentle.py OUT.json N [VERSION].

Every role of the 0.6.0 spec, then N more color pairs (roles Gentle does not have, each
reported) and N/10 more typography, button and surface roles; VERSION (0.6.0 by default)
such as 0.4.0 writes the older names and forms, which are migrated on reading.
"""
import json
import sys

n = int(sys.argv[2])
version = sys.argv[3] if len(sys.argv) > 3 else "0.6.0"
old = version != "0.6.0"
roles = ["textPrimary", "textSecondary", "textTertiary", "textOnScrim", "textOnScrimSecondary", "background",
         "surfaceCardSecondary", "surfaceTint", "surfaceScrim", "borderSubtle", "primaryCTA", "destructive", "themePrimary",
         "themeSecondary"] + (["onPrimaryCTA", "onDestructive", "onOverlay", "onOverlaySecondary", "surface"] if old else
         ["textOnPrimaryCTA", "textOnDestructive", "textOnOverlay", "textOnOverlaySecondary", "surfaceBase"])
pairs = {r: {"lightHex": "#%06X" % (i * 7919 % 0xFFFFFF), "darkHex": "#%06X" % (i * 104729 % 0xFFFFFF)} for i, r in enumerate(roles)}
for i in range(n):
    pairs[f"extra{i}"] = {"lightHex": "#%06X" % (i * 31 % 0xFFFFFF), "darkHex": "#%06XCC" % (i * 17 % 0xFFFFFF)}
surface = "surface" if old else "surfaceBase"
typography = {f"style{i}_m": {"pointSize": 10 + i % 30, "weight": "regular", "design": "default", "relativeTo": "body",
                              "lineSpacing": 2, "letterSpacing": 0, "isUppercased": i % 2 == 0, "colorRole": "textPrimary"}
              for i in range(max(1, n // 10))}
buttons = {f"button{i}": ({"materialRole": "hollow", "borderRole": "primaryCTA"} if old else {"fillRole": "hollow", "borderRole": "accent"})
           | {"shape": "pill", "animationRole": "squish", "pressedScale": 0.9, "pressedOpacity": 0.8, "usesNativeStyle": False}
           for i in range(max(1, n // 10))}
surfaces = {f"surface{i}": {"backgroundStyle": {"type": "solid", "colorRole": surface},
                            "border": {"lightHex": "#E5E7EB", "darkHex": "#374151"}, "cornerRadius": 12, "borderWidth": 1,
                            "shadowRadius": 4, "shadowOpacity": 0.1, "shadowOffsetX": 0, "shadowOffsetY": 2}
            | ({"specularEffect": "highlight", "specularStrength": 0.1} if old else {"surfaceDepthEffect": {"noEffect": {}}})
            for i in range(max(1, n // 10))}
scale = {"xs": 4, "s": 8, "m": 12, "l": 16, "xl": 24, "xxl": 32}
spec = {"_specVersion": version, "colors": {"pairByRole": pairs}, "typography": {"roles": typography},
        "layout": {"scale": scale, "gap": scale, "grid": scale, "touch": scale,
                   "inset": {"screen": {"regular": {"horizontal": "m", "vertical": "l"}}}},
        "visual": {"radii": {"small": 8, "medium": 12, "large": 20, "pill": 999}, "shadows": {"none": 0, "small": 2, "medium": 6}},
        "buttons": {"roles": buttons, "animations": {"squish": {"pressedScale": 0.97, "pressedOpacity": 0.92, "duration": 0.1,
                                                                "springResponse": 0.22, "springDamping": 0.85, "springBlend": 0}}},
        "surfaces": {"roles": surfaces}}
json.dump(spec, open(sys.argv[1], "w"))
