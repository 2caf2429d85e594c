/// The events of a file-system source, as Dispatch names them (`DispatchSource.FileSystemEvent`,
/// kqueue's `EVFILT_VNODE` flags), in a type every platform compiles: the watches of the settings
/// file and of the journal's log decide on these, and those decisions are tested on Linux.
/// `FileEvents+Darwin.swift` converts them to and from Dispatch's.
package struct FileEvents: OptionSet, Sendable, Hashable {
  /// The events' bits; not Dispatch's.
  package let rawValue: UInt8

  /// Creates events from their bits.
  package init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bytes were written to the file, or names added, removed or renamed in the folder.
  package static let write = FileEvents(rawValue: 1 << 0)
  /// The file grew.
  package static let extend = FileEvents(rawValue: 1 << 1)
  /// Attributes changed (permissions, times).
  package static let attrib = FileEvents(rawValue: 1 << 2)
  /// The link count changed.
  package static let link = FileEvents(rawValue: 1 << 3)
  /// It was removed (its last name deleted).
  package static let delete = FileEvents(rawValue: 1 << 4)
  /// It was renamed, or replaced by another under its name.
  package static let rename = FileEvents(rawValue: 1 << 5)
  /// Access to it was revoked, as when its volume is unmounted.
  package static let revoke = FileEvents(rawValue: 1 << 6)
}
