/// What Haru reads from a KMA JSON body.
struct KMAEnvelope {
  /// `response.header.resultCode`.
  var resultCode: String?
  /// `response.header.resultMsg`.
  var resultMessage: String?
  /// `OpenAPI_ServiceResponse.cmmMsgHeader.returnReasonCode`: the gateway's envelope, sent as JSON.
  var gatewayReasonCode: String?
  /// `OpenAPI_ServiceResponse.cmmMsgHeader.returnAuthMsg`.
  var gatewayMessage: String?
  /// `response.body.items.item`.
  var items: [KMAItem] = []
  /// `response.body.totalCount`.
  var totalCount: Int64?
  /// `response.body.pageNo`.
  var pageNumber: Int64?
  /// `response.body.numOfRows`.
  var rowsPerPage: Int64?
}

/// One item of a KMA answer. Dates are `yyyymmdd` and times `hhmm` as numbers; -1 when absent or
/// unreadable.
///
/// The numbers are `Int64` on every platform: the scanner reads up to 12 digits (a date and time
/// such as `202611300600`), more than a 32-bit `Int` holds on Apple Watch.
struct KMAItem {
  var category: KMACategory = .unknown
  var baseDate: Int64 = -1
  var baseTime: Int64 = -1
  var forecastDate: Int64 = -1
  var forecastTime: Int64 = -1
  /// `fcstValue`, or `obsrValue` for the nowcast; always text, as the service sends it.
  var value: String?
  /// The grid cell; `nil` when absent, unreadable or past any cell (so past an `Int`).
  var nx: Int?
  var ny: Int?
}
