/// A 3×3 matrix for color space conversion.
struct Matrix3: Sendable {
    var rows: [[Double]]

    init(_ rows: [[Double]]) { self.rows = rows }

    func apply(_ v: [Double]) -> [Double] {
        [
            rows[0][0] * v[0] + rows[0][1] * v[1] + rows[0][2] * v[2],
            rows[1][0] * v[0] + rows[1][1] * v[1] + rows[1][2] * v[2],
            rows[2][0] * v[0] + rows[2][1] * v[1] + rows[2][2] * v[2],
        ]
    }

    /// The inverse, computed once so that each pair of matrices is exactly consistent.
    var inverse: Matrix3 {
        let m = rows
        let a = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        let b = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        let c = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let det = m[0][0] * a + m[0][1] * b + m[0][2] * c
        return Matrix3([
            [a / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det],
            [b / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det],
            [c / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det],
        ])
    }
}
