import TesseraConformanceKit

/// One scratch folder per test process, removed when the process exits: tests make their
/// files and folders inside it (`TestScratch.root.appendingPathComponent(…)`).
package typealias TestScratch = Scratch
