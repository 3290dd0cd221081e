import Tessera

// The theme: every permutation of the resolver, compiled (an app would ship `tessera compile`'s
// file and load it with `Theme(contentsOf:)`).
let resolver = #filePath.split(separator: "/").dropLast().joined(separator: "/")
let theme = try Theme(resolving: ["/" + resolver + "/tokens/app.resolver.json"])
let dark = try theme.with(["appearance": "dark"])

print("background, light:", theme[Tokens.Color.background].hex, "dark:", dark[Tokens.Color.background].hex)
print("text follows the brand:", theme[Tokens.Color.text].hex == theme[Tokens.Color.brand].hex)
print("static palette, dark:", Palette.Color.background.value(in: PaletteValues.Context(appearance: .dark)))
print("large space:", Palette.Space.large.value, "points")
print("spaces:", SpaceType.allCases.map { "\($0.rawValue)=\($0.token.value)" }.joined(separator: " "), "path:", TokenPaths.colorBrand)
