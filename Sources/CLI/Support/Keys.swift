import HaruForecast

/// Where a person gets the service keys, said wherever a key is missing or refused.
enum Keys {
  /// Where keys come from and where `haru help keys` tells more.
  static let whereToGetOne = Text(.keysWhereToGet)

  /// A pointer to `haru help keys` for an error that a key caused: the service refused it (not
  /// approved for the service, not yet working, suspended, expired); nothing for any other.
  static func hint(for error: ForecastError) -> Text {
    switch error.code {
    case .httpStatus where error.httpStatus == 401 || error.httpStatus == 403:
      return Text(.keysRefusedHint)
    case .kmaResult:
      let keyResults: [KMAResultCode] = [
        .accessDenied, .serviceKeyTemporarilyDisabled, .serviceKeyNotRegistered,
        .deadlineExpired, .unregisteredIPAddress,
      ]
      guard let code = error.kmaResultCode, keyResults.contains(code) else { return Text(.empty) }
      return Text(.keysRefusedHint)
    default:
      return Text(.empty)
    }
  }
}
