import Testing
import TesseraTestSupport

@testable import Tessera

/// An alias under a typed group takes its target's type, as 2025.10 says; when that differs
/// from the group's, it is said.
struct AliasOverridesGroupTypeTests {
    static let space = #""space": {"four": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}"#

    @Test func anAliasChangingItsGroupsTypeIsWarnedAbout() {
        expectDiagnostics(#"{"# + Self.space + #", "color": {"$type": "color", "bg": {"$value": ⊙"{space.four}"}}}"#,
            [.typeGroupOverridden], severity: .warning)
        let result = pipeline(#"{"# + Self.space + #", "color": {"$type": "color", "bg": {"$value": "{space.four}"}}}"#)
        #expect(result.partialTokens.type("color.bg") == .dimension)
    }

    @Test func anAliasOfTheGroupsTypeOrWithItsOwnTypeIsNot() {
        expectDiagnostics(#"{"# + Self.space + #", "gap": {"$type": "dimension", "m": {"$value": "{space.four}"}}}"#, [], severity: .warning)
        expectDiagnostics(#"{"# + Self.space + #", "color": {"$type": "color", "x": {"$type": "dimension", "$value": "{space.four}"}}}"#,
            [], severity: .warning)
        expectDiagnostics(#"{"# + Self.space + #", "loose": {"y": {"$value": "{space.four}"}}}"#, [], severity: .warning)
    }
}
