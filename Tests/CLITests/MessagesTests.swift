import HaruModels
import Testing

@testable import HaruCLI

extension HaruCLI {
  /// The message tables: every key in both languages, each saying the same values.
  struct MessagesTests {
    @Test(arguments: Message.allCases)
    func everyKeyHasWordsInBothLanguagesWithTheSamePlaceholders(key: Message) throws {
      let english = try #require(Messages.english[key], "\(key) has no English words")
      let korean = try #require(Messages.korean[key], "\(key) has no Korean words")
      #expect(Messages.placeholders(in: english) == Messages.placeholders(in: korean), "\(key)")
      guard key != .empty else { return }
      #expect(!english.isEmpty && !korean.isEmpty, "\(key)")
      // Words beyond the values are Korean: at least one Hangul syllable.
      let words = Messages.fill(korean, with: [])
      if words.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
        #expect(
          words.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) },
          "\(key)'s Korean words have no Hangul: \(korean)")
      }
    }

    @Test func theTablesHoldNoKeyThatIsNoMessage() {
      #expect(Messages.english.count == Message.allCases.count)
      #expect(Messages.korean.count == Message.allCases.count)
    }

    @Test func valuesArePutInOnceAndInOrder() {
      #expect(Messages.fill("{2} then {1}", with: ["a", "b"]) == "b then a")
      // A value that holds a placeholder is data, left as it is.
      #expect(Messages.fill("{1}: {2}", with: ["{2}", "x"]) == "{2}: x")
      #expect(Messages.fill("{3} and {x", with: ["a"]) == "{3} and {x")
    }

    @Test func aMessageInsideAMessageIsInTheSameLanguage() {
      let text = Text(.archiveFailed, Text(.operationExport), "disk full")
      #expect(text.rendered(in: .english) == "The export failed: disk full")
      #expect(text.rendered(in: .korean) == "내보내기에 실패했습니다: disk full")
    }
  }
}
