extension ValueParser {
    func parseColor(_ node: JSONValue, at pointer: String) -> TokenColor? {
        if case .string(let text) = node.storage, Reference.parse(node).isNone {
            guard let color = TokenColor(legacyCSS: text) else {
                error(.valueInvalid, "invalid color '\(text)': use an object such as {\"colorSpace\": \"srgb\", \"components\": [1, 0, 0]}",
                    at: node, pointer: pointer)
                return nil
            }
            report(.colorLegacy, .warning, "color written as the string '\(text)'; 2025.10 uses \(color.dtcgJSONText)",
                offset: node.offset, pointer: pointer,
                fixIts: [Diagnostic.FixIt("replace with \(color.dtcgJSONText)", replacement: color.dtcgJSONText)])
            return color
        }
        guard let members = object(node, at: pointer, type: .color, required: ["colorSpace", "components"], optional: ["alpha", "hex"])
        else { return nil }
        guard let spaceName = string(members["colorSpace"]!, at: pointer + "/colorSpace", what: "'colorSpace'") else { return nil }
        guard let space = ColorSpace(rawValue: spaceName) else {
            let names = ColorSpace.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: spaceName, in: names)
            error(.valueInvalid, "unknown color space '\(spaceName)'", at: members["colorSpace"]!, pointer: pointer + "/colorSpace",
                notes: [Diagnostic.Note("supported: " + names.joined(separator: ", "))],
                fixIts: suggestion.map { [Diagnostic.FixIt("replace with '\($0)'", replacement: "\"\($0)\"")] } ?? [])
            return nil
        }
        let componentsPointer = pointer + "/components"
        guard let componentsNode = resolvedJSON(members["components"]!, at: componentsPointer) else { return nil }
        guard let elements = componentsNode.array, elements.count == 3 else {
            error(.valueInvalid, "'components' of a \(space.rawValue) color must be an array of 3 numbers",
                at: members["components"]!, pointer: componentsPointer)
            return nil
        }
        var components: [Double?] = []
        var ok = true
        for (index, element) in elements.enumerated() {
            let spec = space.components[index]
            let elementPointer = componentsPointer + "/\(index)"
            if element.string == "none" {
                components.append(nil)
                continue
            }
            guard let value = number(element, at: elementPointer, what: "the \(spec.name) component") else {
                ok = false
                continue
            }
            guard spec.range.contains(value) else {
                error(.valueOutOfRange,
                    "\(spec.name) component \(NumberFormatting.shortest(value)) of a \(space.rawValue) color is out of range (\(spec.range.text))",
                    at: element, pointer: elementPointer)
                ok = false
                continue
            }
            components.append(value)
        }
        var alpha = 1.0
        if let alphaNode = members["alpha"] {
            guard let value = number(alphaNode, at: pointer + "/alpha", what: "'alpha'") else { return nil }
            guard (0...1).contains(value) else {
                error(.valueOutOfRange, "alpha \(NumberFormatting.shortest(value)) is out of range (0 to 1)", at: alphaNode, pointer: pointer + "/alpha")
                return nil
            }
            alpha = value
        }
        var hex: String?
        if let hexNode = members["hex"] {
            guard let text = string(hexNode, at: pointer + "/hex", what: "'hex'") else { return nil }
            if text.utf8.count == 4, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) {
                let long = "#" + text.dropFirst().map { "\($0)\($0)" }.joined()
                report(.shortHexLegacy, .warning, "'hex' must have 6 digits; '\(text)' is read as '\(long)'",
                    offset: hexNode.offset, pointer: pointer + "/hex",
                    fixIts: [Diagnostic.FixIt("replace with '\(long)'", replacement: "\"\(long)\"")])
                return TokenColor(space, components, alpha: alpha, hex: long).validIf(ok)
            }
            guard text.utf8.count == 7, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) else {
                error(.valueInvalid, "'hex' must be 6-digit CSS hex such as '#ff00aa', found '\(text)'", at: hexNode, pointer: pointer + "/hex")
                return nil
            }
            hex = text
        }
        return TokenColor(space, components, alpha: alpha, hex: hex).validIf(ok)
    }
}

extension TokenColor {
    fileprivate func validIf(_ ok: Bool) -> TokenColor? { ok ? self : nil }
}
