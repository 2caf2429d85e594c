public import Foundation
public import HaruModels

/// Open-Meteo's forecast API as a ``ForecastProvider``: no key, yesterday included.
///
/// One request per outlook asks for hourly and daily values in Korea Standard Time with
/// `past_days=1`, so yesterday comes with the answer. For a place in Korea it asks for KMA's own
/// models (``Models/kmaInKorea``, unless told otherwise), with Open-Meteo's best match filling
/// what they do not forecast. WMO weather codes become ``/HaruModels/Sky`` and
/// ``/HaruModels/PrecipitationType`` values; temperatures, chances, rain (mm) and snow (cm) become the Models
/// types. A town is asked for at its coordinate, or at its grid cell's centre when it has none.
///
/// ```swift
/// let service = ForecastService(provider: OpenMeteoProvider())
/// ```
///
/// Show ``attribution`` ("Weather data by Open-Meteo.com", CC BY 4.0) with the data. An answer of
/// HTTP 400 fails with ``ForecastError/Code/rejected`` and HTTP 429 with
/// ``ForecastError/Code/rateLimited``, both carrying Open-Meteo's reason in the message.
public struct OpenMeteoProvider: ForecastProvider {
  /// `"open-meteo"`.
  public let identifier = "open-meteo"

  /// The forecast endpoint, `https://api.open-meteo.com/v1/forecast` unless given.
  public let endpoint: URL
  /// How many days ahead to ask for, today included (1…16).
  public let forecastDays: Int
  /// The longest a request may take.
  public let timeout: Duration
  /// Which weather models are asked for.
  public let models: Models

  /// Which of Open-Meteo's weather models a provider asks for.
  public enum Models: Sendable, Hashable {
    /// KMA's own models (`kma_seamless`: the 1.5 km LDPS over the Korean peninsula within the
    /// 12 km GDPS), each value they lack taken from Open-Meteo's best match — among them the
    /// chance of precipitation, which KMA's models do not forecast. Every ``/HaruModels/Town``
    /// lies in KMA's forecast grid, so every town is asked for this way.
    case kmaInKorea
    /// Open-Meteo's best match (`best_match`) everywhere.
    case bestMatch
  }

  private let transport: any HTTPTransport

  /// The public endpoint, `https://api.open-meteo.com/v1/forecast`.
  public static let publicEndpoint =
    URL(string: "https://api.open-meteo.com/v1/forecast") ?? URL(fileURLWithPath: "/")

  /// Creates the provider.
  ///
  /// - Parameters:
  ///   - endpoint: The forecast endpoint; the public one unless given (a self-hosted or
  ///     commercial host serves the same API).
  ///   - forecastDays: How many days ahead to ask for, today included; clamped to 1…16.
  ///   - timeout: The longest a request may take; 10 seconds unless given.
  ///   - models: Which weather models are asked for; KMA's in Korea unless given.
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  public init(
    endpoint: URL = OpenMeteoProvider.publicEndpoint,
    forecastDays: Int = 4,
    timeout: Duration = .seconds(10),
    models: Models = .kmaInKorea,
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.endpoint = endpoint
    self.forecastDays = min(max(forecastDays, 1), 16)
    self.timeout = timeout
    self.models = models
    self.transport = transport
  }

  /// "Weather data by Open-Meteo.com", licensed CC BY 4.0.
  public var attribution: ForecastAttribution { .openMeteo }

  /// The hour of an instant: Open-Meteo updates its models through the day and serves them at
  /// once, so an answer is kept for the hour it was asked in.
  ///
  /// - Parameter date: The instant.
  /// - Returns: The run, published at the start of the hour.
  public func run(at date: Date) -> ForecastRun {
    ForecastRun(
      publishedAt: Date(
        timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600))
  }

  /// Asks Open-Meteo for yesterday, today and the days after, and the conditions now.
  ///
  /// - Parameters:
  ///   - town: The town.
  ///   - date: The instant asked about; it sets the answer's `issuedAt` to the start of its hour.
  /// - Returns: The answer.
  /// - Throws: ``ForecastError``: ``ForecastError/Code/rejected`` (HTTP 400) and
  ///   ``ForecastError/Code/rateLimited`` (HTTP 429) with Open-Meteo's reason,
  ///   ``ForecastError/Code/httpStatus`` for other statuses, ``ForecastError/Code/decoding`` for
  ///   a body that is not the expected JSON, and the transport's errors.
  public func forecast(for town: Town, at date: Date) async throws(ForecastError)
    -> ProviderForecast
  {
    let response = try await transport.send(request(for: town))
    let answer = try OpenMeteoAnswer.read(response)
    return try answer.forecast(issuedAt: run(at: date).publishedAt)
  }

  /// The request for a town.
  ///
  /// - Parameter town: The town.
  /// - Returns: The request.
  /// - Throws: ``ForecastError/Code/invalidRequest`` when the endpoint cannot carry a query.
  func request(for town: Town) throws(ForecastError) -> HTTPRequest {
    let place = town.coordinate ?? town.gridPoint.center
    guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
      throw ForecastError(
        .invalidRequest, message: "\(endpoint) is not a URL a query can be added to.")
    }
    let hourly = [
      "temperature_2m", "relative_humidity_2m", "precipitation_probability", "precipitation",
      "snowfall", "weather_code", "wind_speed_10m", "wind_direction_10m",
    ]
    let current = [
      "temperature_2m", "relative_humidity_2m", "precipitation", "snowfall", "weather_code",
      "wind_speed_10m", "wind_direction_10m",
    ]
    components.queryItems =
      (components.queryItems ?? []) + [
        URLQueryItem(name: "latitude", value: String(format: "%.4f", place.latitude)),
        URLQueryItem(name: "longitude", value: String(format: "%.4f", place.longitude)),
        URLQueryItem(name: "hourly", value: hourly.joined(separator: ",")),
        URLQueryItem(name: "daily", value: "temperature_2m_max,temperature_2m_min"),
        URLQueryItem(name: "current", value: current.joined(separator: ",")),
        URLQueryItem(name: "timezone", value: "Asia/Seoul"),
        URLQueryItem(name: "past_days", value: "1"),
        URLQueryItem(name: "forecast_days", value: String(forecastDays)),
        // Metric always, whatever the endpoint's defaults; the answer's units are read anyway.
        URLQueryItem(name: "temperature_unit", value: "celsius"),
        URLQueryItem(name: "wind_speed_unit", value: "ms"),
        URLQueryItem(name: "precipitation_unit", value: "mm"),
      ] + modelItems
    guard let url = components.url else {
      throw ForecastError(
        .invalidRequest, message: "\(endpoint) is not a URL a query can be added to.")
    }
    return HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout)
  }

  /// The `models` parameter: none for the best match; for KMA's models in Korea, two models,
  /// whose columns the answer names `<variable>_kma_seamless` and `<variable>_best_match` and
  /// ``OpenMeteoAnswer`` merges.
  private var modelItems: [URLQueryItem] {
    guard models == .kmaInKorea else { return [] }
    return [
      URLQueryItem(
        name: "models",
        value: "\(OpenMeteoAnswer.kmaModel),\(OpenMeteoAnswer.bestMatchModel)")
    ]
  }
}

extension ForecastAttribution {
  /// The credit Open-Meteo's data carries: "Weather data by Open-Meteo.com", CC BY 4.0.
  public static let openMeteo = ForecastAttribution(
    text: "Weather data by Open-Meteo.com",
    link: URL(string: "https://open-meteo.com/") ?? URL(fileURLWithPath: "/"),
    license: "CC BY 4.0")
}
