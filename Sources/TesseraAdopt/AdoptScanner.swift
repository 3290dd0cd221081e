import Foundation
import SwiftParser
import SwiftSyntax
import Tessera

/// Reads one Swift file with the compiler's parser and finds the design values written by hand
/// in its code: color literals of every UIKit, SwiftUI and AppKit initializer, `#colorLiteral`
/// and hex helpers; numbers given to padding, stack spacing, corner radii and border widths;
/// calls of the ConfigParser API with a token's path; color asset names; members of a
/// hand-written `Colors` list. Comments and strings are never read as code.
public struct AdoptScanner: Sendable {
    /// The string constants of the app's `ThemeTokens` registry, by name, so that
    /// `ConfigParser.colorFromToken(ThemeTokens.x)` reads the path `x` holds.
    public var registry: [String: String]
    /// What each case of the app's value enums gives (`ColourType.accent.color` →
    /// `UIColor.hex(0x017CFF)`), keyed `Enum.case.property`: seeds/000's AppTheming.
    public var enumValues: [String: EnumValue]

    /// A case's value as its enum's property returns it.
    public struct EnumValue: Sendable, Hashable {
        public var kind: AdoptFinding.Kind
        public var framework: AdoptFinding.Framework
    }

    public init(registry: [String: String] = [:], enumValues: [String: EnumValue] = [:]) {
        self.registry = registry
        self.enumValues = enumValues
    }

    /// A scanner that knows the declarations of `sources`: the `ThemeTokens` constants and the
    /// value enums they declare (the first declaration of a name wins). Only texts that can
    /// hold them are parsed for them.
    public init(declaredIn sources: [String]) {
        var registry: [String: String] = [:]
        var enumValues: [String: EnumValue] = [:]
        for text in sources {
            if text.contains("ThemeTokens") { registry.merge(Self.registryConstants(in: text)) { first, _ in first } }
            if text.contains("switch ") { enumValues.merge(Self.enumValues(in: text)) { first, _ in first } }
        }
        self.init(registry: registry, enumValues: enumValues)
    }

    /// The findings of `source`, in the order they are written.
    public func scan(_ source: String, path: String) -> [AdoptFinding] {
        let tree = Parser.parse(source: source)
        let visitor = Visitor(file: path, tree: tree, registry: registry, enumValues: enumValues)
        visitor.walk(tree)
        return visitor.findings.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The values of the enums in `source` whose properties switch over `self` and return a
    /// design value in each case (`var color: UIColor { switch self { case .main: return
    /// UIColor.hex(0x0E0E13) … } }`, `var cornerRadius: CGFloat { switch self { case .radius_4: 8 … } }`).
    public static func enumValues(in source: String) -> [String: EnumValue] {
        let tree = Parser.parse(source: source)
        let visitor = EnumValueVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.values
    }

    /// The role a number returned by an enum's property has, by the property's name.
    static func role(ofProperty name: String) -> AdoptFinding.Role? {
        let lowered = name.lowercased()
        if lowered.contains("radius") || lowered.contains("corner") { return .cornerRadius }
        if lowered.contains("border") || lowered.contains("linewidth") { return .borderWidth }
        if lowered.contains("spacing") || lowered.contains("padding") || lowered.contains("margin") || lowered.contains("inset") { return .spacing }
        return nil
    }

    /// The `static let name = "…"` constants of every type named `ThemeTokens` in `source`.
    public static func registryConstants(in source: String) -> [String: String] {
        let tree = Parser.parse(source: source)
        let visitor = RegistryVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.constants
    }
}

/// Collects `ThemeTokens`' string constants.
private final class RegistryVisitor: SyntaxVisitor {
    var constants: [String: String] = [:]

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = node.parent?.parent?.parent?.parent, Self.typeName(of: owner) == "ThemeTokens" else { return .skipChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value.as(StringLiteralExprSyntax.self).flatMap(plainText)
            else { continue }
            constants[name] = value
        }
        return .skipChildren
    }

    static func typeName(of node: Syntax) -> String? {
        if let type = node.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = node.as(StructDeclSyntax.self) { return type.name.text }
        if let type = node.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = node.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
        return nil
    }
}

