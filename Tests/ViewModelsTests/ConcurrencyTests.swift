import Foundation
import HaruJournal
import HaruModels
import HaruSettings
import HaruTesting
import Testing

@testable import HaruJournalViewModels
@testable import HaruSettingsViewModels
@testable import HaruViewModelCore

/// Inputs driven from many tasks at once: nothing is lost, nothing races, and the outputs end in
/// agreement with the stores. Run under ThreadSanitizer in CI.
@Suite(.timeLimit(.minutes(3)))
struct ConcurrencyTests {
  @Test func eventsSentFromManyTasksAllArriveInEachSendersOrder() async {
    let events = UserEvents<(sender: Int, number: Int)>()
    let senders = 8
    let perSender = 200
    let received = Task {
      var last = Array(repeating: -1, count: senders)
      var count = 0
      var inOrder = true
      for await event in events {
        inOrder = inOrder && event.number == last[event.sender] + 1
        last[event.sender] = event.number
        count += 1
        if count == senders * perSender { break }
      }
      return (count, inOrder)
    }
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<senders {
        group.addTask {
          for number in 0..<perSender {
            events.send((sender, number))
          }
        }
      }
    }
    let (count, inOrder) = await received.value
    #expect(count == senders * perSender)
    #expect(inOrder)
  }

  @Test @MainActor func aLoopOverAnInputEndsWhenAViewModelTakesItOver() async throws {
    let input = SettingsViewModel.Input()
    var iterator = input.toggleTheme.makeAsyncIterator()
    input.toggleTheme.send()
    #expect(await iterator.next() != nil)
    let viewModel = SettingsViewModel(settings: try makeSettings(), language: .english)
    _ = viewModel.transform(input)
    // Ended, not left waiting forever.
    #expect(await iterator.next() == nil)
    await viewModel.untilIdle()
  }

  @Test @MainActor func settingsChosenFromManyTasksEndAsTheStoreSays() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = SettingsViewModel.Input()
    let output = viewModel.transform(input)

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<16 {
        group.addTask {
          for step in 0..<50 {
            input.chooseUnit.send((task + step).isMultiple(of: 2) ? .celsius : .fahrenheit)
            input.toggleTheme.send()
            input.choosePet.send(step.isMultiple(of: 3) ? .cat : .dog)
          }
        }
      }
    }
    await viewModel.untilIdle()

    #expect(output.temperatureUnit.value == settings[.temperatureUnit])
    #expect(output.theme.value == settings[.themeMode])
    #expect(output.petType.value == settings[.petType])
    // 800 toggles from .system: the first makes it dark, the rest alternate, ending on light.
    #expect(settings[.themeMode] == .light)
    let themes = try #require(viewModel.theme.history)
    #expect(themes.count == 801)
    #expect(zip(themes, themes.dropFirst()).allSatisfy { $0 != $1 })
    #expect(viewModel.errorMessage.history == [nil])
  }

  @Test @MainActor func townsChangedFromManyTasksNeverLeaveAnImpossibleState() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .english)
    let input = TownsViewModel.Input()
    let output = viewModel.transform(input)
    let places = [
      TownsViewModel.NewTown(name: "부산", latitude: 35.1796, longitude: 129.0756),
      TownsViewModel.NewTown(name: "제주", latitude: 33.4996, longitude: 126.5312),
      TownsViewModel.NewTown(name: "인천", latitude: 37.4563, longitude: 126.7052),
    ]

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<12 {
        group.addTask {
          for step in 0..<40 {
            switch (task + step) % 4 {
            case 0: input.addTown.send(places[step % places.count])
            case 1: input.selectTown.send(step % 4)
            case 2: input.removeTown.send(step % 3)
            default: input.selectTown.send(-step)
            }
          }
        }
      }
    }
    await viewModel.untilIdle()

    let towns = settings[.savedTowns]
    let rows = output.rows.value
    #expect(rows.map(\.town) == towns.towns)
    #expect(rows.filter(\.isCurrent).count == 1)
    #expect(rows.firstIndex(where: \.isCurrent) == towns.currentIndex)
    #expect((1...3).contains(rows.count))
    #expect(output.currentTownName.value == towns.current.name)
    #expect(output.canAddTown.value == towns.canAdd)
  }

  @Test @MainActor func journalActionsFromManyTasksEndWithTheListTheJournalHolds() async throws {
    let fixture = try JournalFixture()
    var ids: [JournalEntry.ID] = []
    for index in 0..<12 {
      ids.append(try await fixture.add("Brand \(index)", "Perfume \(index)").id)
    }
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock, debounce: .zero)
    let input = JournalListViewModel.Input()
    let output = viewModel.transform(input)
    let targets = ids

    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 0..<12 {
            let id = targets[(task * 3 + step) % targets.count]
            switch step % 5 {
            case 0: input.toggleFavorite.send(id)
            case 1: input.chooseList.send(task.isMultiple(of: 2) ? .favorites : .all)
            case 2: input.search.send(step.isMultiple(of: 2) ? "Perfume" : "")
            case 3 where task == 0: input.delete.send(id)
            default: input.toggleFavorite.send(id)
            }
          }
        }
      }
    }
    input.search.send("")
    input.chooseList.send(.all)
    await viewModel.work.untilInputHandled()
    await fixture.clock.advance(by: .seconds(1))
    await viewModel.untilIdle()

    let page = try await fixture.journal.entries(in: .all)
    #expect(output.entries.value == page.entries)
    #expect(output.counts.value.all == (try await fixture.journal.count(in: .all)))
    #expect(output.counts.value.favorites == (try await fixture.journal.count(in: .favorites)))
    #expect(output.isSearching.value == false)
    #expect(viewModel.work.runningCount == 0)
  }
}
