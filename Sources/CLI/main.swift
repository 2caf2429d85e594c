import Foundation

// The `haru` command: see `haru help` and Documentation/Haru.docc/CLIReference.md.
Termination.install()
let status = await HaruCommand.run(
  argv: CommandLine.unsafeArgv, count: CommandLine.argc,
  environment: ProcessInfo.processInfo.environment)
Termination.exit(status)
