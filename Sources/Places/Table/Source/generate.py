#!/usr/bin/env python3
"""Writes Sources/Places/Table/PlaceTableData.swift from the KMA tables in this folder.

    python3 Sources/Places/Table/Source/generate.py

The output is a Swift source holding the table in a compact text form that HaruPlaces parses on
first use. Run it again whenever a CSV here changes; the tests check that the CSVs' checksums match
the ones recorded in the output, and that every row of the CSVs reads back unchanged.

Format (all fields tab-separated, one record per line):
- `pool`: one string per line; the other sections refer to strings by line number (0 is "").
- `areas`: code, sido, sigungu, eupmyeondong (text), nx, ny, latitude and longitude in millionths
  of a degree (empty when the table has none), land regId, temperature regId. sido, sigungu and the
  regIds are pool indices.
- `aliases`: target area (row number in `areas`), old sido, old sigungu (pool indices), old
  eupmyeondong (text): a name from the 2022-10-27 edition that no area of today's table carries,
  leading to today's area.
- `shortForms`: the two-digit code prefix of a 시도, then the short names people use for it.
- `legal`: a 법정동 (the neighbourhood of land records, the name people use: 상현동) and the 행정동
  it lies in (the areas KMA's table lists: 상현1동, 상현2동, 상현3동): its 10-digit code, sido and
  sigungu (pool indices, as KMA's table writes them), its name (text), then the row numbers in
  `areas` of its 행정동, comma-separated.

Facts are KMA's (출처: 기상청, 공공누리 제1유형) and, for the 법정동, 행정안전부's (출처: 행정안전부,
공공누리 제1유형); see README.md here.
"""

import csv
import hashlib
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(os.path.dirname(HERE), "PlaceTableData.swift")

AREAS = "kma-grid-areas.csv"
MID = "kma-grid-areas-mid-regions.csv"
OLD = "kma-grid-areas-20221027.csv"
LEGAL = "mois-kikmix-20250701.csv"

# The names people commonly use for a 시도, by the two-digit prefix of its code. Written by hand:
# these are not in KMA's table.
SHORT_FORMS = {
    "11": ["서울", "서울시"],
    "12": ["전남", "광주", "전남광주"],
    "26": ["부산", "부산시"],
    "27": ["대구", "대구시"],
    "28": ["인천", "인천시"],
    "30": ["대전", "대전시"],
    "31": ["울산", "울산시"],
    "36": ["세종", "세종시"],
    "41": ["경기"],
    "43": ["충북"],
    "44": ["충남"],
    "47": ["경북"],
    "48": ["경남"],
    "50": ["제주", "제주도"],
    "51": ["강원", "강원도"],
    "52": ["전북", "전라북도"],
}

# An old area whose code is gone leads to the nearest area of today's table with the same name
# within this distance, else to the nearest area of the same level.
SAME_NAME_RADIUS_KM = 30.0


