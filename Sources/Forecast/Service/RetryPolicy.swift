import Foundation
import HaruShared

/// How ``ForecastService`` asks again after a transient failure.
///
/// Only failures whose ``ForecastError/isTransient`` is true are retried (timeouts, broken
/// connections, HTTP 5xx, KMA result codes 01, 02, 04 and 05); key, quota and parameter errors
/// never are. The wait before retry *n* is `initialDelay × multiplier^(n−1)`, capped at
/// `maximumDelay`, shortened by a random part of up to `jitter` of itself so that many clients do
/// not retry in step. No retry starts when it would end after `maximumTotalTime`.
///
/// ```swift
/// var policy = RetryPolicy.standard
/// policy.maximumAttempts = 2
/// ```
public struct RetryPolicy: Hashable, Sendable {
  /// How many times a fetch is tried in all, the first time included; at least 1.
  public var maximumAttempts: Int
  /// The wait before the first retry.
  public var initialDelay: Duration
  /// The longest wait between two attempts.
  public var maximumDelay: Duration
  /// How much longer each wait is than the one before.
  public var multiplier: Double
  /// The largest fraction of a wait taken off at random, 0…1.
  public var jitter: Double
  /// The longest time all attempts and waits together may take.
  public var maximumTotalTime: Duration

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maximumAttempts: How many times a fetch is tried in all; values below 1 count as 1.
  ///   - initialDelay: The wait before the first retry.
  ///   - maximumDelay: The longest wait.
  ///   - multiplier: How much longer each wait is than the one before.
  ///   - jitter: The largest fraction of a wait taken off at random; clamped to 0…1.
  ///   - maximumTotalTime: The longest time all attempts and waits may take.
  public init(
    maximumAttempts: Int,
    initialDelay: Duration = .seconds(1),
    maximumDelay: Duration = .seconds(8),
    multiplier: Double = 2,
    jitter: Double = 0.5,
    maximumTotalTime: Duration = .seconds(30)
  ) {
    self.maximumAttempts = maximumAttempts
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.multiplier = multiplier
    self.jitter = jitter
    self.maximumTotalTime = maximumTotalTime
  }

  /// Four attempts, waiting about 1, 2 and 4 seconds between them, 30 seconds in all.
  public static let standard = RetryPolicy(maximumAttempts: 4)

  /// One attempt and no retry.
  public static let never = RetryPolicy(maximumAttempts: 1)

  /// The wait before a retry.
  ///
  /// - Parameters:
  ///   - retry: Which retry, from 1.
  ///   - random: A number in 0…1 that picks the jitter.
  /// - Returns: The wait, never longer than ``maximumDelay``.
  func delay(beforeRetry retry: Int, random: Double) -> Duration {
    let factor = pow(max(multiplier, 1), Double(max(retry - 1, 0)))
    let uncapped = initialDelay.inSeconds * factor
    let base = min(uncapped, maximumDelay.inSeconds)
    let cut = min(max(jitter, 0), 1) * min(max(random, 0), 1)
    return .seconds(max(base * (1 - cut), 0))
  }
}
