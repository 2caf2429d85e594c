import Foundation
import Testing

@testable import HaruSettings

struct FilePreferencesBackendTests {
  @Test func theFileIsIndentedJSONWithTheSchemaVersion() throws {
    let folder = try TemporaryFolder()
    let backend = FilePreferencesBackend(fileURL: folder.file())
    try backend.replaceAll(
      with:
        StoredPreferences(
          schemaVersion: 2,
          values: ["temperatureUnit": .string("fahrenheit"), "petType": .string("cat")]))
    let text = try String(contentsOf: folder.file(), encoding: .utf8)
    #expect(
      text == """
        {
          "schemaVersion" : 2,
          "values" : {
            "petType" : "cat",
            "temperatureUnit" : "fahrenheit"
          }
        }

        """)
  }

  @Test func savingLeavesNoTemporaryFileBehind() throws {
    let folder = try TemporaryFolder()
    let backend = FilePreferencesBackend(fileURL: folder.file())
    for count in 1...5 {
      try backend.replaceAll(
        with: StoredPreferences(schemaVersion: 1, values: ["n": .integer(Int64(count))]))
    }
    #expect(try folder.contents() == ["settings.json"])
  }

  @Test func aByteOrderMarkIsAccepted() throws {
    let folder = try TemporaryFolder()
    let json = #"{"schemaVersion": 1, "values": {"petType": "cat"}}"#
    try (Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8)).write(to: folder.file())
    let loaded = try FilePreferencesBackend(fileURL: folder.file()).load()
    #expect(loaded?.values["petType"] == .string("cat"))
  }

  /// Files the backend cannot understand: each is set aside, never deleted.
  static let unreadableFiles: [(String, Data)] = [
    ("not JSON", Data("theme = dark".utf8)),
    ("truncated", Data(#"{"schemaVersion": 1, "values": {"petType": "c"#.utf8)),
    ("empty", Data()),
    ("JSON of another shape", Data(#"["dark", "celsius"]"#.utf8)),
    ("schema version zero", Data(#"{"schemaVersion": 0, "values": {}}"#.utf8)),
    ("not UTF-8", Data([0xFF, 0xFE, 0x00, 0x7B])),
  ]

  @Test(arguments: unreadableFiles)
  func unreadableFilesAreSetAsideAndReported(label: String, contents: Data) throws {
    let folder = try TemporaryFolder()
    try contents.write(to: folder.file())
    let backend = FilePreferencesBackend(fileURL: folder.file())
    let error = #expect(throws: SettingsError.self, "\(label)") { try backend.load() }
    #expect(error?.code == .unreadableStorage)
    let files = try folder.contents()
    #expect(files.count == 1)
    let kept = try #require(files.first)
    #expect(kept.hasPrefix("settings.unreadable-") && kept.hasSuffix(".json"), "\(kept)")
    #expect(error?.message.contains(kept) == true)
    // The path of the copy, for a tool to print.
    let copy = URL(fileURLWithPath: try #require(error?.keptCopyPath))
    #expect(copy.resolvingSymlinksInPath() == folder.file(kept).resolvingSymlinksInPath())
    #expect(try Data(contentsOf: folder.file(kept)) == contents, "kept byte for byte")
    #expect(try backend.load() == nil, "the next load starts afresh")
  }

  @Test func aFolderThatCannotBeWrittenIsATypedErrorAndChangesNothing() throws {
    let folder = try TemporaryFolder()
    // A regular file where the folder should be: nothing can be created inside it.
    let blocker = folder.file("blocked")
    try Data("not a folder".utf8).write(to: blocker)
    let backend = FilePreferencesBackend(fileURL: blocker.appendingPathComponent("settings.json"))
    let error = #expect(throws: SettingsError.self) {
      try backend.replaceAll(with: StoredPreferences(schemaVersion: 1, values: [:]))
    }
    #expect(error?.code == .writeFailed)
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
  }

  @Test func aFullDiskKeepsThePreviousFile() throws {
    let folder = try TemporaryFolder()
    let original = StoredPreferences(schemaVersion: 1, values: ["petType": .string("cat")])
    try FilePreferencesBackend(fileURL: folder.file()).replaceAll(with: original)
    let full = FilePreferencesBackend(fileURL: folder.file()) { _, _ throws(SettingsError) in
      throw SettingsError(.writeFailed, message: "No space left on device.")
    }
    #expect(throws: SettingsError.self) {
      try full.replaceAll(
        with: StoredPreferences(schemaVersion: 1, values: ["petType": .string("dog")]))
    }
    #expect(try FilePreferencesBackend(fileURL: folder.file()).load() == original)
  }

  @Test func theWriterReportsPOSIXFailuresAndRemovesItsTemporaryFile() throws {
    let folder = try TemporaryFolder()
    // Renaming a file over a non-empty folder fails after the temporary file was written.
    let target = folder.file("settings.json")
    try FileManager.default.createDirectory(
      at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
    let error = #expect(throws: SettingsError.self) {
      try FileWriter.writeAtomically(Data("{}".utf8), to: target)
    }
    #expect(error?.code == .writeFailed)
    #expect(try folder.contents() == ["settings.json"])
  }

  #if !canImport(Darwin)
    @Test(arguments: [
      (["XDG_DATA_HOME": "/data", "HOME": "/home/a"], "/data/haru/settings.json"),
      (["HOME": "/home/a"], "/home/a/.local/share/haru/settings.json"),
      (
        ["XDG_DATA_HOME": "relative/path", "HOME": "/home/a"],
        "/home/a/.local/share/haru/settings.json"
      ),
    ])
    func defaultLocationFollowsTheXDGConvention(environment: [String: String], expected: String) {
      #expect(FilePreferencesBackend.defaultFileURL(environment: environment).path == expected)
    }
  #endif
}
