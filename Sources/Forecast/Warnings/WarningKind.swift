public import HaruModels

/// A kind of weather warning (특보 종류), by KMA's `warnVar` code.
///
/// ```swift
/// WarningKind(code: 2).name(in: .korean)     // "호우"
/// WarningKind(code: 13).name(in: .english)   // "tropical night"
/// WarningKind(code: 10)                      // .unknown(code: 10): kept, never a crash
/// ```
///
/// The codes are those of KMA's guide (edition 260601): 열대야 (13) was added in 2026; 10 and 11
/// are documented nowhere and arrive as ``unknown(code:)``.
public enum WarningKind: Hashable, Sendable {
  /// 강풍 (1).
  case strongWind
  /// 호우 (2).
  case heavyRain
  /// 한파 (3).
  case coldWave
  /// 건조 (4).
  case dryness
  /// 폭풍해일 (5).
  case stormSurge
  /// 풍랑 (6).
  case highSeas
  /// 태풍 (7).
  case typhoon
  /// 대설 (8).
  case heavySnow
  /// 황사 (9).
  case yellowDust
  /// 폭염 (12).
  case heatWave
  /// 열대야 (13), from 2026.
  case tropicalNight
  /// A code Haru does not know, kept as it came.
  case unknown(code: Int64)

  /// The kind a `warnVar` code stands for.
  ///
  /// - Parameter code: KMA's code.
  public init(code: Int64) {
    switch code {
    case 1: self = .strongWind
    case 2: self = .heavyRain
    case 3: self = .coldWave
    case 4: self = .dryness
    case 5: self = .stormSurge
    case 6: self = .highSeas
    case 7: self = .typhoon
    case 8: self = .heavySnow
    case 9: self = .yellowDust
    case 12: self = .heatWave
    case 13: self = .tropicalNight
    default: self = .unknown(code: code)
    }
  }

  /// KMA's `warnVar` code.
  public var code: Int64 {
    switch self {
    case .strongWind: 1
    case .heavyRain: 2
    case .coldWave: 3
    case .dryness: 4
    case .stormSurge: 5
    case .highSeas: 6
    case .typhoon: 7
    case .heavySnow: 8
    case .yellowDust: 9
    case .heatWave: 12
    case .tropicalNight: 13
    case .unknown(let code): code
    }
  }

  /// The kinds Haru knows, in the order of their codes.
  public static let known: [WarningKind] = [
    .strongWind, .heavyRain, .coldWave, .dryness, .stormSurge, .highSeas, .typhoon, .heavySnow,
    .yellowDust, .heatWave, .tropicalNight,
  ]

  /// The kind's name as KMA writes it (`"호우"`), or in English (`"heavy rain"`); an unknown
  /// kind is named with its code.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func name(in language: DisplayLanguage) -> String {
    switch language {
    case .korean: koreanName ?? "특보(\(code))"
    case .english: englishName ?? "warning kind \(code)"
    }
  }

  /// The kind a Korean name stands for, as `t6` and `t7` write it (`"호우"`, `"폭풍해일"`, `"해일"`).
  init?(koreanName: some StringProtocol) {
    if koreanName == "해일" {
      self = .stormSurge
      return
    }
    guard let kind = Self.known.first(where: { $0.koreanName.map { $0 == koreanName } ?? false })
    else { return nil }
    self = kind
  }

  var koreanName: String? {
    switch self {
    case .strongWind: "강풍"
    case .heavyRain: "호우"
    case .coldWave: "한파"
    case .dryness: "건조"
    case .stormSurge: "폭풍해일"
    case .highSeas: "풍랑"
    case .typhoon: "태풍"
    case .heavySnow: "대설"
    case .yellowDust: "황사"
    case .heatWave: "폭염"
    case .tropicalNight: "열대야"
    case .unknown: nil
    }
  }

  private var englishName: String? {
    switch self {
    case .strongWind: "strong wind"
    case .heavyRain: "heavy rain"
    case .coldWave: "cold wave"
    case .dryness: "dry weather"
    case .stormSurge: "storm surge"
    case .highSeas: "high seas"
    case .typhoon: "typhoon"
    case .heavySnow: "heavy snow"
    case .yellowDust: "yellow dust"
    case .heatWave: "heat wave"
    case .tropicalNight: "tropical night"
    case .unknown: nil
    }
  }
}

