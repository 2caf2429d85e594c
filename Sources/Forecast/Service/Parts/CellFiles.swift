import Dispatch
import Foundation
import HaruModels

/// The files of one provider's grid cell in the cache directory: the kept parts
/// (`parts-<provider>-<nx>-<ny>.json`) and the ``RefreshLease`` a refresh holds while it reads,
/// asks and writes them (`parts-<provider>-<nx>-<ny>.lease`, and its `.lock`), so that two
/// processes refreshing the same cell at the same moment make the requests of one.
///
/// Files are read and written on a queue of their own, never on Swift's cooperative threads. Writes replace the file atomically (a temporary file renamed over it): a
/// process killed while writing leaves the previous file whole. A file that cannot be read counts
/// as empty and is replaced by the next write; one written by a newer version of Haru (a higher
/// `version`) is neither read nor replaced.
struct CellFiles: Sendable {
  let directory: URL
  let name: String

  private static let queue = DispatchQueue(label: "haru.forecast-parts", qos: .utility)

  init(directory: URL, provider: String, gridPoint: GridPoint) {
    self.directory = directory
    self.name = "parts-\(OutlookDiskCache.safeName(provider))-\(gridPoint.nx)-\(gridPoint.ny)"
  }

  var partsFile: URL { directory.appending(path: "\(name).json", directoryHint: .notDirectory) }
  /// The claim a refresh of the cell holds while it reads, asks and writes the parts.
  var lease: RefreshLease { RefreshLease(directory: directory, name: name) }

  /// Runs blocking file work on the cache's queue.
  static func onQueue<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: body()) }
    }
  }

  /// The kept parts; `nil` when there is no file, it cannot be read, or a newer version wrote it.
  func read() async -> PartContents? {
    let file = partsFile
    return await withCheckedContinuation { continuation in
      Self.queue.async {
        continuation.resume(returning: Self.decode(file))
      }
    }
  }

  /// Replaces the kept parts, unless a newer version of Haru wrote the file.
  func write(_ contents: PartContents) async {
    let file = partsFile
    let directory = directory
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Self.queue.async {
        defer { continuation.resume() }
        guard !Self.isNewer(file, than: PartContents.currentVersion),
          let data = try? JSONEncoder().encode(contents)
        else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
      }
    }
  }

  private static func decode(_ file: URL) -> PartContents? {
    guard let data = try? Data(contentsOf: file),
      let header = try? JSONDecoder().decode(VersionHeader.self, from: data),
      header.version == PartContents.currentVersion
    else { return nil }
    return try? JSONDecoder().decode(PartContents.self, from: data)
  }

  /// Whether a file holds a format newer than `version`.
  static func isNewer(_ file: URL, than version: Int) -> Bool {
    guard let data = try? Data(contentsOf: file),
      let header = try? JSONDecoder().decode(VersionHeader.self, from: data)
    else { return false }
    return header.version > version
  }
}

/// The `version` every cache file starts with.
struct VersionHeader: Decodable {
  let version: Int
}
