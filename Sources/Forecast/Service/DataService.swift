public import HaruModels

/// A service of the public data portal (공공데이터포털) that Haru asks. The portal approves each
/// one on its own, so one key can be accepted by one service and refused by the next.
///
/// ```swift
/// if let reason = outlook.missingReasons[.midTerm] {
///   reason.service.name(in: .korean)    // "기상청_중기예보 조회서비스"
/// }
/// ```
public enum DataService: String, Hashable, Sendable, Codable, CaseIterable {
  /// 기상청_단기예보 조회서비스 (`VilageFcstInfoService_2.0`): the short-term forecast and the
  /// nowcast.
  case kmaShortTerm
  /// 기상청_중기예보 조회서비스 (`MidFcstInfoService`): days 4–10.
  case kmaMidTerm
  /// 기상청_기상특보 조회서비스 (`WthrWrnInfoService`): warnings.
  case kmaWarnings
  /// 기상청_생활기상지수 조회서비스 (`LivingWthrIdxServiceV5`): the UV index.
  case kmaLivingIndices
  /// 기상청_보건기상지수 조회서비스 (`HealthWthrIdxServiceV3`): the pollen risk.
  case kmaHealthIndices
  /// 한국환경공단_에어코리아_대기오염정보 (`ArpltnInforInqireSvc`): real-time values and the dust
  /// forecast.
  case airKoreaPollution
  /// 한국환경공단_에어코리아_측정소정보 (`MsrstnInfoInqireSvc`): the station list.
  case airKoreaStations

  /// The service's name as the portal lists it, or in English.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func name(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.kmaShortTerm, .korean): "기상청_단기예보 조회서비스"
    case (.kmaShortTerm, .english): "KMA short-term forecast service"
    case (.kmaMidTerm, .korean): "기상청_중기예보 조회서비스"
    case (.kmaMidTerm, .english): "KMA mid-term forecast service"
    case (.kmaWarnings, .korean): "기상청_기상특보 조회서비스"
    case (.kmaWarnings, .english): "KMA weather warning service"
    case (.kmaLivingIndices, .korean): "기상청_생활기상지수 조회서비스"
    case (.kmaLivingIndices, .english): "KMA living weather index service"
    case (.kmaHealthIndices, .korean): "기상청_보건기상지수 조회서비스"
    case (.kmaHealthIndices, .english): "KMA health weather index service"
    case (.airKoreaPollution, .korean): "한국환경공단_에어코리아_대기오염정보"
    case (.airKoreaPollution, .english): "AirKorea air pollution service"
    case (.airKoreaStations, .korean): "한국환경공단_에어코리아_측정소정보"
    case (.airKoreaStations, .english): "AirKorea station service"
    }
  }
}

/// Why a part of an outlook is missing: the service that did not give it and its error, with
/// what to do in words.
///
/// ```swift
/// for (part, reason) in outlook.missingReasons {
///   print(part, reason.message(in: .korean))
///   // midTerm 이 키는 기상청_중기예보 조회서비스에 승인되지 않았어요. …
/// }
/// ```
public struct MissingPartReason: Hashable, Sendable {
  /// The service that refused or failed.
  public let service: DataService
  /// Its error.
  public let error: ForecastError

  /// Creates a reason.
  ///
  /// - Parameters:
  ///   - service: The service that refused or failed.
  ///   - error: Its error.
  public init(service: DataService, error: ForecastError) {
    self.service = service
    self.error = error
  }

  /// Whether the service refused the key: not approved for it, suspended, expired, or a quota
  /// used up. Asking again will not help until something changes.
  public var isRefusal: Bool { error.isPermanent }

  /// Which service, and what to do: apply for the service, wait for a new key to take effect,
  /// wait for the quota to reset, or try again later.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: A sentence or two.
  public func message(in language: DisplayLanguage) -> String {
    let name = service.name(in: language)
    switch (advice, language) {
    case (.apply, .korean):
      return
        "이 키는 \(name)에 승인되지 않았어요. 공공데이터포털에서 \(name) 활용신청을 하세요. 방금 받은 키라면 "
        + "한 시간쯤 뒤에 다시 해 보세요."
    case (.apply, .english):
      return
        "The key is not approved for the \(name). Apply for it on the data portal (data.go.kr); "
        + "a key issued within the hour may need that long to take effect."
    case (.applyOnAPIHub, .korean):
      return
        "이 키는 기상청 API 허브에서 \(name) 활용신청이 되어 있지 않아요. API 허브(apihub.kma.go.kr)에서 "
        + "활용신청을 하세요. API 허브의 키(authKey)는 공공데이터포털의 키와 달라요."
    case (.applyOnAPIHub, .english):
      return
        "The key is not approved for the \(name) on KMA's API Hub. Apply for it on API Hub "
        + "(apihub.kma.go.kr); API Hub's key (authKey) is not the data portal's."
    case (.quota, .korean):
      return "오늘 \(name) 호출 한도를 다 썼어요. 한국 시간 자정이 지나면 다시 받아요."
    case (.quota, .english):
      return "The key's daily quota for the \(name) is used up; it resets at midnight, Korea time."
    case (.expired, .korean):
      return "\(name) 활용기간이 끝났어요. 공공데이터포털에서 기간을 연장하세요."
    case (.expired, .english):
      return "The key's period of use for the \(name) has ended; extend it on the data portal."
    case (.later, .korean):
      return "\(name)에서 지금 받지 못했어요. 잠시 뒤에 다시 받아요."
    case (.later, .english):
      return "The \(name) could not be reached just now; it is asked again later."
    case (.other, .korean):
      return "\(name)에서 받지 못했어요: \(error.message)"
    case (.other, .english):
      return "The \(name) did not answer usably: \(error.message)"
    }
  }

  private enum Advice {
    case apply, applyOnAPIHub, quota, expired, later, other
  }

  private var advice: Advice {
    if error.isTransient || error.code == .timeout { return .later }
    switch error.kmaResultCode {
    case KMAResultCode.requestLimitExceeded?: return .quota
    case KMAResultCode.deadlineExpired?: return .expired
    case KMAResultCode.serviceKeyNotRegistered?, KMAResultCode.accessDenied?:
      return error.isFromAPIHub ? .applyOnAPIHub : .apply
    default: break
    }
    if error.code == .httpStatus, error.httpStatus == 401 || error.httpStatus == 403 {
      return .apply
    }
    return .other
  }
}
