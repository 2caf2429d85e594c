public import HaruModels

/// The towns a person follows: none to three of them, and which one is current — the first town
/// added, or a default town while none is saved.
///
/// ``SavedTowns`` cannot hold an invalid state. There are never more than ``capacity`` towns; while
/// there is at least one, the current position points at one of them, and while there is none, the
/// current town is ``defaultTown`` (서울특별시청 unless given), which takes no place of the three.
/// Every change that would break that is a ``SettingsError``, and the value is left as it was.
///
/// ```swift
/// var towns = SavedTowns()          // none saved: 서울특별시청 is current
/// try towns.add(sanghyeon)          // the first town added becomes current
/// try towns.add(busan)              // busan becomes current
/// try towns.add(jeju)               // three towns saved
/// try towns.select(at: 0)           // back to 상현동
/// try towns.remove(at: 1)           // 상현동 stays current
/// ```
public struct SavedTowns: Hashable, Sendable, RandomAccessCollection {
  /// The most towns that can be saved.
  public static let capacity = 3

  /// The saved towns, in the order the person arranged them; empty until the first is added.
  public private(set) var towns: [Town]
  /// The position of the current town in ``towns``; `nil` while none is saved and
  /// ``defaultTown`` is current.
  public private(set) var currentIndex: Int?
  /// The town that is current while none is saved; it takes no place among ``towns``.
  public let defaultTown: Town

  /// No saved towns: the default town is current.
  ///
  /// - Parameter defaultTown: The town shown while none is saved; 서울특별시청 unless given.
  public init(defaultTown: Town = .seoulCityHall) {
    towns = []
    currentIndex = nil
    self.defaultTown = defaultTown
  }

  /// One saved town, which is current.
  ///
  /// - Parameter town: The town.
  public init(_ town: Town) {
    towns = [town]
    currentIndex = 0
    defaultTown = .seoulCityHall
  }

  /// Saved towns from a list and the position of the current one.
  ///
  /// - Parameters:
  ///   - towns: Up to three distinct towns; none leaves `defaultTown` current.
  ///   - currentIndex: The position of the current town; 0 for an empty list.
  ///   - defaultTown: The town shown while none is saved; 서울특별시청 unless given.
  /// - Throws: ``SettingsError`` with ``SettingsError/Code/tooManyTowns`` for more than three,
  ///   ``SettingsError/Code/duplicateTown`` when a town appears twice, and
  ///   ``SettingsError/Code/noSuchTown`` when `currentIndex` is not a position in the list (or not
  ///   0 for an empty one).
  public init(
    _ towns: [Town], currentIndex: Int = 0, defaultTown: Town = .seoulCityHall
  ) throws(SettingsError) {
    var saved = SavedTowns(defaultTown: defaultTown)
    for town in towns {
      try saved.add(town, makeCurrent: false)
    }
    if !towns.isEmpty {
      try saved.select(at: currentIndex)
    } else if currentIndex != 0 {
      try saved.checkPosition(currentIndex)
    }
    self = saved
  }

  /// The current town: the saved town at ``currentIndex``, or ``defaultTown`` while none is saved.
  public var current: Town { currentIndex.map { towns[$0] } ?? defaultTown }

  /// Whether another town can be added.
  public var canAdd: Bool { towns.count < Self.capacity }

  /// Adds a town after the others.
  ///
  /// - Parameters:
  ///   - town: The town to add.
  ///   - makeCurrent: Whether the new town becomes the current one; `true` by default, as when a
  ///     person picks a town to see its weather. The first town added always becomes current.
  /// - Throws: ``SettingsError/Code/tooManyTowns`` when three towns are saved already, and
  ///   ``SettingsError/Code/duplicateTown`` when the same town (name and grid cell) is saved.
  public mutating func add(_ town: Town, makeCurrent: Bool = true) throws(SettingsError) {
    guard canAdd else {
      throw SettingsError(
        .tooManyTowns, key: "savedTowns",
        message: "Up to \(Self.capacity) towns can be saved; remove one before adding \(town.name)."
      )
    }
    guard !towns.contains(where: { $0.name == town.name && $0.gridPoint == town.gridPoint }) else {
      throw SettingsError(
        .duplicateTown, key: "savedTowns", message: "\(town.name) is already saved.")
    }
    towns.append(town)
    if makeCurrent || currentIndex == nil {
      currentIndex = towns.count - 1
    }
  }

  /// Removes the town at a position.
  ///
  /// When the current town is removed, the one before it becomes current (or the new first one);
  /// when the last town is removed, ``defaultTown`` is current again. Otherwise the current town
  /// stays current.
  ///
  /// - Parameter index: The position of the town to remove.
  /// - Throws: ``SettingsError/Code/noSuchTown`` for a position that does not exist.
  public mutating func remove(at index: Int) throws(SettingsError) {
    try checkPosition(index)
    towns.remove(at: index)
    guard let current = currentIndex, !towns.isEmpty else {
      currentIndex = nil
      return
    }
    if index < current || (index == current && current > 0) {
      currentIndex = current - 1
    }
  }

  /// Makes the town at a position current.
  ///
  /// - Parameter index: The position of the town.
  /// - Throws: ``SettingsError/Code/noSuchTown`` for a position that does not exist.
  public mutating func select(at index: Int) throws(SettingsError) {
    try checkPosition(index)
    currentIndex = index
  }

  private func checkPosition(_ index: Int) throws(SettingsError) {
    guard towns.indices.contains(index) else {
      throw SettingsError(
        .noSuchTown, key: "savedTowns",
        message: towns.isEmpty
          ? "There is no saved town at position \(index); no town is saved."
          : "There is no saved town at position \(index); positions are 0 to \(towns.count - 1).")
    }
  }

  // MARK: RandomAccessCollection

  /// The position of the first town.
  public var startIndex: Int { towns.startIndex }
  /// The position after the last town.
  public var endIndex: Int { towns.endIndex }

  /// The town at a position.
  ///
  /// - Parameter position: A position between ``startIndex`` and ``endIndex``.
  public subscript(position: Int) -> Town { towns[position] }
}

extension SavedTowns: Codable {
  private enum CodingKeys: String, CodingKey {
    case towns
    case current
    case defaultTown = "default"
  }

  /// Decodes saved towns and validates them like ``init(_:currentIndex:defaultTown:)``.
  ///
  /// A value written before the default town took no place (towns, then the position of the
  /// current one) reads as it was: every town in it, 서울특별시청 included, is a saved town.
  ///
  /// - Throws: `DecodingError` when the list is too long, has duplicates, or the current position
  ///   does not exist.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let towns = try container.decode([Town].self, forKey: .towns)
    let current = try container.decodeIfPresent(Int.self, forKey: .current)
    let defaultTown =
      try container.decodeIfPresent(Town.self, forKey: .defaultTown) ?? .seoulCityHall
    guard towns.isEmpty || current != nil else {
      throw DecodingError.dataCorruptedError(
        forKey: .current, in: container, debugDescription: "Saved towns without a current one.")
    }
    do {
      try self.init(towns, currentIndex: current ?? 0, defaultTown: defaultTown)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .towns, in: container, debugDescription: error.description)
    }
  }

  /// Encodes the towns, the position of the current one (none while no town is saved) and the
  /// default town.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(towns, forKey: .towns)
    try container.encodeIfPresent(currentIndex, forKey: .current)
    try container.encode(defaultTown, forKey: .defaultTown)
  }
}
