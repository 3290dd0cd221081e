// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        .executable(name: "tessera", targets: ["TesseraCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` for the DocC catalog in Sources/Tessera.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Tessera"),
        .executableTarget(
            name: "TesseraCLI",
            dependencies: [
                "Tessera",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Random token systems and the differential check that resolves them several ways.
        .target(name: "TesseraDifferential", dependencies: ["Tessera"]),
        .executableTarget(name: "tessera-differential", dependencies: ["TesseraDifferential"]),
        .testTarget(
            name: "TesseraTests",
            dependencies: ["Tessera", "TesseraCLI", "TesseraDifferential"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
