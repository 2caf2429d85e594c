// swift-format-ignore-file: the real bodies are kept exactly as received, line breaks included.
import Foundation
public import HaruModels

/// Answers of KMA's living and health weather index services — the UV index
/// (`LivingWthrIdxServiceV5/getUVIdxV5`) and the pollen risk (`HealthWthrIdxServiceV3`) — and
/// of KMA's API Hub when it refuses a key, for tests and for a local test server.
///
/// The real bodies are kept byte for byte; where each is from is in the repository's
/// `Tests/ForecastTests/Fixtures/kma-living/PROVENANCE.md`. 출처: 기상청 (Korea Meteorological
/// Administration), 공공누리 제1유형. The made bodies are shaped exactly like the real ones
/// (every value a string, the slots KMA leaves empty `""`) with plausible values that are the same
/// on every call.
///
/// A test server routes by the operation, the last path component, and answers for the request's
/// `areaNo` and `time` (``answer(operation:areaCode:time:)``):
///
/// ```swift
/// let transport = StubTransport { request in
///   let area = request.queryValue(named: "areaNo") ?? ""
///   let time = request.queryValue(named: "time") ?? ""
///   let body = KMALivingFixtures.answer(
///     operation: request.url.lastPathComponent, areaCode: area, time: time)
///   return .json(body ?? KMALivingFixtures.noData)
/// }
/// ```
public enum KMALivingFixtures {
  /// The made answer of an operation of either index service, for a test server: the UV index
  /// (``uvIndex(areaCode:time:)``) or a kind's pollen risk (``pollen(_:areaCode:time:)``, the
  /// weeds by the operation's real, misspelled name).
  ///
  /// - Parameters:
  ///   - operation: The operation, the request's last path component, such as `"getUVIdxV5"`.
  ///   - areaCode: The request's `areaNo`.
  ///   - time: The request's `time`.
  /// - Returns: The body; `nil` for an operation of neither service.
  public static func answer(operation: String, areaCode: String, time: String) -> String? {
    switch operation {
    case "getUVIdxV5": uvIndex(areaCode: areaCode, time: time)
    case "getOakPollenRiskIdxV3": pollen(.oak, areaCode: areaCode, time: time)
    case "getPinePollenRiskIdxV3": pollen(.pine, areaCode: areaCode, time: time)
    case "getWeedsPollenRiskndxV3": pollen(.weeds, areaCode: areaCode, time: time)
    default: nil
    }
  }

  // MARK: - Real bodies

  /// `getUVIdxV5` for every area, issued 2026-09-26 12:00, cut to its first three rows (서울특별시
  /// 1100000000, 종로구 1111000000, 청운효자동 1111051500): `h0` 4 (noon), the next day's
  /// highest 7 (6 for the third area) at `h24`, and `h60`–`h75` empty. There is no `h78`.
  public static let uv2026092612 = #"""
    {
      "response": {
        "header": {
          "resultCode": "00",
          "resultMsg": "NORMAL_SERVICE"
        },
        "body": {
          "dataType": "JSON",
          "items": {
            "item": [
              {
                "code": "A07_2",
                "areaNo": "1100000000",
                "date": "2026092612",
                "h0": "4",
                "h3": "3",
                "h6": "0",
                "h9": "0",
                "h12": "0",
                "h15": "0",
                "h18": "1",
                "h21": "5",
                "h24": "7",
                "h27": "3",
                "h30": "0",
                "h33": "0",
                "h36": "0",
                "h39": "0",
                "h42": "1",
                "h45": "5",
                "h48": "6",
                "h51": "3",
                "h54": "0",
                "h57": "0",
                "h60": "",
                "h63": "",
                "h66": "",
                "h69": "",
                "h72": "",
                "h75": ""
              },
              {
                "code": "A07_2",
                "areaNo": "1111000000",
                "date": "2026092612",
                "h0": "4",
                "h3": "3",
                "h6": "0",
                "h9": "0",
                "h12": "0",
                "h15": "0",
                "h18": "1",
                "h21": "5",
                "h24": "7",
                "h27": "3",
                "h30": "0",
                "h33": "0",
                "h36": "0",
                "h39": "0",
                "h42": "1",
                "h45": "5",
                "h48": "6",
                "h51": "3",
                "h54": "0",
                "h57": "0",
                "h60": "",
                "h63": "",
                "h66": "",
                "h69": "",
                "h72": "",
                "h75": ""
              },
              {
                "code": "A07_2",
                "areaNo": "1111051500",
                "date": "2026092612",
                "h0": "4",
                "h3": "3",
                "h6": "0",
                "h9": "0",
                "h12": "0",
                "h15": "0",
                "h18": "1",
                "h21": "5",
                "h24": "6",
                "h27": "3",
                "h30": "0",
                "h33": "0",
                "h36": "0",
                "h39": "0",
                "h42": "1",
                "h45": "5",
                "h48": "6",
                "h51": "3",
                "h54": "0",
                "h57": "0",
                "h60": "",
                "h63": "",
                "h66": "",
                "h69": "",
                "h72": "",
                "h75": ""
              }
            ]
          },
          "pageNo": 1,
          "numOfRows": 3,
          "totalCount": 3851
        }
      }
    }

