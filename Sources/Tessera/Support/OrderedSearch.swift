extension Array {
    /// In an array ordered so that the elements `isBefore` says come first, the position of the
    /// first element that does not: found by halving.
    func firstPosition(notBefore isBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
