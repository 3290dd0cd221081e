// swift-tools-version: 6.2
import PackageDescription

// An app target whose Swift tokens are generated on every build by TesseraPlugin, from the
// tessera.yml and tokens in its folder.
let package = Package(
    name: "PluginApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Tessera", path: "../..")],
    targets: [
        .executableTarget(
            name: "PluginApp",
            dependencies: [.product(name: "Tessera", package: "Tessera")],
            exclude: ["tessera.yml", "tokens"],
            plugins: [.plugin(name: "TesseraPlugin", package: "Tessera")]
        )
    ]
)
