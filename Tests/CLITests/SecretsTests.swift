import Foundation
import HaruForecast
import HaruTestSupport
import Testing

extension HaruCLI {
  /// The service key never appears in anything the command prints, whether it comes from
  /// `--service-key` or from `HARU_KMA_SERVICE_KEY`, on success or on failure.
  @Suite(.timeLimit(.minutes(3)))
  struct SecretsTests {
    static let sentinel = "SENTINEL+s3cr3t/KEY=="

    enum KeySource: String, CaseIterable, Sendable {
      case option
      case environment
    }

    static let behaviours: [(String, ForecastServer.Behaviour?)] = [
      ("success", .kmaFixtures),
      ("key not registered", .kmaGatewayError(.serviceKeyNotRegistered)),
      ("request limit", .kmaResult("22")),
      ("HTTP 500", .status(500)),
      ("closed port", nil),
    ]

    static func forms(of key: String) -> [String] {
      [
        key,
        key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key,
        "SENTINEL", "s3cr3t",
      ]
    }

    func expectNoSecret(
      _ result: HaruResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      for form in Self.forms(of: Self.sentinel) {
        #expect(
          !result.standardOutput.contains(form), "\(label): stdout has \(form)",
          sourceLocation: sourceLocation)
        #expect(
          !result.standardError.contains(form), "\(label): stderr has \(form)",
          sourceLocation: sourceLocation)
      }
    }

    @Test(arguments: KeySource.allCases)
    func theKeyNeverAppearsInForecastOutput(source: KeySource) async throws {
      var haru = try Haru()
      defer { haru.removeFiles() }
      var keyArguments: [String] = []
      switch source {
      case .option: keyArguments = ["--service-key", Self.sentinel]
      case .environment: haru.environment["HARU_KMA_SERVICE_KEY"] = Self.sentinel
      }
      for (label, behaviour) in Self.behaviours {
        let server = try behaviour.map(ForecastServer.start)
        defer { server?.stop() }
        let base = try server?.baseURL ?? ForecastServer.closedPortURL()
        for output in [[], ["--json"]] {
          // A data folder per answer, so that no answer comes from the forecast cache.
          let folder = haru.workDirectory.appendingPathComponent(UUID().uuidString).path
          let result = try await haru.run(
            [
              "forecast", "--base-url", base.absoluteString, "--now", ForecastServer.instantText,
              "--data-dir", folder,
            ] + keyArguments + output)
          #expect(result.status != 2, "\(label): \(result)")
          expectNoSecret(result, "\(source) \(label) \(output)")
        }
        if let server {
          // The key did reach the server, percent-encoded, so the check above means something.
          #expect(
            server.received.contains { $0.target.contains("SENTINEL%2Bs3cr3t%2FKEY%3D%3D") },
            "\(server.received.map(\.target))")
        }
      }
    }

    @Test func theKeyNeverAppearsInUsageErrorsOrOtherCommands() async throws {
      var haru = try Haru()
      defer { haru.removeFiles() }
      haru.environment["HARU_KMA_SERVICE_KEY"] = Self.sentinel
      let commands = [
        ["forecast", "--service-kye", Self.sentinel],
        ["forecast", "--service-key", Self.sentinel, "--offline", "--now", "x"],
        ["forecast", "--service-key", Self.sentinel, "--base-url", "ftp://\(Self.sentinel)"],
        ["forecast", "--service-key", Self.sentinel, Self.sentinel],
        ["forecast", "--service-key=\(Self.sentinel)", "--offline", "--json"],
        ["settings", "list"],
        ["demo"],
      ]
      for arguments in commands {
        let result = try await haru.run(arguments)
        expectNoSecret(result, "\(arguments.dropLast(arguments.count > 2 ? 1 : 0))")
      }
    }
  }
}
