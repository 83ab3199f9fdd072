/// The tabs of the composed app (the `AppFeature` of "MVVM vs TCA").
public enum Tab: Equatable, Hashable, Sendable, CaseIterable {
    case counter
    case transfer
}

/// How an app's features are held: one store for everything, or one per feature ("The Many Flavors of
/// Unidirectional Architectures in Swift").
public enum Layout: String, Equatable, Hashable, Sendable, CaseIterable {
    /// One store owns the whole app state and routes child intents by index.
    case singleStore = "single-store"
    /// One store owns the whole app state, as in ``singleStore``, and each counter's observer
    /// watches only its own counter through the style's scoping tool (a row store, a selector, a
    /// child object or presenter per row).
    case singleStoreScoped = "single-store-scoped"
    /// One store (or view model) per child, plus a thin root that holds the selected tab.
    case multiStore = "multi-store"
}

/// The whole composed app as one value: N counters, one transfer feature, the selected tab.
public struct AppSnapshot: Equatable, Sendable {
    public var selectedTab: Tab
    public var counters: [CounterState]
    public var transfer: TransferState

    public init(selectedTab: Tab, counters: [CounterState], transfer: TransferState) {
        self.selectedTab = selectedTab
        self.counters = counters
        self.transfer = transfer
    }
}

/// What a user can do in the composed app.
///
/// Cross-feature rule ("MVVM vs TCA"): a counter's `loadQuote` also selects the counter tab.
public enum AppIntent: Equatable, Hashable, Sendable {
    case counter(index: Int, CounterIntent)
    case transfer(TransferIntent)
    case selectTab(Tab)
}
