import HaruModels

/// Reads the `wf` wording of `getMidLandFcst`: the sky first, then what falls.
///
/// `맑음` → clear; `구름많음`/`구름많고 …` → mostly cloudy; `흐림`/`흐리고 …` → overcast; after `…고`
/// comes `비`, `눈`, `비/눈` (or `눈/비`) or `소나기`. `구름조금` (retired in 2019, when KMA folded
/// it into 맑음) reads as clear. Spaces are ignored, so the unspaced `흐리고비` reads too. Any
/// other wording reads as unknown (both `nil`) and is kept raw by the caller.
enum MidTermWording {
  static func read(_ text: String) -> (sky: Sky?, precipitation: PrecipitationType?) {
    let compact = String(text.unicodeScalars.filter { $0 != " " && $0 != "\u{3000}" })
    let skies: [(String, Sky, Bool)] = [
      ("맑음", .clear, false), ("구름조금", .clear, false), ("구름많음", .mostlyCloudy, false),
      ("구름많고", .mostlyCloudy, true), ("흐림", .overcast, false), ("흐리고", .overcast, true),
    ]
    for (prefix, sky, continues) in skies where compact.hasPrefix(prefix) {
      let rest = compact.dropFirst(prefix.count)
      if !continues { return rest.isEmpty ? (sky, .nothing) : (nil, nil) }
      switch rest {
      case "비": return (sky, .rain)
      case "눈": return (sky, .snow)
      case "비/눈", "눈/비": return (sky, .rainAndSnow)
      case "소나기": return (sky, .shower)
      default: return (nil, nil)
      }
    }
    return (nil, nil)
  }
}
