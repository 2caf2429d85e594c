import Foundation

extension KMARequestBuilder {
  /// The request for one issuance of an index at an area:
  /// `…/<Service>/<operation>?<key>=…&pageNo=1&numOfRows=10&dataType=JSON&areaNo=…&time=YYYYMMDDHH`,
  /// the key under the configuration's name (`serviceKey` on the data portal, `authKey` on API
  /// Hub).
  ///
  /// - Parameters:
  ///   - operation: The operation.
  ///   - areaCode: The area's 10-digit code (행정구역코드) from KMA's area table.
  ///   - issuance: The issuance asked for, sent as `time` in KST.
  /// - Returns: The request.
  /// - Throws: ``ForecastError/Code/invalidRequest`` when the area code is not 10 digits (an
  ///   empty one would ask for all 3,851 areas) or no URL can be built.
  func indexRequest(
    _ operation: KMAIndexOperation, areaCode: String, issuance: Date
  ) throws(ForecastError) -> HTTPRequest {
    try Self.checkAreaCode(areaCode)
    return try firstPageRequest(
      at: operation.baseURL(in: configuration), operation: operation.name,
      parameters: ["areaNo=\(areaCode)", "time=\(KMAIndexSchedule.text(of: issuance))"],
      named: operation == .uv ? "UV index" : "pollen")
  }

  /// Refuses an area code that is not 10 ASCII digits.
  static func checkAreaCode(_ areaCode: String) throws(ForecastError) {
    guard areaCode.utf8.count == 10, areaCode.utf8.allSatisfy({ (48...57).contains($0) }) else {
      throw ForecastError(
        .invalidRequest,
        message:
          "An area code is the 10 digits of KMA's area table (행정구역코드), such as 1100000000 "
          + "for 서울특별시.")
    }
  }
}
