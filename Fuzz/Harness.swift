// libFuzzer harnesses, compiled with the library's sources into one binary by Fuzz/run.sh.
// TESSERA_FUZZ chooses the target: json (the JSON parser), pipeline (a token file through
// every stage and output), resolver (a resolver document with its sources inline) or
// text-styles (a textStyles.json of the ConfigTokens layout, with a DTCG file that refers to it)
// colorset (an asset catalog whose namespace folder and one color set hold the input), figma
// (a Figma variables response) or tokens-studio (a Tokens Studio file with its sets, themes,
// math and color modifiers, converted to DTCG; the input is also evaluated as math) or gentle
// (a Gentle design system spec, with its migration from older versions, converted to DTCG) or
// figma-export (a file of Figma's own DTCG export, its aliasData put back as aliases) or
// style-dictionary (a token file read as Style Dictionary reads it — its own format, `$value`
// tokens with properties of their own, or a configuration whose globs search an empty folder —
// values it passes through kept as text; the input's start is also searched for the format's
// evidence and read as a glob) or
// figma-modes (Figma variables exported a file per collection and mode: the input, split at
// its first three NUL bytes, is up to four files of three collections in two folders; the
// whole input is also read as a plugin's dump of every collection in one array) or
// theme-file (a compiled theme file: loaded with every check, then every token looked up in
// every permutation, overridden and written again) or codegen (a resolver through every
// output of code generation: Fuzz/CodegenHarness.swift) or quality (a resolver through lint,
// diff and the catalog page, the bytes also read as Swift source: Fuzz/QualityHarness.swift) or
// feed-manifest (a theme feed's manifest.json: its envelope and the signed manifest inside:
// Fuzz/FeedHarness.swift).
// lsp (a stream of framed messages to the language server: Fuzz/LanguageServerHarness.swift) or
// reparse (a child object of a large file replaced, parsed again in part and whole:
// Fuzz/ReparseHarness.swift).
import Foundation

let fuzzTarget = ProcessInfo.processInfo.environment["TESSERA_FUZZ"] ?? "pipeline"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch fuzzTarget {
    case "json": fuzzJSON(bytes)
    case "resolver": fuzzResolver(bytes)
    case "text-styles": fuzzTextStyles(bytes)
    case "colorset": fuzzColorset(bytes)
    case "figma": fuzzFigma(bytes)
    case "tokens-studio": fuzzTokensStudio(bytes)
    case "gentle": fuzzGentle(bytes)
    case "figma-export": fuzzFigmaExport(bytes)
    case "figma-modes": fuzzFigmaModes(bytes)
    case "style-dictionary": fuzzStyleDictionary(bytes)
    case "theme-file": fuzzThemeFile(bytes)
    case "codegen": fuzzCodegen(bytes)
    case "quality": fuzzQuality(bytes)
    case "feed-manifest": fuzzFeedManifest(bytes)
    case "lsp": fuzzLanguageServer(bytes)
    case "reparse": fuzzReparse(bytes)
    default: fuzzPipeline(bytes)
    }
    return 0
}

func render(_ diagnostics: [Diagnostic], _ files: [SourceFile]) {
    _ = DiagnosticRenderer().render(diagnostics, files: files)
    for fixIt in diagnostics.flatMap(\.fixIts) {
        guard let file = files.first(where: { $0.path == fixIt.edit.file }) else { continue }
        _ = try? SourceEdit.apply([fixIt.edit], toFile: file.path, bytes: file.bytes)
    }
}

func fuzzJSON(_ bytes: [UInt8]) {
    for allowComments in [false, true] {
        var diagnostics: [Diagnostic] = []
        let file = SourceFile(path: "fuzz.json", bytes: bytes)
        if let root = JSONParser(file: file, options: .init(allowComments: allowComments)).parse(into: &diagnostics) {
            _ = JSONWriter(pretty: true).string(root)
            _ = file.jsonValueRange(at: root.offset)
        }
        render(diagnostics, [file])
    }
}

func fuzzPipeline(_ bytes: [UInt8]) {
    let file = SourceFile(path: "fuzz.tokens.json", bytes: bytes)
    for strict in [false, true] {
        let result = TokenSystem.resolving(files: [file], options: PipelineOptions(strict: strict))
        render(result.diagnostics, result.files)
        let tokens = result.partialTokens
        _ = ResolvedEmitter.flat(tokens, prefix: nil)
        _ = JSONWriter(pretty: true).string(ResolvedEmitter.tree(tokens.all, document: tokens.document))
        checkSound(result)
        if strict, let first = tokens.all.first {
            var redefinition = Redefinition()
            redefinition.set(first.path, to: .raw(JSONValue(.number(1))))
            _ = result.redefining(redefinition).partialTokens
        }
    }
}

