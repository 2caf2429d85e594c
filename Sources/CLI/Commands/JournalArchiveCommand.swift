import Foundation
import HaruJournal
import HaruModels
import Synchronization

/// `haru journal export PATH [--single-file] [--csv FILE]`, and `haru journal import` of an
/// archive: the whole journal with its photos, written under a temporary name and renamed at the
/// end, so that Ctrl-C or a failure leaves nothing under PATH.
enum JournalArchiveCommand {
  /// What an export wrote, as JSON.
  struct ExportSummary: Encodable {
    let archive: String?
    let format: String?
    let entries: Int
    let photos: Int
    let csv: String?
    let missingPhotos: [String]
    let unreadable: [String]
  }

  /// What an archive import did, as JSON.
  struct ImportSummary: Encodable {
    let file: String
    let format: String
    let added: Int
    let replaced: [String]
    let keptNewer: [String]
    let unchanged: Int
    let photos: Int
    let rejected: [JournalImportCommand.Rejection]
    let missingPhotos: [MissingPhoto]
  }

  struct MissingPhoto: Encodable {
    let line: Int?
    let id: String?
    let message: String
  }

  static func export(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalExport
    let options = try ParsedOptions(
      arguments, valued: ["--csv"], flags: ["--single-file"], usage: usage)
    try options.expectPositionals(0...1, .missingPath, usage: usage)
    let path = options.positionals.first
    let csv = options.value("--csv")
    guard path != nil || csv != nil else { throw .usage(Text(.missingPath), usage) }
    if path == nil, options.flag("--single-file") {
      throw .usage(Text(.singleFileNeedsPath), usage)
    }
    let format: JournalArchiveFormat = options.flag("--single-file") ? .singleFile : .folder
    let journal = try context.openJournal()
    Interrupt.install()
    let bar = ProgressBar(console: context.console)
    var report: JournalExportReport?
    if let path {
      let url = URL(fileURLWithPath: path)
      report = try await untilInterrupted(what: .operationExport, path: path) {
        () async throws(JournalError) in
        try await journal.export(to: url, as: format) { bar.draw($0, "entries") }
      }
      bar.finish()
    }
    var csvReport: JournalExportReport?
    if let csv {
      let url = URL(fileURLWithPath: csv)
      csvReport = try await untilInterrupted(what: .operationCSVExport, path: csv) {
        () async throws(JournalError) in
        try await journal.exportCSV(to: url) { bar.draw($0, "entries") }
      }
      bar.finish()
    }
    let main = report ?? csvReport
    let summary = ExportSummary(
      archive: path, format: path == nil ? nil : (format == .folder ? "folder" : "single-file"),
      entries: main?.entryCount ?? 0, photos: report?.photoCount ?? 0, csv: csv,
      missingPhotos: (report?.missingPhotos ?? []).map(\.message),
      unreadable: (main?.unreadable ?? []).map(\.description))
    for problem in summary.missingPhotos + summary.unreadable {
      context.console.printError(context.text(.reportWarning, "\(problem)"))
    }
    if context.json {
      try context.printJSON(summary)
      return
    }
    if let path {
      context.console.print(
        context.text(
          .exportedEntriesAndPhotos, "\(path)", "\(summary.entries)", "\(summary.photos)"))
    }
    if let csv {
      context.console.print(
        context.text(.exportedEntriesAsCsv, "\(csv)", "\(csvReport?.entryCount ?? 0)"))
    }
  }

