// swift-tools-version: 6.2
import PackageDescription

// An app that only loads compiled themes: it links TesseraRuntime (and the token model), never
// the JSON parser, the resolver or any importer. Compile its theme with
// `swift run tessera compile Examples/app.resolver.json -o App.theme` from the repository root.
let package = Package(
    name: "RuntimeApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Tessera", path: "../..")],
    targets: [
        .executableTarget(
            name: "RuntimeApp",
            dependencies: [.product(name: "TesseraRuntime", package: "Tessera")]
        )
    ]
)