func fuzzResolver(_ bytes: [UInt8]) {
    var tokenSystem = TokenSystem(resolver: SourceFile(path: "fuzz.resolver.json", bytes: bytes))
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    checkSound(tokenSystem.resolve(inputs: [:]))
    // Kept going: every permutation lays out the same tokens, none of them left out.
    let kept = tokenSystem.resolveAll(keepingGoing: true)
    if let permutations = kept.permutations {
        let leftOut = Set(kept.leftOut)
        let paths = permutations.tokens.map { Set($0.all.map(\.path)) }
        for (number, tokens) in paths.enumerated() where !tokens.isDisjoint(with: leftOut) {
            fatalError("permutation \(number) keeps a token left out")
        }
    }
}

/// The sound tokens of a permutation: resolved, none named by an error, each note on an error.
func checkSound(_ permutation: TokenSystem.Permutation) {
    let sound = permutation.soundTokens()
    render(sound.diagnostics, permutation.files)
    let named = Set(permutation.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.token })
    for token in sound.tokens.all where named.contains(token.path) {
        fatalError("'\(token.path)' is sound but an error names it")
    }
    if !permutation.hasErrors, sound.tokens.count != permutation.partialTokens.count {
        fatalError("tokens left out without an error")
    }
}

func fuzzTextStyles(_ bytes: [UInt8]) {
    let styles = SourceFile(path: "textStyles.json", bytes: bytes)
    let alias = SourceFile(path: "tokens.json", text: ##"{"title": {"$type": "typography", "$value": "{textStyles.headline}"}}"##)
    let result = TokenSystem.resolving(files: [styles, alias], options: PipelineOptions(importers: .standard))
    render(result.diagnostics, result.files)
    let tokens = result.partialTokens
    _ = ResolvedEmitter.flat(tokens, prefix: nil)
    _ = ResolvedEmitter.treeText(tokens.all, document: tokens.document)
}

/// A catalog in a folder of this process's own, written once; each input replaces two files.
let fuzzCatalog: String = {
    let root = NSTemporaryDirectory() + "tessera-fuzz-\(getpid())/Fuzz.xcassets"
    let fixed = root + "/fixed.colorset"
    try? FileManager.default.createDirectory(atPath: fixed, withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(atPath: root + "/Brand/input.colorset", withIntermediateDirectories: true)
    let entry = { (appearances: String) in
        ##"{"idiom": "universal", "appearances": [\##(appearances)], "color": {"color-space": "srgb", "components": {"red": "0x10", "green": "0.5", "blue": "200", "alpha": "1.000"}}}"##
    }
    let text = ##"{"colors": ["## + [entry(""), entry(##"{"appearance": "luminosity", "value": "dark"}"##),
        entry(##"{"appearance": "contrast", "value": "high"}"##)].joined(separator: ", ") + "]}"
    try? text.write(toFile: fixed + "/Contents.json", atomically: false, encoding: .utf8)
    return root
}()

func fuzzColorset(_ bytes: [UInt8]) {
    let data = Data(bytes)
    _ = FileManager.default.createFile(atPath: fuzzCatalog + "/Brand/Contents.json", contents: data)
    _ = FileManager.default.createFile(atPath: fuzzCatalog + "/Brand/input.colorset/Contents.json", contents: data)
    var tokenSystem = AssetCatalogImporter().system(at: fuzzCatalog, options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    let tokens = tokenSystem.resolve(inputs: ["appearance": "dark-high-contrast"]).partialTokens
    _ = ResolvedEmitter.flat(tokens, prefix: nil)
    _ = ResolvedEmitter.treeText(tokens.all, document: tokens.document)
}

func fuzzFigma(_ bytes: [UInt8]) {
    var tokenSystem = FigmaVariablesImporter().system(for: SourceFile(path: "variables.json", bytes: bytes), options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    let tokens = tokenSystem.resolve(inputs: [:]).partialTokens
    _ = ResolvedEmitter.flat(tokens, prefix: nil)
    _ = ResolvedEmitter.treeText(tokens.all, document: tokens.document)
}

func fuzzTokensStudio(_ bytes: [UInt8]) {
    if bytes.count < 4096 {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = StudioMath.evaluate(text)
        _ = StudioReferences.find(in: text)
    }
    var tokenSystem = TokensStudioImporter().system(for: SourceFile(path: "tokens.json", bytes: bytes), options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    let tokens = tokenSystem.resolve(inputs: [:]).partialTokens
    _ = ResolvedEmitter.flat(tokens, prefix: nil)
    _ = DTCGConversion(tokenSystem).files
}

/// An empty folder the Style Dictionary harness reads configurations in, so that their globs
/// search nothing but it.
let styleDictionaryFolder: String = {
    let path = NSTemporaryDirectory() + "tessera-fuzz-sd-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

func fuzzStyleDictionary(_ bytes: [UInt8]) {
    _ = StyleDictionaryImporter.hasOwnProperty(Array(bytes.prefix(4096)))
    _ = StyleDictionaryImporter.classicEvidence(Array(bytes.prefix(4096)))
    // The start of the input as a glob: expanded, and matched against the rest.
    let pattern = String(decoding: bytes.prefix(64), as: UTF8.self)
    _ = Glob.expandingBraces(pattern)
    _ = Glob.matches(Array(bytes.dropFirst(64).prefix(64))[...], Array(pattern.utf8)[...])
    let path = (styleDictionaryFolder as NSString).appendingPathComponent("tokens.json")
    var tokenSystem = StyleDictionaryImporter().system(for: SourceFile(path: path, bytes: bytes), options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    let tokens = tokenSystem.resolve(inputs: [:]).partialTokens
    _ = ResolvedEmitter.flat(tokens, prefix: nil)
    _ = DTCGConversion(tokenSystem).files
}

func fuzzGentle(_ bytes: [UInt8]) {
    var tokenSystem = GentleImporter().system(for: SourceFile(path: "gentle.json", bytes: bytes), options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    _ = ResolvedEmitter.flat(tokenSystem.resolve(inputs: [:]).partialTokens, prefix: nil)
    _ = DTCGConversion(tokenSystem).files
}

func fuzzFigmaExport(_ bytes: [UInt8]) {
    let file = SourceFile(path: "Light.tokens.json", bytes: bytes)
    var tokenSystem = FigmaExportImporter().system(for: file, options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    _ = ResolvedEmitter.flat(tokenSystem.resolve(inputs: [:]).partialTokens, prefix: nil)
    _ = DTCGConversion(tokenSystem).files
}

func fuzzFigmaModes(_ bytes: [UInt8]) {
    let names = ["Foundations/Primitives.Value.json", "Foundations/🌗 Color scheme.Light.json",
                 "Foundations/🌗 Color scheme.Dark.json", "Product/Semantic.Mode 1.json"]
    let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
    _ = FigmaModesImporter().recognizes(SourceFile(path: names[1], bytes: bytes))
    var reader = FigmaModesReader(options: PipelineOptions())
    for (name, part) in zip(names, parts) { reader.add(SourceFile(path: name, bytes: Array(part))) }
    var tokenSystem = TokenSystem(reader.read(), options: PipelineOptions())
    let report = tokenSystem.checkAllPermutations()
    render(report.diagnostics, report.files)
    _ = ResolvedEmitter.flat(tokenSystem.resolve(inputs: [:]).partialTokens, prefix: nil)
    _ = DTCGConversion(tokenSystem).files
    // The whole input as a plugin's dump of every collection in one array.
    let dump = SourceFile(path: "variables.json", bytes: bytes)
    guard FigmaModesImporter().recognizes(dump) == .certain else { return }
    var dumpReader = FigmaModesReader(options: PipelineOptions())
    dumpReader.add(dump)
    var dumpSystem = TokenSystem(dumpReader.read(), options: PipelineOptions())
    let dumpReport = dumpSystem.checkAllPermutations()
    render(dumpReport.diagnostics, dumpReport.files)
    _ = ResolvedEmitter.flat(dumpSystem.resolve(inputs: [:]).partialTokens, prefix: nil)
}

func fuzzThemeFile(_ bytes: [UInt8]) {
    guard let theme = try? Theme(fileBytes: Data(bytes), options: ThemeFile.LoadOptions(maximumSize: 1 << 20)) else { return }
    var overrides = ThemeOverrides()
    for permutation in 0..<min(theme.permutationCount, 64) {
        let chosen = Theme(storage: theme.storage, permutation: permutation)
        for path in chosen.paths.prefix(256) {
            if let value = chosen.value(at: path) { overrides.set(path, to: value) }
            _ = chosen[ThemeColor.self, path]
            _ = chosen[Double.self, path]
            _ = chosen.font(path)
            _ = chosen.aliasTarget(of: path)
        }
    }
    if let overridden = try? theme.overriding(overrides) {
        // What was read can be written and read again.
        guard let again = try? overridden.encoded(), (try? Theme(fileBytes: Data(again))) != nil else {
            fatalError("a theme that loaded could not be written and read again")
        }
    }
}
