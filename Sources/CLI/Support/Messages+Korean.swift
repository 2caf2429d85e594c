extension Messages {
  /// The Korean words of every message; `{1}`, `{2}`, … stand for its values.
  static let korean: [Message: String] = [
    .optionNeedsValue: "{1}에는 값이 필요합니다.",
    .optionTakesNoValue: "{1}에는 값을 붙이지 않습니다.",
    .dataDirNeedsFolder: "--data-dir에는 폴더가 필요합니다.",
    .langIsKoOrEn: "--lang은 ko 또는 en입니다. \"{1}\"은(는) 쓸 수 없습니다.",
    .optionRepeated: "{1}이(가) 두 번 이상 주어졌습니다.",
    .unknownOption: "알 수 없는 옵션입니다: {1}",
    .missingArgument: "인자가 빠졌습니다.",
    .tooManyArguments: "인자가 너무 많습니다.",
    .needsNumber: "{1}에는 숫자가 필요합니다. \"{2}\"은(는) 숫자가 아닙니다.",
    .needsWholeNumber: "{1}에는 정수가 필요합니다. \"{2}\"은(는) 정수가 아닙니다.",
    .settingsCannotOpen: "{1}의 설정을 열 수 없습니다: {2}",
    .settingsUnreadable:
      "{1}을(를) 읽을 수 없어 모든 설정이 기본값으로 돌아갔습니다. 잃은 저장 값: {2}. 읽지 못한 파일은 {3}(으)로 남겨 두었으니 그 값을 보고 다시 설정하세요.",
    .settingsLostUnknown: "파일에 있던 값 전부(하나도 읽을 수 없음)",
    .settingsPartlyRead:
      "{1}이(가) 중간에 잘려 있어, 온전히 읽은 값({2})은 지키고 나머지는 기본값으로 돌아갔습니다. 잃은 저장 값: {3}. 읽지 못한 파일은 {4}(으)로 남겨 두었으니 그 값을 보고 다시 설정하세요.",
    .settingsLostAfterCut: "잘린 뒤에 있던 값",
    .journalCannotOpen: "{1}의 일지를 열 수 없습니다: {2}",
    .jsonFailed: "결과를 JSON으로 쓸 수 없습니다: {1}",
    .offlineSeoulOnly: "--offline 샘플은 서울특별시청 격자(60,127)의 것뿐입니다. 장소를 빼거나 온라인으로 물어보세요.",
    .samplesNotFound:
      "haru 실행 파일 옆에서 함께 배포된 샘플 응답을 찾지 못했습니다 (Haru_HaruCLI.resources와 Haru_HaruCLI.bundle을 찾아봤습니다). 빌드 폴더에서 haru를 실행하거나 리소스 번들을 옆에 복사하세요.",
    .needsWebURL: "{1}에는 http 또는 https 주소가 필요합니다.",
    .argumentNotUTF8:
      "인자 {1}이(가) UTF-8 텍스트가 아닙니다. haru는 인자를 UTF-8로 읽습니다 (터미널이 다른 인코딩으로 설정되어 있나요? LANG과 LC_ALL을 보세요).",
    .noCommand: "명령이 없습니다.",
    .unknownCommand: "알 수 없는 명령입니다: \"{1}\"",
    .unexpectedError: "예상하지 못한 오류입니다: {1}",
    .reportUsageLine: "사용법: {1}",
    .reportSeeHelp: "모든 명령과 옵션은 'haru help'로 볼 수 있습니다.",
    .reportError: "haru: 오류: {1}",
    .reportNote: "haru: 참고: {1}",
    .reportWarning: "haru: 경고: {1}",
    .forecastUnreachable: "예보 서비스에 닿지 못했습니다 ({1}): {2}",
    .kmaResultCode: "기상청 결과 코드 {1}{2}: {3}{4}",
    .forecastFailed: "예보를 받지 못했습니다 ({1}): {2}{3}",
    .journalFailed: "일지 작업이 실패했습니다: {2}",
    .settingsFailed: "설정 작업이 실패했습니다: {2}",
    .settingsMissingAction: "동작이 빠졌습니다: list, get, set, watch 중 하나를 주세요.",
    .settingsUnknownAction: "알 수 없는 동작입니다: \"{1}\". list, get, set, watch 중 하나를 쓰세요.",
    .unknownSetting: "알 수 없는 설정입니다: \"{1}\". theme, unit, pet, scale 중 하나를 쓰세요.",
    .settingValueNotAllowed: "{1}은(는) {2} 중 하나입니다. \"{3}\"은(는) 쓸 수 없습니다.",
    .townsMissingAction: "동작이 빠졌습니다: list, add, select, remove, watch, search, nearest 중 하나를 주세요.",
    .limitOnlySearch: "--limit은 'towns search'에만 씁니다.",
    .placeOnlyAdd: "{1}은(는) 'towns add'에만 씁니다.",
    .townsUnknownAction:
      "알 수 없는 동작입니다: \"{1}\". list, add, select, remove, watch, search, nearest 중 하나를 쓰세요.",
    .townNeedsPlace: "동네의 위치를 주세요: --lat과 --lon, 또는 --nx와 --ny.",
    .latLonTogether: "--lat과 --lon은 함께 줍니다.",
    .nxNyTogether: "--nx와 --ny는 함께 줍니다.",
    .latLonOrGrid: "--lat과 --lon, 또는 --nx와 --ny 중 하나만 주세요.",
    .placeFailed: "장소를 정할 수 없습니다: {1}",
    .missingEntryID: "항목 ID가 빠졌습니다.",
    .missingImportFile: "가져올 FILE이 빠졌습니다.",
    .noSavedTown: "\"{1}\"(이)라는 저장된 동네가 없습니다. 저장된 동네: {2}.",
    .limitAboveZero: "--limit에는 0보다 큰 정수가 필요합니다. {1}은(는) 쓸 수 없습니다.",
    .nearestNeedsPoint: "지점을 주세요: --lat과 --lon.",
    .noAreaNamed: "\"{1}\"(이)라는 지역이 없습니다. 이름의 일부로 'haru towns search'를 해 보세요.",
    .areaAmbiguous: "\"{1}\"에 맞는 지역이 여럿입니다. 전체 이름으로 하나를 더하세요:{2}",
    .legalNeighborhoodCandidates:
      "\"{1}\"은(는) 격자나 중기예보 구역, 특보 구역이 서로 다른 동으로 이루어져 있습니다."
      + " 전체 이름으로 하나를 더하세요:{2}",
    .legalNeighborhoodMadeUpOf: "{1}은(는) {2}(으)로 이루어져 있습니다.",
    .townAlreadyFollowed:
      "{1}은(는) 이미 저장되어 있습니다: 저장된 동네 {2}와(과) 같은 곳, 같은 격자입니다.",
    .noTownSavedYet:
      "\"{1}\"(이)라는 저장된 동네가 없습니다. 아직 저장된 동네가 없어, 동네를 더하기 전까지 {2}을(를) 보여 줍니다.",
    .defaultTownMarker: "(동네를 더하기 전까지 기본)",
    .queryEmpty: "검색어가 비었습니다.",
    .journalMissingAction: "동작이 빠졌습니다.",
    .journalUnknownAction: "알 수 없는 동작입니다: \"{1}\"",
    .missingOption: "{1}이(가) 빠졌습니다.",
    .photoOrRemove: "--photo FILE과 --remove-photo 중 하나만 주세요.",
    .editNothing: "바꿀 것을 주세요: 항목 하나 이상, --photo 또는 --remove-photo.",
    .listAllAlone: "--all은 모든 항목을 보여 줍니다. --limit과 --after는 빼세요.",
    .skippedUnreadable: "읽을 수 없는 항목{1}을(를) 건너뛰었습니다: {2} `haru journal delete ID`로 지울 수 있습니다.",
    .journalDamaged:
      "{1}의 일지가 손상되었습니다: 문제 {2}개. 일지를 쓰는 앱을 모두 닫고 journal.sqlite, journal.sqlite-wal, journal.sqlite-shm을 함께 백업에서 되살리세요.",
    .missingQuery: "QUERY가 빠졌습니다.",
    .favoritesOrPerfume: "--favorites와 --brand·--name 중 하나만 주세요.",
    .perfumeNeedsBoth: "--brand와 --name에는 브랜드와 향수 이름이 필요합니다.",
    .nameNeedsBrand: "--name에는 --brand가 함께 필요합니다: 향수 하나는 브랜드와 이름입니다.",
    .brandNeedsName: "--brand에는 --name이 함께 필요합니다: 향수 하나는 브랜드와 이름입니다.",
    .entryNotFound: "ID가 {1}인 일지 항목이 없습니다. 지워졌을 수 있습니다.",
    .notAnEntryID: "\"{1}\"은(는) 항목 ID가 아닙니다. ID 전체나 그 앞 8자 이상을 주세요.",
    .entryIDTooShort: "\"{1}\"은(는) 항목을 가리키기에 너무 짧습니다. ID의 앞 {2}자 이상이나 ID 전체를 주세요.",
    .entryIDAmbiguous: "ID가 \"{1}\"(으)로 시작하는 항목이 여럿입니다. 더 길게 주세요:{2}",
    .entryIDPrefixNotFound: "ID가 {1}(으)로 시작하는 일지 항목이 없습니다. 지워졌을 수 있습니다.",
    .limitRange: "--limit은 1에서 {1} 사이입니다.",
    .dateFormat: "--date에는 YYYY-MM-DD 형식의 날짜가 필요합니다: {1}",
    .photoUnreadable: "사진 {1}을(를) 읽을 수 없습니다: {2}",
    .fileUnreadable: "파일 {1}을(를) 읽을 수 없습니다: {2}",
    .importStarting: "{2}에서 {1}줄을 가져옵니다 ({3}, {4}줄씩). Ctrl-C를 누르면 쓰고 있는 묶음까지만 가져오고 멈춥니다.",
    .importBatchFailed: "{1}–{2}줄을 가져오지 못했습니다: {3}. 1–{4}줄은 가져왔습니다. 나머지는 같은 가져오기를 다시 실행하세요.",
    .importInterrupted:
      "중단됨: {2}줄 중 {1}줄째에서 멈췄습니다. 1–{1}줄은 가져왔거나 보고했고, 그 뒤로는 아무것도 쓰지 않았습니다. 같은 가져오기를 다시 실행하면 마저 가져옵니다 (이미 가져온 줄은 건너뜁니다).",
    .importRejected: "{2}줄 중 {1}줄을 가져오지 못했습니다. 위에 적은 줄을 보세요.",
    .missingPath: "PATH가 빠졌습니다.",
    .singleFileNeedsPath: "--single-file에는 PATH가 필요합니다.",
    .archiveImportStarting:
      "일지 보관본 {1}을(를) 가져옵니다. 먼저 전체를 검사합니다. Ctrl-C를 누르면 쓰고 있는 묶음까지만 가져오고 멈춥니다.",
    .lineWarning: "{1}줄: {2}",
    .archiveRejected: "보관본의 {1}줄을 가져오지 못했습니다. 위에 적은 줄을 보세요.",
    .archiveFailed: "{1}에 실패했습니다: {2}",
    .demoNoJSON: "둘러보기는 사람을 위한 것이라 --json 출력이 없습니다.",
    .providerUnknown: "--provider는 kma 또는 open-meteo입니다. \"{1}\"은(는) 쓸 수 없습니다.",
    .gatewayUnknown: "--gateway는 portal 또는 apihub입니다. \"{1}\"은(는) 쓸 수 없습니다.",
    .offlineNoBaseURL: "--offline은 함께 배포된 샘플을 읽으므로 --base-url을 받지 않습니다.",
    .openMeteoNoKMAURLs:
      "--mid-base-url과 --air-base-url은 기상청과 에어코리아 서비스의 주소입니다. Open-Meteo에는 둘 다 없습니다.",
    .daysRange: "--days는 1에서 11 사이입니다 (오늘과 그 뒤 열흘까지). {1}은(는) 쓸 수 없습니다.",
    .offlineNoNow: "--offline은 샘플의 시각(2026-10-04 07:30 KST)으로 답합니다. --now는 빼세요.",
    .forecastNeedsKey:
      "기상청 예보에는 서비스 키가 필요합니다: --service-key KEY를 주거나 HARU_KMA_SERVICE_KEY를 설정하세요 (키 없이 보려면 --offline이나 --provider open-meteo). {1}",
    .oneKindOfPlace: "--town, --lat과 --lon, --nx와 --ny 중 하나만 주세요.",
    .nowFormat:
      "--now에는 2026-11-20T07:30:00+09:00처럼 시간대가 붙은 ISO 8601 시각이 필요합니다. \"{1}\"은(는) 쓸 수 없습니다.",
    .warningsNeedKey:
      "특보에는 기상청 서비스 키가 필요합니다: --service-key KEY를 주거나 HARU_KMA_SERVICE_KEY를 설정하세요 (키가 기상청_기상특보 조회서비스에 승인되어 있어야 합니다). {1}",
    .townOrLatLon: "--town, 또는 --lat과 --lon 중 하나만 주세요.",
    .notATownOrArea: "\"{1}\"은(는) 저장된 동네도, 기상청 표의 한 지역도 아닙니다.{2}",
    .didYouMean: " 이것을 찾으셨나요: {1}?",
    .airOfflineNoURL:
      "--offline은 함께 배포된 2023-11-08 14:30 KST의 샘플로 답합니다. --air-base-url과 --now는 빼세요.",
    .airNeedsKey:
      "에어코리아에는 서비스 키가 필요합니다: --air-service-key KEY를 주거나 HARU_AIRKOREA_SERVICE_KEY를 설정하세요 (기상청 키인 --service-key나 HARU_KMA_SERVICE_KEY도 에어코리아에 승인되어 있으면 씁니다). {1} 키 없이 실제 샘플을 보려면 --offline.",
    .airRefused: "{1} ({2}){3}",
    .scaleUnknown: "등급 기준은 korea, who2021, eight 중 하나입니다. \"{1}\"은(는) 쓸 수 없습니다.",
    .empty: "",
    .operationExport: "내보내기",
    .operationCSVExport: "CSV 내보내기",
    .operationImport: "가져오기",
    .interruptedDetail: "중단됨: {1}",
    .exportInterrupted: "중단됨: {1}를 멈췄습니다. {2}에는 아무것도 쓰지 않았습니다.",
    .missingKeyAndValue: "KEY와 VALUE가 빠졌습니다.",
    .missingTownName: "동네 NAME이 빠졌습니다.",
    .keysWhereToGet:
      "키는 공공데이터포털(https://www.data.go.kr)에서 서비스마다 따로 활용신청해 받습니다. 어떤 서비스를 신청할지, 새 키가 언제부터 듣는지는 `haru help keys`를 보세요.",
    .keysRefusedHint: " 새 키는 듣기까지 한 시간쯤 걸리고, 서비스마다 따로 승인됩니다: `haru help keys`를 보세요.",
    .helpUnknownTopic:
      "\"{1}\"에 대한 도움말이 없습니다: 그런 명령이 없습니다. `haru help`는 명령 목록을, `haru help keys`는 서비스 키 받는 법을 보여 줍니다.",
    .helpKeys: """
    서비스 키 받기

    haru forecast, air, warnings는 공공데이터포털(https://www.data.go.kr)을 거쳐 기상청과
    에어코리아 서비스를 읽습니다. 서비스마다 따로 활용신청하고 따로 승인받으며, 포털 키 하나로
    승인받은 모든 서비스를 씁니다. 신청할 서비스:

      기상청_단기예보 ((구)_동네예보) 조회서비스    forecast: 오늘부터 3일 뒤까지, 지금 날씨
      기상청_중기예보 조회서비스                  forecast: 4일째부터 10일째까지
      기상청_기상특보 조회서비스                  warnings, 그리고 forecast의 특보
      한국환경공단_에어코리아_대기오염정보          air: 측정값과 예보
      한국환경공단_에어코리아_측정소정보            air: 측정소
      기상청_생활기상지수 조회서비스               자외선 (haru는 아직 보여 주지 않음)
      기상청_보건기상지수 조회서비스               꽃가루 (haru는 아직 보여 주지 않음)

    개발계정 키는 대부분 바로 승인되지만, 새 키(또는 어떤 서비스에 새로 승인된 키)는 게이트웨이가
    알아보기까지 몇 분에서 한 시간, 때로는 더 오래 코드 30(SERVICE_KEY_IS_NOT_REGISTERED)으로
    거절됩니다. 한 서비스에만 승인된 키는 다른 서비스에서만 거절됩니다.

    포털은 키를 두 가지 형태로 보여 줍니다: 인코딩 키(이미 퍼센트 인코딩됨: %2B, %2F, %3D)와
    디코딩 키(원래 글자: + / =). haru는 어느 쪽이든 받아 정확히 한 번 인코딩합니다.

    개발계정의 하루 호출 한도: 기상청 서비스마다 10,000회, 에어코리아 서비스마다 500회. 활용사례를
    등록한 운영계정은 더 받습니다. haru는 받은 것을 간직하고 새로 발표된 것만 묻습니다.

    기상청 API 허브(https://apihub.kma.go.kr)는 같은 기상청 서비스로 가는 또 하나의 관문이며 키도
    따로(authKey)입니다. API 허브 키는 --gateway apihub와 함께 --service-key KEY나
    HARU_KMA_AUTH_KEY로 주세요. 에어코리아는 공공데이터포털에만 있습니다.

    키는 --service-key KEY나 HARU_KMA_SERVICE_KEY(기상청), --air-service-key KEY나
    HARU_AIRKOREA_SERVICE_KEY(에어코리아; 없으면 기상청 키를 씁니다)로 줍니다. 키가 없으면
    `haru demo`와 `haru forecast|air|warnings --offline`이 함께 배포된 샘플을 보여 줍니다.
    """,
    .warningsOfflineAlone:
      "--offline은 함께 배포된 2026-09-26 11:30 KST의 서귀포시 샘플을 보여 줍니다. --town, --lat, --lon, --now, --warn-base-url은 빼세요.",
    .missingSettingKey: "KEY가 빠졌습니다 (theme, unit, pet, scale).",
    .exportedEntriesAndPhotos: "{1}: 항목 {2}개와 사진 {3}장을 내보냈습니다.",
    .exportedEntriesAsCsv: "{1}: 항목 {2}개를 CSV로 내보냈습니다.",
    .addedReplacedOlderEntriesKept:
      "{1}: {2}개 추가, {3}개는 보관본이 더 새로워 바꿈, {4}개는 일지 쪽이 더 새로워 그대로 둠, {5}개는 이미 같음, 사진 {6}장, {7}줄 거부.",
    .deleted: "삭제했습니다: ",
    .theJournalIsSound: "일지에 손상이 없습니다.",
    .date: "날짜",
    .brand: "브랜드",
    .name: "향수",
    .sentence: "한 줄",
    .text: "메모",
    .favorite: "즐겨찾기",
    .yes: "예",
    .no: "아니요",
    .photo: "사진",
    .fileMissing: "파일 없음",
    .noPerfumesInTheJournal: "기록된 향수가 없습니다.",
    .noEntries: "항목이 없습니다.",
    .issued: "발표",
    .midTermIssued: "중기 발표",
    .grid: "격자",
    .stale: "오래된 예보: ",
    .theConditionsNowCouldNot: "현재 날씨를 받지 못했습니다.",
    .daysMidTermCouldNot: "중기예보(4~10일)를 받지 못했습니다.",
    .theAirQualityCouldNot: "대기질을 받지 못했습니다.",
    .theUVIndexCouldNot: "자외선지수를 받지 못했습니다.",
    .thePollenCouldNot: "꽃가루농도위험지수를 받지 못했습니다.",
    .uvIndexLine: "자외선  {1} ({2}) · 오늘 최고 {3}",
    .pollenLine: "꽃가루  {1}: 오늘 {2} · 내일 {3}",
    .pollenNotInSeason: "꽃가루  철이 아님",
    .currentConditions: "현재 {1} ({2} 기준)",
    .feelsLike: "체감 {1}",
    .yesterday: "어제",
    .today: "오늘",
    .tomorrow: "내일",
    .am: "오전",
    .pm: "오후",
    .partial: "일부",
    .theChanceOfRainOr: "%: 그 반나절에 비나 눈이 올 확률 (강수확률)",
    .derivedFromTheHourlyTemperatures: "~ 시간별 기온에서 구한 값",
    .partialOnlyPartOfThe: "일부: 그날의 일부 시간만 예보됨 (03시 이후 시작 또는 21시 전에 끝남)",
    .aTourOfHaru: "하루 둘러보기",
    .noNetworkAndNoService: "네트워크도 서비스 키도 쓰지 않습니다. 데이터는 임시 폴더에 두었다가 끝나면 지웁니다:",
    .settingsWrittenThenReadBack: "설정: 저장하고 다시 읽기",
    .townsFoundByNameOr: "동네: 이름이나 초성으로 찾기",
    .searchingFor: "  \"{1}\" 찾기:",
    .addingItsGridCellAnd: "  \"성복동\" 더하기 (격자와 중기예보 구역은 기상청 표에서):",
    .seoulYesterdayTodayAndTenDays: "서울: 어제와 오늘, 그 뒤 열흘",
    .todayToDayFromThe: "  오늘부터 3일 뒤까지는 단기예보, 4–10일째는 중기예보: 7일째까지 오전·오후, 그 뒤는 하루 하나.",
    .theScentJournalAddedSearched: "향기 일기: 쓰고, 치는 대로 찾고, 내보내기",
    .everyEntryNewestFirst: "  모든 항목, 최근 것부터:",
    .whileTypingRoseInitialConsonants: "  \"장미\"를 치는 동안 (초성, 덜 친 글자, 낱말 속의 두 음절도 찾습니다):",
    .exportedEntriesToAnArchive: "  내보내기: 항목 {1}개를 {2}/ 에 (다시 읽을 수 있는 보관본)",
    .nextOnYourOwnData: "다음에 해 볼 것:",
    .noWarningInForce: "발효 중인 특보 없음",
    .preliminaryNotInForce: "예비특보 (아직 발효 아님):",
    .preliminary: " 예비특보",
    .note: "참고: ",
    .theWarningsCouldNotBe: "특보를 받지 못했습니다. 지금 발효 중인 특보가 있는지 알 수 없습니다.",
    .inForceSince: "{1}부터 발효 중",
    .issuedInForceFrom: "발표됨, {1}부터 발효",
    .weatherWarnings: "기상특보",
    .inPartOfTheTown: "일부 지역: {1}",
    .hours: "24시간",
    .hours2: "1시간",
    .noGrade: "등급 없음",
    .cai: "통합지수",
    .forecast: "예보",
    .realTimeValuesAreProvisional: "실시간 측정값은 에어코리아가 확정하기 전의 잠정 자료입니다.",
    .importedEntriesSkippedAlreadyIn: "{1}: {2}개 가져옴, {3}개는 이미 있어 건너뜀, {4}줄 거부 ({5}줄 중).",
    .demoFindTown: "이름이나 초성으로 동네 찾기",
    .demoFollowTown: "따라갈 동네 (세 곳까지)",
    .demoSampleData: "위의 샘플 데이터",
    .demoTenDays: "지금 동네의 열흘, 미세먼지와 함께",
    .demoAirQuality: "미세먼지와 측정소",
    .demoTestStrip: "시향지 한 장",
    .demoSearch: "치는 대로 찾기",
    .demoExport: "보관본으로 내보내기",
    .sampleLabel:
      "샘플 데이터 (기준 시각 2026-10-04 07:30 KST, 서울특별시청 격자): 4–10일째는 그날 아침 기상청이 실제로 발표한 중기예보이고, 오늘부터 3일 뒤까지와 현재 날씨는 만든 예시 값입니다.",
    .airSampleLabel:
      "샘플 데이터: 에어코리아가 2023-11-08 14:00에 서울 측정소 10곳에서 잰 실제 값입니다 (기준 시각 2023-11-08 14:30 KST, 서울특별시청). 이 응답에는 초미세먼지 값이 없고, 측정소 좌표는 주소로 찾아 적은 값이며, 그날의 예보는 샘플에 없습니다.",
    .warningsSampleLabel:
      "샘플 데이터: 기상청이 2026-09-26에 발표한 실제 특보 일부 (기준 시각 2026-09-26 11:30 KST, 서귀포시). 그날의 특보 중 일부만 담겨 있어 다른 지역은 보여 주지 않습니다.",
    .importRefused:
      "{1}은(는) {2}이며 일지 내보내기 파일이 아닙니다. haru journal import는 하루 일지 보관본, 하루의 탭 구분 파일, JSON Lines, `haru journal export --csv`의 CSV를 읽습니다. 아무것도 가져오지 않았습니다.",
    .fileIsJPEG: "JPEG 이미지",
    .fileIsPNG: "PNG 이미지",
    .fileIsGIF: "GIF 이미지",
    .fileIsPDF: "PDF 문서",
    .fileIsRIFF: "RIFF 파일 (WebP 이미지, WAV나 AVI 파일)",
    .fileIsHEIC: "HEIC 이미지나 MP4·MOV 동영상",
    .fileIsOtherZip: "하루 일지 보관본이 아닌 zip 파일 (manifest.json이 없음)",
    .fileIsEmpty: "빈 파일",
    .fileIsBinary: "UTF-8 텍스트가 아닌 바이너리 데이터",
    .fileIsOtherText: "첫 줄에 탭으로 나눈 필드도, JSON 레코드도, 하루 CSV의 머리글도 없는 텍스트",
  ]
}
