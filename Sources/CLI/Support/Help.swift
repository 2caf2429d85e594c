import HaruModels

/// The usage lines and the help text; Documentation/Haru.docc/CLIReference.md says the same.
enum Help {
  static let globalUsage = "haru <command> [--data-dir DIR] [--json] [--lang ko|en]"
  static let demo = "haru demo"
  static let forecast =
    "haru forecast [--town NAME | --lat LAT --lon LON | --nx NX --ny NY] [--provider kma|open-meteo]"
    + " [--gateway portal|apihub] [--service-key KEY] [--base-url URL] [--mid-base-url URL]"
    + " [--days N] [--now ISO8601]"
    + " [--air-service-key KEY] [--air-base-url URL] [--warn-base-url URL] [--offline]"
  static let air =
    "haru air [--town NAME | --lat LAT --lon LON | --nx NX --ny NY] [--scale korea|who2021|eight]"
    + " [--air-service-key KEY] [--air-base-url URL] [--now ISO8601] [--offline]"
  static let warnings =
    "haru warnings [--town NAME | --lat LAT --lon LON] [--gateway portal|apihub] [--now ISO8601]"
    + " [--warn-base-url URL] [--offline] [--json]"
  static let settings =
    "haru settings list | get KEY | set KEY VALUE | watch   (keys: theme, unit, pet, scale)"
  static let settingsGet = "haru settings get theme|unit|pet|scale"
  static let settingsSet =
    "haru settings set theme light|dark|system | unit celsius|fahrenheit | pet dog|cat"
    + " | scale korea|who2021|eight"
  static let towns =
    "haru towns list | add NAME (--lat LAT --lon LON | --nx NX --ny NY) | add QUERY | select NAME"
    + " | remove NAME | watch | search QUERY [--limit N] | nearest --lat LAT --lon LON"
  static let townsAdd = "haru towns add NAME (--lat LAT --lon LON | --nx NX --ny NY) | add QUERY"
  static let townsSearch = "haru towns search QUERY [--limit N]"
  static let townsNearest = "haru towns nearest --lat LAT --lon LON"
  static let journal =
    "haru journal add|list|show|edit|favorite|delete|search|perfumes|import|export|check|watch …"
  static let journalAdd =
    "haru journal add --brand B --name N --sentence S [--text T] [--date YYYY-MM-DD]"
    + " [--photo FILE] [--favorite]"
  static let journalEdit =
    "haru journal edit ID [--brand B] [--name N] [--sentence S] [--text T] [--date YYYY-MM-DD]"
    + " [--photo FILE | --remove-photo] [--favorite]"
  static let journalList = "haru journal list [--favorites] [--limit N] [--after ID] | --all"
  static let journalShow = "haru journal show ID"
  static let journalFavorite = "haru journal favorite ID [--off]"
  static let journalDelete = "haru journal delete ID"
  static let journalSearch =
    "haru journal search QUERY [--favorites | --brand B --name N] [--limit N]"
  static let journalPerfumes = "haru journal perfumes"
  static let journalImport = "haru journal import PATH"
  static let journalExport = "haru journal export PATH [--single-file] [--csv FILE]"
  static let journalCheck = "haru journal check"
  static let journalWatch = "haru journal watch [--favorites] [--limit N]"

