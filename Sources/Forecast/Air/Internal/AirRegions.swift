/// The names AirKorea's services use for places: the province (`sidoName`) of the real-time
/// service, and the forecast region of `informGrade`.
enum AirRegions {
  /// The seventeen provinces the real-time service takes as `sidoName`.
  static let provinces = [
    "서울", "부산", "대구", "인천", "광주", "대전", "울산", "경기", "강원", "충북", "충남", "전북", "전남",
    "경북", "경남", "제주", "세종",
  ]

  /// The province of an address: its first word, full (`경기도`, `전북특별자치도`) or short (`경기`).
  static func province(ofAddress address: String) -> String? {
    guard let first = address.split(separator: " ").first.map(String.init) else { return nil }
    let long: [(String, String)] = [
      ("충청북", "충북"), ("충청남", "충남"), ("전라북", "전북"), ("전라남", "전남"), ("경상북", "경북"),
      ("경상남", "경남"),
    ]
    for (prefix, province) in long where first.hasPrefix(prefix) { return province }
    return provinces.first { first.hasPrefix($0) }
  }

  /// The cities and counties of 경기 that AirKorea's forecast counts as 경기북부; the rest of the
  /// province is 경기남부.
  static let northernGyeonggi: Set<String> = [
    "고양시", "파주시", "김포시", "의정부시", "양주시", "동두천시", "포천시", "연천군", "가평군", "남양주시",
    "구리시",
  ]

  /// The cities and counties of 강원 east of the Taebaek range (영동); the rest is 영서.
  static let eastOfTaebaek: Set<String> = [
    "강릉시", "동해시", "속초시", "삼척시", "태백시", "고성군", "양양군",
  ]

  /// The forecast region of an address: its province, with 경기 split into 경기북부 and 경기남부 and
  /// 강원 into 영서 and 영동 by the city or county that follows.
  static func forecastRegion(ofAddress address: String) -> String? {
    guard let province = province(ofAddress: address) else { return nil }
    let words = address.split(separator: " ").map(String.init)
    let city = words.count > 1 ? words[1] : ""
    switch province {
    case "경기": return northernGyeonggi.contains(city) ? "경기북부" : "경기남부"
    case "강원": return eastOfTaebaek.contains(city) ? "영동" : "영서"
    default: return province
    }
  }
}
