/// A secret, such as a service key, that never shows itself: printing, dumping or reflecting it
/// gives `REDACTED`, so a client holding one can be logged or shown in a test failure safely.
struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The secret itself; use it only to build the request that needs it.
  let value: String

  init(_ value: String) {
    self.value = value
  }

  var description: String { "REDACTED" }
  var debugDescription: String { "REDACTED" }
  var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
