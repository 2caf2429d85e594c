package import Foundation

/// An executable of this package, built next to the test bundle in the build folder: the `haru`
/// command or a crash-test helper.
///
/// - Parameter name: The executable's product name.
/// - Returns: Its location, or `nil` when it was not built.
package func builtExecutable(named name: String) -> URL? {
  var folders: [URL] = []
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    folders.append(bundle.bundleURL.deletingLastPathComponent())
  }
  if let executable = Bundle.main.executableURL {
    folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
  }
  if let first = CommandLine.arguments.first {
    folders.append(
      URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
  }
  return folders.lazy
    .map { $0.appendingPathComponent(name) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
