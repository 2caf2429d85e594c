extension Help {
  /// The whole help in Korean; ``english`` says the same in English.
  static let korean = """
    haru — 터미널에서 보는 내 동네 날씨와 향기 일기.

    사용법: \(globalUsage)

    명령:
      demo                      함께 배포된 샘플 데이터로 짧게 둘러보기: 네트워크도 키도 없이
      forecast                  한 동네의 오늘부터 10일째까지, 오전/오후로
      air                       동네 가까운 측정소의 미세먼지, 초미세먼지, 오존 (에어코리아)
      warnings                  동네에 발효 중인 기상특보와 예비특보
      settings                  테마, 온도 단위, 반려동물, 대기질 등급 기준 보기·바꾸기
      towns                     따라가는 동네 (세 곳까지), 그중 하나가 지금 동네
      journal                   향기 일기
      help [COMMAND | keys]     이 도움말, 한 명령의 도움말, 또는 서비스 키 받는 법

    forecast:
      \(forecast)
        장소를 주지 않으면 지금 동네를 씁니다. 키는 HARU_KMA_SERVICE_KEY로도 줄 수 있습니다.
        --base-url은 오퍼레이션 이름 앞까지(기상청) 또는 예보 주소(Open-Meteo)입니다. 기상청
        중기예보는 --mid-base-url이 없으면 같은 경로의 MidFcstInfoService에 묻습니다. --days N은
        오늘부터 N일을 보여 줍니다 (1-11, 기본 10). --now는 시계를 고정합니다. --offline은 함께
        배포된 샘플 응답을 씁니다 (실제 예보가 아닌 샘플). 기상청에 온라인으로 물으면 대기질(air
        참고)과 그 뒤에 자외선지수와 제철 꽃가루, 동네에 발효 중인 특보(warnings 참고, JSON
        `warnings`)도 날짜 위에 함께 나옵니다. 앞으로 6시간의 비 소식이 맨 먼저 나옵니다.
        서비스가 거절한 부분(초단기예보, 중기예보, 대기질, 자외선지수, 꽃가루, 특보)은 빠지고 그
        까닭은 표준 오류로, 종료 상태 0. 출처: 기상청.

    air:
      \(air)
        동네에서 가장 가까운 측정소와 측정 시각, 미세먼지(PM10), 초미세먼지(PM2.5), 오존과 그
        등급(기본: airQualityScale 설정, korea), 통합대기환경지수(CAI), 오늘과 내일의 예보. 키는
        --air-service-key나 HARU_AIRKOREA_SERVICE_KEY, 없으면 기상청 키(포털 키 하나로 둘 다
        되는 경우가 많습니다). --base-url을 주고 --air-base-url을 주지 않으면 같은 호스트에
        묻습니다. --offline은 에어코리아가 2023-11-08 14:00에 서울 측정소 10곳에서 잰 실제 값을
        샘플이라고 밝혀 키 없이 보여 줍니다. 출처: 한국환경공단 에어코리아. 실시간 값은 확정 전
        잠정 자료입니다.

    warnings:
      \(warnings)
        동네에 발효 중인 특보 (종류와 수준, 구역, 발효 시각; 기상청이 시를 나누는 곳은 "일부
        지역"과 그 구역 이름), 발표되었지만 나중에 발효되는 특보, 그리고 발효되지 않는 예비특보.
        --town은 저장된 동네나 기상청 표의 한 지역(성복동, 용인시수지구 성복동)입니다. --lat과
        --lon을 주면 가장 가까운 지역. 키는 기상청 키(--service-key 또는 HARU_KMA_SERVICE_KEY)이고
        이 서비스도 따로 승인되어 있어야 합니다. --warn-base-url(getPwnCd 앞까지), 없으면
        https://apis.data.go.kr/1360000/WthrWrnInfoService에 묻습니다. 지난 60일의 발표를 다시
        따라갑니다. 서비스가 거절하거나 실패하면 발효 중인 특보는 보이지 않고, 까닭은 표준 오류와
        JSON `missing`에, 종료 상태 0. --offline은 기상청이 2026-09-26 11:30에 발표한 실제 특보
        일부를 서귀포시에 대해 샘플이라고 밝혀 키 없이 보여 줍니다. 출처: 기상청.

    settings:
      haru settings list
      \(settingsGet)
      \(settingsSet)
      haru settings watch       지금 설정과, 어느 프로세스가 바꾸든 바뀔 때마다 출력

    towns:
      haru towns list
      \(townsAdd)
      haru towns select NAME
      haru towns remove NAME
      haru towns watch          지금 동네 목록과, 어느 프로세스가 바꾸든 바뀔 때마다 출력
      \(townsSearch)
      \(townsNearest)
        QUERY는 기상청 표에 있는 지역 이름의 일부입니다 (성복동, 용인 성복, ㅅㅂㄷ). add QUERY는
        그 이름이 가리키는 지역이 하나면 더하고, 여럿이면 후보를 보여 줍니다. 출처: 기상청.

    journal:
      \(journalAdd)
      \(journalList)
      \(journalShow)
      \(journalEdit)
      \(journalFavorite)
      \(journalDelete)
        ID는 항목의 ID, 또는 다른 ID가 그렇게 시작하지 않는다면 그 앞 8자 이상입니다.
      \(journalSearch)
        QUERY의 낱말을 모두 담은 항목을 모든 항목, 즐겨찾기, 또는 한 향수(`journal perfumes`가
        보여 주는 그대로의 브랜드와 이름)의 항목에서 찾습니다.
      \(journalPerfumes)
      \(journalImport)
        PATH는 탭으로 나눈 파일(id, date, brand, name, content, sentence, favorite), 같은
        이름의 필드를 쓰는 JSON Lines, 또는 export --csv의 CSV입니다. 무엇인지는 내용으로
        알아보며, 그 밖의 파일(사진, PDF, 빈 파일)은 거절합니다 (종료 상태 3). id가 빈 줄(또는 id가 없는 레코드)은 내용에서 만든
        id를 받습니다. Ctrl-C를 누르면 쓰고 있는 묶음까지만 가져옵니다. 이미 가져온 줄은
        건너뛰므로 중단된 가져오기는 다시 실행하면 됩니다. PATH는 export로 만든 일지 보관본
        (폴더나 .harujournal 파일)일 수도 있습니다: 먼저 전체를 검사한 뒤 사진과 함께 되살리고,
        이미 있는 항목은 보관본의 것이 더 새로울 때만 바꿉니다.
      \(journalExport)
        일지 전체를 사진과 함께 보관본 폴더로 (--single-file이면 .harujournal zip 파일 하나로),
        --csv를 주면 스프레드시트용 CSV 파일로 씁니다. 보관본이 다 만들어질 때까지 PATH에는
        아무것도 나타나지 않고, Ctrl-C를 누르면 아무것도 남기지 않습니다.
      \(journalCheck)
        일지 전체에 손상이 있는지 검사합니다: 이상이 없으면 종료 상태 0, 손상되었으면 3.
      \(journalWatch)
        지금 페이지와, 어느 프로세스가 바꾸든 바뀔 때마다 페이지를 JSON 한 줄로 출력합니다.

    전역 옵션 (명령 앞이나 뒤 어디에나):
      --data-dir DIR            설정과 일지가 있는 폴더 (환경 변수 HARU_DATA_DIR)
      --json                    표준 출력에 JSON 문서 하나를 출력
      --lang ko|en              출력 언어 (기본: LC_ALL, LC_MESSAGES 또는 LANG;
                                ko_KR.UTF-8이면 한국어)
      -h, --help                이 도움말

    인자는 UTF-8 텍스트로 읽습니다. 그렇지 않은 인자(다른 인코딩으로 설정된 터미널에서 온
    것)는 사용법 오류입니다.

    종료 상태: 0 성공 · 2 사용법 오류 · 3 제공자 또는 데이터 오류 · 4 네트워크 실패
               · 130 중단된 가져오기나 내보내기
    """
}
