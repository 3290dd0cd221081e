import Foundation
import PackagePlugin

/// Runs `tessera build` on every build of a target that uses the plugin: the `tessera.yml` in
/// the target's folder (else the package's) says where the tokens are, and its Swift outputs
/// are compiled into the target. The command runs again whenever the configuration or a file it
/// names changes — its `resolver:`, `sources:` and every token file they lead to, wherever they
/// are, and only those (see `BuildInputs`); other outputs (asset catalogs, CSS, bundles) are
/// written by `tessera build` itself.
@main
struct TesseraPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let targetFolder = target.directoryURL
        let candidates = [targetFolder.appending(path: "tessera.yml"), context.package.directoryURL.appending(path: "tessera.yml")]
        guard let config = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            Diagnostics.error("no tessera.yml in \(targetFolder.path) or \(context.package.directoryURL.path); `tessera init` writes one")
            return []
        }
        return [Self.command(config: config, workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "TesseraCLI").url)]
    }

    /// The `tessera build` command for `config`, its inputs the configuration and the files the
    /// last build read, its output the Swift file in `workDirectory` the build compiles.
    static func command(config: URL, workDirectory: URL, tool: URL) -> Command {
        let output = workDirectory.appending(path: "Tessera.generated.swift")
        let state = workDirectory.appending(path: "state")
        let inputs = BuildInputs.files(configuration: config, state: state.appending(path: "build-state.json"))
        return .buildCommand(
            displayName: "Generating Swift from design tokens (\(config.lastPathComponent))",
            executable: tool,
            arguments: ["build", "--config", config.path, "--swift-into", output.path, "--state", state.path, "--quiet"],
            inputFiles: inputs,
            outputFiles: [output]
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for an app target of an Xcode project (Build Phases → Run Build Tool Plug-ins): the
/// `tessera.yml` among the target's files, else the one beside the `.xcodeproj`.
extension TesseraPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let projectFolder = context.xcodeProject.directoryURL
        let config = target.inputFiles.first { $0.url.lastPathComponent == "tessera.yml" }?.url
            ?? projectFolder.appending(path: "tessera.yml")
        guard FileManager.default.fileExists(atPath: config.path) else {
            Diagnostics.error("no tessera.yml in the files of \(target.displayName) or in \(projectFolder.path); `tessera init` writes one")
            return []
        }
        return [Self.command(config: config, workDirectory: context.pluginWorkDirectoryURL, tool: try context.tool(named: "TesseraCLI").url)]
    }
}
#endif