    """#

  /// `getWeedsPollenRiskndxV3` for 강남구 (1168000000), bulletin 2026-08-02 06:00: `today`,
  /// `tomorrow` and `dayaftertomorrow` 0, `twodaysaftertomorrow` empty. Real (a live call of
  /// 2026-08-02).
  public static let weeds2026080206 = #"""
    {
      "response": {
        "header": {
          "resultCode": "00",
          "resultMsg": "NORMAL_SERVICE"
        },
        "body": {
          "dataType": "JSON",
          "items": {
            "item": [
              {
                "code": "D08",
                "areaNo": "1168000000",
                "date": "2026080206",
                "today": "0",
                "tomorrow": "0",
                "dayaftertomorrow": "0",
                "twodaysaftertomorrow": ""
              }
            ]
          },
          "pageNo": 1,
          "numOfRows": 10,
          "totalCount": 1
        }
      }
    }
    """#

  /// The weeds risk for every area, bulletin 2026-09-30 18:00, cut to its first three rows: only
  /// `today` (empty) and `tomorrow` (0), the later days absent.
  public static let weeds2026093018 = #"""
    {
      "response": {
        "header": {
          "resultCode": "00",
          "resultMsg": "NORMAL_SERVICE"
        },
        "body": {
          "dataType": "JSON",
          "items": {
            "item": [
              {
                "code": "D08",
                "areaNo": "1100000000",
                "date": "2026093018",
                "today": "",
                "tomorrow": "0"
              },
              {
                "code": "D08",
                "areaNo": "1111000000",
                "date": "2026093018",
                "today": "",
                "tomorrow": "0"
              },
              {
                "code": "D08",
                "areaNo": "1111051500",
                "date": "2026093018",
                "today": "",
                "tomorrow": "0"
              }
            ]
          },
          "pageNo": 1,
          "numOfRows": 3,
          "totalCount": 3851
        }
      }
    }

    """#

  /// The header-only `99` that oak or pine answer outside their season, real (2026-07-28):
  /// "해당지수자료 제공기간이 아닙니다! [자료제공기간 3월 ~ 6월]".
  public static let outOfSeason20260728 = #"""
    { "response": { "header": { "resultCode": "99", "resultMsg": "해당지수자료 제공기간이 아닙니다! [자료제공기간 3월 ~ 6월]" } } }

    """#

  /// KMA API Hub's refusal of a key it does not know, sent with HTTP status 401, real
  /// (2025-12-15): `{"result":{"status":401,"message":"유효한 인증키가 아닙니다."}}`.
  public static let apiHubInvalidKey = #"""
    {
      "result": {
        "status": 401,
        "message": "유효한 인증키가 아닙니다."
      }
    }

