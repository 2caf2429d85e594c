public import HaruModels

/// The towns a person follows: one to three of them, exactly one of which is current.
///
/// ``SavedTowns`` cannot hold an invalid state. There is always at least one town and never more than
/// ``capacity``; the current position always points at one of them. Every change that would break
/// that is a ``SettingsError``, and the value is left as it was.
///
/// ```swift
/// var towns = SavedTowns(.seoulCityHall)
/// try towns.add(busan)              // busan becomes current
/// try towns.select(at: 0)           // back to Seoul
/// try towns.remove(at: 1)           // Seoul stays current
/// towns.current.name                // "서울특별시청"
/// ```
public struct SavedTowns: Hashable, Sendable, RandomAccessCollection {
  /// The most towns that can be saved.
  public static let capacity = 3

  /// The saved towns, in the order the person arranged them.
  public private(set) var towns: [Town]
  /// The position of the current town in ``towns``.
  public private(set) var currentIndex: Int

  /// One saved town, which is current.
  ///
  /// - Parameter town: The town.
  public init(_ town: Town) {
    towns = [town]
    currentIndex = 0
  }

  /// Saved towns from a list and the position of the current one.
  ///
  /// - Parameters:
  ///   - towns: One to three distinct towns.
  ///   - currentIndex: The position of the current town.
  /// - Throws: ``SettingsError`` with ``SettingsError/Code/lastTown`` for an empty list,
  ///   ``SettingsError/Code/tooManyTowns`` for more than three,
  ///   ``SettingsError/Code/duplicateTown`` when a town appears twice, and
  ///   ``SettingsError/Code/noSuchTown`` when `currentIndex` is not a position in the list.
  public init(_ towns: [Town], currentIndex: Int = 0) throws(SettingsError) {
    guard let first = towns.first else {
      throw SettingsError(.lastTown, key: "savedTowns", message: "Save at least one town.")
    }
    var saved = SavedTowns(first)
    for town in towns.dropFirst() {
      try saved.add(town, makeCurrent: false)
    }
    try saved.select(at: currentIndex)
    self = saved
  }

  /// The current town.
  public var current: Town { towns[currentIndex] }

  /// Whether another town can be added.
  public var canAdd: Bool { towns.count < Self.capacity }

  /// Adds a town after the others.
  ///
  /// - Parameters:
  ///   - town: The town to add.
  ///   - makeCurrent: Whether the new town becomes the current one; `true` by default, as when a
  ///     person picks a town to see its weather.
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
    if makeCurrent {
      currentIndex = towns.count - 1
    }
  }

  /// Removes the town at a position.
  ///
  /// When the current town is removed, the one before it becomes current (or the new first one).
  /// Otherwise the current town stays current.
  ///
  /// - Parameter index: The position of the town to remove.
  /// - Throws: ``SettingsError/Code/noSuchTown`` for a position that does not exist, and
  ///   ``SettingsError/Code/lastTown`` when it is the only town.
  public mutating func remove(at index: Int) throws(SettingsError) {
    try checkPosition(index)
    guard towns.count > 1 else {
      throw SettingsError(
        .lastTown, key: "savedTowns", message: "Keep at least one town; add another first.")
    }
    towns.remove(at: index)
    if index < currentIndex || (index == currentIndex && currentIndex > 0) {
      currentIndex -= 1
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
        message:
          "There is no saved town at position \(index); positions are 0 to \(towns.count - 1).")
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
  }

  /// Decodes saved towns and validates them like ``init(_:currentIndex:)``.
  ///
  /// - Throws: `DecodingError` when the list is empty, too long, has duplicates, or the current
  ///   position does not exist.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let towns = try container.decode([Town].self, forKey: .towns)
    let current = try container.decode(Int.self, forKey: .current)
    do {
      try self.init(towns, currentIndex: current)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .towns, in: container, debugDescription: error.description)
    }
  }

  /// Encodes the towns and the current position.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(towns, forKey: .towns)
    try container.encode(currentIndex, forKey: .current)
  }
}
