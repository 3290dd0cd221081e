// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Tessera", targets: ["Tessera"]),
        // Swapping themes while the app runs, signed theme files, the ConfigParser facade.
        .library(name: "TesseraRuntime", targets: ["TesseraRuntime"]),
        // SwiftUI and UIKit conversions (Apple platforms; empty elsewhere).
        .library(name: "TesseraUI", targets: ["TesseraUI"]),
        // Swift source, asset catalogs, CSS, a resolved bundle and user templates; `tessera.yml`.
        .library(name: "TesseraCodegen", targets: ["TesseraCodegen"]),
        .executable(name: "tessera", targets: ["TesseraCLI"]),
        // Runs `tessera build` on the package's `tessera.yml` before every build.
        .plugin(name: "TesseraPlugin", targets: ["TesseraPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` for the DocC catalog in Sources/Tessera.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Tessera"),
        .target(
            name: "TesseraRuntime",
            dependencies: [
                "Tessera",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "TesseraUI", dependencies: ["Tessera", "TesseraRuntime"]),
        .target(
            name: "TesseraCodegen",
            dependencies: [
                "Tessera",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "TesseraCLI",
            dependencies: [
                "Tessera",
                "TesseraRuntime",
                "TesseraCodegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Random token systems and the differential check that resolves them several ways.
        .target(name: "TesseraDifferential", dependencies: ["Tessera"]),
        .executableTarget(name: "tessera-differential", dependencies: ["TesseraDifferential"]),
        .plugin(name: "TesseraPlugin", capability: .buildTool(), dependencies: ["TesseraCLI"]),
        .testTarget(
            name: "TesseraTests",
            dependencies: ["Tessera", "TesseraRuntime", "TesseraCodegen", "TesseraCLI", "TesseraDifferential"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
