import Foundation
import Testing

/// The module graph the documentation draws is the one `Package.swift` declares.
struct ModuleGraphDocsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Each target's name and the Haru targets it depends on, read from the manifest's text:
  /// every `name: "…"` that opens a target, and the quoted `Haru…` names of its `dependencies`.
  static func manifestTargets() throws -> [String: Set<String>] {
    let manifest = try text("Package.swift")
    var targets: [String: Set<String>] = [:]
    let openings = ["  .target(", "  .executableTarget(", "  .testTarget("]
    // Split at every target opening; each piece runs to the next one.
    var pieces: [Substring] = []
    var rest = Substring(manifest)
    while let start = openings.compactMap({ rest.range(of: $0)?.lowerBound }).min() {
      let afterStart = rest.index(after: start)
      let next = openings.compactMap { rest[afterStart...].range(of: $0)?.lowerBound }.min()
      pieces.append(rest[start..<(next ?? rest.endIndex)])
      guard let next else { break }
      rest = rest[next...]
    }
    for piece in pieces {
      guard let name = quoted(after: "name: \"", in: piece) else { continue }
      var dependencies: Set<String> = []
      if let list = piece.range(of: "dependencies: [") {
        let tail = piece[list.upperBound...]
        let body = tail[..<(tail.firstIndex(of: "]") ?? tail.endIndex)]
        for part in body.components(separatedBy: "\"").enumerated() where part.offset % 2 == 1 {
          if part.element.hasPrefix("Haru") { dependencies.insert(part.element) }
        }
      }
      targets[name] = dependencies
    }
    return targets
  }

  static func quoted(after prefix: String, in text: Substring) -> String? {
    guard let start = text.range(of: prefix)?.upperBound else { return nil }
    return text[start...].firstIndex(of: "\"").map { String(text[start..<$0]) }
  }

  /// The library products' names: the first `name: "…"` after each `.library(`, on its line or
  /// the next.
  static func products() throws -> Set<String> {
    let manifest = try text("Package.swift")
    var names: Set<String> = []
    for piece in manifest.components(separatedBy: ".library(").dropFirst() {
      if let name = quoted(after: "name: \"", in: Substring(piece)) { names.insert(name) }
    }
    return names
  }

  /// What each module reaches through its arrows, itself excluded.
  static func reach(_ graph: [String: Set<String>]) -> [String: Set<String>] {
    var result: [String: Set<String>] = [:]
    for start in graph.keys {
      var seen: Set<String> = []
      var stack = Array(graph[start] ?? [])
      while let next = stack.popLast() {
        guard seen.insert(next).inserted else { continue }
        stack.append(contentsOf: graph[next] ?? [])
      }
      result[start] = seen
    }
    return result
  }

  @Test func theManifestIsReadWhole() throws {
    let targets = try Self.manifestTargets()
    let products = try Self.products()
    #expect(products.count == 13)
    #expect(products.isSubset(of: Set(targets.keys)), "\(products)")
    #expect(targets["HaruWeatherViewModels"]?.contains("HaruPlaces") == true)
    #expect(targets["HaruJournalViewModels"]?.contains("HaruForecast") == false)
    #expect(targets["HaruModels"] == ["HaruShared"])
  }

  /// The landing page's arrows, one module a line, reach what the manifest's dependencies reach.
  @Test func theLandingPageDiagramMatchesThePackage() throws {
    let page = try Self.text("Documentation/Haru.docc/Haru.md")
    var drawn: [String: Set<String>] = [:]
    for line in page.components(separatedBy: "\n") where line.contains("─►") {
      let sides = line.components(separatedBy: "►")
      #expect(sides.count == 2, "one arrow a line: \(line)")
      let from = sides[0].trimmingCharacters(in: CharacterSet(charactersIn: " ─"))
      let to = sides[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      drawn[from, default: []].formUnion(to)
    }
    let products = try Self.products()
    let targets = try Self.manifestTargets()
    let declared = Dictionary(
      uniqueKeysWithValues: products.map { ($0, (targets[$0] ?? []).intersection(products)) })
    let drawnModules = Set(drawn.keys).union(drawn.values.flatMap { $0 })
    #expect(drawnModules == products, "modules drawn: \(drawnModules.sorted())")
    let drawnReach = Self.reach(drawn)
    for (product, reached) in Self.reach(declared) {
      #expect(drawnReach[product, default: []] == reached, "\(product)")
    }
  }

  /// The architecture article's table lists every product's direct dependencies.
  @Test func theArchitectureTableMatchesThePackage() throws {
    let article = try Self.text("Documentation/Haru.docc/Architecture.md")
    let targets = try Self.manifestTargets()
    var rows = 0
    for line in article.components(separatedBy: "\n")
    where line.hasPrefix("| `Haru") || line.hasPrefix("| `haru`") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { continue }
      let product = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        .components(separatedBy: "`")[0]
      let target = product == "haru" ? "HaruCLI" : product
      let listed = Set(
        cells[2].components(separatedBy: "`").enumerated()
          .filter { $0.offset % 2 == 1 && $0.element.hasPrefix("Haru") }.map(\.element))
      let declared = (targets[target] ?? []).subtracting(["HaruShared"])
      #expect(listed == declared, "\(product): the table says \(listed.sorted())")
      rows += 1
    }
    #expect(rows == 14)
  }
}
