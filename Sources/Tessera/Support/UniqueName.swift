/// Names made unique by numbering, for importers and outputs that derive names from names
/// that may repeat (Figma collections, file names of sets and contexts).
package enum UniqueName {
    /// `name`, or the first of `spelled(name, 2)`, `spelled(name, 3)` … not in `taken`; the
    /// one chosen is added to `taken`.
    package static func claim(_ name: String, in taken: inout Set<String>, spelled: (String, Int) -> String) -> String {
        var candidate = name
        var number = 1
        while taken.contains(candidate) {
            number += 1
            candidate = spelled(name, number)
        }
        taken.insert(candidate)
        return candidate
    }
}
