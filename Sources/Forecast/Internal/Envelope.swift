/// What a body sent by one of the services Haru asks holds, whatever its form: the data portal's
/// JSON envelope (`response.header`, `response.body`), the portal gateway's refusal
/// (`OpenAPI_ServiceResponse`, as XML or JSON), KMA API Hub's error (`result`), or a body that is
/// none of these.
///
/// It says what was sent and decides nothing: ``EnvelopeReader`` turns it into rows or a
/// ``ForecastError``, and a service whose header-only answers mean something of their own (the
/// pollen index's `99` out of season) can look before that.
struct Envelope<Row> {
  /// The form of the body, told by its first significant byte.
  var format: EnvelopeFormat
  /// `response.header.resultCode` (`<resultCode>` in XML).
  var resultCode: String?
  /// `response.header.resultMsg` (`<resultMsg>` in XML).
  var resultMessage: String?
  /// `OpenAPI_ServiceResponse.cmmMsgHeader.returnReasonCode`: the portal gateway's refusal.
  var gatewayReasonCode: String?
  /// `OpenAPI_ServiceResponse.cmmMsgHeader.returnAuthMsg`, or its `errMsg`.
  var gatewayMessage: String?
  /// `result.status`: KMA API Hub's error, an HTTP status such as 401.
  var hubStatus: Int64?
  /// `result.message`: KMA API Hub's words for the error, such as "유효한 인증키가 아닙니다.".
  var hubMessage: String?
  /// Whether `response.body` was sent: a header-only answer (`03`, the pollen index's `99`)
  /// has none.
  var hasBody = false
  /// `response.body.totalCount`.
  var totalCount: Int64?
  /// `response.body.pageNo`.
  var pageNumber: Int64?
  /// `response.body.numOfRows`.
  var rowsPerPage: Int64?
  /// `response.body.items`, each read by the row reader the envelope was read with.
  var rows: [Row] = []

  init(format: EnvelopeFormat) {
    self.format = format
  }

  /// Whether the answer is a header with no body, as `03` and the pollen index's `99` are.
  var isHeaderOnly: Bool {
    format == .json && resultCode != nil && !hasBody
  }
}

/// The form of a body, told by its first byte after a byte order mark and whitespace.
enum EnvelopeFormat: Equatable {
  /// Nothing but whitespace.
  case empty
  /// `{`: JSON.
  case json
  /// `<` with an envelope element (`returnReasonCode`, `resultCode`): the gateway's XML.
  case xml
  /// `<` with no envelope element: a web page, such as a maintenance notice.
  case page
  /// Anything else: plain text.
  case text
}

/// Why a body could not be read as the JSON it starts as, and at which byte.
struct EnvelopeFailure: Error, Equatable {
  var reason: String
  var offset: Int
}

/// Reads the rows of `response.body.items` into values of its own type.
///
/// The scanner stands inside a row's object, its `{` consumed; the reader takes its members with
/// ``EnvelopeScanner/nextKey(_:)`` and reads or skips each value, up to the closing `}`.
protocol EnvelopeRowReader {
  /// What one row becomes.
  associatedtype Row

  /// Reads the members of a row whose `{` was consumed, through its `}`.
  ///
  /// - Parameter scanner: The scanner, inside the row.
  /// - Returns: The row.
  /// - Throws: ``EnvelopeFailure`` when the row is not valid JSON.
  func row(from scanner: inout EnvelopeScanner) throws(EnvelopeFailure) -> Row
}
