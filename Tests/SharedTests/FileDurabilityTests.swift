import Foundation
import Testing

@testable import HaruShared

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct FileDurabilityTests {
  @Test func aWrittenFileAndItsFolderSyncAndKeepTheirBytes() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-durability-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("data").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    let bytes = Array("durable\n".utf8)
    #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    #expect(throws: Never.self) { try FileDurability.syncToStorage(descriptor) }
    close(descriptor)

    let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    try #require(folderDescriptor >= 0)
    defer { close(folderDescriptor) }
    #expect(throws: Never.self) { try FileDurability.syncToStorage(folderDescriptor) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
  }

  @Test func aDescriptorThatIsNotOpenIsATypedFailureWithItsErrno() {
    // Never open: a negative number, and one past any process's limit. (A closed descriptor's
    // number could be reused by a test running alongside.)
    for bad in [-1, Int32.max] {
      let failure = #expect(throws: FileDurability.Failure.self) {
        try FileDurability.syncToStorage(bad)
      }
      #expect(failure == FileDurability.Failure(code: EBADF))
      #expect(failure?.description == String(cString: strerror(EBADF)))
    }
  }
}