  /// `haru journal import PATH` for an archive folder or `.harujournal` file.
  static func importArchive(_ path: String, _ context: Context) async throws(CLIError) {
    let journal = try context.openJournal()
    Interrupt.install()
    context.console.printError("haru: " + context.text(.archiveImportStarting, path))
    let bar = ProgressBar(console: context.console)
    let url = URL(fileURLWithPath: path)
    let report = try await untilInterrupted(what: .operationImport, path: path) {
      () async throws(JournalError) in
      try await journal.import(archive: url) { bar.draw($0, "entries") }
    }
    bar.finish()
    let summary = ImportSummary(
      file: path, format: "archive", added: report.addedCount,
      replaced: report.replaced.map(\.description), keptNewer: report.keptNewer.map(\.description),
      unchanged: report.unchangedCount, photos: report.photoCount,
      rejected: report.rejectedLines.map(JournalImportCommand.Rejection.init),
      missingPhotos: report.missingPhotos.map {
        MissingPhoto(line: $0.line, id: $0.entryID?.description, message: $0.message)
      })
    for missing in summary.missingPhotos {
      context.console.printError(
        context.text(
          .reportWarning, context.text(.lineWarning, String(missing.line ?? 0), missing.message)))
    }
    if context.json {
      try context.printJSON(summary)
    } else {
      context.console.print(
        context.text(
          .addedReplacedOlderEntriesKept, "\(path)", "\(summary.added)",
          "\(summary.replaced.count)", "\(summary.keptNewer.count)", "\(summary.unchanged)",
          "\(summary.photos)", "\(summary.rejected.count)"))
      for id in summary.replaced {
        context.console.print("  replaced \(id)")
      }
      for id in summary.keptNewer {
        context.console.print("  kept the journal's newer \(id)")
      }
      for rejection in summary.rejected {
        let field = rejection.field.map { ", \($0)" } ?? ""
        context.console.print("  line \(rejection.line)\(field): \(rejection.message)")
      }
    }
    if !summary.rejected.isEmpty {
      throw .data(Text(.archiveRejected, String(summary.rejected.count)))
    }
  }

  /// Runs journal work, cancelling it at Ctrl-C: the journal's own cancellation then leaves
  /// nothing half-written, and the command exits with status 130.
  static func untilInterrupted<Value: Sendable>(
    what: Message, path: String,
    _ work: @escaping @Sendable () async throws(JournalError) -> Value
  ) async throws(CLIError) -> Value {
    let task = Task { () async throws -> Value in try await work() }
    // Ctrl-C only sets a flag in the signal handler; this turns it into a cancellation.
    let watcher = Task {
      while !Task.isCancelled {
        if Interrupt.isRequested {
          task.cancel()
          return
        }
        try? await Task.sleep(for: .milliseconds(20))
      }
    }
    defer { watcher.cancel() }
    let error: JournalError
    do {
      return try await task.value
    } catch let journalError as JournalError {
      error = journalError
    } catch {
      throw .data(Text(.archiveFailed, Text(what), "\(error)"))
    }
    guard error.code == .cancelled || Interrupt.isRequested else { throw CLIError(error) }
    throw CLIError(
      .interrupted,
      what == .operationImport
        ? Text(.interruptedDetail, error.message) : Text(.exportInterrupted, Text(what), path))
  }
}

/// A progress bar on standard error, drawn only when it is a terminal.
final class ProgressBar: Sendable {
  private let console: Console
  private let isShown: Bool
  private let drawn = Mutex<Int?>(nil)

  init(console: Console) {
    self.console = console
    isShown = console.standardErrorIsTerminal
  }

  /// Redraws the bar when the percentage changed.
  func draw(_ progress: JournalTransferProgress, _ unit: String) {
    guard isShown else { return }
    let percent = Int(progress.fractionCompleted * 100)
    let changed = drawn.withLock { last in
      defer { last = percent }
      return last != percent
    }
    guard changed else { return }
    let width = 30
    let filled = percent * width / 100
    var text =
      "\r[" + String(repeating: "#", count: filled)
      + String(repeating: " ", count: width - filled) + "] \(percent)% "
      + "\(progress.completedEntries)/\(progress.totalEntries) \(unit)"
    if progress.totalPhotos > 0 {
      text += ", \(progress.completedPhotos)/\(progress.totalPhotos) photos"
    }
    console.writeError(text)
  }

  /// Ends the bar's line.
  func finish() {
    guard isShown else { return }
    let wasDrawn = drawn.withLock { last in
      defer { last = nil }
      return last != nil
    }
    if wasDrawn { console.writeError("\n") }
  }
}
