// Reads every kind of generated output from code the main actor does not run: a nonisolated
// function, an actor, a detached task and a custom SwiftUI ShapeStyle (SwiftUI resolves styles
// off the main actor). Type-checked with Examples/Generated/*.swift as one app module, as Swift 6
// and as Xcode 26's new app targets compile it (`-default-isolation MainActor`):
//
//     swift run tessera build --config Examples/tessera.yml
//     ../shared/tools/apple-sdk/typecheck.sh . ~/.cache/apple-sdk/iPhoneOS18.6.sdk arm64-apple-ios16.0 \
//         /tmp/tc-ios Examples/Generated/*.swift Examples/Readers/OffMainActor.swift
import Foundation
import TesseraRuntime

nonisolated func backgroundHex(dark: Bool) -> String {
    let context = PaletteValues.Context.default.adapted(dark: dark, highContrast: false, elevated: false)
    let color = Palette.Color.Background.default.value(in: context)
    return String(format: "#%02x%02x%02x", Int(color.red * 255), Int(color.green * 255), Int(color.blue * 255))
}

actor TokenAudit {
    private var seen: Set<PaletteValues.Color> = []

    func record() -> Int {
        seen.insert(Palette.Color.Text.primary.value)
        seen.formUnion(Palette.Color.Background.default.values)
        let key = Tokens.Color.Background.default
        _ = tokensTable.theme[key] == tokensTable.theme[Tokens.Color.Background.subtle]
        _ = Scales.SpaceType.allCases.map(\.token.value)
        _ = ButtonTokens().primaryHeight.value == CardTokens().radius.value
        _ = TokenPaths.buttonPrimaryBackground
        return seen.count
    }
}

nonisolated func auditDetached() async -> Int {
    await Task.detached { await TokenAudit().record() }.value
}

#if canImport(SwiftUI)
import SwiftUI

/// A background that follows the environment's color scheme, resolved wherever SwiftUI resolves it.
struct PageBackground: ShapeStyle {
    func resolve(in environment: EnvironmentValues) -> some ShapeStyle {
        let context = PaletteValues.Context.default.adapted(
            dark: environment.colorScheme == .dark, highContrast: environment.colorSchemeContrast == .increased, elevated: false)
        return Palette.Color.Background.default.value(in: context).color
    }
}

nonisolated func dynamicColor() -> SwiftUI.Color { Palette.Color.Text.primary.color() }
#endif

#if canImport(UIKit) && !os(watchOS)
import UIKit

nonisolated func dynamicUIColor() -> UIColor { Palette.Color.Text.primary.uiColor() }
#endif
