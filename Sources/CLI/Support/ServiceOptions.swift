import Foundation

/// What the commands that ask a web service read from their options alike.
enum ServiceOptions {
  /// An `http(s)` URL with a host, given to an option.
  static func webURL(_ text: String, option: String, usage: String) throws(CLIError) -> URL {
    guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw .usage(Text(.needsWebURL, option), usage)
    }
    return url
  }

  /// Where a service is: the URL given to its option; else, when the KMA forecast's base URL was
  /// given (a proxy or a test server), that URL with its path made into the service's; else the
  /// service's own.
  static func baseURL(
    _ options: ParsedOptions, option: String, usage: String, standard: URL, kmaBaseURL: URL?,
    path: (String) -> String
  ) throws(CLIError) -> URL {
    if let text = options.value(option) { return try webURL(text, option: option, usage: usage) }
    guard let kmaBaseURL,
      var components = URLComponents(url: kmaBaseURL, resolvingAgainstBaseURL: false)
    else { return standard }
    components.percentEncodedPath = path(components.percentEncodedPath)
    components.percentEncodedQuery = nil
    return components.url ?? standard
  }

  /// Which gateway KMA's services are asked through: the public data portal (`serviceKey`), or
  /// KMA's API Hub (`authKey`, its own keys).
  enum Gateway: String {
    case portal
    case apihub
  }

  /// `--gateway portal|apihub`; the portal unless given.
  static func gateway(_ options: ParsedOptions, usage: String) throws(CLIError) -> Gateway {
    guard let text = options.value("--gateway") else { return .portal }
    guard let gateway = Gateway(rawValue: text) else {
      throw .usage(Text(.gatewayUnknown, String(text.prefix(20))), usage)
    }
    return gateway
  }

  /// The KMA key: `--service-key`, else the gateway's variable (`HARU_KMA_SERVICE_KEY` for the
  /// portal, `HARU_KMA_AUTH_KEY` for API Hub); `nil` when none is given or it is empty.
  static func kmaKey(_ options: ParsedOptions, _ context: Context, gateway: Gateway) -> String? {
    let variable = gateway == .apihub ? "HARU_KMA_AUTH_KEY" : "HARU_KMA_SERVICE_KEY"
    return [options.value("--service-key"), context.environment[variable]].compactMap { $0 }
      .first { !$0.isEmpty }
  }

  /// The wall clock, or the instant it stands still at (`--now`).
  static func clock(fixedAt now: Date?) -> @Sendable () -> Date {
    if let now { return { now } }
    return { Date() }
  }
}
