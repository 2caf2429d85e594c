// swift-format-ignore-file
// The bodies are kept exactly as received.

/// Real answers of AirKorea's services (한국환경공단 에어코리아), byte for byte, for tests and
/// benchmarks; 출처: 한국환경공단 에어코리아. None was fetched live: each was pasted into a public
/// repository's source by a developer, and is kept with the edits listed in the data's
/// provenance (service keys redacted).
public enum AirKoreaFixtures {
  /// `getCtprvnRltmMesureDnsty` for 서울 without `ver` (so no PM2.5 keys), 2023-11-08 14:00: 10 of
  /// the 40 stations, 용산구 in 통신장애 (`"-"` values, `null` grades, the flag on every pollutant).
  /// Quoted in a Java file whose repository could not be identified; only tabs were removed.
  public static let seoulProvince = #"""
{"response":{"body":{"totalCount":40,"items":[
{"so2Grade":"1","coFlag":null,"khaiValue":"43","so2Value":"0.003","coValue":"0.4","pm10Flag":null,"o3Grade":"1","pm10Value":"21","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.026","stationName":"중구","pm10Grade":"1","o3Value":"0.025"},
{"so2Grade":"1","coFlag":null,"khaiValue":"44","so2Value":"0.003","coValue":"0.5","pm10Flag":null,"o3Grade":"1","pm10Value":"21","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.025","stationName":"한강대로","pm10Grade":"1","o3Value":"0.026"},
{"so2Grade":"1","coFlag":null,"khaiValue":"52","so2Value":"0.003","coValue":"0.4","pm10Flag":null,"o3Grade":"2","pm10Value":"15","khaiGrade":"2","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.016","stationName":"종로구","pm10Grade":"1","o3Value":"0.032"},
{"so2Grade":"1","coFlag":null,"khaiValue":"50","so2Value":"0.004","coValue":"0.6","pm10Flag":null,"o3Grade":"1","pm10Value":"25","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.027","stationName":"청계천로","pm10Grade":"1","o3Value":"0.024"},
{"so2Grade":"1","coFlag":null,"khaiValue":"42","so2Value":"0.003","coValue":"0.5","pm10Flag":null,"o3Grade":"1","pm10Value":"17","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.021","stationName":"종로","pm10Grade":"1","o3Value":"0.025"},
{"so2Grade":null,"coFlag":"통신장애","khaiValue":"-","so2Value":"-","coValue":"-","pm10Flag":"통신장애","o3Grade":null,"pm10Value":"-","khaiGrade":null,"sidoName":"서울","no2Flag":"통신장애","no2Grade":null,"o3Flag":"통신장애","so2Flag":"통신장애","dataTime":"2023-11-08 14:00","coGrade":null,"no2Value":"-","stationName":"용산구","pm10Grade":null,"o3Value":"-"},
{"so2Grade":"1","coFlag":null,"khaiValue":"42","so2Value":"0.002","coValue":"0.4","pm10Flag":null,"o3Grade":"1","pm10Value":"21","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.025","stationName":"광진구","pm10Grade":"1","o3Value":"0.024"},
{"so2Grade":"1","coFlag":null,"khaiValue":"47","so2Value":"0.003","coValue":"0.3","pm10Flag":null,"o3Grade":"1","pm10Value":"28","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.023","stationName":"성동구","pm10Grade":"1","o3Value":"0.022"},
{"so2Grade":"1","coFlag":null,"khaiValue":"60","so2Value":"0.003","coValue":"0.6","pm10Flag":null,"o3Grade":"1","pm10Value":"28","khaiGrade":"2","sidoName":"서울","no2Flag":null,"no2Grade":"2","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.036","stationName":"강변북로","pm10Grade":"1","o3Value":"0.015"},
{"so2Grade":"1","coFlag":null,"khaiValue":"44","so2Value":"0.002","coValue":"0.3","pm10Flag":null,"o3Grade":"1","pm10Value":"15","khaiGrade":"1","sidoName":"서울","no2Flag":null,"no2Grade":"1","o3Flag":null,"so2Flag":null,"dataTime":"2023-11-08 14:00","coGrade":"1","no2Value":"0.018","stationName":"중랑구","pm10Grade":"1","o3Value":"0.027"}],
"pageNo":1,"numOfRows":10},"header":{"resultMsg":"NORMAL_CODE","resultCode":"00"}}}

"""#

  /// `getMsrstnAcctoRltmMesureDnsty` with `dataTerm=DAILY`, `ver=1.0`, 5 rows of 23, 2023-05-21:
  /// the rows carry no station name. From a Kotlin mock whose repository could not be identified.
  public static let stationDay = #"""
{"response":{"body":{"totalCount":23,"items":[{"so2Grade":"1","coFlag":null,"khaiValue":"66","so2Value":"0.002","coValue":"0.3","pm25Flag":null,"pm10Flag":null,"pm10Value":"48","o3Grade":"2","khaiGrade":"2","pm25Value":"10","no2Flag":null,"no2Grade":"1","o3Flag":null,"pm25Grade":"1","so2Flag":null,"dataTime":"2023-05-21 10:00","coGrade":"1","no2Value":"0.007","pm10Grade":"1","o3Value":"0.048"},{"so2Grade":"1","coFlag":null,"khaiValue":"63","so2Value":"0.002","coValue":"0.3","pm25Flag":null,"pm10Flag":null,"pm10Value":"31","o3Grade":"2","khaiGrade":"2","pm25Value":"8","no2Flag":null,"no2Grade":"1","o3Flag":null,"pm25Grade":"1","so2Flag":null,"dataTime":"2023-05-21 09:00","coGrade":"1","no2Value":"0.008","pm10Grade":"1","o3Value":"0.045"},{"so2Grade":"1","coFlag":null,"khaiValue":"61","so2Value":"0.002","coValue":"0.3","pm25Flag":null,"pm10Flag":null,"pm10Value":"19","o3Grade":"2","khaiGrade":"2","pm25Value":"6","no2Flag":null,"no2Grade":"1","o3Flag":null,"pm25Grade":"1","so2Flag":null,"dataTime":"2023-05-21 08:00","coGrade":"1","no2Value":"0.009","pm10Grade":"1","o3Value":"0.042"},{"so2Grade":"1","coFlag":null,"khaiValue":"64","so2Value":"0.002","coValue":"0.3","pm25Flag":null,"pm10Flag":null,"pm10Value":"13","o3Grade":"2","khaiGrade":"2","pm25Value":"4","no2Flag":null,"no2Grade":"1","o3Flag":null,"pm25Grade":"1","so2Flag":null,"dataTime":"2023-05-21 07:00","coGrade":"1","no2Value":"0.006","pm10Grade":"1","o3Value":"0.047"},{"so2Grade":"1","coFlag":null,"khaiValue":"65","so2Value":"0.002","coValue":"0.3","pm25Flag":null,"pm10Flag":null,"pm10Value":"10","o3Grade":"2","khaiGrade":"2","pm25Value":"4","no2Flag":null,"no2Grade":"1","o3Flag":null,"pm25Grade":"1","so2Flag":null,"dataTime":"2023-05-21 06:00","coGrade":"1","no2Value":"0.005","pm10Grade":"1","o3Value":"0.047"}],"pageNo":1,"numOfRows":5},"header":{"resultMsg":"NORMAL_CODE","resultCode":"00"}}}

"""#

  /// `getMinuDustFrcstDspth` for 2023-06-03: items 1, 2, 3 and 8 of the first 10 of 28, from two
  /// announcements (11시 and 23시 발표); SoonWookHwang/Eco-Technical-Task, commit 63cc11c4.
  public static let dustForecast = #"""
{"response":{
  "body":{
    "totalCount":28,
    "items":
       [
        {
          "imageUrl4":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060321.png",
          "informCode":"PM10",
          "imageUrl5":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060403.png",
          "imageUrl6":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060409.png",
          "actionKnack":null,
          "informCause":"○ [미세먼지] 원활한 대기 확산으로 대기질이 대체로 '보통' 수준일 것으로 예상됩니다.",
          "informOverall":"○ [미세먼지] 전 권역이 '좋음'∼'보통'으로 예상됩니다.",
          "informData":"2023-06-03",
          "informGrade":"서울 : 보통,제주 : 보통,전남 : 보통,전북 : 보통,광주 : 보통,경남 : 보통,경북 : 보통,울산 : 보통,대구 : 보통,부산 : 보통,충남 : 보통,충북 : 보통,세종 : 좋음,대전 : 좋음,영동 : 좋음,영서 : 좋음,경기남부 : 보통,경기북부 : 보통,인천 : 보통",
          "dataTime":"2023-06-03 23시 발표",
          "imageUrl3":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060409.png",
          "imageUrl2":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060403.png",
          "imageUrl1":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060321.png"
        },
        {
          "imageUrl4":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060321.png",
          "informCode":"PM25",
          "imageUrl5":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060403.png",
          "imageUrl6":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM2P5.1hsp.2023060409.png",
          "actionKnack":null,
          "informCause":"○ [미세먼지] 원활한 대기 확산으로 대기질이 대체로 '보통' 수준일 것으로 예상됩니다.",
          "informOverall":"○ [미세먼지] 전 권역이 '좋음'∼'보통'으로 예상됩니다.",
          "informData":"2023-06-03",
          "informGrade":"서울 : 좋음,제주 : 보통,전남 : 보통,전북 : 보통,광주 : 보통,경남 : 보통,경북 : 보통,울산 : 보통,대구 : 보통,부산 : 보통,충남 : 좋음,충북 : 보통,세종 : 좋음,대전 : 좋음,영동 : 좋음,영서 : 좋음,경기남부 : 좋음,경기북부 : 좋음,인천 : 좋음",
          "dataTime":"2023-06-03 23시 발표",
          "imageUrl3":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060409.png",
          "imageUrl2":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060403.png",
          "imageUrl1":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.PM10.1hsp.2023060321.png"
        },
        {
          "imageUrl4":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060503.png","informCode":"O3","imageUrl5":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060506.png","imageUrl6":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060509.png","actionKnack":null,
          "informCause":"○ [오존] 대기오염물질의 광화학 반응에 의한 오존 생성과 이동으로 대부분 지역은 오후에 일시적으로 농도가 높을 것으로 예상됩니다.",
          "informOverall":"○ [오존] 인천·경기도·충북·충남·전북·전남·영남권은 '나쁨', 그 밖의 권역은 '보통'으로 예상됩니다.",
          "informData":"2023-06-04",
          "informGrade":"서울 : 보통,제주 : 보통,전남 : 나쁨,전북 : 나쁨,광주 : 보통,경남 : 나쁨,경북 : 나쁨,울산 : 나쁨,대구 : 나쁨,부산 : 나쁨,충남 : 나쁨,충북 : 나쁨,세종 : 보통,대전 : 보통,영동 : 보통,영서 : 보통,경기남부 : 나쁨,경기북부 : 나쁨,인천 : 나쁨",
          "dataTime":"2023-06-03 23시 발표","imageUrl3":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060409.png","imageUrl2":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060406.png","imageUrl1":"https://www.airkorea.or.kr/file/proxyImage?fileName=2023/06/03/AQFv1_15h.20230603.KNU_09_01.O3.1hsp.2023060403.png"},
        {"imageUrl4":null,"informCode":"PM25","imageUrl5":null,"imageUrl6":null,"actionKnack":null,"informCause":"○ [미세먼지] 원활한 대기 확산으로 대기질이 대체로 '보통' 수준일 것으로 예상됩니다.","informOverall":"○ [미세먼지] 전 권역이 '좋음'∼'보통'으로 예상됩니다.","informData":"2023-06-04","informGrade":"서울 : 보통,제주 : 좋음,전남 : 좋음,전북 : 보통,광주 : 보통,경남 : 좋음,경북 : 좋음,울산 : 보통,대구 : 좋음,부산 : 보통,충남 : 보통,충북 : 보통,세종 : 좋음,대전 : 좋음,영동 : 좋음,영서 : 좋음,경기남부 : 보통,경기북부 : 보통,인천 : 보통","dataTime":"2023-06-03 11시 발표","imageUrl3":null,"imageUrl2":null,"imageUrl1":null}
       ],
    "pageNo":1,"numOfRows":10},
  "header":{"resultMsg":"NORMAL_CODE","resultCode":"00"}}}

"""#

  /// The `items` of `getMinuDustWeekFrcstDspth` issued 2023-01-30 (낮음/높음, 강원영서/강원영동; no
  /// envelope); pnumin/k2_react `src/04/Frcst.js`, commit 192b2789.
  public static let weekForecastItems = #"""
[
  {
  "frcstFourDt":"2023-02-05",
  "frcstThreeDt":"2023-02-04",
  "frcstTwoCn":"서울 : 낮음, 인천 : 낮음, 경기북부 : 낮음, 경기남부 : 낮음, 강원영서 : 낮음, 강원영동 : 낮음, 대전 : 낮음, 세종 : 낮음, 충남 : 낮음, 충북 : 낮음, 광주 : 낮음, 전북 : 낮음, 전남 : 낮음, 부산 : 낮음, 대구 : 낮음, 울산 : 낮음, 경북 : 낮음, 경남 : 낮음, 제주 : 낮음, 신뢰도 : 보통",
  "gwthcnd":"2월 4일~5일은 중서부지역을 중심으로 국외 미세먼지가 유입되는 가운데 대기 정체로 축적되어 4일 인천· 경기남부·충남, 5일 인천·경기남부·충북·충남에서 미세먼지 농도가 '높음'일 것으로 예상됩니다.",
  "frcstTwoDt":"2023-02-03",
  "frcstFourCn":"서울 : 낮음, 인천 : 높음, 경기북부 : 낮음, 경기남부 : 높음, 강원영서 : 낮음, 강원영동 : 낮음, 대전 : 낮음, 세종 : 낮음, 충남 : 높음, 충북 : 높음, 광주 : 낮음, 전북 : 낮음, 전남 : 낮음, 부산 : 낮음, 대구 : 낮음, 울산 : 낮음, 경북 : 낮음, 경남 : 낮음, 제주 : 낮음, 신뢰도 : 보통",
  "frcstThreeCn":"서울 : 낮음, 인천 : 높음, 경기북부 : 낮음, 경기남부 : 높음, 강원영서 : 낮음, 강원영동 : 낮음, 대전 : 낮음, 세종 : 낮음, 충남 : 높음, 충북 : 낮음, 광주 : 낮음, 전북 : 낮음, 전남 : 낮음, 부산 : 낮음, 대구 : 낮음, 울산 : 낮음, 경북 : 낮음, 경남 : 낮음, 제주 : 낮음, 신뢰도 : 보통",
  "frcstOneDt":"2023-02-02",
  "frcstOneCn":"서울 : 낮음, 인천 : 낮음, 경기북부 : 낮음, 경기남부 : 낮음, 강원영서 : 낮음, 강원영동 : 낮음, 대전 : 낮음, 세종 : 낮음, 충남 : 낮음, 충북 : 낮음, 광주 : 낮음, 전북 : 낮음, 전남 : 낮음, 부산 : 낮음, 대구 : 낮음, 울산 : 낮음, 경북 : 낮음, 경남 : 낮음, 제주 : 낮음, 신뢰도 : 높음",
  "presnatnDt":"2023-01-30"
  }
]

"""#

  /// The gateway's XML refusal of an unknown key (`returnReasonCode` 30), sent with HTTP 200 even
  /// when JSON was asked for; from a test of prgrms-web-devcourse-final-project/WEB2_3_SIGNAL-BUDDY_BE.
  public static let keyNotRegistered = #"""
        <OpenAPI_ServiceResponse>
        <script/>
        <script/>
        <cmmMsgHeader>
  <errMsg>SERVICE ERROR</errMsg>
        <returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg>
        <returnReasonCode>30</returnReasonCode>
        </cmmMsgHeader>
        </OpenAPI_ServiceResponse>

"""#

  /// The service's XML answer when the daily quota is used up (`resultCode` 22), from the retired
  /// API, as WizardFactory/TodayWeather `server/test/testKecoRequester.js` (commit d7ab69a3)
  /// quotes it; the gateway of the current API answers in the same form.
  public static let quotaExceeded = #"""
<?xml version="1.0" encoding="UTF-8"?>
<response>
<header>
<resultCode>22</resultCode>
<resultMsg>LIMITED NUMBER OF SERVICE REQUESTS EXCEEDS ERROR.</resultMsg>
</header>
</response>

"""#

  /// A station as `getMsrstnList` lists it.
  public struct Station: Sendable {
    /// `stationName`.
    public var name: String
    /// `addr`.
    public var address: String
    /// `mangName`.
    public var network: String
    /// `dmX`: the latitude, as the portal documents it (or the longitude, to make a swapped row).
    public var dmX: String
    /// `dmY`.
    public var dmY: String
    /// `item`.
    public var measures: String

    /// Creates a station row.
    ///
    /// - Parameters:
    ///   - name: `stationName`.
    ///   - address: `addr`.
    ///   - network: `mangName`.
    ///   - dmX: `dmX`.
    ///   - dmY: `dmY`.
    ///   - measures: `item`.
    public init(
      _ name: String, _ address: String, _ network: String, dmX: String, dmY: String,
      measures: String = "SO2, CO, O3, NO2, PM10, PM2.5"
    ) {
      self.name = name
      self.address = address
      self.network = network
      self.dmX = dmX
      self.dmY = dmY
      self.measures = measures
    }
  }

  /// A `getMsrstnList` answer in the current API's envelope (no captured one exists).
  ///
  /// - Parameter stations: The rows.
  /// - Returns: The body.
  public static func stationList(_ stations: [Station]) -> String {
    let rows = stations.map { station in
      #"{"stationName":"\#(station.name)","addr":"\#(station.address)","mangName":"\#(station.network)","item":"\#(station.measures)","dmX":"\#(station.dmX)","dmY":"\#(station.dmY)","year":"2010"}"#
    }
    return #"{"response":{"body":{"totalCount":\#(stations.count),"items":[\#(rows.joined(separator: ","))],"pageNo":1,"numOfRows":1000},"header":{"resultMsg":"NORMAL_CODE","resultCode":"00"}}}"#
  }

  /// The ten stations of ``seoulProvince``, made by hand: names, addresses and networks as
  /// AirKorea lists them, coordinates read off a map for the addresses (to about 100 m).
  public static let seoulStations: [Station] = [
    Station("중구", "서울 중구 덕수궁길 15", "도시대기", dmX: "37.564263", dmY: "126.974676"),
    Station("한강대로", "서울 용산구 한강대로 405", "도로변대기", dmX: "37.549389", dmY: "126.971519"),
    Station("종로구", "서울 종로구 종로35가길 19", "도시대기", dmX: "37.572025", dmY: "127.005028"),
    Station("청계천로", "서울 종로구 청계천로 184", "도로변대기", dmX: "37.569021", dmY: "126.998750"),
    Station("종로", "서울 종로구 종로 169", "도로변대기", dmX: "37.570633", dmY: "126.996783"),
    Station("용산구", "서울 용산구 한남대로 136", "도시대기", dmX: "37.540033", dmY: "127.004850"),
    Station("광진구", "서울 광진구 광나루로 571", "도시대기", dmX: "37.544656", dmY: "127.095821"),
    Station("성동구", "서울 성동구 뚝섬로3길 18", "도시대기", dmX: "37.542036", dmY: "127.049685"),
    Station("강변북로", "서울 성동구 강변북로 257", "도로변대기", dmX: "37.539281", dmY: "127.040895"),
    Station("중랑구", "서울 중랑구 용마산로 369", "도시대기", dmX: "37.584848", dmY: "127.094023"),
  ]
}
