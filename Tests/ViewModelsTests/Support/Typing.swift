import HaruTesting

import HaruViewModelCore

/// Types texts into a search box one after another, as fast as a person can, and returns once
/// the view model has taken them all and its search for the last one waits for typing to pause.
@MainActor
func type(
  _ texts: [String], into box: UserEvents<String>, handledBy work: WorkBag, clock: ManualClock
) async {
  for text in texts {
    box.send(text)
  }
  await work.untilInputHandled()
  await clock.waitForSleepers(count: 1)
}