    """#

  // MARK: - Made bodies

  /// `03 NO_DATA`: the issuance is not published yet.
  public static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#

  /// A header-only `99` with a message other than the out-of-season one, as reported for a wrong
  /// `areaNo`. The message is made up; the shape is the real out-of-season answer's.
  public static let unknownError =
    #"{"response":{"header":{"resultCode":"99","resultMsg":"UNKNOWN_ERROR"}}}"#

  /// API Hub's refusal of a key that has not applied for the API, to be sent with HTTP status
  /// 403. The message is the one reported; the shape is the real 401's.
  public static let apiHubNotApplied =
    #"{"result":{"status":403,"message":"활용신청이 필요한 API 입니다"}}"#

  /// API Hub's refusal of a key whose call limit is used up, to be sent with HTTP status 403.
  public static let apiHubQuotaExceeded =
    #"{"result":{"status":403,"message":"API 호출 한도를 초과했습니다."}}"#

  /// The header-only `99` a kind answers outside its season, with its own period: the real text
  /// for oak and pine ("[자료제공기간 3월 ~ 6월]"), the same words with "8월 ~ 10월" for weeds.
  ///
  /// - Parameter kind: The kind asked for.
  /// - Returns: The body.
  public static func outOfSeason(_ kind: PollenKind) -> String {
    let months = kind.months
    return
      #"{ "response": { "header": { "resultCode": "99", "resultMsg": "해당지수자료 제공기간이 아닙니다! [자료제공기간 "#
      + "\(months.lowerBound)월 ~ \(months.upperBound)월]\" } } }"
  }

  /// A `getUVIdxV5` answer for one area and issuance, shaped like the real one: `code` `A07_2`,
  /// `h0`…`h57` published and `h60`–`h75` empty, no `h78`.
  ///
  /// Each slot's value follows the Korean hour it stands for: 0 at night (18–03 h), 1 at 06 h, 4
  /// at 09 h, 7 at noon, 3 at 15 h.
  ///
  /// - Parameters:
  ///   - areaCode: The area, written as `areaNo`.
  ///   - time: The issuance as the request's `time`, `"2026092612"`, written as `date`; its last
  ///     two digits are the issuance hour.
  /// - Returns: The body.
  public static func uvIndex(areaCode: String, time: String) -> String {
    let hour = issuanceHour(time)
    var fields = [
      #""code":"A07_2""#, #""areaNo":"\#(escaped(areaCode))""#, #""date":"\#(escaped(time))""#,
    ]
    for slot in 0..<26 {
      let value = slot < 20 ? String(uvValue(atHour: (hour + slot * 3) % 24)) : ""
      fields.append(#""h\#(slot * 3)":"\#(value)""#)
    }
    return envelope(item: fields)
  }

  /// A pollen answer for one kind, area and bulletin, shaped like the real ones: the 06 bulletin
  /// gives `today` to `dayaftertomorrow` (`twodaysaftertomorrow` empty), the 18 bulletin
  /// `tomorrow` to `twodaysaftertomorrow` (`today` empty).
  ///
  /// The risks rise by one a day from the bulletin's day, from 1 for oak, 2 for pine and 0 for
  /// weeds, wrapping after 3 (very high). `code` is `D08` for weeds, as sent; oak's and pine's
  /// codes are in no saved answer, and `D06` and `D07` stand in (Haru does not read them).
  ///
  /// - Parameters:
  ///   - kind: The kind of pollen.
  ///   - areaCode: The area, written as `areaNo`.
  ///   - time: The bulletin as the request's `time`, `"2026080206"`, written as `date`; an hour
  ///     before noon is the morning bulletin's shape, any other the evening's.
  /// - Returns: The body.
  public static func pollen(_ kind: PollenKind, areaCode: String, time: String) -> String {
    let morning = issuanceHour(time) < 12
    let code: String
    let first: Int
    switch kind {
    case .oak: (code, first) = ("D06", 1)
    case .pine: (code, first) = ("D07", 2)
    case .weeds: (code, first) = ("D08", 0)
    }
    var fields = [
      #""code":"\#(code)""#, #""areaNo":"\#(escaped(areaCode))""#, #""date":"\#(escaped(time))""#,
    ]
    let names = ["today", "tomorrow", "dayaftertomorrow", "twodaysaftertomorrow"]
    for (offset, name) in names.enumerated() {
      let published = morning ? offset < 3 : offset > 0
      let value = published ? String((first + offset) % 4) : ""
      fields.append(#""\#(name)":"\#(value)""#)
    }
    return envelope(item: fields)
  }

  // MARK: - Making bodies

  private static func envelope(item fields: [String]) -> String {
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"#
      + fields.joined(separator: ",")
      + #"}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  }

  private static func uvValue(atHour hour: Int) -> Int {
    switch hour {
    case 6: 1
    case 9: 4
    case 12: 7
    case 15: 3
    default: 0
    }
  }

  /// The last two digits of `YYYYMMDDHH`, 0 when they are not an hour.
  private static func issuanceHour(_ time: String) -> Int {
    guard time.utf8.count == 10, let hour = Int(time.suffix(2)), (0...23).contains(hour) else {
      return 0
    }
    return hour
  }

  /// Text made safe inside a JSON string.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
  }
}
