import HaruModels

/// Why a command failed, and so the exit status and what standard error says.
struct CLIError: Error {
  /// The kind of failure, which decides the exit status.
  enum Kind: Sendable {
    /// The command line is wrong: exit status 2, with a usage line.
    case usage
    /// A provider or the data refused the request, or a file could not be read: exit status 3.
    case data
    /// The network failed: exit status 4.
    case network
    /// The person pressed Ctrl-C: exit status 130, as shells report an interrupted command.
    case interrupted
  }

  let kind: Kind
  /// What went wrong, in words of the message tables.
  let text: Text
  /// The usage line of the command that was misused.
  let usage: String?

  init(_ kind: Kind, _ text: Text, usage: String? = nil) {
    self.kind = kind
    self.text = text
    self.usage = usage
  }

  /// A usage error for a command.
  static func usage(_ text: Text, _ usage: String) -> CLIError {
    CLIError(.usage, text, usage: usage)
  }

  /// A data error.
  static func data(_ text: Text) -> CLIError {
    CLIError(.data, text)
  }

  /// The message in a language.
  func message(in language: DisplayLanguage) -> String {
    text.rendered(in: language)
  }

  var exitStatus: Int32 {
    switch kind {
    case .usage: 2
    case .data: 3
    case .network: 4
    case .interrupted: 130
    }
  }
}
