public import Foundation
import HaruModels

/// What the app last fetched for a town, as a widget reads it from the disk cache: the outlook,
/// and for each part when it was issued, how old it is and whether a newer one is due.
///
/// Read it with ``ForecastService/storedOutlook(for:provider:cacheDirectory:at:)``, which never
/// sends a request and never writes:
///
/// ```swift
/// let folder = FileManager.default
///   .containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.haru")!
///   .appending(path: "Forecast")
/// if let stored = await ForecastService.storedOutlook(for: town, cacheDirectory: folder) {
///   show(stored.outlook.today)
///   if stored.part(.current)?.isStale ?? true { dimTheCurrentTemperature() }
///   let reload = stored.nextIssueAt   // schedule the widget's next timeline entry here
/// }
/// ```
public struct StoredOutlook: Hashable, Sendable {
  /// The outlook as the app last made it, for the town asked about; "today" is reckoned from the
  /// instant of the read.
  public let outlook: ForecastOutlook
  /// The parts the outlook was made of, in ``ForecastPart`` order; a part that could not be had
  /// is absent (``ForecastOutlook/missing`` names it).
  public let parts: [StoredPart]

  /// Creates a stored outlook, as ``ForecastService`` does from its cache; for tests and
  /// previews.
  ///
  /// - Parameters:
  ///   - outlook: The outlook.
  ///   - parts: Its parts.
  public init(outlook: ForecastOutlook, parts: [StoredPart]) {
    self.outlook = outlook
    self.parts = parts
  }

  /// A part, when the outlook has it.
  ///
  /// - Parameter part: The part.
  /// - Returns: Its issuance and freshness, or `nil` when the outlook lacks it.
  public func part(_ part: ForecastPart) -> StoredPart? {
    parts.first { $0.part == part }
  }

  /// The earliest time a part's next issuance is due (KMA's schedule plus its publication delay):
  /// when a refresh would first fetch something new, and when a widget's next timeline entry is
  /// worth making. In the past when a part is already stale.
  public var nextIssueAt: Date? { parts.map(\.nextIssueAt).min() }

  /// Whether any part's next issuance is due: a refresh would fetch something new.
  public var isStale: Bool { parts.contains(where: \.isStale) }
}

/// One part of a stored outlook: when it was issued and fetched, when the next issuance is due,
/// and how that stands at the instant of the read.
public struct StoredPart: Hashable, Sendable {
  /// The part.
  public let part: ForecastPart
  /// The issuance held: the run's base time, the mid-term forecast's `tmFc`, AirKorea's hour.
  public let issuedAt: Date
  /// When it was fetched.
  public let fetchedAt: Date
  /// When its next issuance is due.
  public let nextIssueAt: Date
  /// How long ago it was issued, at the instant of the read.
  public let age: Duration
  /// Whether its next issuance was due at the instant of the read: a newer one may be out.
  public let isStale: Bool

  /// Creates a part's state, as the read does; for tests and previews.
  ///
  /// - Parameters:
  ///   - part: The part.
  ///   - issuedAt: The issuance held.
  ///   - fetchedAt: When it was fetched.
  ///   - nextIssueAt: When the next issuance is due.
  ///   - date: The instant the age and staleness are reckoned at.
  public init(
    part: ForecastPart, issuedAt: Date, fetchedAt: Date, nextIssueAt: Date, at date: Date
  ) {
    self.part = part
    self.issuedAt = issuedAt
    self.fetchedAt = fetchedAt
    self.nextIssueAt = nextIssueAt
    self.age = .seconds(max(date.timeIntervalSince(issuedAt), 0))
    self.isStale = date >= nextIssueAt
  }
}
