extension ValueParser {
    private func sub<T>(_ members: ValueObject, _ key: String, _ type: TokenType, at pointer: String,
        _ extract: (TokenValue) -> T?) -> T?
    {
        guard let value = parse(members[key]!, as: type, at: pointer + "/" + key) else { return nil }
        return extract(value)
    }

    func parseBorder(_ node: JSONValue, at pointer: String) -> Border? {
        guard let m = object(node, at: pointer, type: .border, required: ["color", "width", "style"]) else { return nil }
        let color = sub(m, "color", .color, at: pointer) { if case .color(let v) = $0 { v } else { nil } }
        let width = sub(m, "width", .dimension, at: pointer) { if case .dimension(let v) = $0 { v } else { nil } }
        let style = sub(m, "style", .strokeStyle, at: pointer) { if case .strokeStyle(let v) = $0 { v } else { nil } }
        guard let color, let width, let style else { return nil }
        return Border(color: color, width: width, style: style)
    }

    func parseTransition(_ node: JSONValue, at pointer: String) -> TokenTransition? {
        guard let m = object(node, at: pointer, type: .transition, required: ["duration", "delay", "timingFunction"]) else { return nil }
        let duration = sub(m, "duration", .duration, at: pointer) { if case .duration(let v) = $0 { v } else { nil } }
        let delay = sub(m, "delay", .duration, at: pointer) { if case .duration(let v) = $0 { v } else { nil } }
        let timing = sub(m, "timingFunction", .cubicBezier, at: pointer) { if case .cubicBezier(let v) = $0 { v } else { nil } }
        guard let duration, let delay, let timing else { return nil }
        return TokenTransition(duration: duration, delay: delay, timingFunction: timing)
    }

    func parseShadow(_ node: JSONValue, at pointer: String) -> TokenValue? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let elements = resolved.array else {
            return parseShadowLayer(resolved, at: pointer).map { .shadow([$0], isList: false) }
        }
        guard !elements.isEmpty else {
            error(.emptyShadowList, at: node, pointer: pointer)
            return nil
        }
        var layers: [Shadow] = []
        var ok = true
        for (index, element) in elements.enumerated() {
            let elementPointer = pointer + "/\(index)"
            switch listElement(element, of: .shadow, at: elementPointer) {
            case .spliced(.shadow(let inner, _)): layers.append(contentsOf: inner)
            case .spliced, .failed: ok = false
            case .inline:
                if let layer = parseShadowLayer(element, at: elementPointer) { layers.append(layer) } else { ok = false }
            }
        }
        return ok ? .shadow(layers, isList: true) : nil
    }

    private func parseShadowLayer(_ node: JSONValue, at pointer: String) -> Shadow? {
        guard let m = object(node, at: pointer, type: .shadow, required: ["color", "offsetX", "offsetY", "blur", "spread"],
            optional: ["inset"]) else { return nil }
        let color = sub(m, "color", .color, at: pointer) { if case .color(let v) = $0 { v } else { nil } }
        let dimension: (TokenValue) -> TokenDimension? = { if case .dimension(let v) = $0 { v } else { nil } }
        let offsetX = sub(m, "offsetX", .dimension, at: pointer, dimension)
        let offsetY = sub(m, "offsetY", .dimension, at: pointer, dimension)
        let blur = sub(m, "blur", .dimension, at: pointer, dimension)
        let spread = sub(m, "spread", .dimension, at: pointer, dimension)
        var inset = false
        if let insetNode = m["inset"] {
            guard let flag = resolvedJSON(insetNode, at: pointer + "/inset")?.bool else {
                error(.invalidInset, at: insetNode, pointer: pointer + "/inset")
                return nil
            }
            inset = flag
        }
        guard let color, let offsetX, let offsetY, let blur, let spread else { return nil }
        if blur.value < 0 {
            report(.negativeBlur, offset: m["blur"]!.offset,
                pointer: pointer + "/blur")
        }
        return Shadow(color: color, offsetX: offsetX, offsetY: offsetY, blur: blur, spread: spread, inset: inset)
    }

    func parseGradient(_ node: JSONValue, at pointer: String) -> [GradientStop]? {
        guard let resolved = resolvedJSON(node, at: pointer) else { return nil }
        guard let elements = resolved.array, !elements.isEmpty else {
            error(.invalidGradient, at: node, pointer: pointer)
            return nil
        }
        var stops: [GradientStop] = []
        var ok = true
        for (index, element) in elements.enumerated() {
            let elementPointer = pointer + "/\(index)"
            switch listElement(element, of: .gradient, at: elementPointer) {
            case .spliced(.gradient(let inner)):
                stops.append(contentsOf: inner)
                continue
            case .spliced, .failed:
                ok = false
                continue
            case .inline:
                break
            }
            guard let m = object(element, at: elementPointer, type: .gradient, required: ["color", "position"]) else {
                ok = false
                continue
            }
            let color = sub(m, "color", .color, at: elementPointer) { if case .color(let v) = $0 { v } else { nil } }
            let position = number(m["position"]!, at: elementPointer + "/position", what: "'position' of a gradient stop")
            guard let color, let position else {
                ok = false
                continue
            }
            stops.append(GradientStop(color: color, position: min(1, max(0, position))))
        }
        return ok ? stops : nil
    }

    func parseTypography(_ node: JSONValue, at pointer: String) -> Typography? {
        guard let m = object(node, at: pointer, type: .typography,
            required: ["fontFamily", "fontSize", "fontWeight"], optional: ["letterSpacing", "lineHeight"]) else { return nil }
        let absent = ["letterSpacing", "lineHeight"].filter { m[$0] == nil }
        if !absent.isEmpty {
            report(.typographyIncomplete(missing: absent), offset: node.offset, pointer: pointer)
        }
        let family = sub(m, "fontFamily", .fontFamily, at: pointer) { if case .fontFamily(let v, _) = $0 { v } else { nil } }
        let size = sub(m, "fontSize", .dimension, at: pointer) { if case .dimension(let v) = $0 { v } else { nil } }
        let weight = sub(m, "fontWeight", .fontWeight, at: pointer) { if case .fontWeight(let v) = $0 { v } else { nil } }
        let spacing = m["letterSpacing"] == nil
            ? TokenDimension(0, .px) : sub(m, "letterSpacing", .dimension, at: pointer) { if case .dimension(let v) = $0 { v } else { nil } }
        let lineHeight: Double?? = m["lineHeight"] == nil
            ? .some(nil) : sub(m, "lineHeight", .number, at: pointer) { if case .number(let v) = $0 { v } else { nil } }
        guard let family, let size, let weight, let spacing, let lineHeight else { return nil }
        return Typography(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: spacing, lineHeight: lineHeight)
    }
}
