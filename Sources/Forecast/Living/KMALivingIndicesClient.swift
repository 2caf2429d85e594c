import Foundation
import HaruModels
import HaruShared

/// Asks KMA's index services for an area's UV index (`LivingWthrIdxServiceV5/getUVIdxV5`) and
/// pollen risk (`HealthWthrIdxServiceV3`), through the data portal or KMA's API Hub, whichever
/// the builder's configuration names.
///
/// - The UV index is issued every three hours (00, 03, … 21 KST). The client asks for the newest
///   issuance ``uvPublicationDelay`` after its hour and, when it is not published yet (`03`,
///   `01`, or an answer with no row for the area), for the issuance before, once.
/// - The pollen risk is issued at 06 and 18 KST, in each kind's season only. Outside it by the
///   Korean date (``PollenKind/isInSeason(on:)``) the client answers
///   ``PollenForecast/notInSeason(_:)`` and asks nothing; inside it, a header-only `99` saying
///   the period is not served ("제공기간이 아닙니다") is "not in season" too, never an error. The
///   newest bulletin is asked ``pollenPublicationDelay`` after its hour, with the same single
///   step back when it is not published.
///
/// Every other answer is a typed ``ForecastError``: API Hub's 401 and 403 as the data portal's
/// refusals of the same meaning (``ForecastError/refusal``), any other `99` (a wrong area code) as
/// the service's error. The provider reports each as its part's missing reason, under
/// ``KMAIndexOperation/dataService``.
struct KMALivingIndicesClient: Sendable {
  let builder: KMARequestBuilder
  let transport: any HTTPTransport

  /// How long after its hour an issuance of the UV index is asked for: 30 minutes. An
  /// assumption: no source states when an issuance is out; an issuance asked too early answers
  /// "not published" and the one before is asked instead.
  static let uvPublicationDelay: Duration = .seconds(30 * 60)

  /// How long after 06:00 and 18:00 a pollen bulletin is asked for: 30 minutes. An assumption,
  /// as ``uvPublicationDelay`` is.
  static let pollenPublicationDelay: Duration = .seconds(30 * 60)

  // MARK: - UV

  /// The newest UV forecast for an area.
  ///
  /// - Parameters:
  ///   - areaCode: The area's 10-digit code from KMA's area table, such as `"1100000000"`.
  ///   - date: Now.
  /// - Returns: The forecast of the newest issuance published at `date`, or of the one before
  ///   when the newest is not out yet.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an area code that is not 10 digits
  ///   (nothing is asked); ``ForecastError/Code/noData`` when neither issuance has the area;
  ///   otherwise the service's or the gateway's error.
  func uvForecast(areaCode: String, at date: Date) async throws(ForecastError) -> UVForecast {
    let newest = Self.uvIssuance(at: date)
    do {
      return try await uvForecast(areaCode: areaCode, issuance: newest)
    } catch  where KMAClient.meansNotPublished(error) {
      return try await uvForecast(
        areaCode: areaCode, issuance: KMAIndexSchedule.uv.previous(newest))
    }
  }

  /// The UV forecast of one issuance.
  func uvForecast(areaCode: String, issuance: Date) async throws(ForecastError) -> UVForecast {
    let request = try builder.indexRequest(.uv, areaCode: areaCode, issuance: issuance)
    let response = try await transport.send(request)
    return try KMAIndexDecoding.uv(response, areaCode: areaCode, issuance: issuance)
  }

  /// The newest UV issuance published at an instant: the last of 00, 03, … 21 KST at least
  /// `delay` before it.
  ///
  /// - Parameters:
  ///   - date: Now.
  ///   - delay: How long after its hour an issuance is out.
  /// - Returns: The issuance's hour, as an instant.
  static func uvIssuance(at date: Date, delay: Duration = uvPublicationDelay) -> Date {
    KMAIndexSchedule.uv.latest(at: date, delay: delay)
  }

