public import Foundation

/// Whether it will rain (or snow) in the next hours, as the one line a weather screen shows
/// first: "15시부터 비 (1mm 미만)", "17시쯤 그쳐요", "6시간 동안 비 소식 없음".
///
/// Read from hours in order, the first of them the hour now: when something falls now, the line
/// says when it stops (or that it goes on through the span); otherwise when it starts, with what
/// falls and the amount of its first hour when one is given; otherwise that none is expected.
///
/// ```swift
/// if let line = RainLine(hours: [current] + outlook.hourly, at: now) {
///   print(line.text(in: .korean))   // 15시부터 비 (1mm 미만)
/// }
/// ```
public struct RainLine: Hashable, Sendable {
  /// What the hours hold.
  public enum Outlook: Hashable, Sendable {
    /// Nothing falls during the span.
    case none
    /// Something starts to fall in an hour of the span.
    case starts(at: Date, PrecipitationType, amount: PrecipitationAmount?)
    /// What falls now stops at the start of an hour of the span.
    case stops(at: Date)
    /// What falls now goes on through the span.
    case continues(PrecipitationType)
  }

  /// What the hours hold.
  public let outlook: Outlook
  /// How many hours the line speaks of.
  public let hours: Int

  /// The line for the hours from the hour of `date` on, `span` of them.
  ///
  /// - Parameters:
  ///   - hours: Hours in any order; those outside the span are left out, of two hours with the
  ///     same time the first given counts (pass the conditions now before the forecast's hours),
  ///     and an hour whose precipitation type is unknown counts as nothing falling.
  ///   - date: Now; its hour is the first of the span.
  ///   - span: How many hours to look ahead, 6 unless given (KMA's 초단기예보). The line is
  ///     `nil` when no hour of the span is known, or `span` is not positive.
  public init?(hours: [HourlyForecast], at date: Date, span: Int = 6) {
    guard span > 0 else { return nil }
    let start = Date(
      timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
    let end = start.addingTimeInterval(Double(span) * 3600)
    var seen: Set<Date> = []
    let inSpan = hours.filter { $0.time >= start && $0.time < end && seen.insert($0.time).inserted }
      .sorted { $0.time < $1.time }
    guard let first = inSpan.first else { return nil }
    self.hours = span
    func falling(_ hour: HourlyForecast) -> PrecipitationType? {
      hour.precipitationType.flatMap { $0.isFalling ? $0 : nil }
    }
    if let now = falling(first) {
      if let dry = inSpan.first(where: { falling($0) == nil }) {
        outlook = .stops(at: dry.time)
      } else {
        outlook = .continues(now)
      }
    } else if let wet = inSpan.first(where: { falling($0) != nil }), let type = falling(wet) {
      let amount = [wet.precipitation, wet.snowfall].compactMap { $0 }.first {
        $0.measure != nil && $0.measure != .nothing
      }
      outlook = .starts(at: wet.time, type, amount: amount)
    } else {
      outlook = .none
    }
  }

  /// The line: "15시부터 비 (1mm 미만)", "17시쯤 그쳐요", "6시간 동안 계속 비",
  /// "6시간 동안 비 소식 없음"; "Rain from 15:00 (under 1 mm)", "Stops around 17:00",
  /// "Rain for the next 6 hours", "No rain in the next 6 hours". Times are Korea Standard Time.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The line.
  public func text(in language: DisplayLanguage) -> String {
    switch (outlook, language) {
    case (.none, .korean):
      return "\(hours)시간 동안 비 소식 없음"
    case (.none, .english):
      return "No rain in the next \(hours) hours"
    case (.starts(let time, let type, let amount), .korean):
      let said = amount.map { " (\($0.formatted(in: .korean)))" } ?? ""
      return "\(Self.hour(time))시부터 \(type.displayName(in: .korean))\(said)"
    case (.starts(let time, let type, let amount), .english):
      let said = amount.map { " (\(Self.lowercasedFirst($0.formatted(in: .english))))" } ?? ""
      return "\(type.displayName(in: .english)) from \(Self.clock(time))\(said)"
    case (.stops(let time), .korean):
      return "\(Self.hour(time))시쯤 그쳐요"
    case (.stops(let time), .english):
      return "Stops around \(Self.clock(time))"
    case (.continues(let type), .korean):
      return "\(hours)시간 동안 계속 \(type.displayName(in: .korean))"
    case (.continues(let type), .english):
      return "\(type.displayName(in: .english)) for the next \(hours) hours"
    }
  }

  /// The hour of an instant in Korea Standard Time, 0–23.
  private static func hour(_ date: Date) -> Int {
    let shifted = date.timeIntervalSince1970 + 9 * 3600
    guard shifted.isFinite, abs(shifted) < 1e15 else { return 0 }
    let seconds = Int64(shifted.rounded(.down))
    return Int(((seconds / 3600) % 24 + 24) % 24)
  }

  /// "15:00".
  private static func clock(_ date: Date) -> String {
    let hour = hour(date)
    return hour < 10 ? "0\(hour):00" : "\(hour):00"
  }

  /// "Under 1 mm" as "under 1 mm", inside a sentence.
  private static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
