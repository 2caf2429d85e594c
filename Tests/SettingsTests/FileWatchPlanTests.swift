import HaruShared
import Testing

@testable import HaruSettings

/// The decisions of the settings watch on Apple platforms, driven through the same seam
/// (`FileWatchSources`) as the dispatch sources there, over a folder simulated in memory.
struct FileWatchPlanTests {
  typealias Node = FileWatchPlan.Node

  /// A settings folder as the kernel would show it, and the sources the plan opened on it.
  final class SimulatedFolder: FileWatchSources {
    var folderExists = true
    /// The file at the settings path; `nil` when there is none.
    var file: Node? = Node(device: 1, inode: 100)
    private var nextInode: UInt64 = 100
    /// The file the open file source follows, if any.
    private(set) var fileSourceOn: Node?
    private(set) var folderOpens = 0
    private(set) var fileOpens = 0
    private(set) var pendingRetries = 0

    func openFileSource() -> Node? {
      fileOpens += 1
      fileSourceOn = folderExists ? file : nil
      return fileSourceOn
    }

    func openFolderSource() -> Bool {
      folderOpens += 1
      return folderExists
    }

    func fileAtPath() -> Node? { folderExists ? file : nil }

    func retryFolderLater() { pendingRetries += 1 }

    func takeRetry() -> Bool {
      guard pendingRetries > 0 else { return false }
      pendingRetries -= 1
      return true
    }

    /// A new file, as a save that renames a temporary file over the path makes.
    func newFile() -> Node {
      nextInode += 1
      return Node(device: 1, inode: nextInode)
    }
  }

  /// One thing that happens on disk, and the events the kernel reports for it.
  enum Step: Sendable, CustomStringConvertible {
    /// Another process writes the file in place: the file source reports `events`.
    case writtenInPlace(FileWatchPlan.Events)
    /// A save renames a new file over the path: the old file's source reports its removal, the
    /// folder's a changed name, in either order.
    case replacedAtomically(folderFirst: Bool)
    /// Another file of the folder is created or renamed.
    case neighbourChanged
    /// The file is removed.
    case removed
    /// A file appears where none was.
    case created
    /// The folder is replaced by another holding a settings file (`.rename`) or removed and made
    /// again (`.delete`).
    case folderReplaced(FileWatchPlan.Events)
    /// The folder is removed and, for now, nothing takes its place.
    case folderRemoved
    /// The folder is back, with a settings file; nothing reports it but the plan's retry.
    case folderRestored
    /// The time for a retry the plan asked for comes.
    case retryTime

    var description: String {
      switch self {
      case .writtenInPlace(let events): "written in place \(events.rawValue)"
      case .replacedAtomically(let folderFirst): "replaced, folder first: \(folderFirst)"
      case .neighbourChanged: "neighbour changed"
      case .removed: "removed"
      case .created: "created"
      case .folderReplaced(let events): "folder replaced \(events.rawValue)"
      case .folderRemoved: "folder removed"
      case .folderRestored: "folder restored"
      case .retryTime: "retry time"
      }
    }
  }

