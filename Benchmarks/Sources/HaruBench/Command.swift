/// What the command line asks for.
enum Command: Equatable {
  /// Run every benchmark whose name starts with the prefix (all of them for an empty prefix).
  case run(filter: String)
  case help

  static let usage = """
    usage: haru-bench [--filter PREFIX] [--rows FILE] [--queries FILE] [--adversarial N]

    Runs the Haru benchmarks and prints one JSON object per line on standard output:
      {"name": "models.grid.project", "unit": "ns", "median": 123.4, "p99": 150.2, "n": 1000}
    Progress and notes go to standard error.

    options:
      --filter PREFIX  run only the benchmarks whose name starts with PREFIX
      --rows FILE      journal entries for the journal.* benchmarks: tab-separated lines of
                       id, date (YYYY-MM-DD), brand, name, content, sentence, favorite (0 or 1),
                       no header; without it, 100,000 mixed Korean and English entries are generated
      --queries FILE   search box text for the journal.search.* benchmarks, one query per line;
                       without it, a mix of common, rare, one-syllable, inside-a-word, Latin,
                       punctuation and absent terms
      --adversarial N  entries of each journal the journal.search.adversarial.* benchmarks
                       build to make search slow (10000 unless given; 100000 and 1000000 are
                       the sizes the search article quotes)
      -h, --help       show this help
    """

  /// Inputs that some benchmarks read, given on the command line.
  struct Inputs: Equatable {
    /// The file given with `--rows`, if any.
    var rowsFile: String?
    var queriesFile: String?
    /// The size of the adversarial search journal, given with `--adversarial`.
    var adversarialSize = 10_000
  }

  /// The inputs of this run, read from the process's arguments. `main` has already refused
  /// arguments that do not parse, so a benchmark can rely on them.
  static let inputs: Inputs =
    (try? parse(arguments: Array(CommandLine.arguments.dropFirst())).inputs) ?? Inputs()

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses the arguments that follow the executable's name.
  init(arguments: [String]) throws(UsageError) {
    self = try Self.parse(arguments: arguments).command
  }

  /// Parses the arguments into what to do and the inputs to do it with.
  static func parse(
    arguments: [String]
  ) throws(UsageError) -> (command: Command, inputs: Inputs) {
    var filter: String?
    var inputs = Inputs()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        return (.help, inputs)
      case "--filter":
        guard let prefix = remaining.popFirst() else {
          throw UsageError(description: "--filter needs a prefix, such as --filter models.grid")
        }
        guard filter == nil else { throw UsageError(description: "--filter given twice") }
        filter = prefix
      case _ where argument.hasPrefix("--filter="):
        guard filter == nil else { throw UsageError(description: "--filter given twice") }
        filter = String(argument.dropFirst("--filter=".count))
      case "--rows":
        guard let file = remaining.popFirst() else {
          throw UsageError(description: "--rows needs a file, such as --rows entries.tsv")
        }
        guard inputs.rowsFile == nil else { throw UsageError(description: "--rows given twice") }
        inputs.rowsFile = file
      case _ where argument.hasPrefix("--rows="):
        guard inputs.rowsFile == nil else { throw UsageError(description: "--rows given twice") }
        let file = String(argument.dropFirst("--rows=".count))
        guard !file.isEmpty else {
          throw UsageError(description: "--rows needs a file, such as --rows entries.tsv")
        }
        inputs.rowsFile = file
      case "--queries":
        guard let file = remaining.popFirst() else {
          throw UsageError(description: "--queries needs a file, such as --queries queries.txt")
        }
        guard inputs.queriesFile == nil else {
          throw UsageError(description: "--queries given twice")
        }
        inputs.queriesFile = file
      case _ where argument.hasPrefix("--queries="):
        guard inputs.queriesFile == nil else {
          throw UsageError(description: "--queries given twice")
        }
        let file = String(argument.dropFirst("--queries=".count))
        guard !file.isEmpty else {
          throw UsageError(description: "--queries needs a file, such as --queries queries.txt")
        }
        inputs.queriesFile = file
      case "--adversarial":
        guard let count = remaining.popFirst() else {
          throw UsageError(description: "--adversarial needs a number of entries, such as 100000")
        }
        inputs.adversarialSize = try adversarialSize(count)
      case _ where argument.hasPrefix("--adversarial="):
        inputs.adversarialSize = try adversarialSize(
          String(argument.dropFirst("--adversarial=".count)))
      default:
        throw UsageError(description: "unknown argument '\(argument)'")
      }
    }
    return (.run(filter: filter ?? ""), inputs)
  }

  /// The size given to `--adversarial`: a whole number of entries from 100 to 10,000,000.
  private static func adversarialSize(_ text: String) throws(UsageError) -> Int {
    guard let count = Int(text), (100...10_000_000).contains(count) else {
      throw UsageError(
        description: "--adversarial needs a number of entries from 100 to 10000000, not '\(text)'")
    }
    return count
  }
}
