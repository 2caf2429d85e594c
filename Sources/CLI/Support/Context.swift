import Foundation
import HaruJournal
import HaruModels
import HaruSettings

/// What every command works with: the data folder, the output format and language, the console.
struct Context: Sendable {
  let dataDirectory: URL
  let json: Bool
  let language: DisplayLanguage
  let environment: [String: String]
  let console: Console

  /// The data folder: `--data-dir`, else `HARU_DATA_DIR`, else the folder of the platform's
  /// default settings file (`~/.local/share/haru` on Linux).
  static func dataDirectory(option: String?, environment: [String: String]) -> URL {
    let current = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    if let path = option ?? environment["HARU_DATA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(fileURLWithPath: path, isDirectory: true, relativeTo: current).standardizedFileURL
    }
    return FilePreferencesBackend.defaultFileURL(environment: environment)
      .deletingLastPathComponent()
  }

  var settingsFile: URL {
    dataDirectory.appendingPathComponent("settings.json", isDirectory: false)
  }

  var journalDirectory: URL {
    dataDirectory.appendingPathComponent("journal", isDirectory: true)
  }

  var forecastCacheDirectory: URL {
    dataDirectory.appendingPathComponent("forecast-cache", isDirectory: true)
  }

  /// Opens the settings file, warning on standard error about anything it had to set aside.
  func openSettings() throws(CLIError) -> SettingsStore {
    let store: SettingsStore
    do {
      store = try SettingsStore(backend: FilePreferencesBackend(fileURL: settingsFile))
    } catch {
      throw .data(Text(.settingsCannotOpen, settingsFile.path, error.message))
    }
    for problem in store.diagnostics.value {
      console.printError("haru: warning: \(problem.message)")
    }
    return store
  }

  /// Opens the journal.
  func openJournal() throws(CLIError) -> JournalRepository {
    do {
      return try JournalRepository(directory: journalDirectory)
    } catch {
      throw .data(Text(.journalCannotOpen, journalDirectory.path, error.message))
    }
  }

  /// Writes one JSON document on standard output.
  func printJSON(_ value: some Encodable) throws(CLIError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try encoder.encode(value)
      console.print(String(decoding: data, as: UTF8.self))
    } catch {
      throw .data(Text(.jsonFailed, "\(error)"))
    }
  }
}

extension Context {
  /// A message of the tables in the output's language.
  func text(_ key: Message, _ values: any TextValue...) -> String {
    Text(key, values: values).rendered(in: language)
  }
}

extension DisplayLanguage {
  /// The language the environment asks for, as the C library reads it: `LC_ALL`, else
  /// `LC_MESSAGES`, else `LANG`, the first that is set and not empty; Korean for any `ko…`
  /// (`ko_KR.UTF-8`), English otherwise.
  init(environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    self = locale?.lowercased().hasPrefix("ko") == true ? .korean : .english
  }
}
