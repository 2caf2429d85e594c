import Foundation

/// What the commands that ask a web service read from their options alike.
enum ServiceOptions {
  /// An `http(s)` URL with a host, given to an option.
  static func webURL(_ text: String, option: String, usage: String) throws(CLIError) -> URL {
    guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw .usage("\(option) needs an http or https URL.", usage)
    }
    return url
  }

  /// The wall clock, or the instant it stands still at (`--now`).
  static func clock(fixedAt now: Date?) -> @Sendable () -> Date {
    if let now { return { now } }
    return { Date() }
  }
}