  struct Scenario: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let steps: [Step]
    /// How many changes each step reports.
    let reports: [Int]
  }

  static let scenarios: [Scenario] = [
    Scenario(
      testDescription: "the settings file rewritten in place by another process",
      steps: [.writtenInPlace([.write]), .writtenInPlace([.write, .extend])],
      reports: [1, 1]),
    Scenario(
      testDescription: "its attributes or links changed",
      steps: [.writtenInPlace([.attrib]), .writtenInPlace([.link])],
      reports: [1, 1]),
    Scenario(
      testDescription: "atomic saves, the file's removal heard first, then written in place",
      steps: [
        .replacedAtomically(folderFirst: false), .replacedAtomically(folderFirst: false),
        .writtenInPlace([.write]),
      ],
      reports: [1, 1, 1]),
    Scenario(
      testDescription: "atomic saves, the folder heard first",
      steps: [
        .replacedAtomically(folderFirst: true), .writtenInPlace([.extend]),
        .replacedAtomically(folderFirst: true),
      ],
      reports: [1, 1, 1]),
    Scenario(
      testDescription: "other files of the folder wake nothing",
      steps: [.neighbourChanged, .neighbourChanged, .writtenInPlace([.write])],
      reports: [0, 0, 1]),
    Scenario(
      testDescription: "removed, created again, then written",
      steps: [.removed, .neighbourChanged, .created, .writtenInPlace([.write])],
      reports: [1, 0, 1, 1]),
    Scenario(
      testDescription: "the folder replaced by a rename: re-armed and still reporting",
      steps: [
        .folderReplaced([.rename]), .writtenInPlace([.write]), .neighbourChanged,
        .replacedAtomically(folderFirst: true),
      ],
      reports: [1, 1, 0, 1]),
    Scenario(
      testDescription: "the folder removed and made again: re-armed and still reporting",
      steps: [
        .folderReplaced([.delete]), .replacedAtomically(folderFirst: false),
        .writtenInPlace([.write]),
      ],
      reports: [1, 1, 1]),
    Scenario(
      testDescription: "the folder gone for a while, then back",
      steps: [
        .folderRemoved, .retryTime, .folderRestored, .retryTime, .writtenInPlace([.write]),
        .retryTime,
      ],
      // The file's removal and the folder's are both reported: a spurious report only costs a
      // reload.
      reports: [2, 0, 0, 1, 1, 0]),
  ]

  @Test(arguments: scenarios)
  func eachEventSequenceReportsWhatChangedTheFileAndNothingElse(scenario: Scenario) throws {
    let folder = SimulatedFolder()
    var plan = FileWatchPlan()
    let started = plan.start(folder)
    #expect(started)
    #expect(plan.watchedFile == folder.file)
    for (step, expected) in zip(scenario.steps, scenario.reports) {
      var reports = 0
      let count = { reports += 1 }
      let deliver = { (events: FileWatchPlan.Events, source: FileWatchPlan.Source) in
        plan.handle(events, from: source, with: folder, report: count)
      }
      switch step {
      case .writtenInPlace(let events):
        deliver(events, .file)
      case .replacedAtomically(let folderFirst):
        folder.file = folder.newFile()
        if folderFirst {
          deliver([.write], .folder)
          // The old file's source was cancelled when the plan opened the new one: its removal
          // is never delivered.
        } else {
          deliver([.delete], .file)
          deliver([.write], .folder)
        }
      case .neighbourChanged:
        deliver([.write], .folder)
      case .removed:
        folder.file = nil
        deliver([.delete], .file)
        deliver([.write], .folder)
      case .created:
        folder.file = folder.newFile()
        deliver([.write], .folder)
      case .folderReplaced(let events):
        folder.file = folder.newFile()
        deliver(events, .folder)
      case .folderRemoved:
        folder.folderExists = false
        folder.file = nil
        deliver([.delete], .file)
        deliver([.delete], .folder)
      case .folderRestored:
        folder.folderExists = true
        folder.file = folder.newFile()
      case .retryTime:
        if folder.takeRetry() {
          plan.retryFolder(with: folder, report: count)
        }
      }
      #expect(reports == expected, "\(step)")
      // Whatever happened, the file source follows the file at the path, once a folder is there.
      if folder.folderExists, plan.isFolderOpen {
        #expect(plan.watchedFile == folder.file, "\(step): the file source follows the path")
        #expect(folder.fileSourceOn == folder.file, "\(step)")
      }
    }
  }

  @Test func theFileRewrittenInPlaceIsSeenWithoutReopeningAnything() {
    let folder = SimulatedFolder()
    var plan = FileWatchPlan()
    let started = plan.start(folder)
    #expect(started)
    let opens = (folder.fileOpens, folder.folderOpens)
    var reports = 0
    for events: FileWatchPlan.Events in [[.write], [.extend], [.write, .extend, .attrib]] {
      plan.handle(events, from: .file, with: folder) { reports += 1 }
    }
    #expect(reports == 3)
    #expect(folder.fileOpens == opens.0 && folder.folderOpens == opens.1)
  }

  @Test func aFolderThatCannotBeOpenedLeavesTheWatchToTheFallback() {
    let folder = SimulatedFolder()
    folder.folderExists = false
    var plan = FileWatchPlan()
    let started = plan.start(folder)
    #expect(!started)
    #expect(folder.fileOpens == 0)
  }

  @Test(arguments: [
    (FileWatchPlan.Events.write, FileWatchPlan.Source.file, [FileWatchPlan.Action.reportChange]),
    (.delete, .file, [.reopenFile, .reportChange]),
    (.rename, .file, [.reopenFile, .reportChange]),
    (.revoke, .file, [.reopenFile, .reportChange]),
    (.delete, .folder, [.reopenFolder, .reopenFile, .reportChange]),
    (.rename, .folder, [.reopenFolder, .reopenFile, .reportChange]),
    (.attrib, .folder, []),
  ])
  func eachEventMapsToItsActions(
    events: FileWatchPlan.Events, source: FileWatchPlan.Source, expected: [FileWatchPlan.Action]
  ) {
    let plan = FileWatchPlan()
    #expect(plan.actions(for: events, from: source) { nil } == expected)
  }
}
