extension Messages {
  /// The English words of every message; `{1}`, `{2}`, … stand for its values.
  static let english: [Message: String] = [
    .optionNeedsValue: "{1} needs a value.",
    .optionTakesNoValue: "{1} takes no value.",
    .dataDirNeedsFolder: "--data-dir needs a folder.",
    .langIsKoOrEn: "--lang is ko or en, not \"{1}\".",
    .optionRepeated: "{1} is given more than once.",
    .unknownOption: "unknown option {1}.",
    .missingArgument: "missing argument.",
    .tooManyArguments: "too many arguments.",
    .needsNumber: "{1} needs a number, not \"{2}\".",
    .needsWholeNumber: "{1} needs a whole number, not \"{2}\".",
    .settingsCannotOpen: "The settings in {1} cannot be opened: {2}",
    .settingsUnreadable:
      "{1} could not be read, so every setting reads as its default now. Saved values lost: {2}. The unreadable file was kept as {3}; set the values again from it.",
    .settingsLostUnknown: "whatever it held (none could be read from it)",
    .settingsPartlyRead:
      "{1} was cut short: the values read whole from it were kept ({2}), and the others read as their defaults now. Saved values lost: {3}. The unreadable file was kept as {4}; set the values again from it.",
    .settingsLostAfterCut: "any saved after the point where it was cut",
    .journalCannotOpen: "The journal in {1} cannot be opened: {2}",
    .jsonFailed: "The result could not be written as JSON: {1}",
    .offlineSeoulOnly:
      "--offline has samples for Seoul City Hall's grid cell (60,127) only; leave out the place or ask online.",
    .samplesNotFound:
      "The bundled sample responses were not found next to the haru executable (looked for Haru_HaruCLI.resources and Haru_HaruCLI.bundle). Run haru from its build folder, or copy the resource bundle next to it.",
    .needsWebURL: "{1} needs an http or https URL.",
    .argumentNotUTF8:
      "argument {1} is not UTF-8 text; haru reads its arguments as UTF-8 (is the terminal set to another encoding? see LANG and LC_ALL).",
    .noCommand: "no command given.",
    .unknownCommand: "unknown command \"{1}\".",
    .unexpectedError: "{1}",
    .reportUsageLine: "usage: {1}",
    .reportSeeHelp: "Run 'haru help' for every command and option.",
    .reportError: "haru: error: {1}",
    .reportNote: "haru: note: {1}",
    .reportWarning: "haru: warning: {1}",
    .forecastUnreachable: "The forecast service could not be reached ({1}): {2}",
    .kmaResultCode: "KMA result code {1}{2}: {3}{4}",
    .forecastFailed: "{1}: {2}{3}",
    .journalFailed: "{2}",
    .settingsFailed: "{2}",
    .settingsMissingAction: "missing action: list, get, set or watch.",
    .settingsUnknownAction: "unknown action \"{1}\": use list, get, set or watch.",
    .unknownSetting: "unknown setting \"{1}\": use theme, unit, pet or scale.",
    .settingValueNotAllowed: "{1} is one of {2}, not \"{3}\".",
    .townsMissingAction: "missing action: list, add, select, remove, watch, search or nearest.",
    .limitOnlySearch: "--limit belongs to 'towns search' only.",
    .placeOnlyAdd: "{1} belongs to 'towns add' only.",
    .townsUnknownAction:
      "unknown action \"{1}\": use list, add, select, remove, watch, search or nearest.",
    .townNeedsPlace: "give the town's place: --lat and --lon, or --nx and --ny.",
    .latLonTogether: "--lat and --lon go together.",
    .nxNyTogether: "--nx and --ny go together.",
    .latLonOrGrid: "give either --lat and --lon or --nx and --ny, not both.",
    .placeFailed: "{1}",
    .missingEntryID: "missing the entry's ID.",
    .missingImportFile: "missing the FILE to import.",
    .noSavedTown: "No saved town is named \"{1}\"; the saved towns are {2}.",
    .limitAboveZero: "--limit needs a whole number above 0, not {1}.",
    .nearestNeedsPoint: "give the point: --lat and --lon.",
    .noAreaNamed: "no area is named \"{1}\"; try 'haru towns search' with part of the name.",
    .areaAmbiguous: "\"{1}\" names more than one area; add one by its full name:{2}",
    .legalNeighborhoodCandidates:
      "\"{1}\" is made up of areas in different grid cells, mid-term regions or warning zones;"
      + " add one of them by its full name:{2}",
    .legalNeighborhoodMadeUpOf: "{1} is made up of {2}.",
    .townAlreadyFollowed:
      "{1} is already followed: the saved town {2} is the same place, in the same grid cell.",
    .noTownSavedYet:
      "No saved town is named \"{1}\": no town is saved yet, and {2} is shown until one is added.",
    .defaultTownMarker: "(default until a town is added)",
    .queryEmpty: "the query is empty.",
    .journalMissingAction: "missing action.",
    .journalUnknownAction: "unknown action \"{1}\".",
    .missingOption: "missing {1}.",
    .photoOrRemove: "give --photo FILE or --remove-photo, not both.",
    .editNothing: "say what to change: give at least one field, --photo or --remove-photo.",
    .listAllAlone: "--all lists every entry; leave out --limit and --after.",
    .skippedUnreadable: "skipped the unreadable entry{1}: {2} `haru journal delete ID` removes it.",
    .journalDamaged:
      "The journal in {1} is damaged: {2} problem(s). Restore journal.sqlite, journal.sqlite-wal and journal.sqlite-shm together from a backup, with no app using the journal.",
    .missingQuery: "missing QUERY.",
    .favoritesOrPerfume: "give --favorites or --brand and --name, not both.",
    .perfumeNeedsBoth: "--brand and --name need a brand and a perfume name.",
    .nameNeedsBrand: "--name needs --brand: one perfume is a brand and a name.",
    .brandNeedsName: "--brand needs --name: one perfume is a brand and a name.",
    .entryNotFound: "No journal entry has the identity {1}; it may have been deleted.",
    .notAnEntryID: "\"{1}\" is not an entry ID: give the ID, or 8 or more of its first characters.",
    .entryIDTooShort:
      "\"{1}\" is too short to name an entry: give {2} or more of the first characters of its ID, or the whole ID.",
    .entryIDAmbiguous:
      "\"{1}\" starts the IDs of more than one entry; give more of its characters:{2}",
    .entryIDPrefixNotFound:
      "No journal entry has an ID that starts with {1}; it may have been deleted.",
    .limitRange: "--limit is between 1 and {1}.",
    .dateFormat: "--date needs a day as YYYY-MM-DD: {1}",
    .photoUnreadable: "The photo {1} cannot be read: {2}",
    .fileUnreadable: "The file {1} cannot be read: {2}",
    .importStarting:
      "importing {1} lines from {2} ({3}) in batches of {4}; Ctrl-C stops after the batch being written.",
    .importBatchFailed:
      "Importing lines {1}–{2} failed: {3}. Lines 1–{4} were imported; run the import again to retry the rest.",
    .importInterrupted:
      "interrupted: stopped after line {1} of {2}. Lines 1–{1} were imported or reported; nothing after them was written. Run the same import again to finish: lines already imported are skipped.",
    .importRejected: "{1} of {2} lines were not imported; see the lines listed above.",
    .missingPath: "missing PATH.",
    .singleFileNeedsPath: "--single-file needs a PATH.",
    .archiveImportStarting:
      "importing the journal archive {1}; it is checked whole first. Ctrl-C stops after the batch being written.",
    .lineWarning: "line {1}: {2}",
    .archiveRejected: "{1} lines of the archive were not imported; see the lines listed above.",
    .archiveFailed: "The {1} failed: {2}",
    .demoNoJSON: "the demo is a tour for people and has no --json output.",
    .providerUnknown: "--provider is kma or open-meteo, not \"{1}\".",
    .gatewayUnknown: "--gateway is portal or apihub, not \"{1}\".",
    .offlineNoBaseURL: "--offline reads the bundled samples; it takes no --base-url.",
    .openMeteoNoKMAURLs:
      "--mid-base-url and --air-base-url name KMA's and AirKorea's services; Open-Meteo has neither.",
    .daysRange: "--days is 1 to 11 (today and up to ten days after), not {1}.",
    .offlineNoNow:
      "--offline answers for the samples' own time (2026-10-04 07:30 KST); leave out --now.",
    .forecastNeedsKey:
      "the KMA forecast needs a service key: pass --service-key KEY or set HARU_KMA_SERVICE_KEY (or use --offline, or --provider open-meteo, which needs none). {1}",
    .oneKindOfPlace: "give --town, or --lat and --lon, or --nx and --ny: only one of them.",
    .nowFormat:
      "--now needs an ISO 8601 time with a zone, such as 2026-11-20T07:30:00+09:00, not \"{1}\".",
    .warningsNeedKey:
      "the warnings need the KMA service key: pass --service-key KEY or set HARU_KMA_SERVICE_KEY (the key must be approved for 기상청_기상특보 조회서비스). {1}",
    .townOrLatLon: "give --town, or --lat and --lon: only one of them.",
    .notATownOrArea: "\"{1}\" is neither a saved town nor one area of KMA's table.{2}",
    .didYouMean: " Did you mean: {1}?",
    .airOfflineNoURL:
      "--offline answers from the bundled samples of 2023-11-08 14:30 KST; leave out --air-base-url and --now.",
    .airNeedsKey:
      "AirKorea needs a service key: pass --air-service-key KEY or set HARU_AIRKOREA_SERVICE_KEY (the KMA key, --service-key or HARU_KMA_SERVICE_KEY, is used when it is approved for AirKorea too). {1} --offline shows real samples without a key.",
    .airRefused: "{1} ({2}){3}",
    .scaleUnknown: "the scale is korea, who2021 or eight, not \"{1}\".",
    .empty: "",
    .operationExport: "export",
    .operationCSVExport: "CSV export",
    .operationImport: "import",
    .interruptedDetail: "interrupted: {1}",
    .exportInterrupted: "interrupted: the {1} stopped; nothing was written under {2}.",
    .missingKeyAndValue: "missing KEY and VALUE.",
    .missingTownName: "missing the town's NAME.",
    .keysWhereToGet:
      "Keys come from the data portal (https://www.data.go.kr), applied for service by service; `haru help keys` says which services to apply for and how long a new key takes to work.",
    .keysRefusedHint:
      " A new key takes up to an hour to start working, and each service is approved on its own: see `haru help keys`.",
    .helpUnknownTopic:
      "no help for \"{1}\": it is no command. `haru help` lists the commands; `haru help keys` tells how to get the service keys.",
    .helpKeys: """
    Getting the keys

    haru forecast, air and warnings read KMA's and AirKorea's services through the public data
    portal (공공데이터포털, https://www.data.go.kr). Each service is applied for (활용신청) and
    approved on its own, and one portal key serves every service approved for it. Apply for:

      기상청_단기예보 ((구)_동네예보) 조회서비스    forecast: today to day 3, the weather now
      기상청_중기예보 조회서비스                  forecast: days 4 to 10
      기상청_기상특보 조회서비스                  warnings, and the warnings in forecast
      한국환경공단_에어코리아_대기오염정보          air: the values and the forecast
      한국환경공단_에어코리아_측정소정보            air: the stations
      기상청_생활기상지수 조회서비스               UV (not yet shown by haru)
      기상청_보건기상지수 조회서비스               pollen (not yet shown by haru)

    A development account's key is approved at once for most services, but a new key (or a key
    newly approved for a service) is refused with code 30 (SERVICE_KEY_IS_NOT_REGISTERED) for
    minutes to an hour, sometimes longer, before the gateway knows it. A key approved for one
    service and not another is refused by that other service alone.

    The portal shows the key in two forms: the encoding key (already percent-encoded: %2B, %2F,
    %3D) and the decoding key (raw: + / =). haru takes either and encodes it exactly once.

    Quotas of a development account: 10,000 requests a day for each KMA service, 500 a day for
    each AirKorea service; an operating account (after a use case is registered) gets more. haru
    keeps what it fetched and asks only for what is newly published.

    KMA's API Hub (https://apihub.kma.go.kr) is another gateway to the same KMA services, with
    keys of its own (authKey): give such a key with --gateway apihub, as --service-key KEY or
    HARU_KMA_AUTH_KEY. AirKorea is on the data portal only.

    Give the key with --service-key KEY or HARU_KMA_SERVICE_KEY (KMA), and --air-service-key KEY
    or HARU_AIRKOREA_SERVICE_KEY (AirKorea; the KMA key is used when none is given). Without a
    key, `haru demo` and `haru forecast|air|warnings --offline` show bundled samples.
    """,
    .warningsOfflineAlone:
      "--offline shows the bundled samples of 2026-09-26 11:30 KST for 서귀포시; leave out --town, --lat, --lon, --now and --warn-base-url.",
    .missingSettingKey: "missing KEY (theme, unit, pet or scale).",
    .exportedEntriesAndPhotos: "{1}: exported {2} entries and {3} photos.",
    .exportedEntriesAsCsv: "{1}: exported {2} entries as CSV.",
    .addedReplacedOlderEntriesKept:
      "{1}: added {2}, replaced {3} older entries, kept {4} newer ones of the journal, {5} already there, {6} photos, rejected {7} lines.",
    .deleted: "deleted ",
    .theJournalIsSound: "The journal is sound.",
    .date: "date",
    .brand: "brand",
    .name: "name",
    .sentence: "sentence",
    .text: "text",
    .favorite: "favorite",
    .yes: "yes",
    .no: "no",
    .photo: "photo",
    .fileMissing: "file missing",
    .noPerfumesInTheJournal: "No perfumes in the journal yet.",
    .noEntries: "No entries.",
    .issued: "issued",
    .midTermIssued: "mid-term issued",
    .grid: "grid",
    .stale: "STALE: ",
    .theConditionsNowCouldNot: "The conditions now could not be had.",
    .daysMidTermCouldNot: "Days 4–10 (mid-term) could not be had.",
    .theAirQualityCouldNot: "The air quality could not be had.",
    .theUVIndexCouldNot: "The UV index could not be had.",
    .thePollenCouldNot: "The pollen risk could not be had.",
    .uvIndexLine: "UV      {1} ({2}) · highest today {3}",
    .pollenLine: "Pollen  {1}: today {2} · tomorrow {3}",
    .pollenNotInSeason: "Pollen  not in season",
    .currentConditions: "Now {1}, as of {2}",
    .feelsLike: "feels like {1}",
    .yesterday: "Yesterday",
    .today: "Today",
    .tomorrow: "Tomorrow",
    .am: "am",
    .pm: "pm",
    .partial: "partial",
    .theChanceOfRainOr: "%: the chance of rain or snow in that half of the day",
    .derivedFromTheHourlyTemperatures: "~ derived from the hourly temperatures",
    .partialOnlyPartOfThe:
      "partial: only part of the day is forecast (starts after 03:00 or ends before 21:00)",
    .aTourOfHaru: "A tour of Haru",
    .noNetworkAndNoService:
      "No network and no service key. Everything is kept in a temporary folder, removed at the end:",
    .settingsWrittenThenReadBack: "Settings: written, then read back from the file",
    .townsFoundByNameOr: "Towns: found by name or by initial consonants",
    .searchingFor: "  Searching for \"{1}\":",
    .addingItsGridCellAnd:
      "  Adding \"성복동\" (its grid cell and mid-term regions come from KMA's table):",
    .seoulYesterdayTodayAndTenDays: "Seoul: yesterday, today and the ten days after",
    .todayToDayFromThe:
      "  Today to day 3 from the short-term forecast, days 4–10 from the mid-term forecast: 오전/오후 (morning, afternoon) to day 7, one value a day after.",
    .theScentJournalAddedSearched: "The scent journal: added, searched as typed, exported",
    .everyEntryNewestFirst: "  Every entry, newest first:",
    .whileTypingRoseInitialConsonants:
      "  While typing \"장미\" (rose): initial consonants, a half-typed syllable and two syllables inside longer words are found too:",
    .exportedEntriesToAnArchive:
      "  Exported: {1} entries to {2}/, an archive haru journal import reads back",
    .nextOnYourOwnData: "Next, on your own data:",
    .noWarningInForce: "No warning in force",
    .preliminaryNotInForce: "Preliminary (not in force):",
    .preliminary: " preliminary",
    .note: "Note: ",
    .theWarningsCouldNotBe: "The warnings could not be had; whether any is in force is not known.",
    .inForceSince: "in force since {1}",
    .issuedInForceFrom: "issued, in force from {1}",
    .weatherWarnings: "Weather warnings",
    .inPartOfTheTown: "in part of the town: {1}",
    .hours: "24 h",
    .hours2: "1 h",
    .noGrade: "no grade",
    .cai: "CAI",
    .forecast: "Forecast",
    .realTimeValuesAreProvisional: "Real-time values are provisional until AirKorea confirms them.",
    .importedEntriesSkippedAlreadyIn:
      "{1}: imported {2} entries, skipped {3} already in the journal, rejected {4} lines (of {5}).",
    .demoFindTown: "find a town by name or initials",
    .demoFollowTown: "follow it (up to three towns)",
    .demoSampleData: "the sample data above",
    .demoTenDays: "the current town's ten days, with air quality",
    .demoAirQuality: "air quality and its stations",
    .demoTestStrip: "one test strip",
    .demoSearch: "search as you type",
    .demoExport: "export an archive",
    .sampleLabel:
      "SAMPLE DATA (as of 2026-10-04 07:30 KST, Seoul City Hall's grid cell): days 4–10 are KMA's real mid-term forecast of that morning; today to day 3 and the current weather are made-up illustrative values.",
    .airSampleLabel:
      "SAMPLE DATA: real values AirKorea measured at 10 Seoul stations on 2023-11-08 14:00 (as of 2023-11-08 14:30 KST, Seoul City Hall). This answer has no PM2.5 values, the stations' coordinates were looked up from their addresses, and the samples hold no forecast for that day.",
    .warningsSampleLabel:
      "SAMPLE DATA: part of KMA's real warnings of 2026-09-26 (as of 2026-09-26 11:30 KST, 서귀포시). The samples hold only some of that day's warnings, so no other place is shown.",
    .importRefused:
      "{1} is {2}, not a journal export: haru journal import reads a Haru journal archive, Haru's tab-separated lines, JSON Lines or the CSV of `haru journal export --csv`. Nothing was imported.",
    .fileIsJPEG: "a JPEG image",
    .fileIsPNG: "a PNG image",
    .fileIsGIF: "a GIF image",
    .fileIsPDF: "a PDF document",
    .fileIsRIFF: "a RIFF file (a WebP image, a WAV or AVI file)",
    .fileIsHEIC: "an HEIC image or an MP4 or MOV video",
    .fileIsOtherZip: "a zip archive that is not a Haru journal archive (it has no manifest.json)",
    .fileIsEmpty: "an empty file",
    .fileIsBinary: "binary data, not UTF-8 text",
    .fileIsOtherText:
      "text with no tab-separated fields, no JSON record and no header of Haru's CSV on its first line",
  ]
}
