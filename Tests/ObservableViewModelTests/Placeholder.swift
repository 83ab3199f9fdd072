import Testing

@testable import ObservableViewModel
