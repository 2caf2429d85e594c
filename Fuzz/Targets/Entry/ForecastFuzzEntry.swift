// The entry point of the fuzz executable compiled into HaruForecast. run.sh builds it once and
// links it under each target's name (fuzz-kma-response, fuzz-kma-mid-response,
// fuzz-open-meteo-response, fuzz-air-response, fuzz-warnings-response); the name it runs under
// picks the target.

import Foundation

private let target = (CommandLine.arguments.first ?? "").split(separator: "/").last.map(String.init)

/// Runs one input through the target the executable's name picks; libFuzzer calls this for every
/// input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecastInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  switch target {
  case "fuzz-kma-response": return fuzzKMAResponse(start, count)
  case "fuzz-kma-mid-response": return fuzzKMAMidTermResponse(start, count)
  case "fuzz-open-meteo-response": return fuzzOpenMeteoResponse(start, count)
  case "fuzz-air-response": return fuzzAirKoreaResponse(start, count)
  case "fuzz-warnings-response": return fuzzWarningsResponse(start, count)
  default: fatalError("no fuzz target of HaruForecast is named \(target ?? "")")
  }
}
