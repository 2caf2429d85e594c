public import HaruViewModelCore

extension WeatherViewModel: InputOutputViewModel {}
