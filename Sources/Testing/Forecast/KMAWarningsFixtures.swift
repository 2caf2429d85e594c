// swift-format-ignore-file
// The bodies are kept exactly as received.

/// Real answers of KMA's warning service (`WthrWrnInfoService`), recorded live in 2026 by the
/// TodayWeather project and copied unchanged (see the shared data's PROVENANCE); 출처: 기상청.
/// Excerpts keep the envelope and the rows' order.
public enum KMAWarningsFixtures {
  /// `getPwnCd` of the window 2026-09-21..27 as the provider ordered it (newest first): 10 of its rows, all of 2026-09-26, with releases with and without `allEndTime`, a change (7), marine zones and a `startTime` later than its announcement. WizardFactory/TodayWeather, `server/test/offline/fixtures/kma-warning/pwn-cd-0921-0927.json`, commit 4b6017b8.
  public static let eventsSeptember26 = #"""
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
      "allEndTime": 202609261200,
      "areaCode": "L1090500",
      "areaName": "제주도산지",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261200,
      "stnId": "108",
      "tmFc": 202609261200,
      "tmSeq": 130,
      "warnVar": 2,
      "warnStress": 1,
      "startTime": 0
     },
     {
      "allEndTime": 202609261200,
      "areaCode": "L1091440",
      "areaName": "서귀포시중산간",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261200,
      "stnId": "108",
      "tmFc": 202609261200,
      "tmSeq": 130,
      "warnVar": 2,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 202609261200,
      "areaCode": "L1091430",
      "areaName": "서귀포시동부",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261200,
      "stnId": "108",
      "tmFc": 202609261200,
      "tmSeq": 130,
      "warnVar": 2,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 202609261200,
      "areaCode": "L1091420",
      "areaName": "서귀포시남부",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261200,
      "stnId": "108",
      "tmFc": 202609261200,
      "tmSeq": 130,
      "warnVar": 2,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 0,
      "areaCode": "L1090500",
      "areaName": "제주도산지",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261140,
      "stnId": "108",
      "tmFc": 202609261140,
      "tmSeq": 129,
      "warnVar": 1,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 0,
      "areaCode": "L1090500",
      "areaName": "제주도산지",
      "cancel": "0",
      "command": "7",
      "endTime": 0,
      "stnId": "108",
      "tmFc": 202609261100,
      "tmSeq": 127,
      "warnVar": 2,
      "warnStress": 1,
      "startTime": 202609261100
     },
     {
      "allEndTime": 202609261200,
      "areaCode": "S1322200",
      "areaName": "남해서부동쪽먼바다",
      "cancel": "0",
      "command": "2",
      "endTime": 202609261200,
      "stnId": "108",
      "tmFc": 202609261030,
      "tmSeq": 126,
      "warnVar": 6,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 0,
      "areaCode": "L1091440",
      "areaName": "서귀포시중산간",
      "cancel": "0",
      "command": "1",
      "endTime": 0,
      "stnId": "108",
      "tmFc": 202609261000,
      "tmSeq": 125,
      "warnVar": 2,
      "warnStress": 0,
      "startTime": 202609261000
     },
     {
      "allEndTime": 0,
      "areaCode": "S1322200",
      "areaName": "남해서부동쪽먼바다",
      "cancel": "0",
      "command": "1",
      "endTime": 0,
      "stnId": "108",
      "tmFc": 202609260800,
      "tmSeq": 121,
      "warnVar": 6,
      "warnStress": 0,
      "startTime": 202609261000
     },
     {
      "allEndTime": 0,
      "areaCode": "S1232110",
      "areaName": "서해남부북쪽안쪽먼바다",
      "cancel": "0",
      "command": "2",
      "endTime": 202609260900,
      "stnId": "108",
      "tmFc": 202609260800,
      "tmSeq": 121,
      "warnVar": 6,
      "warnStress": 0,
      "startTime": 0
     }
    ]
   },
   "pageNo": 1,
   "numOfRows": 1000,
   "totalCount": 104
  }
 }
}
"""#

  /// `getPwnCd` rows of 2026-09-02 (3), one with the garbled `areaName` `"\u{FFFD}\u{FFFD}산서부"` for L1082700, `warnVar` 13. TodayWeather, `pwn-cd-daily-excerpt.json`, commit f3424d57; its envelope was assembled by its author.
  public static let eventsGarbledName = #"""
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
      "allEndTime": 202609021600,
      "areaCode": "L1072620",
      "areaName": "김천시남부",
      "cancel": "0",
      "command": "2",
      "endTime": 202609021600,
      "stnId": "108",
      "tmFc": 202609021600,
      "tmSeq": 16,
      "warnVar": 12,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 202609021600,
      "areaCode": "L1082700",
      "areaName": "��산서부",
      "cancel": "0",
      "command": "2",
      "endTime": 202609021600,
      "stnId": "108",
      "tmFc": 202609021600,
      "tmSeq": 16,
      "warnVar": 13,
      "warnStress": 0,
      "startTime": 0
     },
     {
      "allEndTime": 202609021600,
      "areaCode": "L1083410",
      "areaName": "합천군서북부",
      "cancel": "0",
      "command": "2",
      "endTime": 202609021600,
      "stnId": "108",
      "tmFc": 202609021600,
      "tmSeq": 16,
      "warnVar": 12,
      "warnStress": 0,
      "startTime": 0
     }
    ]
   },
   "pageNo": 1,
   "numOfRows": 1000,
   "totalCount": 104
  }
 }
}
"""#

  /// `getPwnStatus` of 2026-09-26 12:00: `t6` `"o 없 음"` (with the space), `tmEf` a string, `tmFc` a number. TodayWeather, `pwn-status.json`, commit b5f13b0d.
  public static let statusNone = #"""
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
      "other": "o 없음\r\n\r\n",
      "t6": "o 없 음",
      "t7": "o 없음",
      "tmEf": "202609261200",
      "tmFc": 202609261200,
      "tmSeq": 130
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

  /// Result code 99 with no body: `fromTmFc` further back than the service keeps. TodayWeather, `err-99.json`, commit 5976af01.
  public static let rangeTooOld = #"""
{
 "response": {
  "header": {
   "resultCode": "99",
   "resultMsg": "최대 조회 기간은 오늘 기준으로 6일 전까지입니다."
  }
 }
}
"""#

  /// The gateway's refusal as JSON (30, a key not registered). TodayWeather, `err-30.json`, commit 5a38aad4.
  public static let keyNotRegistered = #"""
{
 "OpenAPI_ServiceResponse": {
  "cmmMsgHeader": {
   "errMsg": "SERVICE_KEY_IS_NOT_REGISTERED_ERROR",
   "returnAuthMsg": "등록되지 않은 서비스키",
   "returnReasonCode": "30"
  }
 }
}
"""#

  /// `03` with no body, as `getPwnCd` answers a day without events.
  public static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
}
