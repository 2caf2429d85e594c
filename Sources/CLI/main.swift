import Foundation
import HaruModels

/// The command-line entry point: `haru demo`, `haru --help`.
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "demo":
  await Demo.run()
case "-h", "--help", "help":
  print(Demo.usage)
case nil:
  FileHandle.standardError.write(Data((Demo.usage + "\n").utf8))
  exit(2)
case let command?:
  FileHandle.standardError.write(Data("haru: unknown command '\(command)'\n\(Demo.usage)\n".utf8))
  exit(2)
}