/// Reads the value enums: each property of an enum that switches over `self`, each case's
/// returned expression read as the scanner reads a value.
private final class EnumValueVisitor: SyntaxVisitor {
    var values: [String: AdoptScanner.EnumValue] = [:]

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let enumName = node.name.text
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let body = binding.accessorBlock?.accessors.as(CodeBlockItemListSyntax.self),
                let switchExpression = Self.switchOver(body, subject: "self")
            else { continue }
            record(switchExpression, property: property) { "\(enumName).\($0).\(property)" }
        }
        return .visitChildren
    }

    /// Fluent's shape: `static func neutralColor(_ token: NeutralColorToken) -> UIColor { switch token { … } }`,
    /// keyed `GlobalTokens.neutralColor(.grey94)`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
            node.signature.parameterClause.parameters.count == 1, let parameter = node.signature.parameterClause.parameters.first,
            let body = node.body?.statements,
            let switchExpression = Self.switchOver(body, subject: (parameter.secondName ?? parameter.firstName).text),
            let owner = Self.owner(of: Syntax(node))
        else { return .skipChildren }
        let function = node.name.text
        record(switchExpression, property: function) { "\(owner).\(function)(.\($0))" }
        return .skipChildren
    }

    /// Each case's returned value under `key(case)`.
    private func record(_ switchExpression: SwitchExprSyntax, property: String, key: (String) -> String) {
        for item in switchExpression.cases {
            guard let switchCase = item.as(SwitchCaseSyntax.self), let label = switchCase.label.as(SwitchCaseLabelSyntax.self),
                switchCase.statements.count == 1, let statement = switchCase.statements.first?.item
            else { continue }
            let returned = statement.as(ReturnStmtSyntax.self)?.expression ?? statement.as(ExpressionStmtSyntax.self)?.expression
                ?? statement.as(ExprSyntax.self)
            guard let returned, let value = Self.value(of: returned, property: property) else { continue }
            for caseItem in label.caseItems {
                guard let name = caseItem.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?
                    .declName.baseName.text
                else { continue }
                values[key(name)] = value
            }
        }
    }

    /// The name of the type a declaration is in.
    static func owner(of node: Syntax) -> String? {
        var current = node.parent
        while let candidate = current {
            if let name = RegistryVisitor.typeName(of: candidate) { return name }
            current = candidate.parent
        }
        return nil
    }

    /// The `switch subject` that is a body's only statement.
    static func switchOver(_ body: CodeBlockItemListSyntax, subject: String) -> SwitchExprSyntax? {
        guard body.count == 1, let item = body.first?.item else { return nil }
        let found = item.as(SwitchExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
            ?? item.as(ExprSyntax.self)?.as(SwitchExprSyntax.self)
        guard let found, found.subject.trimmedDescription == subject else { return nil }
        return found
    }

    /// A returned expression's value: a color as the scanner reads one, or a number, which
    /// takes its role from the property's name.
    static func value(of expression: ExprSyntax, property: String) -> AdoptScanner.EnumValue? {
        let text = "let value = \(expression.trimmedDescription)\n"
        let findings = AdoptScanner().scan(text, path: "")
        if let color = findings.first(where: { $0.text == expression.trimmedDescription }), case .color = color.kind {
            return AdoptScanner.EnumValue(kind: color.kind, framework: color.framework)
        }
        let probe = Visitor(file: "", tree: Parser.parse(source: text), registry: [:], enumValues: [:])
        guard let number = probe.number(expression), number > 0, let role = AdoptScanner.role(ofProperty: property) else { return nil }
        return AdoptScanner.EnumValue(kind: .dimension(number, role), framework: .uiKit)
    }
}

/// A string literal's text when it is one plain segment (no interpolation).
private func plainText(_ literal: StringLiteralExprSyntax) -> String? {
    guard literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) else {
        return literal.segments.isEmpty ? "" : nil
    }
    return segment.content.text
}

