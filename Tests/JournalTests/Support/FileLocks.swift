import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file locks this process holds on the files of a folder, as `/proc/locks` lists them:
/// one line per lock. `nil` where the system has no `/proc/locks`.
func locksHeld(onFilesIn directory: URL) -> [String]? {
  guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
  var inodes: Set<UInt64> = []
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  for name in names {
    var status = stat()
    if stat(directory.appendingPathComponent(name).path, &status) == 0 {
      inodes.insert(UInt64(status.st_ino))
    }
  }
  let pid = String(getpid())
  return table.split(separator: "\n").filter { line in
    // "1: POSIX  ADVISORY  READ 1234 08:01:5678 128 128"; a waiter's line has "->" after the id.
    let fields = line.split(separator: " ")
    guard fields.count >= 6, fields[1] != "->", fields[4] == pid else { return false }
    let device = fields[5].split(separator: ":")
    return device.count == 3 && UInt64(device[2]).map(inodes.contains) == true
  }.map(String.init)
}
