import Foundation

/// Reads the free Korean text of the status (`t6`) and of 예비특보 (`t7`, `pwn`).
enum WarningText {
  /// Whether a line says there is nothing: `o 없음` or `o 없 음`.
  static func isNone(_ line: String) -> Bool {
    let letters = line.filter { !$0.isWhitespace }
    return letters == "o없음" || letters == "○없음" || letters == "없음"
  }

  /// `o 호우경보 : 제주도(제주도산지, 제주시중산간)` lines; a line without the bullet continues the
  /// one before (long area lists wrap).
  static func statusLines(_ lines: [String]) -> [WarningStatus.Line] {
    var found: [WarningStatus.Line] = []
    for line in lines where !isNone(line) {
      guard let body = bullet(line) else {
        if let last = found.popLast() {
          found.append(
            WarningStatus.Line(
              kind: last.kind, level: last.level, title: last.title,
              areas: last.areas + " " + line))
        }
        continue
      }
      let (title, areas) = split(body)
      let (kind, level) = kindAndLevel(title)
      found.append(WarningStatus.Line(kind: kind, level: level, title: title, areas: areas))
    }
    return found
  }

  /// `(1) 풍랑 예비특보` headings, each followed by `o 09월 26일 새벽(00시~06시) : 남해서부서쪽먼바다, …`
  /// lines: one ``PreliminaryWarning`` a line.
  static func preliminary(_ lines: [String], announcement: WarningAnnouncement?)
    -> [PreliminaryWarning]
  {
    var found: [PreliminaryWarning] = []
    var heading: String?
    for line in lines where !isNone(line) {
      if let body = bullet(line) {
        let (expected, areas) = split(body)
        let kindText = heading ?? ""
        found.append(
          PreliminaryWarning(
            kind: WarningKind(koreanName: kindText), kindText: kindText, expected: expected,
            areas: areas, announcement: announcement))
      } else if line.contains("예비특보") {
        var text = Substring(line)
        if text.first == "(", let close = text.firstIndex(of: ")") {
          text = text[text.index(after: close)...]
        }
        heading = text.replacingOccurrences(of: "예비특보", with: "")
          .trimmingCharacters(in: .whitespaces)
      } else if let last = found.popLast() {
        found.append(
          PreliminaryWarning(
            kind: last.kind, kindText: last.kindText, expected: last.expected,
            areas: last.areas + " " + line, announcement: announcement))
      }
    }
    return found
  }

  /// The text after a line's `o ` or `○ ` bullet.
  private static func bullet(_ line: String) -> Substring? {
    for mark in ["o ", "○ ", "ㅇ "] where line.hasPrefix(mark) {
      return line.dropFirst(mark.count)
    }
    return nil
  }

  /// `title : areas`, split at the first ` : ` (or `:`).
  private static func split(_ body: Substring) -> (String, String) {
    guard let colon = body.firstIndex(of: ":") else {
      return (body.trimmingCharacters(in: .whitespaces), "")
    }
    return (
      body[..<colon].trimmingCharacters(in: .whitespaces),
      body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    )
  }

  /// `호우경보` as its kind and level; `폭염중대경보` is 폭염 and 중대경보.
  static func kindAndLevel(_ title: String) -> (WarningKind?, WarningLevel?) {
    for suffix in ["중대경보", "주의보", "경보"] where title.hasSuffix(suffix) {
      let kind = title.dropLast(suffix.count)
      return (WarningKind(koreanName: kind), WarningLevel(koreanName: suffix))
    }
    return (nil, nil)
  }
}
