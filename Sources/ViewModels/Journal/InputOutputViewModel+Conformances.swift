public import HaruViewModelCore

extension JournalListViewModel: InputOutputViewModel {}
extension JournalEditorViewModel: InputOutputViewModel {}
