/// Font weight names as CSS, font files and design tools write them, with their CSS numbers.
package enum FontWeightNames {
    package static let all: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    /// `all` by squeezed name: a weight name in any letter case and with or without `-`, `_` or
    /// spaces (`SemiBold`, `semi_bold`).
    package static let squeezed: [String: Double] = Dictionary(
        all.map { ($0.key.squeezedName, $0.value) }, uniquingKeysWith: { first, _ in first })
}
