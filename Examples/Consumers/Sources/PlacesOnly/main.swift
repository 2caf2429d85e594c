// HaruPlaces alone: a town found by the name people type, with KMA's grid cell.

import HaruModels
import HaruPlaces

let places = PlaceDirectory()
if let place = places.search("용인 성복").first {
  print("places: \(place.name) \(place.gridPoint)")
}
