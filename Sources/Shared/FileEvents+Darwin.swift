#if canImport(Darwin)
  import Dispatch

  extension FileEvents {
    /// Each event with Dispatch's name for it.
    private static func correspondence() -> [(DispatchSource.FileSystemEvent, FileEvents)] {
      [
        (.write, .write), (.extend, .extend), (.attrib, .attrib), (.link, .link),
        (.delete, .delete), (.rename, .rename), (.revoke, .revoke),
      ]
    }

    /// The events a source reported (its `data`).
    ///
    /// - Parameter events: Dispatch's events.
    package init(_ events: DispatchSource.FileSystemEvent) {
      self = []
      for (dispatch, event) in Self.correspondence() where events.contains(dispatch) {
        insert(event)
      }
    }

    /// The same events as Dispatch names them, for a source's event mask.
    package var dispatchEvents: DispatchSource.FileSystemEvent {
      var mask: DispatchSource.FileSystemEvent = []
      for (dispatch, event) in Self.correspondence() where contains(event) {
        mask.insert(dispatch)
      }
      return mask
    }
  }
#endif
