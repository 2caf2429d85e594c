import Foundation
import HaruModels

/// The options every command accepts, before the command or anywhere after it.
struct GlobalOptions: Sendable {
  /// `--data-dir DIR`.
  var dataDirectory: String?
  /// `--json`: one JSON document on standard output.
  var json = false
  /// `--lang ko|en`.
  var language: DisplayLanguage?
  /// `-h`, `--help`.
  var help = false

  /// Takes the global options out of the arguments, wherever they are, and returns the rest in
  /// order. Everything after `--` is left as it is.
  static func extract(from arguments: [String]) throws(CLIError) -> (GlobalOptions, [String]) {
    var options = GlobalOptions()
    var rest: [String] = []
    var index = 0
    func value(of option: String, inline: String?) throws(CLIError) -> String {
      if let inline { return inline }
      guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
        throw .usage(Text(.optionNeedsValue, option), Help.globalUsage)
      }
      index += 1
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        rest.append(contentsOf: arguments[index...])
        break
      }
      let (name, inline) = splitInline(argument)
      switch name {
      case "--json":
        guard inline == nil else {
          throw .usage(Text(.optionTakesNoValue, "--json"), Help.globalUsage)
        }
        options.json = true
      case "-h", "--help":
        options.help = true
      case "--data-dir":
        let path = try value(of: name, inline: inline)
        guard !path.isEmpty else {
          throw .usage(Text(.dataDirNeedsFolder), Help.globalUsage)
        }
        options.dataDirectory = path
      case "--lang":
        let code = try value(of: name, inline: inline)
        guard let language = DisplayLanguage(rawValue: code.lowercased()) else {
          throw .usage(Text(.langIsKoOrEn, String(code.prefix(10))), Help.globalUsage)
        }
        options.language = language
      default:
        rest.append(argument)
      }
      index += 1
    }
    return (options, rest)
  }

  /// The language `--lang` asks for, read leniently before the options are checked, so that an
  /// error in them is told in that language; `nil` when none is asked for or it is no language.
  static func language(in arguments: [String]) -> DisplayLanguage? {
    var found: DisplayLanguage?
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { break }
      let (name, inline) = splitInline(argument)
      guard name == "--lang" else { continue }
      let value = inline ?? (index + 1 < arguments.count ? arguments[index + 1] : "")
      found = DisplayLanguage(rawValue: value.lowercased()) ?? found
    }
    return found
  }

  /// `--name=value` as its two parts; any other argument as itself and no value.
  static func splitInline(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}

/// A command's own options and its positional arguments, checked against what it accepts.
struct ParsedOptions: Sendable {
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Reads the arguments after the command's name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, global options already taken out.
  ///   - valued: The options that take a value, such as `--brand`.
  ///   - flags: The options that take none, such as `--favorite`.
  ///   - usage: The command's usage line, for errors.
  /// - Throws: A usage error for an unknown option, a missing value or a repeated option.
  init(
    _ arguments: [String], valued: Set<String> = [], flags: Set<String> = [], usage: String
  ) throws(CLIError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let (name, inline) = GlobalOptions.splitInline(argument)
      if flags.contains(name) {
        guard inline == nil else { throw .usage(Text(.optionTakesNoValue, name), usage) }
        guard !self.flags.contains(name) else {
          throw .usage(Text(.optionRepeated, name), usage)
        }
        self.flags.insert(name)
      } else if valued.contains(name) {
        guard values[name] == nil else { throw .usage(Text(.optionRepeated, name), usage) }
        if let inline {
          values[name] = inline
        } else {
          guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw .usage(Text(.optionNeedsValue, name), usage)
          }
          values[name] = arguments[index]
          index += 1
        }
      } else {
        // The option's name only: a mistyped option may be followed by a secret.
        throw .usage(Text(.unknownOption, String(name.prefix(40))), usage)
      }
    }
  }

  /// The value of an option, if it was given.
  func value(_ name: String) -> String? { values[name] }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// Whether an option of either kind was given.
  func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

  /// Checks the number of positional arguments.
  func expectPositionals(
    _ count: ClosedRange<Int>, _ what: Message = .missingArgument, usage: String
  ) throws(CLIError) {
    if positionals.count < count.lowerBound {
      throw .usage(Text(what), usage)
    }
    if positionals.count > count.upperBound {
      throw .usage(Text(.tooManyArguments), usage)
    }
  }

  /// An option's value as a number, or a usage error naming the option.
  func double(_ name: String, usage: String) throws(CLIError) -> Double? {
    // Values copied from a table often carry a space or a tab at either end.
    guard let text = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines) else {
      return nil
    }
    guard let number = Double(text), number.isFinite else {
      throw .usage(Text(.needsNumber, name, String(text.prefix(20))), usage)
    }
    return number
  }

  /// An option's value as a whole number, or a usage error naming the option.
  func integer(_ name: String, usage: String) throws(CLIError) -> Int? {
    guard let text = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines) else {
      return nil
    }
    guard let number = Int(text) else {
      throw .usage(Text(.needsWholeNumber, name, String(text.prefix(20))), usage)
    }
    return number
  }
}
