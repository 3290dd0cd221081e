// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        // For apps: compiled themes, typed keys, overrides, the store, signed theme files, the
        // ConfigParser facade. Depends on the token model only.
        .library(name: "TesseraRuntime", targets: ["TesseraRuntime"]),
        // SwiftUI and UIKit conversions (Apple platforms; empty elsewhere).
        .library(name: "TesseraUI", targets: ["TesseraUI"]),
        // For tools: every format read into one token system, resolved in every permutation,
        // with located diagnostics; importers; compiling themes.
        // `import TesseraImporters` for every format other than DTCG and resolver documents.
        .library(name: "Tessera", targets: ["Tessera", "TesseraImporters"]),
        // Tokens in, files out: Swift source, asset catalogs, CSS, a resolved bundle.
        .library(name: "TesseraGenerate", targets: ["TesseraGenerate"]),
        // Lint rules, diffs between versions, the catalog page.
        .library(name: "TesseraQuality", targets: ["TesseraQuality"]),
        // `tessera.yml`, templates, writing outputs.
        .library(name: "TesseraBuild", targets: ["TesseraBuild"]),
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
        // `tessera adopt` reads and rewrites an app's Swift with the compiler's own parser.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `swift package generate-documentation` for the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Token paths, types, values and colors: what every other module speaks.
        .target(name: "TesseraModel"),
        .target(
            name: "TesseraRuntime",
            dependencies: [
                "TesseraModel",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "TesseraUI", dependencies: ["TesseraRuntime"]),
        .target(name: "Tessera", dependencies: ["TesseraModel", "TesseraRuntime"]),
        // Every format but DTCG token files and resolver documents, which the engine reads itself:
        // Tokens Studio, Figma, asset catalogs, Gentle, Style Dictionary, text styles.
        .target(name: "TesseraImporters", dependencies: ["Tessera"]),
        .target(name: "TesseraGenerate", dependencies: ["Tessera"]),
        .target(name: "TesseraQuality", dependencies: ["Tessera", "TesseraGenerate"]),
        // `tessera lsp`: the Language Server Protocol over standard input and output.
        .target(name: "TesseraLanguageServer", dependencies: ["Tessera", "TesseraImporters"]),
        .target(
            name: "TesseraBuild",
            dependencies: [
                "Tessera",
                "TesseraImporters",
                "TesseraGenerate",
                "TesseraQuality",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // `tessera adopt`: an app's hand-written design values and token calls, found in its Swift
        // and rewritten to the generated accessors. For tools only: apps never link swift-syntax.
        .target(
            name: "TesseraAdopt",
            dependencies: [
                "Tessera",
                "TesseraGenerate",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "TesseraCLI",
            dependencies: [
                "Tessera",
                "TesseraImporters",
                "TesseraGenerate",
                "TesseraQuality",
                "TesseraBuild",
                "TesseraLanguageServer",
                "TesseraAdopt",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Random token systems and the differential check that resolves them several ways.
        .target(name: "TesseraDifferential", dependencies: ["Tessera"]),
        .executableTarget(name: "tessera-differential", dependencies: ["TesseraDifferential"]),
        // The real token sets of the shared corpus (outside the repository), checked against
        // Tessera: `swift run tessera-conformance ../shared/corpus`.
        .executableTarget(name: "tessera-conformance", dependencies: ["Tessera", "TesseraImporters", "TesseraGenerate", "TesseraQuality", "TesseraConformanceKit"]),
        .plugin(name: "TesseraPlugin", capability: .buildTool(), dependencies: ["TesseraCLI"]),
        // What the tests and tessera-conformance both check with: independent readers of other
        // tools' expected outputs, the checks run on a fixture and on a real set alike, swiftc,
        // processes and scratch folders. A library without a test framework, not a product.
        .target(
            name: "TesseraConformanceKit",
            dependencies: ["Tessera", "TesseraImporters", "TesseraGenerate", "TesseraQuality"],
            path: "Tests/TesseraConformanceKit"
        ),
        // Helpers every test target shares (scratch folders, marked sources, code generation,
        // fixtures used by several targets); a library, not a test target.
        .target(
            name: "TesseraTestSupport",
            dependencies: ["Tessera", "TesseraImporters", "TesseraGenerate", "TesseraConformanceKit"],
            path: "Tests/TesseraTestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TesseraModelTests", dependencies: ["TesseraModel", "TesseraTestSupport"]),
        // Themes for these tests are compiled from tokens with Tessera.
        .testTarget(
            name: "TesseraRuntimeTests",
            dependencies: ["TesseraRuntime", "Tessera", "TesseraTestSupport", "TesseraConformanceKit",
                .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "TesseraTests",
            dependencies: ["Tessera", "TesseraImporters", "TesseraDifferential", "TesseraConformanceKit", "TesseraTestSupport"]
        ),
        .testTarget(
            name: "TesseraImportersTests",
            dependencies: ["TesseraImporters", "TesseraConformanceKit", "TesseraTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TesseraGenerateTests", dependencies: ["TesseraGenerate", "TesseraImporters", "TesseraConformanceKit", "TesseraTestSupport"]),
        .testTarget(name: "TesseraQualityTests", dependencies: ["TesseraQuality", "TesseraConformanceKit", "TesseraTestSupport"]),
        .testTarget(name: "TesseraBuildTests", dependencies: ["TesseraBuild", "TesseraTestSupport"]),
        // The UI adapters type-checked as each Apple platform compiles them, against stand-ins.
        .testTarget(name: "TesseraUITests", dependencies: ["TesseraUI", "TesseraConformanceKit", "TesseraTestSupport"]),
        .testTarget(name: "TesseraDifferentialTests", dependencies: ["TesseraDifferential", "TesseraTestSupport"]),
        // `tessera lsp`: in process and over pipes to the built `tessera` binary.
        .testTarget(
            name: "TesseraLanguageServerTests",
            dependencies: ["TesseraCLI", "TesseraLanguageServer", "TesseraImporters", "TesseraBuild", "TesseraConformanceKit", "TesseraDifferential",
                "TesseraTestSupport"]
        ),
        // Runs the built `tessera` binary.
        .testTarget(name: "TesseraAdoptTests", dependencies: ["TesseraAdopt", "TesseraImporters", "TesseraConformanceKit", "TesseraTestSupport"]),
        .testTarget(name: "TesseraCLITests", dependencies: ["TesseraCLI", "TesseraBuild", "TesseraImporters", "TesseraQuality", "TesseraConformanceKit", "TesseraTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
