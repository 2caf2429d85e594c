import Foundation
import HaruModels

/// An operation of KMA's living and health weather index services, by its name on the wire.
///
/// - `LivingWthrIdxServiceV5` (기상청_생활기상지수 조회서비스): `getUVIdxV5`, the UV index every
///   three hours.
/// - `HealthWthrIdxServiceV3` (기상청_보건기상지수 조회서비스): the pollen risk of oak, pine and
///   weeds. The weeds operation's real name is misspelled, `getWeedsPollenRiskndxV3`; the
///   manual's `getWddesPollenRiskIdxV3` answers "해당 오픈API 서비스가 없거나 폐기됨".
///
/// Facts and sources: `reference/kma-nowcast-and-living-indices.md`, sections 3 and 4.
enum KMAIndexOperation: String, Hashable, Sendable, CaseIterable {
  /// 자외선지수.
  case uv = "getUVIdxV5"
  /// 참나무 꽃가루농도위험지수.
  case oakPollen = "getOakPollenRiskIdxV3"
  /// 소나무 꽃가루농도위험지수.
  case pinePollen = "getPinePollenRiskIdxV3"
  /// 잡초류 꽃가루농도위험지수, by the operation's real (misspelled) name.
  case weedsPollen = "getWeedsPollenRiskndxV3"

  /// The operation that forecasts a kind of pollen.
  init(pollen kind: PollenKind) {
    switch kind {
    case .oak: self = .oakPollen
    case .pine: self = .pinePollen
    case .weeds: self = .weedsPollen
    }
  }

  /// The operation's name, the last component of its URL.
  var name: String { rawValue }

  /// The service that answers it, for the words of its errors.
  var service: PortalService {
    self == .uv ? .kmaLivingIndices : .kmaHealthIndices
  }

  /// The service that answers it, as an outlook names it when its part is missing.
  var dataService: DataService {
    self == .uv ? .kmaLivingIndices : .kmaHealthIndices
  }

  /// Where it is asked: the sibling of the configuration's base URL named for its service.
  func baseURL(in configuration: KMAConfiguration) -> URL {
    self == .uv
      ? configuration.resolvedLivingIndexBaseURL : configuration.resolvedHealthIndexBaseURL
  }
}

extension PortalService {
  /// KMA's living weather index service (`LivingWthrIdxServiceV5`): the UV index.
  static let kmaLivingIndices = PortalService(
    name: "KMA's living weather index service", codeLabel: "KMA code")
  /// KMA's health weather index service (`HealthWthrIdxServiceV3`): the pollen risk.
  static let kmaHealthIndices = PortalService(
    name: "KMA's health weather index service", codeLabel: "KMA code")
}
