public import HaruModels

/// An AirKorea measuring station (측정소), as the station list (`getMsrstnList`) describes it.
///
/// ```swift
/// let stations = try await air.stations()
/// stations.first?.name        // "중구"
/// stations.first?.network     // .urban (도시대기)
/// ```
public struct AirStation: Hashable, Sendable, Codable {
  /// The station's name, such as `"종로구"`; the name the real-time services are asked by.
  public let name: String
  /// The address, such as `"서울 종로구 종로35가길 19"`.
  public let address: String
  /// The kind of network the station belongs to.
  public let network: AirStationNetwork
  /// Where it stands (WGS84), checked to lie in Korea.
  public let coordinate: Coordinate
  /// What it measures, when the list says (`item`); some stations measure no PM2.5.
  public let pollutants: Set<AirPollutant>?

  /// Creates a station.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - address: The address.
  ///   - network: The kind of network.
  ///   - coordinate: Where it stands.
  ///   - pollutants: What it measures, if known.
  public init(
    name: String, address: String, network: AirStationNetwork, coordinate: Coordinate,
    pollutants: Set<AirPollutant>? = nil
  ) {
    self.name = name
    self.address = address
    self.network = network
    self.coordinate = coordinate
    self.pollutants = pollutants
  }

  /// The province (시도) the real-time service's `sidoName` names it by, read from the address:
  /// `"서울"`, `"경기"`, `"강원"`, `"전북"`, …; `nil` for an address that names none.
  public var province: String? { AirRegions.province(ofAddress: address) }
}

/// The kind of network a station belongs to (`mangName`), kept as AirKorea wrote it.
///
/// Roadside stations read higher than the air people breathe a street away, so at similar
/// distances an urban station is preferred.
public struct AirStationNetwork: Hashable, Sendable, Codable, RawRepresentable {
  /// The name as AirKorea writes it, such as `"도시대기"`.
  public let rawValue: String

  /// Creates a network from AirKorea's name for it.
  ///
  /// - Parameter rawValue: The name, such as `"도로변대기"`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// 도시대기: urban air, where people live.
  public static let urban = AirStationNetwork(rawValue: "도시대기")
  /// 도로변대기: beside a busy road.
  public static let roadside = AirStationNetwork(rawValue: "도로변대기")
  /// 국가배경농도: national background, far from sources.
  public static let nationalBackground = AirStationNetwork(rawValue: "국가배경농도")
  /// 교외대기: suburban air.
  public static let suburban = AirStationNetwork(rawValue: "교외대기")
  /// 항만: a port.
  public static let port = AirStationNetwork(rawValue: "항만")
}

/// The state AirKorea gives a value it did not measure normally (`*Flag`), kept raw when it is
/// not one of the four it documents.
public struct AirFlag: Hashable, Sendable, Codable, RawRepresentable {
  /// The state as AirKorea wrote it, such as `"통신장애"`.
  public let rawValue: String

  /// Creates a flag from AirKorea's text.
  ///
  /// - Parameter rawValue: The text, such as `"장비점검"`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// 점검및교정: the instrument is being checked and calibrated.
  public static let calibration = AirFlag(rawValue: "점검및교정")
  /// 장비점검: the equipment is being inspected.
  public static let inspection = AirFlag(rawValue: "장비점검")
  /// 자료이상: the data is abnormal.
  public static let abnormalData = AirFlag(rawValue: "자료이상")
  /// 통신장애: the station cannot be reached.
  public static let communicationFailure = AirFlag(rawValue: "통신장애")

  /// What the flag means, for a screen: "통신장애" or "The station cannot be reached".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The words; an unknown flag is shown as AirKorea wrote it.
  public func description(in language: DisplayLanguage) -> String {
    guard language == .english else { return rawValue }
    switch self {
    case .calibration: return "The instrument is being calibrated"
    case .inspection: return "The equipment is being inspected"
    case .abnormalData: return "The data is abnormal"
    case .communicationFailure: return "The station cannot be reached"
    default: return "The station reports \(rawValue)"
    }
  }
}
