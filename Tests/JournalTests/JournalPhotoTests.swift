import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// Photos: recognised by their bytes, named by the journal, written before the row and removed
/// after it, swept when orphaned, and reported missing rather than crashing.
struct JournalPhotoTests {
  static let pictures: [(String, Data, String)] = [
    ("JPEG", Fixture.jpeg, "jpg"),
    ("PNG", Fixture.png, "png"),
    ("HEIC", Fixture.heic, "heic"),
    (
      "HEIF with the mif1 major brand",
      Data([0, 0, 0, 0x14] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("heic".utf8)),
      "heic"
    ),
  ]

  @Test(arguments: StoreKind.allCases, pictures.indices)
  func aPictureIsSavedUnderANameWithTheExtensionOfItsContent(
    kind: StoreKind, row: Int
  ) async throws {
    let (label, bytes, fileExtension) = Self.pictures[row]
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(Fixture.draft(), photo: bytes)
      let name = try #require(entry.photo, "\(label)")
      #expect(name.rawValue.hasSuffix(".\(fileExtension)"), "\(label)")
      let url = directory.appendingPathComponent("photos").appendingPathComponent(name.rawValue)
      #expect(journal.photo(of: entry) == .stored(url))
      #expect(try Data(contentsOf: url) == bytes)
      #expect(fileNames(in: directory.appendingPathComponent("photos")) == [name.rawValue])
    }
  }

  static let notPictures: [(String, Data)] = [
    ("a text file", Data("장미 향이 나는 사진이 아니라 글입니다.\n".utf8)),
    ("nothing", Data()),
    ("a GIF", Data(Array("GIF89a".utf8) + Fixture.filler(50))),
    ("half a JPEG signature", Data([0xFF, 0xD8])),
    ("a PNG signature cut short", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])),
    (
      "an AVIF picture",
      Data([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8))
    ),
    (
      "an AVIF picture under the mif1 brand",
      Data([0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8))
    ),
    (
      "an MP4 video",
      Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
    ),
  ]

  @Test(arguments: StoreKind.allCases, notPictures.indices)
  func aPhotoThatIsNotAPictureIsRefusedAndLeavesNoFile(kind: StoreKind, row: Int) async throws {
    let (label, bytes) = Self.notPictures[row]
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let error = await #expect(throws: JournalError.self, "\(label)") {
        try await journal.add(Fixture.draft(), photo: bytes)
      }
      #expect(error?.code == .unsupportedPhoto, "\(label)")
      #expect(error?.field == "photo")
      #expect(try await journal.count(in: .all) == 0)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty, "\(label)")
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aPhotoOf50MiBIsRefusedAndLeavesNoFile(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      var huge = Fixture.jpeg
      huge.append(Data(count: 50 * 1024 * 1024 - huge.count))
      let error = await #expect(throws: JournalError.self) {
        try await journal.add(Fixture.draft(), photo: huge)
      }
      #expect(error?.code == .photoTooLarge)
      #expect(error?.message.contains("20 MiB") == true)
      #expect(try await journal.count(in: .all) == 0)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  @Test func theSizeLimitIsInclusiveAndConfigurable() async throws {
    try await withTemporaryDirectory { directory in
      let limit = Fixture.jpeg.count
      let journal = try StoreKind.inMemory.makeRepository(
        in: directory, options: .init(photoSizeLimit: limit))
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      #expect(entry.photo != nil)
      let error = await #expect(throws: JournalError.self) {
        try await journal.add(Fixture.draft(), photo: Fixture.jpeg + Data([0]))
      }
      #expect(error?.code == .photoTooLarge)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func replacingAPhotoWritesTheNewFileAndRemovesTheOld(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      let old = try #require(entry.photo)
      let replaced = try await journal.update(
        entry.id, with: entry.draft, photo: .replace(Fixture.png))
      let new = try #require(replaced.photo)
      #expect(new != old)
      #expect(new.rawValue.hasSuffix(".png"))
      #expect(fileNames(in: directory.appendingPathComponent("photos")) == [new.rawValue])
      let kept = try await journal.update(entry.id, with: entry.draft)
      #expect(kept.photo == new)
      let removed = try await journal.update(entry.id, with: entry.draft, photo: .remove)
      #expect(removed.photo == nil)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  /// How a photo's file can be lost: deleted, or (what a power loss right after the add can
  /// leave) still named, with no bytes.
  enum PhotoLoss: CaseIterable, Sendable {
    case removed, emptied
  }

  @Test(arguments: StoreKind.allCases, PhotoLoss.allCases)
  func aRowWhoseFileIsLostReadsAsPhotoMissing(kind: StoreKind, loss: PhotoLoss) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      let name = try #require(entry.photo)
      let file = directory.appendingPathComponent("photos").appendingPathComponent(name.rawValue)
      #expect(journal.photo(of: entry) == .stored(file))
      switch loss {
      case .removed: try FileManager.default.removeItem(at: file)
      case .emptied: try Data().write(to: file)
      }
      #expect(try await journal.entry(entry.id) == entry)
      #expect(journal.photo(of: entry) == .missing(name))
      #expect(journal.photo(of: try await journal.add(Fixture.draft())) == nil)
      // Deleting the entry whose file is lost still works.
      #expect(try await journal.delete(entry.id) == entry)
    }
  }

  @Test func aFailedCommitRemovesTheNewFile() async throws {
    try await withTemporaryDirectory { directory in
      let store = FailingStore()
      let journal = try JournalRepository(
        store: store, directory: directory, now: { Fixture.now })
      let error = await #expect(throws: JournalError.self) {
        try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      }
      #expect(error?.code == .databaseFailure)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func openingSweepsOldOrphansAndKeepsReferencedAndRecentFiles(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let photos = directory.appendingPathComponent("photos")
      let store = try kind.makeStore(in: directory)
      let first = try JournalRepository(store: store, directory: directory, now: { Fixture.now })
      let kept = try #require(try await first.add(Fixture.draft(), photo: Fixture.jpeg).photo)
      let oldOrphan = "0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a11.jpg"
      let recentOrphan = "0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a22.png"
      let oldIncoming = ".incoming-0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a33"
      let recentIncoming = ".incoming-0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a44"
      // Not named by the journal: never deleted, however old.
      let others = ["not a photo name.txt", ".incoming-0f0f", "0rphan0-old.jpg"]
      let files =
        [
          (oldOrphan, -7200.0), (recentOrphan, -60.0), (oldIncoming, -7200.0),
          (recentIncoming, -60.0), (kept.rawValue, -7200.0),
        ] + others.map { ($0, -7200.0) }
      for (name, age) in files {
        let url = photos.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) {
          try Data("x".utf8).write(to: url)
        }
        try FileManager.default.setAttributes(
          [.modificationDate: Fixture.now.addingTimeInterval(age)], ofItemAtPath: url.path)
      }
      // A grace period of one hour: only the old orphans go.
      _ = try JournalRepository(store: store, directory: directory, now: { Fixture.now })
      #expect(
        fileNames(in: photos)
          == ([recentIncoming, recentOrphan, kept.rawValue] + others).sorted())
      // Without a grace period, every orphan goes; the referenced photo and others' files stay.
      _ = try JournalRepository(
        store: store, directory: directory, options: .init(orphanGracePeriod: .zero),
        now: { Fixture.now })
      #expect(fileNames(in: photos) == ([kept.rawValue] + others).sorted())
    }
  }

  @Test func photoFilesAreWrittenWhole() throws {
    try withTemporaryDirectory { directory in
      let folder = try PhotoFolder(url: directory.appendingPathComponent("photos"))
      let name = PhotoName.unique(fileExtension: "jpg")
      let bytes = Data(Fixture.filler(300_000))
      try folder.write(bytes, as: name)
      #expect(try Data(contentsOf: folder.fileURL(for: name)) == bytes)
      #expect(fileNames(in: folder.url) == [name.rawValue])
      folder.remove(name)
      folder.remove(name)  // removing twice is harmless
      #expect(fileNames(in: folder.url).isEmpty)
    }
  }

  #if os(Linux)
    /// The descriptors this process has open on files inside `folder`, from `/proc/self/fd`.
    private func openDescriptorCount(in folder: URL) throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/" + descriptor)
        return target?.hasPrefix(folder.resolvingSymlinksInPath().path + "/") ?? false
      }
    }

    @Test func aBurstOfPhotosHoldsAtMostTheFlushersLimitOfDescriptorsAndClosesThemAll() throws {
      try withTemporaryDirectory { directory in
        let folder = try PhotoFolder(url: directory.appendingPathComponent("photos"))
        var most = 0
        var names: [PhotoName] = []
        for index in 0..<(PhotoFlusher.limit * 3) {
          let name = PhotoName.unique(fileExtension: "jpg")
          try folder.write(Data(Fixture.filler(20_000 + index)), as: name)
          names.append(name)
          most = max(most, try openDescriptorCount(in: folder.url))
        }
        folder.flusher.waitUntilIdle()
        #expect(try openDescriptorCount(in: folder.url) == 0)
        #expect(most <= PhotoFlusher.limit)
        for (index, name) in names.enumerated() {
          let bytes = Data(Fixture.filler(20_000 + index))
          #expect(try Data(contentsOf: folder.fileURL(for: name)) == bytes)
        }
      }
    }
  #endif
}

/// A store that fails every write, to check that a failed commit leaves no file behind.
private final class FailingStore: JournalStore {
  let failure = JournalError(.databaseFailure, message: "disk full")

  func insert(_ entries: [JournalEntry]) throws(JournalError) -> Set<JournalEntry.ID> {
    throw failure
  }

  func update(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    throw failure
  }

  func delete(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry { throw failure }
  func entry(_ id: JournalEntry.ID) -> JournalEntry? { nil }
  func entries(in list: JournalList, after cursor: JournalCursor?, limit: Int) -> [JournalEntry] {
    []
  }
  func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) -> [JournalEntry] { [] }
  func count(in list: JournalList) -> Int { 0 }
  func perfumes() -> [PerfumeSummary] { [] }
  func referencedPhotos(among names: Set<PhotoName>) -> Set<PhotoName> { [] }
}
