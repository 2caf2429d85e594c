package import Foundation
import HaruShared

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: it answers each connection once, from a
/// handler, on a thread of its own, and records what it was asked and how much it sent.
package final class LocalHTTPServer: Sendable {
  /// What the server does with a request.
  package enum Reply: Sendable {
    /// Answers with a status, headers and a body (with `Content-Length`).
    case respond(status: Int, headers: [String: String], body: Data)
    /// Sends `total` bytes of body in 64 KiB chunks, announcing the length or not, until done or
    /// the client goes away. The chunks are paced at about 64 MB/s, a fast real network: over
    /// the loopback interface an unpaced sender outruns any client, which is not what a client
    /// meets in use.
    case stream(total: Int, announceLength: Bool)
    /// Reads the request and never answers, until the client closes the connection.
    case silence
  }

  /// A request as it arrived.
  package struct Received: Sendable {
    package var method: String
    /// The request target exactly as sent, such as `/data/op?key=a%2Bb`.
    package var target: String
    package var headers: [String: String]
  }

  private struct State {
    var received: [Received] = []
    var bodyBytesSent: [Int] = []
    var requestWatches: [(Int, CheckedContinuation<Void, Never>)] = []
    var finishWatches: [(Int, CheckedContinuation<Void, Never>)] = []
  }

  package let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Received) -> Reply
  private let state = LockedState(State())

  /// Starts listening on a free port of 127.0.0.1.
  package init(handler: @escaping @Sendable (Received) -> Reply) throws {
    #if canImport(Glibc)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    let socketFD = socket(AF_INET, stream, 0)
    guard socketFD >= 0 else { throw ServerError.socket(errno) }
    var yes: Int32 = 1
    setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socketFD, 64) == 0 else {
      close(socketFD)
      throw ServerError.socket(errno)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(socketFD, $0, &length)
      }
    }
    self.port = UInt16(bigEndian: address.sin_port)
    self.listener = socketFD
    self.handler = handler
    let server = self
    Thread.detachNewThread { server.acceptLoop() }
  }

  package enum ServerError: Error {
    case socket(Int32)
  }

  /// The base URL of the server, `http://127.0.0.1:PORT`.
  package var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(filePath: "/")
  }

  /// Every request received so far.
  package var received: [Received] {
    state.withLock { $0.received }
  }

  /// The body bytes sent on each finished connection, in the order they finished.
  package var bodyBytesSent: [Int] {
    state.withLock { $0.bodyBytesSent }
  }

  /// Stops accepting connections.
  package func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// Returns once `count` requests have arrived.
  package func waitForRequests(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        if state.received.count >= count { return true }
        state.requestWatches.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Returns once `count` connections have finished.
  package func waitForFinishedConnections(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        if state.bodyBytesSent.count >= count { return true }
        state.finishWatches.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      #endif
      let server = self
      Thread.detachNewThread { server.serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    var sent = 0
    defer {
      close(connection)
      let ready = state.withLock { state in
        state.bodyBytesSent.append(sent)
        let count = state.bodyBytesSent.count
        let ready = state.finishWatches.filter { $0.0 <= count }.map(\.1)
        state.finishWatches.removeAll { $0.0 <= count }
        return ready
      }
      for continuation in ready { continuation.resume() }
    }
    guard let request = readRequest(connection) else { return }
    let ready = state.withLock { state in
      state.received.append(request)
      let count = state.received.count
      let ready = state.requestWatches.filter { $0.0 <= count }.map(\.1)
      state.requestWatches.removeAll { $0.0 <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }

    switch handler(request) {
    case .respond(let status, let headers, let body):
      var head = "HTTP/1.1 \(status) \(reason(status))\r\nContent-Length: \(body.count)\r\n"
      head += "Connection: close\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      head += "\r\n"
      guard write(connection, Data(head.utf8)) else { return }
      if write(connection, body) { sent = body.count }
    case .stream(let total, let announceLength):
      var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
      if announceLength { head += "Content-Length: \(total)\r\n" }
      head += "\r\n"
      guard write(connection, Data(head.utf8)) else { return }
      let chunk = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
      while sent < total {
        let part = chunk.prefix(min(chunk.count, total - sent))
        guard write(connection, part) else { return }
        sent += part.count
        usleep(1000)
      }
    case .silence:
      var byte: UInt8 = 0
      // Blocks until the client closes the connection (or sends more, which is ignored).
      while recv(connection, &byte, 1, 0) > 0 {}
    }
  }

  private func readRequest(_ connection: Int32) -> Received? {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let terminator: [UInt8] = [13, 10, 13, 10]
    while buffer.count < 65_536 {
      let count = recv(connection, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[0..<count])
      if let end = buffer.firstRange(of: terminator) {
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
          guard let colon = line.firstIndex(of: ":") else { continue }
          headers[String(line[..<colon]).lowercased()] =
            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Received(method: String(parts[0]), target: String(parts[1]), headers: headers)
      }
    }
    return nil
  }

  private func write(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        guard let base = buffer.baseAddress else { return false }
        #if canImport(Glibc)
          let written = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #else
          let written = send(connection, base + offset, buffer.count - offset, 0)
        #endif
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  private func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