/// How severe a warning is (`warnStress`): 주의보, 경보, 중대경보.
///
/// ```swift
/// WarningLevel(code: 2).name(in: .korean)   // "중대경보"
/// WarningLevel.warning > .advisory          // true
/// ```
public enum WarningLevel: Hashable, Sendable, Comparable {
  /// 주의보 (0): an advisory.
  case advisory
  /// 경보 (1): a warning.
  case warning
  /// 중대경보 (2): a severe warning, from 2026 (폭염중대경보).
  case severeWarning
  /// A code Haru does not know, kept as it came; it orders above the known levels, so that it is
  /// never hidden below an advisory.
  case unknown(code: Int64)

  /// The level a `warnStress` code stands for.
  ///
  /// - Parameter code: KMA's code.
  public init(code: Int64) {
    switch code {
    case 0: self = .advisory
    case 1: self = .warning
    case 2: self = .severeWarning
    default: self = .unknown(code: code)
    }
  }

  /// KMA's `warnStress` code.
  public var code: Int64 {
    switch self {
    case .advisory: 0
    case .warning: 1
    case .severeWarning: 2
    case .unknown(let code): code
    }
  }

  /// The level's name as KMA writes it (`"경보"`), or in English (`"warning"`).
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func name(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.advisory, .korean): "주의보"
    case (.advisory, .english): "advisory"
    case (.warning, .korean): "경보"
    case (.warning, .english): "warning"
    case (.severeWarning, .korean): "중대경보"
    case (.severeWarning, .english): "severe warning"
    case (.unknown(let code), .korean): "특보 단계(\(code))"
    case (.unknown(let code), .english): "warning level \(code)"
    }
  }

  /// The level a Korean name stands for, as `t6` writes it; `주의` as the API Hub does.
  init?(koreanName: some StringProtocol) {
    switch koreanName {
    case "주의보", "주의": self = .advisory
    case "경보": self = .warning
    case "중대경보": self = .severeWarning
    default: return nil
    }
  }

  private var rank: Int64 {
    switch self {
    case .advisory: 0
    case .warning: 1
    case .severeWarning: 2
    case .unknown(let code): 3 + max(code, 0)
    }
  }

  /// Orders levels from the least severe to the most.
  public static func < (lhs: WarningLevel, rhs: WarningLevel) -> Bool {
    lhs.rank < rhs.rank
  }
}

/// What an event of `getPwnCd` does to its zone's warning (`command`).
public enum WarningCommand: Hashable, Sendable {
  /// 발표 (1): issued.
  case issue
  /// 해제 (2): released.
  case release
  /// 연장 (3): extended.
  case extend
  /// 정정 (6): corrected.
  case correct
  /// 변경발표 (7): changed, such as an advisory raised to a warning.
  case change
  /// 변경해제 (8): released by a change.
  case changeRelease
  /// A code Haru does not know, kept as it came.
  case unknown(code: Int64)

  /// The command a `command` code stands for.
  ///
  /// - Parameter code: KMA's code.
  public init(code: Int64) {
    switch code {
    case 1: self = .issue
    case 2: self = .release
    case 3: self = .extend
    case 6: self = .correct
    case 7: self = .change
    case 8: self = .changeRelease
    default: self = .unknown(code: code)
    }
  }

  /// KMA's `command` code.
  public var code: Int64 {
    switch self {
    case .issue: 1
    case .release: 2
    case .extend: 3
    case .correct: 6
    case .change: 7
    case .changeRelease: 8
    case .unknown(let code): code
    }
  }

  /// Whether the zone's warning is in force after this event: `true` for issue, extend, correct
  /// and change; `false` for the releases; `nil` for an unknown command, which the replay does
  /// not guess at.
  public var leavesWarningActive: Bool? {
    switch self {
    case .issue, .extend, .correct, .change: true
    case .release, .changeRelease: false
    case .unknown: nil
    }
  }
}