def sha256(name):
    with open(os.path.join(HERE, name), "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def read(name):
    with open(os.path.join(HERE, name), encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def level(row):
    if row["eupmyeondong"]:
        return 2
    if row["sigungu"]:
        return 1
    return 0


def own_name(row):
    return [row["sido"], row["sigungu"], row["eupmyeondong"]][level(row)]


def full_name(row):
    return " ".join(part for part in (row["sido"], row["sigungu"], row["eupmyeondong"]) if part)


def position(row):
    if not row["lat"] or not row["lon"]:
        return None
    return (float(row["lat"]), float(row["lon"]))


def distance_km(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(
        (lon2 - lon1) / 2
    ) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def micro(text):
    if not text:
        return ""
    return str(round(float(text) * 1_000_000))


def legal_neighborhoods(areas):
    """Each 법정동 of 행정안전부's mapping with the rows of KMA's table that are its 행정동.

    The mapping (2025-07-01) is older than KMA's table (2026-07-01): a 행정동 is found by its code,
    else by its name within the 시군구 of the same name (or a 구 of that 시, for a city split into
    구 since), else by its name alone within the 시도 when one area there has it (the 구 of 인천
    renamed in 2026). A 시도 renamed since (광주광역시, 전라남도) is matched to the 시도 KMA's table
    has and the mapping has not. 행정동 that none of this finds (출장소, which KMA does not list,
    and areas renamed or split since) are left out, and printed.
    """
    mapping = read(LEGAL)
    by_code = {area["code"]: index for index, area in enumerate(areas)}
    kma_provinces = {area["sido"] for area in areas}
    mois_provinces = {row["시도명"] for row in mapping}

    def same_province(mois, kma):
        return mois == kma or (mois not in kma_provinces and kma not in mois_provinces)

    by_name = {}
    for index, area in enumerate(areas):
        if area["eupmyeondong"]:
            by_name.setdefault(area["eupmyeondong"], []).append(index)

    def find(row):
        if row["행정동코드"] in by_code:
            return by_code[row["행정동코드"]]
        named = [
            i for i in by_name.get(row["읍면동명"], []) if same_province(row["시도명"], areas[i]["sido"])
        ]
        district = row["시군구명"].replace(" ", "")
        in_district = [i for i in named if areas[i]["sigungu"].startswith(district)]
        candidates = in_district or named
        return candidates[0] if len(candidates) == 1 else None

    legal = {}
    unmatched = set()
    for row in mapping:
        # 읍면동-level 법정동 only: a 리 (code not ending in 00) is a village within a 읍면.
        if not row["읍면동명"] or not row["법정동코드"].endswith("00") or row["말소일자"]:
            continue
        index = find(row)
        entry = legal.setdefault(row["법정동코드"], {"name": row["동리명"], "areas": []})
        if index is None:
            unmatched.add(" ".join((row["시도명"], row["시군구명"], row["읍면동명"])))
        elif index not in entry["areas"]:
            entry["areas"].append(index)
    return legal, sorted(unmatched)


def check_field(text):
    if any(c in text for c in "\t\n\r\\\"#"):
        sys.exit(f"a field holds a character the compact form cannot: {text!r}")
    return text


def main():
    areas = read(AREAS)
    mid = read(MID)
    old = read(OLD)
    if len(areas) != len(mid):
        sys.exit("the two 2026 tables have different row counts")
    for area, regions in zip(areas, mid):
        if area["code"] != regions["code"]:
            sys.exit(f"the tables disagree on row {area['code']}")

    pool = [""]
    pool_index = {"": 0}

    def intern(text):
        check_field(text)
        if text not in pool_index:
            pool_index[text] = len(pool)
            pool.append(text)
        return pool_index[text]

    area_lines = []
    for area, regions in zip(areas, mid):
        fields = [
            check_field(area["code"]),
            str(intern(area["sido"])),
            str(intern(area["sigungu"])),
            check_field(area["eupmyeondong"]),
            str(int(area["nx"])),
            str(int(area["ny"])),
            micro(area["lat"]),
            micro(area["lon"]),
            str(intern(regions["land_reg_id"])),
            str(intern(regions["ta_reg_id"])),
        ]
        area_lines.append("\t".join(fields))

    # Old names that today's table no longer carries, each leading to today's area.
    today_names = {full_name(area) for area in areas}
    by_code = {area["code"]: index for index, area in enumerate(areas)}
    alias_lines = []
    unresolved = []
    for row in old:
        if full_name(row) in today_names:
            continue
        target = by_code.get(row["code"])
        if target is None:
            here = position(row)
            if here is None:
                unresolved.append(full_name(row))
                continue
            same_level = [i for i, area in enumerate(areas) if level(area) == level(row)]
            placed = [i for i in same_level if position(areas[i]) is not None]
            named = [
                i
                for i in placed
                if level(row) > 0
                and own_name(areas[i]) == own_name(row)
                and distance_km(here, position(areas[i])) <= SAME_NAME_RADIUS_KM
            ]
            candidates = named or placed
            target = min(candidates, key=lambda i: (distance_km(here, position(areas[i])), i))
        fields = [
            str(target),
            str(intern(row["sido"])),
            str(intern(row["sigungu"])),
            check_field(row["eupmyeondong"]),
        ]
        alias_lines.append("\t".join(fields))
    if unresolved:
        sys.exit(f"old areas with no position and no surviving code: {unresolved}")

    short_lines = []
    prefixes = {area["code"][:2] for area in areas}
    for prefix, forms in SHORT_FORMS.items():
        if prefix not in prefixes:
            sys.exit(f"no 시도 has the code prefix {prefix}")
        short_lines.append("\t".join([prefix] + [check_field(form) for form in forms]))

    legal, unmatched = legal_neighborhoods(areas)
    legal_lines = []
    for code in sorted(legal):
        entry = legal[code]
        if not entry["areas"]:
            continue
        rows = sorted(entry["areas"])
        first = areas[rows[0]]
        # The 시군구 as KMA's table writes it, when all the 행정동 agree on it (a 법정동 of a city
        # split into 구 since may straddle two).
        districts = {areas[i]["sigungu"] for i in rows}
        district = first["sigungu"] if len(districts) == 1 else ""
        fields = [
            check_field(code),
            str(intern(first["sido"])),
            str(intern(district)),
            check_field(entry["name"]),
            ",".join(str(i) for i in rows),
        ]
        legal_lines.append("\t".join(fields))

    def literal(lines):
        return '#"""\n' + "\n".join(lines) + '\n"""#'

    swift = f"""// Generated by Sources/Places/Table/Source/generate.py from KMA's tables; do not edit.
// 출처: 기상청 (Korea Meteorological Administration), 공공누리 제1유형. See Source/README.md.
// swift-format-ignore-file

/// KMA's area table in its compact text form; ``PlaceTable`` reads it on first use.
enum PlaceTableData {{
  /// The SHA-256 of `{AREAS}` this source was generated from.
  static let areasChecksum = "{sha256(AREAS)}"
  /// The SHA-256 of `{MID}` this source was generated from.
  static let midTermRegionsChecksum = "{sha256(MID)}"
  /// The SHA-256 of `{OLD}` this source was generated from.
  static let oldAreasChecksum = "{sha256(OLD)}"
  /// The SHA-256 of `{LEGAL}` this source was generated from.
  static let legalNeighborhoodsChecksum = "{sha256(LEGAL)}"

  /// The number of rows in `areas`.
  static let areaCount = {len(area_lines)}

  /// Every string the other sections refer to by line number.
  static let pool = {literal(pool)}

  /// One line per area, in the table's order.
  static let areas = {literal(area_lines)}

  /// Names from the 2022-10-27 edition that lead to today's areas.
  static let aliases = {literal(alias_lines)}

  /// Short names of the 시도.
  static let shortForms = {literal(short_lines)}

  /// Each 법정동 and the rows of its 행정동 (출처: 행정안전부).
  static let legalNeighborhoods = {literal(legal_lines)}
}}
"""
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as file:
        file.write(swift)
    print(
        f"wrote {OUTPUT}: {len(area_lines)} areas, {len(alias_lines)} aliases, "
        f"{len(legal_lines)} 법정동, {len(pool)} pooled strings, {len(swift.encode('utf-8'))} bytes"
    )
    print(f"행정동 of the mapping not in KMA's table ({len(unmatched)}): {', '.join(unmatched)}")


if __name__ == "__main__":
    main()
