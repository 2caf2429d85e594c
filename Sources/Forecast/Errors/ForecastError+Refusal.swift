extension ForecastError {
  /// Why a service refused the key, whichever of KMA's gateways or AirKorea's said so.
  ///
  /// The data portal says it with a result code (`30`, `20`, `22` …), KMA's API Hub with an HTTP
  /// status (401, 403); both are the same refusal here. Asking again will not help until
  /// something changes, so ``ForecastService`` never hides one behind a kept forecast:
  ///
  /// ```swift
  /// do {
  ///   _ = try await service.outlook(for: town)
  /// } catch ForecastError.Refusal.notApproved {
  ///   // Apply for the service with this key.
  /// }
  /// ```
  public struct Refusal: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The refusal's stable identifier, such as `"key-not-registered"`.
    public let rawValue: String

    /// Creates a refusal from its stable identifier.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// The key is not known: the data portal's `30` (often a key encoded twice, or new and not
    /// yet working), API Hub's 401.
    public static let keyNotRegistered = Refusal(rawValue: "key-not-registered")
    /// The key has not been approved for this service: the portal's `20`, API Hub's 403.
    public static let notApproved = Refusal(rawValue: "not-approved")
    /// The key's daily quota is used up: the portal's `22`, API Hub's 403 for its call limit.
    public static let quotaExceeded = Refusal(rawValue: "quota-exceeded")
    /// The key is suspended for now: the portal's `21`.
    public static let keySuspended = Refusal(rawValue: "key-suspended")
    /// The key's period of use has ended: the portal's `31`.
    public static let keyExpired = Refusal(rawValue: "key-expired")
    /// The caller's IP address is not registered for the key: the portal's `32`.
    public static let addressNotRegistered = Refusal(rawValue: "address-not-registered")

    /// Matches an error against a refusal, so that `catch ForecastError.Refusal.quotaExceeded`
    /// works.
    ///
    /// - Parameters:
    ///   - refusal: The refusal to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``ForecastError`` with that refusal.
    public static func ~= (refusal: Refusal, error: any Error) -> Bool {
      (error as? ForecastError)?.refusal == refusal
    }
  }

  /// Why the service refused the key, when it did.
  public var refusal: Refusal? {
    switch kmaResultCode {
    case KMAResultCode.serviceKeyNotRegistered?: .keyNotRegistered
    case KMAResultCode.accessDenied?: .notApproved
    case KMAResultCode.requestLimitExceeded?: .quotaExceeded
    case KMAResultCode.serviceKeyTemporarilyDisabled?: .keySuspended
    case KMAResultCode.deadlineExpired?: .keyExpired
    case KMAResultCode.unregisteredIPAddress?: .addressNotRegistered
    default: nil
    }
  }
}