  /// When the UV issuance after one is due: three hours after it, plus the delay.
  ///
  /// - Parameters:
  ///   - issuance: The issuance held (``UVForecast/issuedAt``).
  ///   - delay: How long after its hour an issuance is out.
  /// - Returns: The instant to ask again.
  static func nextUVDue(after issuance: Date, delay: Duration = uvPublicationDelay) -> Date {
    KMAIndexSchedule.uv.next(issuance).addingTimeInterval(delay.inSeconds)
  }

  // MARK: - Pollen

  /// The newest pollen forecast of a kind for an area.
  ///
  /// - Parameters:
  ///   - kind: The kind of pollen.
  ///   - areaCode: The area's 10-digit code from KMA's area table.
  ///   - date: Now.
  /// - Returns: ``PollenForecast/notInSeason(_:)`` outside the kind's months in Korea, with no
  ///   request made, or when the service says its period is not served; otherwise the newest
  ///   bulletin published at `date`, or the one before when the newest is not out yet.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an area code that is not 10 digits
  ///   (nothing is asked, in season or not); ``ForecastError/Code/noData`` when neither bulletin
  ///   has the area; otherwise the service's or the gateway's error.
  func pollenForecast(
    _ kind: PollenKind, areaCode: String, at date: Date
  ) async throws(ForecastError) -> PollenForecast {
    try KMARequestBuilder.checkAreaCode(areaCode)
    guard kind.isInSeason(on: CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)) else {
      return .notInSeason(kind)
    }
    let newest = Self.pollenIssuance(at: date)
    do {
      return try await pollenForecast(kind, areaCode: areaCode, issuance: newest)
    } catch  where KMAClient.meansNotPublished(error) {
      return try await pollenForecast(
        kind, areaCode: areaCode, issuance: KMAIndexSchedule.pollen.previous(newest))
    }
  }

  /// The pollen forecast of one bulletin.
  func pollenForecast(
    _ kind: PollenKind, areaCode: String, issuance: Date
  ) async throws(ForecastError) -> PollenForecast {
    let request = try builder.indexRequest(
      KMAIndexOperation(pollen: kind), areaCode: areaCode, issuance: issuance)
    let response = try await transport.send(request)
    return try KMAIndexDecoding.pollen(
      response, kind: kind, areaCode: areaCode, issuance: issuance)
  }

  /// The newest pollen bulletin published at an instant: 06 or 18 KST, at least `delay` before
  /// it.
  ///
  /// - Parameters:
  ///   - date: Now.
  ///   - delay: How long after its hour a bulletin is out.
  /// - Returns: The bulletin's hour, as an instant.
  static func pollenIssuance(at date: Date, delay: Duration = pollenPublicationDelay) -> Date {
    KMAIndexSchedule.pollen.latest(at: date, delay: delay)
  }

  /// When a kind's next pollen bulletin is due: the first bulletin after `date` on a day of the
  /// kind's season, plus the delay.
  ///
  /// Pass the bulletin held (``PollenForecast/issuedAt``) to learn when the next is out; pass now
  /// for a kind out of season, to learn when its season's first bulletin is (06:00 KST on the
  /// first day of its first month, plus the delay).
  ///
  /// - Parameters:
  ///   - kind: The kind of pollen.
  ///   - date: The bulletin held, or now.
  ///   - delay: How long after its hour a bulletin is out.
  /// - Returns: The instant to ask again.
  static func nextPollenDue(
    _ kind: PollenKind, after date: Date, delay: Duration = pollenPublicationDelay
  ) -> Date {
    let zone = CalendarDay.koreaTimeZone
    let next = KMAIndexSchedule.pollen.next(date)
    let day = CalendarDay(containing: next, in: zone)
    guard !kind.isInSeason(on: day) else { return next.addingTimeInterval(delay.inSeconds) }
    let first = kind.months.lowerBound
    let year = day.month < first ? day.year : day.year + 1
    // The first day of a month always exists; the fallback is never taken.
    let opening = (try? CalendarDay(year: year, month: first, day: 1)) ?? day
    let firstBulletin = KMAIndexSchedule.pollen.next(opening.start(in: zone))
    return firstBulletin.addingTimeInterval(delay.inSeconds)
  }
}