  /// The whole help in English; ``korean`` says the same in Korean.
  static let english = """
    haru — the weather for your towns and a journal of scents, from the terminal.

    usage: \(globalUsage)

    commands:
      demo                      a short tour on bundled sample data: no network, no key
      forecast                  today and the days to day 10 for a town, with 오전/오후
      air                       미세먼지, 초미세먼지 and ozone near a town, from AirKorea
      warnings                  the weather warnings (기상특보) in force for a town, and 예비특보
      settings                  show or change the theme, temperature unit, pet and air scale
      towns                     the towns you follow (up to 3), one of them current
      journal                   the scent journal
      help [COMMAND | keys]     this text, one command's part, or how to get the service keys

    forecast:
      \(forecast)
        With no place given, the current town is used. The key may also come from
        HARU_KMA_SERVICE_KEY. --base-url is everything before the operation name (KMA) or the
        forecast endpoint (Open-Meteo); the KMA mid-term service is asked at its sibling path
        (MidFcstInfoService) unless --mid-base-url names it. --days N shows today and the
        days after, N in all (1-11, default 10). --now fixes the clock. --offline uses the
        bundled sample responses (sample data, not a real forecast). With KMA online, the
        air quality comes too (see air), the UV index and the pollen in season after it, and the
        warnings in force for the town above the days (see warnings; JSON `warnings`); the rain
        in the next six hours comes first. A part a service refuses (the next hours, the mid-term
        forecast, the air quality, the UV index, the pollen, the warnings) is left out with the
        reason on standard error, exit status 0. 출처: 기상청.

    air:
      \(air)
        the stations nearest the town and when they measured, PM10, PM2.5 and ozone with their
        grades on the scale (default: the airQualityScale setting, korea), the integrated index
        (CAI) and the forecast for today and tomorrow. The key comes from --air-service-key or
        HARU_AIRKOREA_SERVICE_KEY, else the KMA key (one portal key often covers both). AirKorea
        is asked on the host of --base-url when that is given and --air-base-url is not.
        --offline shows AirKorea's real values of 10 Seoul stations on 2023-11-08 14:00,
        labelled as samples, with no key. 출처: 한국환경공단 에어코리아; real-time values are
        provisional.

    warnings:
      \(warnings)
        what is in force for the town (kind and level, zone, since when; "in part of the
        town" with the sub-zone's name where KMA splits the city), warnings issued that come
        into force later, and the 예비특보, which are never in force. --town is a saved town
        or one area of KMA's table (성복동, 용인시수지구 성복동); with --lat and --lon the
        area nearest. The key is the KMA key (--service-key or HARU_KMA_SERVICE_KEY); the
        service must be approved for it on its own. It is asked at --warn-base-url (everything
        before getPwnCd), else at https://apis.data.go.kr/1360000/WthrWrnInfoService. Events
        of the last 60 days are replayed. When the service refuses or fails, nothing is shown
        as in force, the reason goes to standard error, JSON `missing` says it, exit status 0.
        --offline shows part of KMA's real warnings of 2026-09-26 11:30 for 서귀포시, labelled
        as samples, with no key. 출처: 기상청.

    settings:
      haru settings list
      \(settingsGet)
      \(settingsSet)
      haru settings watch       print the settings now and after every change, by any process

    towns:
      haru towns list
      \(townsAdd)
      haru towns select NAME
      haru towns remove NAME
      haru towns watch          print the towns now and after every change, by any process
      \(townsSearch)
      \(townsNearest)
        QUERY is any part of an area's name in KMA's table (성복동, 용인 성복, ㅅㅂㄷ); add QUERY
        adds the one area it names, else lists the candidates. 출처: 기상청.

    journal:
      \(journalAdd)
      \(journalList)
      \(journalShow)
      \(journalEdit)
      \(journalFavorite)
      \(journalDelete)
        ID is an entry's ID, or its first 8 or more characters when no other ID starts with them.
      \(journalSearch)
        finds the entries holding every word of QUERY, in every entry, the favorites, or the
        entries of one perfume (its exact brand and name, as `journal perfumes` prints them).
      \(journalPerfumes)
      \(journalImport)
        PATH is tab-separated (id, date, brand, name, content, sentence, favorite), JSON Lines
        with the same field names, or the CSV that export --csv writes. What it is is read from
        its contents; any other file (a photo, a PDF, an empty file) is refused, exit status 3. A line with an empty id (or a record without one) gets an
        id derived from its content. Ctrl-C stops after the batch being written. A line already
        imported is skipped, so an interrupted import can be run again. PATH may also be a
        journal archive (a folder or a .harujournal file made by export): it is checked whole
        first, then restored with its photos; an entry already there is replaced only when the
        archive's is newer.
      \(journalExport)
        writes the whole journal with its photos as an archive folder (or with --single-file
        one .harujournal zip file), and with --csv a CSV file for spreadsheets. Nothing appears
        under PATH until the archive is complete; Ctrl-C leaves nothing there.
      \(journalCheck)
        checks the whole journal for damage: exit status 0 when sound, 3 when damaged.
      \(journalWatch)
        prints the page as one line of JSON now and after every change, from any process.

    global options, before the command or anywhere after it:
      --data-dir DIR            where settings and the journal live (env HARU_DATA_DIR)
      --json                    print one JSON document on standard output
      --lang ko|en              the language of the output (default: LC_ALL, LC_MESSAGES or
                                LANG; ko_KR.UTF-8 is Korean)
      -h, --help                this text

    Arguments are read as UTF-8 text; one that is not (from a terminal set to another
    encoding) is a usage error.

    exit status: 0 success · 2 usage error · 3 provider or data error · 4 network failure
                 · 130 interrupted import or export
    """

  /// The commands whose part of the help is shown on its own.
  private static let commandsWithAPart = [
    "forecast", "air", "warnings", "settings", "towns", "journal",
  ]

  /// The words every command is, for `haru help COMMAND`.
  private static let commands = commandsWithAPart + ["demo", "help"]

  /// The whole help in a language.
  static func text(in language: DisplayLanguage) -> String {
    language == .korean ? korean : english
  }

  /// What `haru COMMAND --help` and `haru help COMMAND` print: the command's part of the help,
  /// then the global options and exit statuses; the whole help for a command without a part of
  /// its own (`demo`, `help`); the guide to the service keys for `keys`.
  ///
  /// - Throws: A usage error naming a word that is no command.
  static func text(for command: String, in language: DisplayLanguage) throws(CLIError) -> String {
    if command == "keys" { return Text(.helpKeys).rendered(in: language) }
    guard commands.contains(command) else {
      throw .usage(Text(.helpUnknownTopic, String(command.prefix(30))), globalUsage)
    }
    let whole = text(in: language)
    let parts = whole.split(separator: "\n\n").map(String.init)
    guard let own = parts.first(where: { $0.hasPrefix(command + ":\n") }) else { return whole }
    let common = parts.filter { part in
      ["global options", "exit status", "전역 옵션", "종료 상태"].contains { part.hasPrefix($0) }
    }
    let usage = Text(.reportUsageLine, globalUsage).rendered(in: language)
    return ([usage, own] + common).joined(separator: "\n\n")
  }
}
