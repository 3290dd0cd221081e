import Foundation
import TesseraModel

/// Which PostScript name each weight of a family has: a `fonts.json` as white-label apps ship
/// it, to swap a whole typeface by swapping one file.
///
/// Two shapes are read: weight name → PostScript name for every family,
///
/// ```json
/// {"light": "SFPro-Light", "regular": "SFPro-Regular", "semiBold": "SFPro-Semibold", "bold": "SFPro-Bold"}
/// ```
///
/// or the same per family (`{"Inter": {"bold": "Inter-Bold"}}`). A weight the map lacks is named
/// as font files name it: the family without spaces, `-`, and the weight's style
/// (`Inter-SemiBold`); a family the map lacks likewise.
public struct FontMap: Sendable, Hashable {
    /// PostScript names by family ("" for every family) and weight.
    package private(set) var names: [String: [FontWeight: String]] = [:]

    public init() {}

    /// Names for every family.
    public init(_ names: [FontWeight: String]) { self.names = ["": names] }

    /// Reads a `fonts.json`.
    ///
    /// - Throws: `FontMap.Problem` naming the member that is not a weight name or not a string.
    public init(json bytes: [UInt8]) throws(Problem) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw Problem(message: "fonts.json is not valid JSON: \(error.localizedDescription)")
        }
        guard let members = root as? [String: Any] else { throw Problem(message: "fonts.json is not a JSON object") }
        for key in members.keys.sorted() {
            if let name = members[key] as? String {
                try add(family: "", weightName: key, postScriptName: name)
            } else if let family = members[key] as? [String: Any] {
                for weightName in family.keys.sorted() {
                    guard let postScript = family[weightName] as? String else {
                        throw Problem(message: "'\(key).\(weightName)' is not a PostScript name (a string)")
                    }
                    try add(family: key, weightName: weightName, postScriptName: postScript)
                }
            } else {
                throw Problem(message: "'\(key)' is neither a PostScript name nor a family's weights")
            }
        }
    }

    private mutating func add(family: String, weightName: String, postScriptName: String) throws(Problem) {
        guard let weight = FontWeight(name: weightName) else {
            throw Problem(message: "'\(weightName)' is not a weight name (thin, light, regular, medium, semiBold, bold, black …)")
        }
        names[family, default: [:]][weight] = postScriptName
    }

    /// The PostScript name of `family` at `weight`.
    package func postScriptName(family: String, weight: FontWeight) -> String {
        names[family]?[weight] ?? names[""]?[weight] ?? family.filter { $0 != " " } + "-" + weight.postScriptStyle
    }

    /// A `fonts.json` that cannot be read.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        package let message: String
        public var description: String { message }
    }
}
