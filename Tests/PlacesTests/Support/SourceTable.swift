import Foundation
import Testing

/// The CSVs the table is generated from, read here independently of the library.
enum SourceTable {
  /// `Sources/Places/Table/Source`, found from this file's place in the repository.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Sources/Places/Table/Source", isDirectory: true)

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// The rows of a CSV as dictionaries by column name. Handles the quoted fields the tables use.
  static func rows(_ name: String) throws -> [[String: String]] {
    let text = String(decoding: try bytes(name), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(fields)
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst()
    return lines.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
  }

  private static func fields(_ line: Substring) -> [String] {
    var result: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      switch character {
      case "\"": quoted.toggle()
      case "," where !quoted:
        result.append(current)
        current = ""
      default: current.append(character)
      }
    }
    result.append(current)
    return result
  }

  /// One row of `kma-grid-areas.csv` with its row of `kma-grid-areas-mid-regions.csv`.
  struct Area: Sendable, CustomTestStringConvertible {
    var index: Int
    var code: String
    var sido: String
    var sigungu: String
    var eupmyeondong: String
    var nx: Int
    var ny: Int
    var latitude: Double?
    var longitude: Double?
    var land: String
    var temperature: String

    var fullName: String {
      [sido, sigungu, eupmyeondong].filter { !$0.isEmpty }.joined(separator: " ")
    }

    var testDescription: String { "\(code) \(fullName)" }
  }

  /// Every area of the 2026 table, in order; empty if the files cannot be read (a test of its own
  /// checks that they can).
  static let areas: [Area] = {
    guard let grid = try? rows("kma-grid-areas.csv"),
      let mid = try? rows("kma-grid-areas-mid-regions.csv"), grid.count == mid.count
    else { return [] }
    return zip(grid, mid).enumerated().map { index, pair in
      let (row, regions) = pair
      return Area(
        index: index, code: row["code"] ?? "", sido: row["sido"] ?? "",
        sigungu: row["sigungu"] ?? "", eupmyeondong: row["eupmyeondong"] ?? "",
        nx: Int(row["nx"] ?? "") ?? 0, ny: Int(row["ny"] ?? "") ?? 0,
        latitude: Double(row["lat"] ?? ""), longitude: Double(row["lon"] ?? ""),
        land: regions["land_reg_id"] ?? "", temperature: regions["ta_reg_id"] ?? "")
    }
  }()
}
