// swift-format-ignore-file: the bodies are kept on one line each, exactly as received.

/// Real answers of KMA's mid-term forecast service (`MidFcstInfoService`), byte for byte, for
/// tests and benchmarks.
///
/// The 2026 bodies came back from `apis.data.go.kr` on 2026-10-04, as captured in LAF-labs/openbot
/// `server/tests/support/kma-mid-fixtures.ts` (commit 297704a19ce34899c2a3edfc9a05ba90c3534e94);
/// the 2020 bodies were quoted with their request in a public Java file whose repository could not
/// be identified (weaker provenance). 출처: 기상청 (Korea Meteorological Administration), 공공누리
/// 제1유형. All 2026 bodies are dry-week values (`맑음`, `구름많음`, `흐림`).
public enum KMAMidTermFixtures {
  /// `getMidLandFcst` 11B00000 (서울·인천·경기), issued 2026-10-04 06:00: days 4–10.
  public static let land0600 =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11B00000","rnSt4Am":10,"rnSt4Pm":10,"rnSt5Am":10,"rnSt5Pm":10,"rnSt6Am":10,"rnSt6Pm":10,"rnSt7Am":10,"rnSt7Pm":10,"rnSt8":20,"rnSt9":20,"rnSt10":20,"wf4Am":"맑음","wf4Pm":"맑음","wf5Am":"맑음","wf5Pm":"맑음","wf6Am":"맑음","wf6Pm":"맑음","wf7Am":"맑음","wf7Pm":"맑음","wf8":"구름많음","wf9":"구름많음","wf10":"구름많음"}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  /// `getMidLandFcst` 11B00000, issued 2026-10-04 18:00: days 5–10, no day-4 keys.
  public static let land1800 =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11B00000","rnSt5Am":10,"rnSt5Pm":10,"rnSt6Am":10,"rnSt6Pm":10,"rnSt7Am":10,"rnSt7Pm":10,"rnSt8":20,"rnSt9":30,"rnSt10":20,"wf5Am":"맑음","wf5Pm":"맑음","wf6Am":"맑음","wf6Pm":"맑음","wf7Am":"맑음","wf7Pm":"맑음","wf8":"구름많음","wf9":"흐림","wf10":"구름많음"}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  /// `getMidTa` 11B10101 (서울), issued 2026-10-04 06:00: days 4–10.
  public static let temperature0600 =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11B10101","taMin4":10,"taMin4Low":1,"taMin4High":1,"taMax4":25,"taMax4Low":1,"taMax4High":1,"taMin5":11,"taMin5Low":1,"taMin5High":1,"taMax5":25,"taMax5Low":1,"taMax5High":1,"taMin6":13,"taMin6Low":1,"taMin6High":1,"taMax6":25,"taMax6Low":1,"taMax6High":1,"taMin7":14,"taMin7Low":1,"taMin7High":1,"taMax7":26,"taMax7Low":1,"taMax7High":1,"taMin8":14,"taMin8Low":0,"taMin8High":2,"taMax8":25,"taMax8Low":0,"taMax8High":2,"taMin9":14,"taMin9Low":0,"taMin9High":2,"taMax9":22,"taMax9Low":0,"taMax9High":2,"taMin10":11,"taMin10Low":0,"taMin10High":3,"taMax10":21,"taMax10Low":0,"taMax10High":3}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  /// `getMidTa` 11B10101, issued 2026-10-04 18:00: days 5–10, no day-4 keys.
  public static let temperature1800 =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11B10101","taMin5":11,"taMin5Low":1,"taMin5High":1,"taMax5":25,"taMax5Low":1,"taMax5High":1,"taMin6":13,"taMin6Low":1,"taMin6High":1,"taMax6":25,"taMax6Low":1,"taMax6High":1,"taMin7":14,"taMin7Low":1,"taMin7High":1,"taMax7":26,"taMax7Low":1,"taMax7High":1,"taMin8":14,"taMin8Low":0,"taMin8High":2,"taMax8":25,"taMax8Low":0,"taMax8High":2,"taMin9":14,"taMin9Low":0,"taMin9High":2,"taMax9":22,"taMax9Low":0,"taMax9High":2,"taMin10":11,"taMin10Low":0,"taMin10High":3,"taMax10":21,"taMax10Low":0,"taMax10High":3}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  /// `03 NO_DATA` with HTTP 200, as answered for the retired 군위 point 11H10603.
  public static let noData =
    #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
  /// The gateway's refusal of an unknown key, sent with HTTP 403, in JSON.
  public static let keyNotRegistered =
    #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE_KEY_IS_NOT_REGISTERED_ERROR","returnAuthMsg":"등록되지 않은 서비스키","returnReasonCode":"30"}}}"#
  /// A pre-2024 `getMidLandFcst` body (2020-03-11 06:00): days 3–10.
  public static let legacyLand =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11B00000","rnSt3Am":0,"rnSt3Pm":20,"rnSt4Am":40,"rnSt4Pm":10,"rnSt5Am":0,"rnSt5Pm":0,"rnSt6Am":30,"rnSt6Pm":60,"rnSt7Am":60,"rnSt7Pm":20,"rnSt8":20,"rnSt9":20,"rnSt10":20,"wf3Am":"맑음","wf3Pm":"맑음","wf4Am":"구름많음","wf4Pm":"맑음","wf5Am":"맑음","wf5Pm":"맑음","wf6Am":"구름많음","wf6Pm":"흐리고 비","wf7Am":"흐리고 비","wf7Pm":"맑음","wf8":"맑음","wf9":"맑음","wf10":"맑음"}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
  /// A pre-2024 `getMidTa` body for 강릉 (2020-03-11 06:00): days 3–10.
  public static let legacyTemperature =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"regId":"11D20501","taMin3":0,"taMin3Low":1,"taMin3High":1,"taMax3":12,"taMax3Low":1,"taMax3High":1,"taMin4":3,"taMin4Low":1,"taMin4High":0,"taMax4":9,"taMax4Low":2,"taMax4High":1,"taMin5":0,"taMin5Low":1,"taMin5High":1,"taMax5":9,"taMax5Low":2,"taMax5High":2,"taMin6":3,"taMin6Low":2,"taMin6High":2,"taMax6":14,"taMax6Low":2,"taMax6High":2,"taMin7":5,"taMin7Low":1,"taMin7High":1,"taMax7":14,"taMax7Low":2,"taMax7High":2,"taMin8":7,"taMin8Low":0,"taMin8High":3,"taMax8":17,"taMax8Low":0,"taMax8High":2,"taMin9":8,"taMin9Low":0,"taMin9High":2,"taMax9":17,"taMax9Low":0,"taMax9High":1,"taMin10":6,"taMin10Low":0,"taMin10High":2,"taMax10":15,"taMax10Low":0,"taMax10High":2}]},"pageNo":1,"numOfRows":100,"totalCount":1}}}"#
}
