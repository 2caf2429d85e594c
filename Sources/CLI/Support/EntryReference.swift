import Foundation
import HaruJournal
import HaruModels

/// An entry as a command line names it: its whole ID, or a short ID, the first 8 or more
/// characters of it, as `haru journal list` prints them.
///
/// A short ID is read in either case (`1A2B3C4D` is `1a2b3c4d`) and names the one entry whose ID
/// starts with it; one that starts several IDs is refused with the entries it could name, and
/// one shorter than 8 characters is refused as too short, both as usage errors (exit status 2).
struct EntryReference: Sendable {
  /// The fewest characters a short ID has: 8 hexadecimal digits, one entry in about four billion.
  static let minimumLength = 8
  /// The most entries an ambiguous short ID lists.
  static let listedMatches = 10

  /// What the command line gave.
  enum Form: Sendable {
    /// A whole ID.
    case id(JournalEntry.ID)
    /// The start of an ID, in lowercase.
    case prefix(String)
  }

  let form: Form
  /// The text as given, cut to 40 characters, for messages.
  let given: String

  /// Reads what names an entry, before the journal is opened: a usage error for text that is
  /// neither an ID nor the start of one, or is too short.
  init(_ text: String, usage: String) throws(CLIError) {
    given = String(text.prefix(40))
    if let uuid = UUID(uuidString: text) {
      form = .id(JournalEntry.ID(uuid))
      return
    }
    let lowercase = text.lowercased()
    let isHex = lowercase.unicodeScalars.allSatisfy {
      ("0"..."9").contains($0) || ("a"..."f").contains($0) || $0 == "-"
    }
    guard isHex, !lowercase.isEmpty else {
      throw .usage(Text(.notAnEntryID, given), usage)
    }
    guard lowercase.count >= Self.minimumLength else {
      throw .usage(Text(.entryIDTooShort, given, String(Self.minimumLength)), usage)
    }
    form = .prefix(lowercase)
  }

  /// The ID of the entry named: the whole ID as given, or the one entry whose ID starts with the
  /// short ID, found through the journal's index of IDs.
  ///
  /// - Throws: A usage error listing the entries when the short ID starts more than one ID; a
  ///   data error when it starts none.
  func resolve(
    in journal: JournalRepository, _ context: Context, usage: String
  ) async throws(CLIError) -> JournalEntry.ID {
    let prefix: String
    switch form {
    case .id(let id): return id
    case .prefix(let text): prefix = text
    }
    let found: [JournalEntry.ID]
    do {
      found = try await journal.entryIDs(startingWith: prefix, limit: Self.listedMatches + 1)
    } catch {
      throw CLIError(error)
    }
    switch found.count {
    case 0: throw .data(Text(.entryIDPrefixNotFound, given))
    case 1: return found[0]
    default:
      var lines = ""
      for id in found.prefix(Self.listedMatches) {
        // A row that no longer reads as an entry is listed by its ID alone.
        let entry = try? await journal.entry(id)
        lines += "\n  " + (entry.map(JournalCommand.line) ?? "  [\(id)]")
      }
      if found.count > Self.listedMatches { lines += "\n  …" }
      throw .usage(Text(.entryIDAmbiguous, given, lines), usage)
    }
  }
}
