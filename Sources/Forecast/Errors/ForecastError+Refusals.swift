extension ForecastError.Code {
  /// The provider refused the request as invalid (Open-Meteo's HTTP 400); the error's message
  /// gives the provider's reason. Asking again the same way will not help.
  public static let rejected = ForecastError.Code(rawValue: "rejected")

  /// The provider refuses requests for now because too many were made (HTTP 429); the error's
  /// message gives the provider's reason. Wait until the limit resets.
  public static let rateLimited = ForecastError.Code(rawValue: "rate-limited")
}
