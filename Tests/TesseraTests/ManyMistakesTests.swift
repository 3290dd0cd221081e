import Tessera
import TesseraTestSupport
import Testing

/// One file with twenty-one different mistakes: all are reported in one run, each at its
/// own line and column, with nothing else.
struct ManyMistakesTests {
    static let source = ##"""
        {
          "text": {
            "$type": "string",
            "dup": {"$value": "a", ⊙"$value": "b"},
            "escape": {"$value": "x⊙\qy"},
            "surrogate": {"$value": "⊙\udc01"}
          },
          "num": {"$type": "number", "$value": ⊙007},
          ⊙"bad.name": {"$type": "number", "$value": 1},
          "parent": {"$type": "number", "$value": 1, ⊙"child": {"$value": 2}},
          "described": {"$type": "number", "$value": 1, "$description": ⊙42},
          ⊙"untyped": {"$value": 3},
          "color": {
            "$type": "color",
            "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
            "typo": {"$value": ⊙"{color.bleu}"},
            "range": {"$value": {"colorSpace": "srgb", "components": [0, ⊙2, 0]}},
            "space": {"$value": {"colorSpace": ⊙"rgb", "components": [0, 0, 0]}}
          },
          "size": {"$type": "dimension", "$value": ⊙"{color.blue}"},
          "loop": {"$type": "number", "$value": ⊙"{loop}"},
          "unit": {"$type": "dimension", "$value": {"value": 1, "unit": ⊙"vh"}},
          "weight": {"$type": "fontWeight", "$value": ⊙1200},
          "ease": {"$type": "cubicBezier", "$value": [⊙-0.5, 0, 1, 1]},
          "border": {"$type": "border", "$value": ⊙{"color": "{color.blue}", "width": {"value": 1, "unit": "px"}}},
          "broken": {"$type": "number", "$value": ⊙"{a..b}"},
          "group-ref": {"$type": "color", "$value": ⊙"{color}"},
          "ext": {"$extends": ⊙"{nowhere}"},
          "deprecation": {"$type": "number", "$value": 1, "$deprecated": ⊙3}
        }
        """##

    @Test func allTwentyOneAreReportedAtTheirPlaces() {
        expectDiagnostics(Self.source, [
            .jsonDuplicateKey, .jsonInvalidEscape, .jsonLoneSurrogate, .jsonInvalidNumber, .invalidName,
            .valueWithChildren, .invalidDescription, .missingType, .referenceUnknown, .valueOutOfRange,
            .valueInvalid, .typeMismatch, .referenceCycle, .valueInvalid, .valueOutOfRange,
            .valueOutOfRange, .valueInvalid, .referenceSyntax, .referenceToGroup, .referenceUnknown,
            .invalidDeprecated,
        ])
    }
}
