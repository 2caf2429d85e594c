import Foundation
import HaruForecast
import HaruJournal
import HaruModels
import HaruSettings

/// Reads the command line, runs the command and turns its outcome into an exit status.
enum HaruCommand {
  /// Runs the command line the program was started with, as the bytes it was given.
  ///
  /// Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so text typed
  /// in another encoding (EUC-KR, say) would be searched for, or opened as a path, as
  /// replacement characters. Such an argument is refused here instead, before any command sees
  /// it: a usage error that names its position, never its bytes (it may be a secret).
  static func run(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32,
    environment: [String: String]
  ) async -> Int32 {
    var arguments: [String] = []
    for position in 1..<max(1, Int(count)) {
      guard let bytes = argv[position], let argument = String(validatingCString: bytes) else {
        let error = CLIError.usage(Text(.argumentNotUTF8, String(position)), Help.globalUsage)
        report(error, Console(secrets: []), DisplayLanguage(environment: environment))
        return error.exitStatus
      }
      arguments.append(argument)
    }
    return await run(arguments: arguments, environment: environment)
  }

  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    // The key is a secret whichever way it arrives; nothing written may contain it.
    var secrets = [environment["HARU_KMA_SERVICE_KEY"], environment["HARU_AIRKOREA_SERVICE_KEY"]]
      .compactMap { $0 }
    for (index, argument) in arguments.enumerated() {
      for option in ["--service-key", "--air-service-key"] {
        if argument == option, index + 1 < arguments.count {
          secrets.append(arguments[index + 1])
        } else if argument.hasPrefix(option + "=") {
          secrets.append(String(argument.dropFirst(option.count + 1)))
        }
      }
    }
    let console = Console(secrets: secrets.filter { !$0.isEmpty })
    // Errors in the options themselves are told in the language asked for when it can be read.
    var language =
      GlobalOptions.language(in: arguments) ?? DisplayLanguage(environment: environment)
    do {
      let (globals, words) = try GlobalOptions.extract(from: arguments)
      language = globals.language ?? language
      if globals.help || words.first == "help" {
        let topic = words.first == "help" ? words.dropFirst().first : words.first
        console.print(
          try topic.map { (topic) throws(CLIError) in
            try Help.text(for: topic, in: language)
          } ?? Help.text(in: language))
        return 0
      }
      guard let command = words.first else {
        throw CLIError.usage(Text(.noCommand), Help.globalUsage)
      }
      let context = Context(
        dataDirectory: Context.dataDirectory(
          option: globals.dataDirectory, environment: environment),
        json: globals.json,
        language: language,
        environment: environment,
        console: console)
      let rest = Array(words.dropFirst())
      switch command {
      case "demo": try await DemoCommand.run(rest, context)
      case "forecast": try await ForecastCommand.run(rest, context)
      case "air": try await AirCommand.run(rest, context)
      case "warnings": try await WarningsCommand.run(rest, context)
      case "settings": try await SettingsCommand.run(rest, context)
      case "towns": try await TownsCommand.run(rest, context)
      case "journal": try await JournalCommand.run(rest, context)
      default:
        throw CLIError.usage(Text(.unknownCommand, String(command.prefix(30))), Help.globalUsage)
      }
      return 0
    } catch let error as CLIError {
      report(error, console, language)
      return error.exitStatus
    } catch {
      report(CLIError.data(Text(.unexpectedError, "\(error)")), console, language)
      return 3
    }
  }

  static func report(_ error: CLIError, _ console: Console, _ language: DisplayLanguage) {
    let message = error.message(in: language)
    switch error.kind {
    case .usage:
      console.printError("haru: \(message)")
      console.printError(
        Text(.reportUsageLine, error.usage ?? Help.globalUsage).rendered(in: language))
      console.printError(Text(.reportSeeHelp).rendered(in: language))
    case .interrupted:
      console.printError("haru: \(message)")
    case .data, .network:
      console.printError(Text(.reportError, message).rendered(in: language))
    }
  }
}

extension CLIError {
  /// The error for a failed forecast: a network failure (exit status 4) or a provider's refusal
  /// (exit status 3), naming the KMA result code when the service sent one.
  init(_ error: ForecastError) {
    switch error.code {
    case .transport, .timeout:
      self.init(.network, Text(.forecastUnreachable, "\(error.code)", error.message))
    case .kmaResult:
      let code = error.kmaResultCode
      let name = code?.name.map { " \($0)" } ?? ""
      self.init(
        .data,
        Text(.kmaResultCode, code?.rawValue ?? "?", name, error.message, Keys.hint(for: error)))
    default:
      self.init(.data, Text(.forecastFailed, "\(error.code)", error.message, Keys.hint(for: error)))
    }
  }

  /// The error for a journal failure.
  init(_ error: JournalError) {
    self.init(.data, Text(.journalFailed, error.code.rawValue, error.description))
  }

  /// The error for a settings failure.
  init(_ error: SettingsError) {
    self.init(.data, Text(.settingsFailed, error.code.rawValue, error.message))
  }
}
