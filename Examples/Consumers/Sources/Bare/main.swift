// Foundation alone, doing the small things every other tool here does too: reading a file and
// decoding JSON. It uses no formatter, calendar or time zone, which would load ICU's data.

import Foundation

let arguments = CommandLine.arguments
let sample = arguments.count > 1 ? (try? Data(contentsOf: URL(fileURLWithPath: arguments[1]))) : nil
let object = sample.flatMap { try? JSONSerialization.jsonObject(with: $0) }
print("bare: read \(sample?.count ?? 0) bytes, JSON: \(object != nil)")
