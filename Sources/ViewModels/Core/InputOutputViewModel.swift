/// A view model built the Input/Output way: events go into an `Input`, `transform(_:)` returns the
/// `Output` observations a screen shows. Every view model of `HaruViewModels` is one, and
/// ``ScreenState`` turns any of them into `@Observable`-style state for SwiftUI.
@MainActor
public protocol InputOutputViewModel: AnyObject {
  /// What the person does on the screen: streams of ``UserEvents``.
  associatedtype Input: Sendable
  /// What the screen shows: observations that start with the current value.
  associatedtype Output: Sendable

  /// Starts following an input and returns the screen's outputs.
  ///
  /// - Parameter input: The events of the screen.
  /// - Returns: The outputs to bind the screen to.
  func transform(_ input: Input) -> Output
}
