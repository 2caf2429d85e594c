/// The journal's database schema, as the ordered list of steps that build it.
///
/// Never edit a step that has shipped: databases out there were built by it. Change the schema by
/// appending a step. A search index, for example, is a new step that creates the index table, the
/// triggers that keep it in sync, and fills it from the entries.
enum JournalSchema {
  /// `PRAGMA application_id` of a journal database: "HARU" in ASCII.
  static let applicationID: Int64 = 0x4841_5255

  static let migrations: [Migration] = [
    Migration(
      version: 1,
      sql: """
        CREATE TABLE entry (
          seq INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          day INTEGER NOT NULL,
          brand TEXT NOT NULL,
          perfume_name TEXT NOT NULL,
          notes TEXT NOT NULL DEFAULT '',
          sentence TEXT NOT NULL,
          photo TEXT,
          is_favorite INTEGER NOT NULL DEFAULT 0 CHECK (is_favorite IN (0, 1)),
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX entry_newest ON entry (day, created_at, id);
        CREATE INDEX entry_favorite_newest ON entry (day, created_at, id) WHERE is_favorite = 1;
        CREATE INDEX entry_perfume_newest ON entry (brand, perfume_name, day, created_at, id);
        CREATE INDEX entry_photo ON entry (photo) WHERE photo IS NOT NULL;
        PRAGMA application_id = 1212240469;
        """),
    // Search: an FTS5 index over the bigrams of each entry's brand, perfume name, notes and
    // sentence (see `SearchText`), kept in sync by triggers in the writing transaction and
    // filled from the existing entries. Contentless with `detail=none`: the index only answers
    // which rows may match; the search checks each candidate against the entry itself. An
    // entry's row in the index is its day in the high bits and its `seq` in the low 32 (until
    // step 7), so that the index lists candidates day by day, newest first. Rows are
    // indexed in key order: FTS5 writes its pending data out each time a key is lower than the
    // one before, which made an import in random day order slower and its index twice as large.
    Migration(
      version: 2,
      sql: """
        CREATE VIRTUAL TABLE entry_search USING fts5(
          grams, content = '', detail = none, columnsize = 0, tokenize = 'ascii', prefix = '1'
        );
        INSERT INTO entry_search (rowid, grams)
          SELECT (day + 4194304) * 4294967296 + seq,
            haru_search_grams(brand, perfume_name, notes, sentence)
          FROM entry ORDER BY day, seq;
        CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
          SELECT RAISE(ABORT, 'the journal has run out of row numbers')
            WHERE new.seq >= 4294967296;
          INSERT INTO entry_search (rowid, grams)
            VALUES ((new.day + 4194304) * 4294967296 + new.seq,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', (old.day + 4194304) * 4294967296 + old.seq,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
        END;
        CREATE TRIGGER entry_search_update
        AFTER UPDATE OF day, brand, perfume_name, notes, sentence ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', (old.day + 4194304) * 4294967296 + old.seq,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
          INSERT INTO entry_search (rowid, grams)
            VALUES ((new.day + 4194304) * 4294967296 + new.seq,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        """),
    // Search on folded text: the index of step 2 was built from the text as written. This step
    // builds it again, as step 2 did, from `haru_search_grams`, which now folds the text (NFKC,
    // case folding, marks removed, NFC) and adds the first keys of Hangul characters for 초성 and
    // half-typed syllables. The table is dropped, not rebuilt in place: a contentless index
    // cannot delete the rows of text it was not given.
    Migration(
      version: 3,
      sql: """
        DROP TRIGGER entry_search_insert;
        DROP TRIGGER entry_search_delete;
        DROP TRIGGER entry_search_update;
        DROP TABLE entry_search;
        CREATE VIRTUAL TABLE entry_search USING fts5(
          grams, content = '', detail = none, columnsize = 0, tokenize = 'ascii', prefix = '1'
        );
        INSERT INTO entry_search (rowid, grams)
          SELECT (day + 4194304) * 4294967296 + seq,
            haru_search_grams(brand, perfume_name, notes, sentence)
          FROM entry ORDER BY day, seq;
        CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
          SELECT RAISE(ABORT, 'the journal has run out of row numbers')
            WHERE new.seq >= 4294967296;
          INSERT INTO entry_search (rowid, grams)
            VALUES ((new.day + 4194304) * 4294967296 + new.seq,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', (old.day + 4194304) * 4294967296 + old.seq,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
        END;
        CREATE TRIGGER entry_search_update
        AFTER UPDATE OF day, brand, perfume_name, notes, sentence ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', (old.day + 4194304) * 4294967296 + old.seq,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
          INSERT INTO entry_search (rowid, grams)
            VALUES ((new.day + 4194304) * 4294967296 + new.seq,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        """),
    // Search with punctuation in its pairs and no prefix index: `haru_search_grams` now pairs
    // ASCII punctuation with its neighbours (written as private-use characters the tokenizer
    // keeps), so `No.5` or `NEAR(` narrow like words; and the index keeps no one-character
    // prefixes, which took a third of its size. The table is dropped and filled again, as in
    // step 3, holding up to 32 MiB of pending index data and merged into one segment at the end
    // (see `SearchSQL.mergeIndexAfterLargeWrite`); the triggers call the same function and stay.
    Migration(
      version: 4,
      sql: searchIndexRebuild),
    // Search with trigrams of Latin text and lead tokens that keep a syllable's vowel:
    // `haru_search_grams` now writes three neighbouring ASCII or Latin characters as one token
    // (`ros`, `ose`), so a typo made of common pairs (`anerose`) finds no candidates; writes
    // ㄹ ㅇ ㅏ for 라 before an ㅇ syllable, where step 4 wrote ㄹ ㅇ for any ㄹ syllable, so a
    // half-typed 지속력잉 narrows to entries holding 이 before an ㅇ syllable; and leaves out a
    // character, or a first key, alone when another token of the entry begins with it, which a
    // prefix query finds as well. Filled again as in step 4.
    Migration(
      version: 5,
      sql: searchIndexRebuild),
    // Search whose one-syllable and 초성 terms never depend on a common letter: the lead tokens
    // (a pair's first keys and the first one's vowel) give way to follow tokens (a character in
    // full and the next one's first key), so that a half-typed 목 asks for 모 before an ㄱ
    // syllable and nothing that every 모 holds, and to initials tokens (the first keys of two and
    // of three neighbours), so that ㄱㅁㅅ asks for ㄱ ㅁ ㅅ in a row and not for ㄱ ㅁ and ㅁ ㅅ
    // anywhere.
    // Filled again as in step 4.
    Migration(
      version: 6,
      sql: searchIndexRebuild),
    // Search keys kept in the order of days, newest day lowest: each day owns a block of 2²⁰
    // keys, from `(4194303 - day) << 20` up, and an entry's `search_key` is the next one of its
    // day's block (see `SearchSQL.nextKey`), indexed so that a search finds each candidate's row
    // and a write its day's next key. Neighbouring candidates of a token then differ by little,
    // so FTS5 stores each key in a byte or two where the keys of step 2 took five, and the
    // index reads them in rising order, newest day first, which FTS5 does faster than falling
    // order. The entries get their keys, in each day in the order they were added; the index is
    // dropped and filled again as in step 4; and triggers refuse a key outside its day's block,
    // or none, as versions before this step would write.
    Migration(
      version: 7,
      sql: """
        DROP TRIGGER entry_search_insert;
        DROP TRIGGER entry_search_delete;
        DROP TRIGGER entry_search_update;
        DROP TABLE entry_search;
        ALTER TABLE entry ADD COLUMN search_key INTEGER;
        CREATE TRIGGER entry_key_insert BEFORE INSERT ON entry
        WHEN new.search_key IS NULL OR new.search_key >> 20 != 4194303 - new.day BEGIN
          SELECT RAISE(ABORT, '\(dayFullMessage)');
        END;
        CREATE TRIGGER entry_key_update BEFORE UPDATE OF search_key, day ON entry
        WHEN new.search_key IS NULL OR new.search_key >> 20 != 4194303 - new.day BEGIN
          SELECT RAISE(ABORT, '\(dayFullMessage)');
        END;
        CREATE TEMP TABLE entry_keys (seq INTEGER PRIMARY KEY, search_key INTEGER NOT NULL);
        INSERT INTO entry_keys (seq, search_key)
          SELECT seq, ((4194303 - day) << 20) + row_number() OVER (PARTITION BY day ORDER BY seq) - 1
          FROM entry;
        UPDATE entry SET search_key = (SELECT search_key FROM entry_keys WHERE seq = entry.seq);
        DROP TABLE entry_keys;
        CREATE UNIQUE INDEX entry_search_key ON entry (search_key);
        CREATE VIRTUAL TABLE entry_search USING fts5(
          grams, content = '', detail = none, columnsize = 0, tokenize = 'ascii'
        );
        INSERT INTO entry_search (entry_search, rank) VALUES ('hashsize', 33554432);
        INSERT INTO entry_search (rowid, grams)
          SELECT search_key, haru_search_grams(brand, perfume_name, notes, sentence)
          FROM entry ORDER BY search_key;
        INSERT INTO entry_search (entry_search) VALUES ('optimize');
        CREATE TRIGGER entry_search_insert AFTER INSERT ON entry BEGIN
          INSERT INTO entry_search (rowid, grams)
            VALUES (new.search_key,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        CREATE TRIGGER entry_search_delete AFTER DELETE ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', old.search_key,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
        END;
        CREATE TRIGGER entry_search_update
        AFTER UPDATE OF search_key, brand, perfume_name, notes, sentence ON entry BEGIN
          INSERT INTO entry_search (entry_search, rowid, grams)
            VALUES ('delete', old.search_key,
              haru_search_grams(old.brand, old.perfume_name, old.notes, old.sentence));
          INSERT INTO entry_search (rowid, grams)
            VALUES (new.search_key,
              haru_search_grams(new.brand, new.perfume_name, new.notes, new.sentence));
        END;
        """),
  ]

