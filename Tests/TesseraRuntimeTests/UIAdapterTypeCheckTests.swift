import Foundation
import TesseraTestSupport
import Testing

/// TesseraUI compiles only on Apple platforms. Here its files are type-checked against stand-in
/// UIKit and SwiftUI modules (`Tests/StandIns`) that declare exactly the Apple signatures the
/// adapters use, and the modules this package built.
@Suite struct UIAdapterTypeCheckTests {
    static let root = repositoryRoot

    /// The folder of the built modules.
    static var modules: URL? { Codegen.modules }

    static func run(_ arguments: [String]) throws -> (Int32, String) { try Codegen.swiftc(arguments) }

    @Test(.enabled(if: modules != nil)) func adaptersTypeCheckAgainstTheStandIns() throws {
        #if canImport(UIKit)
        return
        #else
        let modules = try #require(Self.modules)
        let work = TestScratch.root.appendingPathComponent("standins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        for module in ["UIKit", "SwiftUI"] {
            let (status, output) = try Self.run(["-emit-module", "-parse-as-library", "-module-name", module,
                Self.root.appendingPathComponent("Tests/StandIns/\(module).swift").path,
                "-emit-module-path", work.appendingPathComponent("\(module).swiftmodule").path])
            #expect(status == 0, "\(module) stand-in: \(output)")
        }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/TesseraUI").path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { Self.root.appendingPathComponent("Sources/TesseraUI/\($0)").path }
        #expect(sources.count >= 2)
        let (status, output) = try Self.run(["-typecheck", "-swift-version", "6", "-module-name", "TesseraUI",
            "-I", work.path, "-I", modules.path] + sources)
        #expect(status == 0, "TesseraUI: \(output)")
        #endif
    }
}
