/// One row of the table of the Korean query rules (`KoreanQuery` in HaruShared): whether a search
/// box's text matches one piece of text. The journal's tests and the place directory's tests run
/// every row, so that both modules keep the one rule.
public struct KoreanQueryCase: Sendable, CustomStringConvertible {
  /// The search box's text, as typed: a last term that does not end in whitespace may be
  /// half-typed.
  public let query: String
  /// The text searched: a journal entry's field, an area's name.
  public let text: String
  /// Whether the query matches the text.
  public let matches: Bool

  /// A row of the table.
  public init(_ query: String, _ text: String, _ matches: Bool) {
    self.query = query
    self.text = text
    self.matches = matches
  }

  /// The row as the test's argument shows it.
  public var description: String { "\(query.debugDescription) in \(text.debugDescription)" }
}

/// The table of the Korean query rules, run against the journal and the place directory.
public enum KoreanQueryCases {
  /// Every row.
  public static let all: [KoreanQueryCase] = [
    // Occurs.
    KoreanQueryCase("목서 ", "금목서향", true),
    KoreanQueryCase("서울 ", "금목서향", false),
    // 초성: the 19 consonants that begin a syllable, typed in either form.
    KoreanQueryCase("ㄱㅁㅅ", "금목서향", true),
    KoreanQueryCase("ㄱㅁㅅ ", "금목서향", true),
    KoreanQueryCase("\u{1100}\u{1106}\u{1109} ", "금목서향", true),
    KoreanQueryCase("ㅋㅋ", "ㅋㅋㅋ", true),
    KoreanQueryCase("ㄲㅊ ", "꽃차", true),
    KoreanQueryCase("ㄱㅅ ", "목서", false),
    // Compound letters are not 초성: typed alone or in a run they are what they type.
    KoreanQueryCase("ㄳ", "ㄳ", true),
    KoreanQueryCase("ㄳ", "넋두리", false),
    KoreanQueryCase("ㄳ", "고사리", false),
    KoreanQueryCase("ㄳㄱ", "ㄳ가", true),
    KoreanQueryCase("ㄳㄱ ", "ㄳ고", false),
    KoreanQueryCase("ㄳㄱ ", "ㄳㄱ", true),
    KoreanQueryCase("ㄺ", "닭", false),
    KoreanQueryCase("ㄺ", "ㄺ", true),
    KoreanQueryCase("ㅘ", "과일", false),
    KoreanQueryCase("ㅘ", "ㅘ", true),
    // A half-typed last syllable, its final going on as the next syllable's initial.
    KoreanQueryCase("목", "모기", true),
    KoreanQueryCase("목 ", "모기", false),
    KoreanQueryCase("금몫", "금목서", true),
    KoreanQueryCase("금목ㅅ", "금목서", true),
    KoreanQueryCase("서햐", "서향", true),
    KoreanQueryCase("햐 ", "서향", false),
    KoreanQueryCase("장ㅁ ", "장미", false),
    KoreanQueryCase("닭", "닭", true),
    KoreanQueryCase("닭", "달걀", true),
    KoreanQueryCase("닭", "다리", false),
    KoreanQueryCase("닭", "달빛", false),
    KoreanQueryCase("값", "갑사", true),
    KoreanQueryCase("값", "가방", false),
    KoreanQueryCase("와", "와인", true),
    KoreanQueryCase("와", "오이", false),
    KoreanQueryCase("의", "의자", true),
    KoreanQueryCase("의", "으뜸", false),
    KoreanQueryCase("ㄷ", "도시", true),
  ]
}