  /// What the triggers of step 7 say when an entry's search key is not in its day's block: the
  /// day has used all 2²⁰ keys of its block, or a version before step 7 wrote the row.
  static let dayFullMessage =
    "the entry has no search key of its day: a day takes at most 1048576 entries, and only "
    + "versions that know schema 7 give keys"

  /// The statements of steps 4, 5 and 6: the search index dropped, made again without the
  /// one-character prefix index, and filled from the entries by `haru_search_grams` as it is now,
  /// holding up to 32 MiB of pending index data and merged into one segment at the end. Step 4
  /// has shipped, so this text never changes; a different rebuild is a text of its own.
  private static let searchIndexRebuild = """
        DROP TABLE entry_search;
        CREATE VIRTUAL TABLE entry_search USING fts5(
          grams, content = '', detail = none, columnsize = 0, tokenize = 'ascii'
        );
        INSERT INTO entry_search (entry_search, rank) VALUES ('hashsize', 33554432);
        INSERT INTO entry_search (rowid, grams)
          SELECT (day + 4194304) * 4294967296 + seq,
            haru_search_grams(brand, perfume_name, notes, sentence)
          FROM entry ORDER BY day, seq;
        INSERT INTO entry_search (entry_search) VALUES ('optimize');
    """

  // The list indexes run oldest first and are read backwards for newest-first lists: entries
  // arrive mostly in day order, and SQLite packs the pages of an index appended to at its end,
  // but leaves half-empty pages behind when every new key goes to the front.
  // `seq` is a stable integer key for the entry's row; `search_key` (step 7) its key in the
  // search index, which changes when the entry moves to another day; `id` is the entry's UUID
  // in lower case. `day` counts days since 1970-01-01;
  // `created_at` and `updated_at` count microseconds since 1970-01-01 00:00 UTC. `photo` is a
  // file name relative to the journal's photo folder.

  /// The version the newest step leads to.
  static var latestVersion: Int { migrations.last?.version ?? 0 }
}
