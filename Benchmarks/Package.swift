// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TesseraBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Tessera", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "TesseraBench",
            dependencies: [.product(name: "Tessera", package: "Tessera")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        // `tessera-bench lookups DIR LOOKUPS_FILE ROUNDS` and `tessera-bench load FILE`.
        .executableTarget(
            name: "tessera-bench",
            dependencies: [
                .product(name: "Tessera", package: "Tessera"),
                .product(name: "TesseraRuntime", package: "Tessera"),
            ]
        ),
    ]
)
