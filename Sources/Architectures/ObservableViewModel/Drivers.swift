import Domain
import Observation

/// The `observable-viewmodel` architecture's entry point for the harness: plain MVVM ("MVVM vs TCA",
/// §5.1; "MVVM + Reducer Pattern"), one `@Observable` view model per feature.
public enum ObservableViewModelArchitecture: Architecture {
    public static let id = ArchitectureID.observableViewModel

    @MainActor public static func makeCounter(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<CounterIntent, CounterState> {
        CounterViewModelDriver(CounterViewModel(quoteClient: dependencies.quoteClient))
    }

    @MainActor public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        TransferViewModelDriver(TransferViewModel(dependencies: dependencies))
    }

    @MainActor public static func makeApp(
        layout: Layout,
        counters: Int,
        _ dependencies: Dependencies
    ) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            SingleStoreAppViewModelDriver(
                SingleStoreAppViewModel(counterCount: counters, dependencies: dependencies),
                scoped: layout == .singleStoreScoped
            )
        case .multiStore:
            AppViewModelDriver(AppViewModel(counterCount: counters, dependencies: dependencies))
        }
    }
}

/// Drives a ``CounterViewModel`` with the shared counter intents (the harness's adapter path).
@MainActor
public final class CounterViewModelDriver: FeatureDriver {
    public let viewModel: CounterViewModel
    private let intents = RunningIntents()

    public init(_ viewModel: CounterViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: CounterState {
        CounterState(viewModel)
    }

    public func send(_ intent: CounterIntent) {
        viewModel.perform(intent, intents: intents)
    }

    public func settle() async {
        await intents.settle()
    }

    /// The async intents `send(_:)` started that have not finished yet.
    public var pendingIntentCount: Int {
        intents.count
    }
}

/// Drives a ``TransferViewModel`` with the shared transfer intents (the harness's adapter path).
@MainActor
public final class TransferViewModelDriver: FeatureDriver {
    public let viewModel: TransferViewModel
    private let intents = RunningIntents()

    public init(_ viewModel: TransferViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: TransferState {
        TransferState(viewModel)
    }

    public func send(_ intent: TransferIntent) {
        viewModel.perform(intent, intents: intents)
    }

    public func settle() async {
        await intents.settle()
    }

    /// The async intents `send(_:)` started that have not finished yet.
    public var pendingIntentCount: Int {
        intents.count
    }
}

/// Drives the multi-store ``AppViewModel``: intents go straight to the child view models, and an
/// observer of counter *i* tracks only counter *i*'s view model.
@MainActor
public final class AppViewModelDriver: AppDriver {
    public let viewModel: AppViewModel
    public let layout = Layout.multiStore
    private let intents = RunningIntents()

    public init(_ viewModel: AppViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: viewModel.selectedTab,
            counters: viewModel.counters.map(CounterState.init),
            transfer: TransferState(viewModel.transfer)
        )
    }

    public func send(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent):
            viewModel.counters[index].perform(intent, intents: intents)
        case .transfer(let intent):
            viewModel.transfer.perform(intent, intents: intents)
        case .selectTab(let tab):
            viewModel.selectedTab = tab
        }
    }

    public func settle() async {
        await intents.settle()
    }

    /// The async intents `send(_:)` started that have not finished yet.
    public var pendingIntentCount: Int {
        intents.count
    }

    /// Tracks the four properties of counter `index`'s view model, as a counter view's body would.
    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        let counter = viewModel.counters[index]
        observeEveryChange(
            {
                _ = counter.count
                _ = counter.quote
                _ = counter.isLoading
                _ = counter.errorMessage
            },
            onChange: onChange
        )
    }
}

/// Drives the ``SingleStoreAppViewModel``: intents call its index-taking methods, and an observer of
/// counter *i* reads `counters[i]`, so it tracks the whole `counters` property; built `scoped`, it
/// reads the counter's own ``CounterRow`` instead.
@MainActor
public final class SingleStoreAppViewModelDriver: AppDriver {
    public let viewModel: SingleStoreAppViewModel
    public let layout: Layout
    private let intents = RunningIntents()

    public init(_ viewModel: SingleStoreAppViewModel, scoped: Bool = false) {
        self.viewModel = viewModel
        layout = scoped ? .singleStoreScoped : .singleStore
    }

    public var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: viewModel.selectedTab,
            counters: viewModel.counters,
            transfer: viewModel.transfer
        )
    }

    public func send(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, .increment):
            viewModel.increment(counterAt: index)
        case .counter(let index, .decrement):
            viewModel.decrement(counterAt: index)
        case .counter(let index, .loadQuote):
            intents.start { [viewModel] in await viewModel.loadQuote(counterAt: index) }
        case .transfer(.loadAccounts):
            intents.start { [viewModel] in await viewModel.loadAccounts() }
        case .transfer(.selectFrom(let account)):
            viewModel.selectFrom(account)
        case .transfer(.selectTo(let account)):
            viewModel.selectTo(account)
        case .transfer(.updateAmount(let amount)):
            viewModel.updateAmount(amount)
        case .transfer(.submitTransfer):
            intents.start { [viewModel] in await viewModel.submitTransfer() }
        case .transfer(.resetError):
            viewModel.resetError()
        case .selectTab(let tab):
            viewModel.selectedTab = tab
        }
    }

    public func settle() async {
        await intents.settle()
    }

    /// The async intents `send(_:)` started that have not finished yet.
    public var pendingIntentCount: Int {
        intents.count
    }

    /// Tracks `counters[index]`; Observation sees a read of the `counters` property, so every
    /// counter's change wakes this observer. Scoped, it tracks the counter's ``CounterRow`` only.
    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if layout == .singleStoreScoped {
            let row = viewModel.row(at: index)
            observeEveryChange({ _ = row.state }, onChange: onChange)
        } else {
            let viewModel = viewModel
            observeEveryChange({ _ = viewModel.counters[index] }, onChange: onChange)
        }
    }
}

extension CounterViewModel {
    fileprivate func perform(_ intent: CounterIntent, intents: RunningIntents) {
        switch intent {
        case .increment: increment()
        case .decrement: decrement()
        case .loadQuote: intents.start { await self.loadQuote() }
        }
    }
}

extension TransferViewModel {
    fileprivate func perform(_ intent: TransferIntent, intents: RunningIntents) {
        switch intent {
        case .loadAccounts: intents.start { await self.loadAccounts() }
        case .selectFrom(let account): selectFrom(account)
        case .selectTo(let account): selectTo(account)
        case .updateAmount(let amount): updateAmount(amount)
        case .submitTransfer: intents.start { await self.submitTransfer() }
        case .resetError: resetError()
        }
    }
}

extension CounterState {
    @MainActor fileprivate init(_ viewModel: CounterViewModel) {
        self.init(
            count: viewModel.count,
            quote: viewModel.quote,
            isLoading: viewModel.isLoading,
            errorMessage: viewModel.errorMessage
        )
    }
}

extension TransferState {
    @MainActor fileprivate init(_ viewModel: TransferViewModel) {
        self.init(
            accounts: viewModel.accounts,
            selectedFrom: viewModel.selectedFrom,
            selectedTo: viewModel.selectedTo,
            amount: viewModel.amount,
            isLoading: viewModel.isLoading,
            isSubmitting: viewModel.isSubmitting,
            error: viewModel.error,
            lastTransaction: viewModel.lastTransaction
        )
    }
}
