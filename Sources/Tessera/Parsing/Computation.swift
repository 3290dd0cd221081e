/// A token value computed, when the tokens it depends on are resolved, from their values: the
/// math and color modifiers of formats that have them (Tokens Studio's `"{spacing.base} * 2"`,
/// `modify: lighten`). It is evaluated in every permutation, from that permutation's values.
///
/// An importer gives one with `DocumentBuilder.Value.computed`. The operands are whole tokens;
/// the reference graph checks them (unknown targets, cycles) as it checks any reference.
public struct Computation: Sendable {
    /// A token the value is computed from, and where the file names it.
    package struct Operand: Sendable, Hashable {
        package var path: String
        package var offset: Int
        package init(path: String, offset: Int) {
            self.path = path
            self.offset = offset
        }
    }

    /// Why a value could not be computed, and where in the file.
    package struct Failure: Error, Sendable {
        package var message: DiagnosticMessage
        package var offset: Int
        /// A value that stands in for the one not computed (Style Dictionary's value as written,
        /// references replaced): the token keeps it, and `message` is reported as a warning.
        package var passThrough: TokenValue?
        package init(_ message: DiagnosticMessage, at offset: Int, passThrough: TokenValue? = nil) {
            self.message = message
            self.offset = offset
            self.passThrough = passThrough
        }
    }

    package var operands: [Operand]
    /// The value from the operands' resolved values, in the order of `operands`.
    package var compute: @Sendable ([TokenValue]) -> Result<TokenValue, Failure>

    package init(operands: [Operand], compute: @escaping @Sendable ([TokenValue]) -> Result<TokenValue, Failure>) {
        self.operands = operands
        self.compute = compute
    }

    /// The stand-in `$value`, written at `offset`: one reference per operand, at its place.
    func referenceList(at offset: Int) -> JSONValue {
        JSONValue(.array(operands.map { JSONValue(.string("{" + $0.path + "}"), offset: $0.offset) }), offset: offset)
    }
}
