import Foundation

/// Runs `body` with a new, empty folder that is deleted afterwards.
func withTemporaryDirectory<Result>(
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let url = try makeTemporaryDirectory()
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

/// Runs `body` with a new, empty folder that is deleted afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
  let url = try makeTemporaryDirectory()
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

private func makeTemporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "haru-journal-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// The names of the files in a folder, sorted; empty when the folder does not exist.
func fileNames(in directory: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
