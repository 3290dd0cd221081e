import Foundation
import Tessera
import TesseraImporters

/// An Xcode asset catalog's color sets, decoded independently of the importer
/// (JSONSerialization, the three component encodings), compared with what each appearance
/// resolves to.
package enum AssetCatalogReading {
    /// The color sets compared, and the colors (one a color set and appearance).
    package static func compare(_ catalog: String, _ expectations: some Expectations) throws -> (colorSets: Int, colors: Int) {
        var tokenSystem = AssetCatalogImporter().system(at: catalog, options: PipelineOptions(importers: .standard))
        let light = try tokenSystem.resolve(inputs: ["appearance": "light"]).tokens()
        let dark = try tokenSystem.resolve(inputs: ["appearance": "dark"]).tokens()
        let colorsets = try FileManager.default.subpathsOfDirectory(atPath: catalog).filter { $0.hasSuffix(".colorset") }
        var compared = 0
        for relative in colorsets {
            let name = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            let data = try Data(contentsOf: URL(fileURLWithPath: catalog).appendingPathComponent(relative + "/Contents.json"))
            let root = try expectations.require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(relative)")
            var expected: [String: (String, [Double])] = [:]
            for entry in try expectations.require(root["colors"] as? [[String: Any]], "\(relative) has no colors") {
                let appearance = (entry["appearances"] as? [[String: String]])?.first?["value"] ?? "any"
                guard let color = entry["color"] as? [String: Any], let parts = color["components"] as? [String: String] else { continue }
                func decode(_ text: String) -> Double {
                    if text.hasPrefix("0x") { return Double(Int(text.dropFirst(2), radix: 16)!) / 255 }
                    return text.contains(".") ? Double(text)! : Double(Int(text)!) / 255
                }
                expected[appearance] = (color["color-space"] as! String, ["red", "green", "blue", "alpha"].map { decode(parts[$0]!) })
            }
            for (appearance, tokens) in [("any", light), ("dark", dark)] {
                guard let (space, numbers) = expected[appearance] ?? expected["any"] else { continue }
                guard case .color(let color)? = tokens.value(name) else {
                    expectations.record("\(name) has no color for \(appearance)", fileID: #fileID, line: #line)
                    continue
                }
                expectations.expect(color.colorSpace.rawValue == space, "\(name)")
                expectations.expect(color.numericComponents + [color.alpha] == numbers, "\(name) \(appearance)")
                compared += 1
            }
        }
        return (colorsets.count, compared)
    }
}