private final class Visitor: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    let registry: [String: String]
    let enumValues: [String: AdoptScanner.EnumValue]
    var findings: [AdoptFinding] = []
    /// Whether the file imports AppKit and not UIKit: `#colorLiteral` is then an `NSColor`.
    let appKitOnly: Bool

    init(file: String, tree: SourceFileSyntax, registry: [String: String], enumValues: [String: AdoptScanner.EnumValue]) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        self.registry = registry
        self.enumValues = enumValues
        let imports = Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
        appKitOnly = imports.contains("AppKit") && !imports.contains("UIKit")
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Recording

    func record(_ node: some SyntaxProtocol, _ kind: AdoptFinding.Kind, _ framework: AdoptFinding.Framework, name: String? = nil) {
        let start = node.positionAfterSkippingLeadingTrivia
        let location = converter.location(for: start)
        findings.append(AdoptFinding(file: file, range: start.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
            line: location.line, column: location.column, text: node.trimmedDescription, framework: framework, kind: kind,
            enclosingView: viewScope(of: Syntax(node)), nameHint: name ?? switchCaseName(of: Syntax(node))))
    }

    /// The case a value is returned under, when it is one case's only statement (`case .grey94: return …`).
    func switchCaseName(of node: Syntax) -> String? {
        var current = node.parent
        while let candidate = current {
            if let switchCase = candidate.as(SwitchCaseSyntax.self) {
                guard switchCase.statements.count == 1, let label = switchCase.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1
                else { return nil }
                return label.caseItems.first?.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?
                    .declName.baseName.text
            }
            if candidate.is(CodeBlockSyntax.self) || candidate.is(MemberBlockSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// The `View` type the node is in, if it is in one.
    func viewScope(of node: Syntax) -> AdoptFinding.ViewScope? {
        var current = node.parent
        while let candidate = current {
            if let type = candidate.as(StructDeclSyntax.self) {
                let inherits = type.inheritanceClause?.inheritedTypes.contains { ["View", "SwiftUI.View"].contains($0.type.trimmedDescription) } ?? false
                guard inherits else { return nil }
                let members = type.memberBlock.members
                let hasTheme = members.contains { item in
                    item.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "theme"
                    } ?? false
                }
                let indentation = members.first.map { Self.indentation(of: $0.leadingTrivia) } ?? "    "
                return AdoptFinding.ViewScope(membersStart: type.memberBlock.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset,
                    hasTheme: hasTheme, indentation: indentation)
            }
            current = candidate.parent
        }
        return nil
    }

    static func indentation(of trivia: Trivia) -> String {
        var spaces = ""
        for piece in trivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: spaces = ""
            case .spaces(let count): spaces += String(repeating: " ", count: count)
            case .tabs(let count): spaces += String(repeating: "\t", count: count)
            default: break
            }
        }
        return spaces.isEmpty ? "    " : spaces
    }

    // MARK: Numbers

    /// A number written as a literal, negated, in parentheses, divided (`19/255.0`) or wrapped
    /// in `CGFloat(…)`/`Double(…)`.
    func number(_ expression: ExprSyntax) -> Double? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            let text = integer.literal.text.replacingOccurrences(of: "_", with: "")
            if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16).map(Double.init) }
            return Double(text)
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return number(only.expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, ["CGFloat", "Double", "Float"].contains(type),
            let only = call.arguments.first, only.label == nil
        {
            return number(only.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            guard let operation = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                let left = number(parts[0]), let right = number(parts[2])
            else { return nil }
            switch operation {
            case "/": return right == 0 ? nil : left / right
            case "*": return left * right
            default: return nil
            }
        }
        return nil
    }

    /// The hexadecimal digits of an integer literal written `0x…`.
    func hexDigits(_ expression: ExprSyntax) -> String? {
        guard let text = expression.as(IntegerLiteralExprSyntax.self)?.literal.text.replacingOccurrences(of: "_", with: ""),
            text.lowercased().hasPrefix("0x")
        else { return nil }
        return String(text.dropFirst(2))
    }

    /// A color from six hex digits (`RRGGBB`) and an alpha; nil for any other count: eight
    /// digits are RRGGBBAA to some helpers and AARRGGBB to others.
    func hexColor(_ digits: String, alpha: Double = 1) -> TokenColor? {
        var digits = digits
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        return TokenColor(.srgb, channels, alpha: alpha)
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let values = node.arguments.map(\.expression)
        if let type = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            initializer(node, type: type, labels: labels, values: values)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let base = member.base?.trimmedDescription
            let name = member.declName.baseName.text
            if name == "init", let base {
                initializer(node, type: base, labels: labels, values: values)
            } else {
                memberCall(node, base: base, name: name, labels: labels, values: values)
            }
        }
        // Labeled layout arguments of any call: `VStack(spacing: 8)`, `RoundedRectangle(cornerRadius: 8)`.
        for argument in node.arguments {
            guard let label = argument.label?.text, let role = Self.argumentRoles[label], let value = number(argument.expression),
                value > 0
            else { continue }
            record(argument.expression, .dimension(value, role), .swiftUI)
        }
        return .visitChildren
    }

    /// Dynamic Type's text styles, as SwiftUI and UIKit name them.
    static let textStyles: Set<String> = ["largeTitle", "title", "title1", "title2", "title3", "headline", "subheadline", "body",
        "callout", "footnote", "caption", "caption1", "caption2", "extraLargeTitle", "extraLargeTitle2"]

    /// The labels of SwiftUI's `frame(width:height:alignment:)` and `frame(minWidth:…)`.
    static let frameLabels: Set<String> = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"]

    /// Edge insets, a padding per side, as each framework names them.
    static let insetTypes: [String: AdoptFinding.Framework] = ["UIEdgeInsets": .uiKit, "NSDirectionalEdgeInsets": .uiKit,
        "NSEdgeInsets": .appKit, "NSEdgeInsetsMake": .appKit, "UIEdgeInsetsMake": .uiKit, "EdgeInsets": .swiftUI,
        "SwiftUI.EdgeInsets": .swiftUI]
    static let insetLabels: Set<[String]> = [["top", "left", "bottom", "right"], ["top", "leading", "bottom", "trailing"],
        ["_", "_", "_", "_"]]

    static let argumentRoles: [String: AdoptFinding.Role] = ["spacing": .spacing, "cornerRadius": .cornerRadius, "lineWidth": .borderWidth]

    static let fontTypes: [String: AdoptFinding.Framework] = ["UIFont": .uiKit, "NSFont": .appKit, "Font": .swiftUI, "SwiftUI.Font": .swiftUI]

    /// The weights of `Font.Weight` and `UIFont.Weight`, as CSS numbers.
    static let weights: [String: Double] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
        "heavy": 800, "black": 900,
    ]

    /// A font's weight argument (`.bold`, `UIFont.Weight.bold`); regular when there is none.
    func weight(_ expression: ExprSyntax?) -> Double? {
        guard let expression else { return 400 }
        guard let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return nil }
        return Self.weights[name]
    }

    /// `.system(size:weight:design:)`, `UIFont.systemFont(ofSize:weight:)`, `.boldSystemFont(ofSize:)`,
    /// `UIFont(name:size:)`, `Font.custom(_:size:)`.
    func font(_ node: FunctionCallExprSyntax, base: String?, name: String, labels: [String], values: [ExprSyntax]) -> Bool {
        let framework: AdoptFinding.Framework
        var family: String?
        var weightArgument: ExprSyntax?
        var boldWeight: Double?
        let sizeIndex: Int
        switch (name, labels) {
        case ("system", ["size"]), ("system", ["size", "weight"]), ("system", ["size", "weight", "design"]):
            guard base == nil || base == "Font" || base == "SwiftUI.Font" else { return false }
            if labels.count == 3, values[2].as(MemberAccessExprSyntax.self)?.declName.baseName.text != "default" { return false }
            framework = .swiftUI
            sizeIndex = 0
            weightArgument = labels.count > 1 ? values[1] : nil
        case ("systemFont", ["ofSize"]), ("systemFont", ["ofSize", "weight"]), ("boldSystemFont", ["ofSize"]):
            framework = base.flatMap { Self.fontTypes[$0] } ?? .uiKit
            sizeIndex = 0
            weightArgument = labels.count > 1 ? values[1] : nil
            if name == "boldSystemFont" { boldWeight = 700 }
        case ("custom", ["_", "size"]):
            guard base == nil || base == "Font" || base == "SwiftUI.Font",
                let written = values[0].as(StringLiteralExprSyntax.self).flatMap(plainText)
            else { return false }
            framework = .swiftUI
            family = written
            sizeIndex = 1
        default: return false
        }
        guard let size = number(values[sizeIndex]), size > 0, let weight = boldWeight ?? weight(weightArgument) else { return false }
        record(node, .font(size: size, weight: weight, family: family), framework)
        return true
    }

    static let colorTypes: [String: AdoptFinding.Framework] = [
        "UIColor": .uiKit, "Color": .swiftUI, "SwiftUI.Color": .swiftUI, "NSColor": .appKit,
    ]

    /// `UIColor(red:green:blue:alpha:)` and its kin, hex initializers, asset names.
    func initializer(_ node: FunctionCallExprSyntax, type: String, labels: [String], values: [ExprSyntax]) {
        if let framework = Self.fontTypes[type], framework != .swiftUI, labels == ["name", "size"] {
            guard let name = values[0].as(StringLiteralExprSyntax.self).flatMap(plainText), let size = number(values[1]), size > 0 else { return }
            record(node, .font(size: size, weight: Self.weight(ofPostScriptName: name), family: name), framework)
            return
        }
        if let framework = Self.insetTypes[type], Self.insetLabels.contains(labels) {
            // Each side on its own: `UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)`.
            for value in values { if let side = number(value), side > 0 { record(value, .dimension(side, .spacing), framework) } }
            return
        }
        guard let framework = Self.colorTypes[type] else { return }
        let numbers = values.map(number)
        func channels(_ indices: [Int]) -> [Double]? {
            let found = indices.compactMap { numbers[$0] }
            return found.count == indices.count ? found : nil
        }
        switch labels {
        case ["red", "green", "blue"], ["red", "green", "blue", "alpha"], ["red", "green", "blue", "opacity"],
            ["srgbRed", "green", "blue", "alpha"], ["displayP3Red", "green", "blue", "alpha"]:
            guard let rgb = channels([0, 1, 2]) else { return }
            let alpha = labels.count == 4 ? numbers[3] : 1
            guard let alpha else { return }
            let space: ColorSpace = labels[0] == "displayP3Red" ? .displayP3 : .srgb
            record(node, .color(TokenColor(space, rgb, alpha: alpha)), framework)
        case ["_", "red", "green", "blue"], ["_", "red", "green", "blue", "opacity"]:
            let spaceName = values[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let space: ColorSpace = spaceName == "sRGB" ? .srgb : spaceName == "displayP3" ? .displayP3 : nil,
                let rgb = channels([1, 2, 3]), let alpha = labels.count == 5 ? numbers[4] : 1
            else { return }
            record(node, .color(TokenColor(space, rgb, alpha: alpha)), framework)
        case ["white", "alpha"], ["white", "opacity"], ["white"]:
            guard let white = numbers[0], let alpha = labels.count == 2 ? numbers[1] : 1 else { return }
            record(node, .color(TokenColor(.srgb, [white, white, white], alpha: alpha)), framework)
        case ["hex"], ["hexValue"], ["rgb"], ["hex", "alpha"], ["hexValue", "alpha"], ["rgb", "alpha"]:
            let alpha = labels.count == 2 ? numbers[1] : 1
            let digits = hexDigits(values[0]) ?? values[0].as(StringLiteralExprSyntax.self).flatMap(plainText)
            guard let alpha, let digits, let color = hexColor(digits, alpha: alpha) else { return }
            record(node, .color(color), framework)
        case ["named"]:
            guard let name = values[0].as(StringLiteralExprSyntax.self).flatMap(plainText) else { return }
            record(node, .assetName(name), framework)
        case ["_"] where type == "Color" || type == "SwiftUI.Color":
            guard let name = values[0].as(StringLiteralExprSyntax.self).flatMap(plainText) else { return }
            record(node, .assetName(name), framework)
        default: return
        }
    }

    static let tokenAPIs: [String: TokenType] = ["colorFromToken": .color, "colorFromShortToken": .color, "sizeFromToken": .number]

    /// The weight a PostScript name says (`Mulish-SemiBold` → 600); regular when it says none.
    static func weight(ofPostScriptName name: String) -> Double {
        guard let style = name.split(separator: "-").last?.lowercased(), name.contains("-") else { return 400 }
        let styles: [(String, Double)] = [("extralight", 200), ("ultralight", 100), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
            ("ultrabold", 800), ("thin", 100), ("light", 300), ("medium", 500), ("bold", 700), ("heavy", 800), ("black", 900)]
        return styles.first { style.hasPrefix($0.0) }?.1 ?? 400
    }

    /// `UIColor.hex(0x…)`, `.padding(16)`, `.cornerRadius(8)`, `ConfigParser.colorFromToken(…)`.
    func memberCall(_ node: FunctionCallExprSyntax, base: String?, name: String, labels: [String], values: [ExprSyntax]) {
        if font(node, base: base, name: name, labels: labels, values: values) { return }
        switch (name, labels) {
        case ("hex", ["_"]), ("hex", ["_", "alpha"]):
            let framework = base.flatMap { Self.colorTypes[$0] } ?? .uiKit
            let alpha = labels.count == 2 ? number(values[1]) : 1
            guard let alpha, let digits = hexDigits(values[0]), let color = hexColor(digits, alpha: alpha) else { return }
            record(node, .color(color), framework)
        case ("padding", ["_"]), ("padding", ["_", "_"]):
            guard let value = number(values[values.count - 1]), value > 0 else { return }
            record(values[values.count - 1], .dimension(value, .spacing), .swiftUI)
        case ("frame", _) where !labels.isEmpty && labels.allSatisfy(Self.frameLabels.contains):
            for (label, value) in zip(labels, values) where label != "alignment" {
                guard let number = number(value), number > 0 else { continue }
                record(value, .dimension(number, .size), .swiftUI)
            }
        case ("font", ["_"]):
            guard let style = values[0].as(MemberAccessExprSyntax.self), style.base == nil,
                Self.textStyles.contains(style.declName.baseName.text)
            else { return }
            record(values[0], .textStyle(style.declName.baseName.text), .swiftUI)
        case ("preferredFont", ["forTextStyle"]):
            guard let style = values[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text, Self.textStyles.contains(style) else { return }
            record(node, .textStyle(style), base == "NSFont" ? .appKit : .uiKit)
        case ("cornerRadius", ["_"]), ("cornerRadius", ["_", "antialiased"]):
            guard let value = number(values[0]), value > 0 else { return }
            record(values[0], .dimension(value, .cornerRadius), .swiftUI)
        case (_, ["_"]) where !enumValues.isEmpty && values[0].as(MemberAccessExprSyntax.self).map({ $0.base == nil }) == true:
            // `GlobalTokens.neutralColor(.grey94)`: a static function of the app's that switches over its argument.
            let owner = base.map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? ""
            let caseName = values[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
            guard let value = enumValues["\(owner).\(name)(.\(caseName))"] else { return }
            record(node, value.kind, value.framework, name: caseName)
        default:
            guard base == "ConfigParser" || base?.hasSuffix(".ConfigParser") == true, let wants = Self.tokenAPIs[name],
                labels == ["_"], let path = tokenPath(values[0])
            else { return }
            record(node, .tokenCall(api: "ConfigParser.\(name)", path: path, wants: wants), .uiKit)
        }
    }

    /// The path a token API is given: a string literal, or a `ThemeTokens` constant.
    func tokenPath(_ expression: ExprSyntax) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return plainText(literal) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.trimmedDescription,
            base == "ThemeTokens" || base.hasSuffix(".ThemeTokens")
        {
            return registry[member.declName.baseName.text]
        }
        return nil
    }

    // MARK: Literals that are not calls

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "colorLiteral" else { return .visitChildren }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let numbers = node.arguments.map { number($0.expression) }
        guard labels == ["red", "green", "blue", "alpha"], let r = numbers[0], let g = numbers[1], let b = numbers[2], let a = numbers[3]
        else { return .visitChildren }
        record(node, .color(TokenColor(.srgb, [r, g, b], alpha: a)), appKitOnly ? .appKit : .uiKit)
        return .skipChildren
    }

    /// `layer.cornerRadius = 8`, `layer.borderWidth = 1`, `stack.spacing = 8`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self),
            let target = parts[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            let role: AdoptFinding.Role = ["cornerRadius": .cornerRadius, "borderWidth": .borderWidth, "spacing": .spacing][target],
            let value = number(parts[2]), value > 0
        else { return .visitChildren }
        record(parts[2], .dimension(value, role), .uiKit)
        return .visitChildren
    }

    /// `AppTheming.ColourType.accent.color` (a value enum's case and property),
    /// `Theme.Colors.textPrimary` (SwiftUI) and `Theme.UIColors.textPrimary` (UIKit).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if !enumValues.isEmpty, let caseAccess = node.base?.as(MemberAccessExprSyntax.self),
            let enumName = caseAccess.base.map({ $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" }),
            let value = enumValues["\(enumName).\(caseAccess.declName.baseName.text).\(node.declName.baseName.text)"]
        {
            record(node, value.kind, value.framework, name: caseAccess.declName.baseName.text)
            return .skipChildren
        }
        // SwiftGen's accessors: `ThemeAssets.textPrimary.swiftUIColor`, `Asset.Colors.primary.color`.
        let generated: [String: AdoptFinding.Framework] = ["swiftUIColor": .swiftUI, "color": .uiKit, "nsColor": .appKit]
        if let framework = generated[node.declName.baseName.text], let asset = node.base?.as(MemberAccessExprSyntax.self),
            let catalog = asset.base?.trimmedDescription, catalog.hasSuffix("Assets") || catalog.hasSuffix("Colors")
        {
            record(node, .listedColor(asset.declName.baseName.text), framework)
            return .skipChildren
        }
        guard let list = node.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            let framework: AdoptFinding.Framework = ["Colors": .swiftUI, "UIColors": .uiKit, "NSColors": .appKit][list]
        else { return .visitChildren }
        // `Theme.Colors.update(…)` is a call of the list's, not a color.
        if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(node).id { return .visitChildren }
        record(node, .listedColor(node.declName.baseName.text), framework)
        return .skipChildren
    }
}
