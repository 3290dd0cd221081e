/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
    /// The candidate closest to `text`, if one is close enough to be a plausible typo.
    ///
    /// Names longer than `maximumLength` bytes get no suggestion: a typo in a name that long
    /// is not what went wrong, and comparing it would cost its length squared.
    ///
    /// - Complexity: O(k · m · n) for k candidates of length m and a text of length n, each
    ///   at most `maximumLength`; callers pass a pre-filtered candidate list for large sets.
    package static func closest(to text: String, in candidates: some Sequence<String>) -> String? {
        guard text.utf8.count <= maximumLength else { return nil }
        let source = Array(text.lowercased().utf8)
        let limit = max(2, source.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate.utf8.count <= maximumLength + limit {
            let target = Array(candidate.lowercased().utf8)
            if abs(target.count - source.count) > limit { continue }
            let distance = editDistance(source, target, limit: limit)
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// The longest name a suggestion is looked for, in UTF-8 bytes.
    package static let maximumLength = 128

    package static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
