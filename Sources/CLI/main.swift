import Foundation

// The `haru` command: see `haru help` and Documentation/Haru.docc/CLIReference.md.
Termination.install()
let status = await HaruCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
Termination.exit(status)
