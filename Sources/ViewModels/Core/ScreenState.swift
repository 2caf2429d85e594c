public import HaruModels
import HaruShared
public import Observation

/// A view model's outputs as observable properties, for SwiftUI, with its input at hand.
///
/// SwiftUI tracks what a view's body reads through the Observation framework. ``ScreenState`` wraps an
/// ``InputOutputViewModel``: reading an output through it — `screen.temperatureUnit`, any property of
/// the view model's `Output` that is a ``/HaruModels/ValueObservation`` — returns the output's current value and
/// tells Observation that the view depends on it, so the view is drawn again when that output
/// changes, and only then. Intents go to the view model through ``input``. The Input/Output API
/// stays available unchanged.
///
/// ```swift
/// struct SettingsScreen: View {
///   @State private var screen = ScreenState(
///     SettingsViewModel(settings: store, language: .korean), input: .init())
///
///   var body: some View {
///     Picker("단위", selection: Binding(
///       get: { screen.temperatureUnit },
///       set: { screen.input.chooseUnit.send($0) }
///     )) {
///       Text("°C").tag(TemperatureUnit.celsius)
///       Text("°F").tag(TemperatureUnit.fahrenheit)
///     }
///     if let message = screen.errorMessage { Text(message) }
///   }
/// }
/// ```
///
/// An output is followed from its first read on, on the main actor; a change reaches Observation
/// as a mutation of that output alone. The state keeps the view model alive, and stops following
/// when it is released.
@MainActor
@dynamicMemberLookup
public final class ScreenState<ViewModel: InputOutputViewModel>: Observable {
  /// The view model, for anything the state does not cover.
  public let viewModel: ViewModel
  /// The input given to the view model: send the person's events here.
  public let input: ViewModel.Input
  /// The outputs, as observations, for code that iterates them.
  public let output: ViewModel.Output

  private let registrar = ObservationRegistrar()
  private var followed: Set<AnyKeyPath> = []
  private let followers = LockedState<[Task<Void, Never>]>([])

  /// Wraps a view model and gives it its input.
  ///
  /// - Parameters:
  ///   - viewModel: The view model; the state calls its `transform(_:)` once, now.
  ///   - input: The input to give it, such as `.init()`.
  public init(_ viewModel: ViewModel, input: ViewModel.Input) {
    self.viewModel = viewModel
    self.input = input
    output = viewModel.transform(input)
  }

  deinit {
    followers.withLock { tasks in
      for task in tasks { task.cancel() }
    }
  }

  /// The current value of an output, read so that Observation tracks it.
  ///
  /// - Parameter keyPath: The output, such as `\.temperatureUnit`.
  /// - Returns: Its current value.
  public subscript<Value: Sendable>(
    dynamicMember keyPath: KeyPath<ViewModel.Output, ValueObservation<Value>>
  ) -> Value {
    registrar.access(self, keyPath: \.[changes: keyPath])
    let observation = output[keyPath: keyPath]
    guard followed.insert(keyPath).inserted else { return observation.value }
    let (value, changes) = observation.currentValueAndChanges()
    follow(keyPath, changes)
    return value
  }

  /// Names one output for the registrar; its value is never read.
  private subscript(changes keyPath: AnyKeyPath) -> Int { 0 }

  private func follow<Value: Sendable>(
    _ keyPath: KeyPath<ViewModel.Output, ValueObservation<Value>>,
    _ changes: ValueObservation<Value>.AsyncIterator
  ) {
    let task = Task { [weak self] in
      var changes = changes
      while await changes.next(isolation: MainActor.shared) != nil {
        guard let self else { return }
        registrar.withMutation(of: self, keyPath: \.[changes: keyPath]) {}
      }
    }
    followers.withLock { $0.append(task) }
  }
}
