import Foundation
import TesseraRuntime

// Loads a compiled theme (`tessera compile … -o App.theme`), as an app loads the one in its
// bundle, and reads a token in two appearances.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: RuntimeApp App.theme\n".utf8))
    exit(64)
}
do {
    let theme = try Theme(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
    let dark = try theme.with(["theme": "dark"])
    let light = try theme.value(ThemeColor.self, at: "color.background.default")
    let night = try dark.value(ThemeColor.self, at: "color.background.default")
    print("color.background.default light:", light.hex, "dark:", night.hex)
} catch {
    FileHandle.standardError.write(Data("RuntimeApp: \(error)\n".utf8))
    exit(1)
}
