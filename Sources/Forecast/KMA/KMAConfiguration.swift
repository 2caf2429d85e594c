public import Foundation

/// Where and how a ``KMAClient`` asks the KMA short-term forecast service.
///
/// Two hosts serve the same operations: the public data portal (``dataGoKr``, key parameter
/// `serviceKey`) and KMA's own API Hub (``apiHub``, key parameter `authKey`). Start from one of them
/// and change what you need:
///
/// ```swift
/// var configuration = KMAConfiguration.dataGoKr
/// configuration.timeout = .seconds(15)
/// configuration.publicationDelays[.nowcast] = .seconds(40 * 60)  // the older HH:40 schedule
/// let client = KMAClient(serviceKey: key, configuration: configuration)
/// ```
public struct KMAConfiguration: Hashable, Sendable {
  /// Everything before the operation name, such as
  /// `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0`.
  public var baseURL: URL
  /// The name of the query parameter that carries the key: `serviceKey` or `authKey`.
  public var keyParameterName: String
  /// How many items to ask for in one page. A whole `getVilageFcst` run has up to about 1,100;
  /// when a run has more than one page holds, the client asks for the following pages too.
  public var rowsPerPage: Int
  /// The most pages the client asks for one run, a guard against a service that keeps
  /// announcing more.
  public var maximumPages: Int
  /// How long to wait for each answer.
  public var timeout: Duration
  /// How long after its base time each operation's run is published. Operations not listed
  /// use ten minutes.
  ///
  /// The nowcast of HH:00 is out at HH:10 (older guides: HH:40), the ultra-short forecast of
  /// HH:30 at HH:45, and the short-term forecast of HH:00 at HH:10.
  public var publicationDelays: [KMAOperation: Duration]
  /// Everything before the mid-term operation name (`getMidLandFcst`, `getMidTa`); `nil` asks
  /// at the sibling of ``baseURL``, its last path component replaced by `MidFcstInfoService`
  /// (`https://apis.data.go.kr/1360000/MidFcstInfoService`).
  public var midTermBaseURL: URL?
  /// How long after 06:00 and 18:00 the mid-term forecast is asked for. No source measured the
  /// lag; ten minutes, with one step back to the previous issuance when the newest answers
  /// "no data".
  public var midTermPublicationDelay: Duration

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - baseURL: Everything before the operation name.
  ///   - keyParameterName: The name of the query parameter that carries the key.
  ///   - rowsPerPage: How many items to ask for in one page; 1,500 unless given.
  ///   - maximumPages: The most pages to ask for one run; 10 unless given.
  ///   - timeout: How long to wait for each answer; 30 seconds unless given, because the
  ///     service takes up to 15 seconds on a bad day and its gateway sends some errors (an
  ///     unregistered key among them) only after about 15 seconds.
  ///   - publicationDelays: How long after its base time each operation's run is published.
  ///   - midTermBaseURL: Everything before the mid-term operation name; `nil` for the sibling
  ///     of `baseURL`.
  ///   - midTermPublicationDelay: How long after its issuance the mid-term forecast is asked
  ///     for; ten minutes unless given.
  public init(
    baseURL: URL,
    keyParameterName: String = "serviceKey",
    rowsPerPage: Int = 1500,
    maximumPages: Int = 10,
    timeout: Duration = .seconds(30),
    publicationDelays: [KMAOperation: Duration] = KMAConfiguration.standardPublicationDelays,
    midTermBaseURL: URL? = nil,
    midTermPublicationDelay: Duration = .seconds(10 * 60)
  ) {
    self.midTermBaseURL = midTermBaseURL
    self.midTermPublicationDelay = midTermPublicationDelay
    self.baseURL = baseURL
    self.keyParameterName = keyParameterName
    self.rowsPerPage = rowsPerPage
    self.maximumPages = maximumPages
    self.timeout = timeout
    self.publicationDelays = publicationDelays
  }

  /// The delays KMA documents today: nowcast 10 minutes, ultra-short forecast 15 minutes (HH:30
  /// published at HH:45), short-term forecast 10 minutes.
  public static let standardPublicationDelays: [KMAOperation: Duration] = [
    .nowcast: .seconds(10 * 60),
    .ultraShortForecast: .seconds(15 * 60),
    .shortTermForecast: .seconds(10 * 60),
  ]

  /// The public data portal, `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0`, with
  /// the key in `serviceKey`.
  public static let dataGoKr = KMAConfiguration(
    baseURL: constantURL("https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0"))

  /// KMA's API Hub, `https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0`,
  /// with the key in `authKey`.
  public static let apiHub = KMAConfiguration(
    baseURL: constantURL("https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0"),
    keyParameterName: "authKey")

  /// The configuration for a base URL: the API Hub's settings (its `authKey` parameter) when
  /// the URL is on `apihub.kma.go.kr`, the public data portal's otherwise, with `baseURL` set.
  ///
  /// - Parameter baseURL: Everything before the operation name.
  /// - Returns: The configuration.
  public static func standard(for baseURL: URL) -> KMAConfiguration {
    var configuration =
      baseURL.host()?.lowercased() == "apihub.kma.go.kr" ? KMAConfiguration.apiHub : .dataGoKr
    configuration.baseURL = baseURL
    return configuration
  }

  /// Where the mid-term operations are asked: ``midTermBaseURL``, or the sibling of
  /// ``baseURL``.
  var resolvedMidTermBaseURL: URL {
    midTermBaseURL ?? sibling(named: "MidFcstInfoService")
  }

  /// Where the UV index (`getUVIdxV5`) is asked: the sibling of ``baseURL`` named
  /// `LivingWthrIdxServiceV5`, on the data portal
  /// (`https://apis.data.go.kr/1360000/LivingWthrIdxServiceV5`) as on API Hub
  /// (`https://apihub.kma.go.kr/api/typ02/openApi/LivingWthrIdxServiceV5`).
  var resolvedLivingIndexBaseURL: URL {
    sibling(named: "LivingWthrIdxServiceV5")
  }

  /// Where the pollen risk (`getOakPollenRiskIdxV3`, …) is asked: the sibling of ``baseURL``
  /// named `HealthWthrIdxServiceV3`.
  var resolvedHealthIndexBaseURL: URL {
    sibling(named: "HealthWthrIdxServiceV3")
  }

  /// ``baseURL`` with its last path component replaced by a service's name.
  private func sibling(named service: String) -> URL {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      return baseURL
    }
    var segments = components.percentEncodedPath.split(separator: "/").map(String.init)
    if !segments.isEmpty { segments.removeLast() }
    components.percentEncodedPath = "/" + (segments + [service]).joined(separator: "/")
    return components.url ?? baseURL
  }

  /// The publication delay of an operation.
  func publicationDelay(of operation: KMAOperation) -> Duration {
    publicationDelays[operation] ?? .seconds(10 * 60)
  }
}

/// A URL from constant text known to be valid. Were it not, the result would be a file URL, which
/// every request refuses with ``ForecastError/Code/invalidRequest`` rather than crashing.
private func constantURL(_ text: String) -> URL {
  URL(string: text) ?? URL(filePath: "/")
}
