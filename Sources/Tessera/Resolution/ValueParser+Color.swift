extension ValueParser {
    func parseColor(_ node: JSONValue, at pointer: String) -> TokenColor? {
        if case .string(let text) = node.storage, Reference.parse(node).isNone {
            guard let color = TokenColor(legacyCSS: text) else {
                error(.invalidColorString(text), at: node, pointer: pointer)
                return nil
            }
            report(.legacyColorString(text, readAs: color), offset: node.offset, pointer: pointer,
                fixIts: { let object = color.dtcgJSONText; return replace(node, with: object, "replace with \(object)") }())
            return color
        }
        guard let members = object(node, at: pointer, type: .color, required: ["colorSpace", "components"], optional: ["alpha", "hex"])
        else { return nil }
        guard let spaceName = string(members["colorSpace"]!, at: pointer + "/colorSpace", what: "'colorSpace'") else { return nil }
        guard let space = ColorSpace(rawValue: spaceName) else {
            let names = ColorSpace.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: spaceName, in: names)
            error(.unknownColorSpace(spaceName), at: members["colorSpace"]!, pointer: pointer + "/colorSpace",
                notes: [Diagnostic.Note("supported: " + names.joined(separator: ", "))],
                fixIts: suggestion.map { replace(members["colorSpace"]!, with: "\"\($0)\"", "replace with '\($0)'") } ?? [])
            return nil
        }
        let componentsPointer = pointer + "/components"
        guard let componentsNode = resolvedJSON(members["components"]!, at: componentsPointer) else { return nil }
        guard let elements = componentsNode.array, elements.count == 3 else {
            error(.componentsNotThreeNumbers(space), at: members["components"]!, pointer: componentsPointer)
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
                error(.colorComponentOutOfRange(spec.name, value, space: space, range: spec.range.text), at: element, pointer: elementPointer)
                ok = false
                continue
            }
            components.append(value)
        }
        var alpha = 1.0
        if let alphaNode = members["alpha"] {
            guard let value = number(alphaNode, at: pointer + "/alpha", what: "'alpha'") else { return nil }
            guard (0...1).contains(value) else {
                error(.alphaOutOfRange(value), at: alphaNode, pointer: pointer + "/alpha")
                return nil
            }
            alpha = value
        }
        var hex: String?
        if let hexNode = members["hex"] {
            guard let text = string(hexNode, at: pointer + "/hex", what: "'hex'") else { return nil }
            if text.utf8.count == 4, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) {
                let long = "#" + text.dropFirst().map { "\($0)\($0)" }.joined()
                report(.shortHex(text, readAs: long), offset: hexNode.offset, pointer: pointer + "/hex",
                    fixIts: replace(hexNode, with: "\"\(long)\"", "replace with '\(long)'"))
                return TokenColor(space, components, alpha: alpha, hex: long).validIf(ok)
            }
            guard text.utf8.count == 7, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit) else {
                error(.invalidHex(text), at: hexNode, pointer: pointer + "/hex")
                return nil
            }
            hex = text
            if ok { checkHex(text, hexNode, space: space, components: components, pointer: pointer + "/hex") }
        }
        return TokenColor(space, components, alpha: alpha, hex: hex).validIf(ok)
    }

    /// A `hex` fallback that says another color than the components: a warning, with the hex
    /// the components give. Checked where the components are within sRGB (a fallback for a
    /// wider color is a choice of mapping) and all present; within one step of 255 agrees.
    func checkHex(_ text: String, _ node: JSONValue, space: ColorSpace, components: [Double?], pointer: String) {
        guard components.allSatisfy({ $0 != nil }), let written = UInt32(text.dropFirst(), radix: 16) else { return }
        let srgb = TokenColor(space, components, alpha: 1).converted(to: .srgb).numericComponents
        guard srgb.allSatisfy({ $0 > -0.0005 && $0 < 1.0005 }) else { return }
        let bytes = srgb.map { Int((min(max($0, 0), 1) * 255).rounded()) }
        let writtenBytes = [Int(written >> 16 & 0xFF), Int(written >> 8 & 0xFF), Int(written & 0xFF)]
        guard zip(bytes, writtenBytes).contains(where: { abs($0 - $1) > 1 }) else { return }
        let expected = "#" + bytes.map { String(format: "%02x", $0) }.joined()
        report(.hexContradictsComponents(text, expected: expected), offset: node.offset, pointer: pointer,
            fixIts: replace(node, with: "\"\(expected)\"", "replace with '\(expected)'"))
    }
}

extension TokenColor {
    fileprivate func validIf(_ ok: Bool) -> TokenColor? { ok ? self : nil }
}
