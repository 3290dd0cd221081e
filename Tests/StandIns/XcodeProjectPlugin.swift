// A stand-in for Xcode's XcodeProjectPlugin module (it ships with Xcode only): the declarations
// TesseraPlugin uses, so that its Xcode project conformance type-checks here. Apple publishes no
// documentation page for this module; the declarations follow its interface as Xcode ships it
// (XcodeProjectPlugin.swiftinterface: `XcodeProject`, `XcodeTarget`, `XcodePluginContext`,
// `XcodeBuildToolPlugin`), with the URL-based members Xcode 16 added beside the `Path` ones
// (`directoryURL`, `pluginWorkDirectoryURL`, `Tool.url`, `File.url`). Nothing here runs.
import Foundation
import PackagePlugin

public protocol XcodeBuildToolPlugin: Plugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public struct XcodeProject {
    public typealias ID = String
    public var id: ID { "" }
    public var displayName: String { "" }
    public var directoryURL: URL { URL(fileURLWithPath: "/") }
    public var targets: [XcodeTarget] { [] }
}

public struct XcodeTarget {
    public typealias ID = String
    public var id: ID { "" }
    public var displayName: String { "" }
    public var inputFiles: FileList { fatalError() }
}

public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { XcodeProject() }
    public var pluginWorkDirectoryURL: URL { URL(fileURLWithPath: "/") }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError() }
}
