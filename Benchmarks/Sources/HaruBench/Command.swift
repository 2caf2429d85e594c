/// What the command line asks for.
enum Command: Equatable {
  /// Run every benchmark whose name starts with the prefix (all of them for an empty prefix).
  case run(filter: String)
  case help

  static let usage = """
    usage: haru-bench [--filter PREFIX]

    Runs the Haru benchmarks and prints one JSON object per line on standard output:
      {"name": "models.grid.project", "unit": "ns", "median": 123.4, "p99": 150.2, "n": 1000}
    Progress and notes go to standard error.

    options:
      --filter PREFIX  run only the benchmarks whose name starts with PREFIX
      -h, --help       show this help
    """

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses the arguments that follow the executable's name.
  init(arguments: [String]) throws(UsageError) {
    var filter: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        self = .help
        return
      case "--filter":
        guard let prefix = remaining.popFirst() else {
          throw UsageError(description: "--filter needs a prefix, such as --filter models.grid")
        }
        guard filter == nil else { throw UsageError(description: "--filter given twice") }
        filter = prefix
      case _ where argument.hasPrefix("--filter="):
        guard filter == nil else { throw UsageError(description: "--filter given twice") }
        filter = String(argument.dropFirst("--filter=".count))
      default:
        throw UsageError(description: "unknown argument '\(argument)'")
      }
    }
    self = .run(filter: filter ?? "")
  }
}
