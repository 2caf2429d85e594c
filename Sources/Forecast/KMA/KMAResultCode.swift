/// A result code of the KMA open API: `response.header.resultCode` in a JSON answer, or
/// `returnReasonCode` in the gateway's `OpenAPI_ServiceResponse` envelope.
///
/// Codes are normalised when made, so `"0"`, `"00"` and `"000"` are all ``normal``. Decide on
/// the code, never on the service's message, which has changed over the years. The wire's
/// vocabulary: apps see ``ForecastError/Refusal`` and ``ForecastError/isTransient`` instead.
package struct KMAResultCode: Hashable, Sendable, CustomStringConvertible {
  /// Two digits, such as `"00"` or `"30"`; or the trimmed text when it is not a number.
  package let rawValue: String

  /// Creates a code from the text the service sent, normalising numbers to two digits.
  ///
  /// - Parameter text: The code as received, such as `"03"`, `"3"` or `"000"`.
  package init(_ text: String) {
    let trimmed = text.trimmingASCIIWhitespace()
    if !trimmed.isEmpty, trimmed.utf8.count <= 4,
      trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(trimmed)
    {
      rawValue = number < 10 ? "0\(number)" : String(number)
    } else {
      rawValue = trimmed
    }
  }

  /// `00` `NORMAL_SERVICE`: the request succeeded.
  package static let normal = KMAResultCode("00")
  /// `01` `APPLICATION_ERROR`: the service failed; often a run asked for before it is published.
  package static let applicationError = KMAResultCode("01")
  /// `02` `DB_ERROR`: the service's database failed.
  package static let databaseError = KMAResultCode("02")
  /// `03` `NODATA_ERROR`: no data for the request, such as a run not yet published or no longer
  /// kept.
  package static let noData = KMAResultCode("03")
  /// `04` `HTTP_ERROR`: the service failed between its own servers.
  package static let httpError = KMAResultCode("04")
  /// `05` `SERVICETIME_OUT`: the service timed out.
  package static let serviceTimeout = KMAResultCode("05")
  /// `10` `INVALID_REQUEST_PARAMETER_ERROR`: a parameter is malformed.
  package static let invalidRequestParameter = KMAResultCode("10")
  /// `11` `NO_MANDATORY_REQUEST_PARAMETERS_ERROR`: a required parameter is missing.
  package static let missingRequiredParameter = KMAResultCode("11")
  /// `12` `NO_OPENAPI_SERVICE_ERROR`: the operation does not exist or was withdrawn.
  package static let noSuchService = KMAResultCode("12")
  /// `20` `SERVICE_ACCESS_DENIED_ERROR`: the key may not use this service.
  package static let accessDenied = KMAResultCode("20")
  /// `21` `TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR`: the key is suspended for now.
  package static let serviceKeyTemporarilyDisabled = KMAResultCode("21")
  /// `22` `LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR`: the daily quota is used up.
  package static let requestLimitExceeded = KMAResultCode("22")
  /// `30` `SERVICE_KEY_IS_NOT_REGISTERED_ERROR`: the key is unknown, often because it was encoded
  /// twice or a `+` in it was read as a space.
  package static let serviceKeyNotRegistered = KMAResultCode("30")
  /// `31` `DEADLINE_HAS_EXPIRED_ERROR`: the key's period of use has ended.
  package static let deadlineExpired = KMAResultCode("31")
  /// `32` `UNREGISTERED_IP_ERROR`: the caller's IP address is not registered for the key.
  package static let unregisteredIPAddress = KMAResultCode("32")
  /// `33` `UNSIGNED_CALL_ERROR`: the request was not signed.
  package static let unsignedCall = KMAResultCode("33")
  /// `99` `UNKNOWN_ERROR`: the service could not say what went wrong.
  package static let unknownError = KMAResultCode("99")

  /// The name the service documents for the code, such as
  /// `"SERVICE_KEY_IS_NOT_REGISTERED_ERROR"`, or `nil` for a code it does not document.
  package var name: String? {
    Self.names[rawValue]
  }

  /// Whether asking again later may succeed: application, database and HTTP errors and timeouts
  /// (01, 02, 04, 05). Key, quota and parameter errors (10–33) never heal by asking again.
  package var isTransient: Bool {
    ["01", "02", "04", "05"].contains(rawValue)
  }

  /// The code and its name, such as `"30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR"`.
  package var description: String {
    name.map { "\(rawValue) \($0)" } ?? rawValue
  }

  /// Matches an error against a result code, so that `catch KMAResultCode.noData` works.
  ///
  /// - Parameters:
  ///   - code: The code to look for.
  ///   - error: Any error.
  /// - Returns: Whether `error` is a ``ForecastError`` carrying that KMA result code.
  package static func ~= (code: KMAResultCode, error: any Error) -> Bool {
    (error as? ForecastError)?.kmaResultCode == code
  }

  private static let names: [String: String] = [
    "00": "NORMAL_SERVICE",
    "01": "APPLICATION_ERROR",
    "02": "DB_ERROR",
    "03": "NODATA_ERROR",
    "04": "HTTP_ERROR",
    "05": "SERVICETIME_OUT",
    "10": "INVALID_REQUEST_PARAMETER_ERROR",
    "11": "NO_MANDATORY_REQUEST_PARAMETERS_ERROR",
    "12": "NO_OPENAPI_SERVICE_ERROR",
    "20": "SERVICE_ACCESS_DENIED_ERROR",
    "21": "TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR",
    "22": "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR",
    "30": "SERVICE_KEY_IS_NOT_REGISTERED_ERROR",
    "31": "DEADLINE_HAS_EXPIRED_ERROR",
    "32": "UNREGISTERED_IP_ERROR",
    "33": "UNSIGNED_CALL_ERROR",
    "99": "UNKNOWN_ERROR",
  ]
}
