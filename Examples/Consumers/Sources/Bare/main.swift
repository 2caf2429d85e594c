// Foundation alone, doing the small things every other tool here does too: reading a file,
// decoding JSON, formatting a date.

import Foundation

let arguments = CommandLine.arguments
let sample = arguments.count > 1 ? (try? Data(contentsOf: URL(fileURLWithPath: arguments[1]))) : nil
let object = sample.flatMap { try? JSONSerialization.jsonObject(with: $0) }
let formatter = ISO8601DateFormatter()
formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
print("bare: \(formatter.string(from: Date(timeIntervalSince1970: 1_795_968_000)))", object != nil)
