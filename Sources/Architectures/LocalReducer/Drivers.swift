import Domain
import Observation

/// The `local-reducer` architecture's entry point for the harness: MVVM with a copying reducer inside
/// each `@Observable` view model ("MVVM + Reducer Pattern").
public enum LocalReducerArchitecture: Architecture {
    public static let id = ArchitectureID.localReducer

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
            AppViewModelDriver(
                AppViewModel(counterCount: counters, dependencies: dependencies),
                scoped: layout == .singleStoreScoped)
        case .multiStore:
            AppRootViewModelDriver(AppRootViewModel(counterCount: counters, dependencies: dependencies))
        }
    }
}

/// Drives a ``CounterViewModel`` with the shared counter intents (the harness's adapter path).
@MainActor
public final class CounterViewModelDriver: FeatureDriver {
    public let viewModel: CounterViewModel

    public init(_ viewModel: CounterViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: CounterState {
        viewModel.state
    }

    public func send(_ intent: CounterIntent) {
        viewModel.send(CounterViewModel.Action(intent))
    }

    public func settle() async {
        await viewModel.settle()
    }
}

/// Drives a ``TransferViewModel`` with the shared transfer intents (the harness's adapter path).
@MainActor
public final class TransferViewModelDriver: FeatureDriver {
    public let viewModel: TransferViewModel

    public init(_ viewModel: TransferViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: TransferState {
        viewModel.state
    }

    public func send(_ intent: TransferIntent) {
        viewModel.send(TransferViewModel.Action(intent))
    }

    public func settle() async {
        await viewModel.settle()
    }
}

/// Drives the single-store ``AppViewModel``. An observer of counter *i* reads `state.counters[i]`, so
/// it tracks the whole `state` and every action wakes it; built `scoped`, it reads the counter's own
/// ``CounterRow`` instead.
@MainActor
public final class AppViewModelDriver: AppDriver {
    public let viewModel: AppViewModel
    public let layout: Layout

    public init(_ viewModel: AppViewModel, scoped: Bool = false) {
        self.viewModel = viewModel
        layout = scoped ? .singleStoreScoped : .singleStore
    }

    public var snapshot: AppSnapshot {
        let state = viewModel.state
        return AppSnapshot(selectedTab: state.selectedTab, counters: state.counters, transfer: state.transfer)
    }

    public func send(_ intent: AppIntent) {
        viewModel.send(AppViewModel.Action(intent))
    }

    public func settle() async {
        await viewModel.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if layout == .singleStoreScoped {
            let row = viewModel.row(at: index)
            observeEveryChange({ _ = row.state }, onChange: onChange)
        } else {
            let viewModel = viewModel
            observeEveryChange({ _ = viewModel.state.counters[index] }, onChange: onChange)
        }
    }
}

/// Drives the multi-store ``AppRootViewModel``: intents go through the root, which passes them on to
/// the child view models. An observer of counter *i* tracks only counter *i*'s view model.
@MainActor
public final class AppRootViewModelDriver: AppDriver {
    public let viewModel: AppRootViewModel
    public let layout = Layout.multiStore

    public init(_ viewModel: AppRootViewModel) {
        self.viewModel = viewModel
    }

    public var snapshot: AppSnapshot {
        AppSnapshot(
            selectedTab: viewModel.state.selectedTab,
            counters: viewModel.counters.map(\.state),
            transfer: viewModel.transfer.state
        )
    }

    public func send(_ intent: AppIntent) {
        viewModel.send(AppViewModel.Action(intent))
    }

    public func settle() async {
        await viewModel.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        let counter = viewModel.counters[index]
        observeEveryChange({ _ = counter.state }, onChange: onChange)
    }
}

extension CounterViewModel.Action {
    /// The action a user's counter intent sends.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}

extension TransferViewModel.Action {
    /// The action a user's transfer intent sends.
    public init(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: self = .accounts(.load)
        case .selectFrom(let account): self = .selection(.from(account))
        case .selectTo(let account): self = .selection(.to(account))
        case .updateAmount(let amount): self = .selection(.amount(amount))
        case .submitTransfer: self = .transfer(.submit)
        case .resetError: self = .resetError
        }
    }
}

extension AppViewModel.Action {
    /// The action a user's app intent sends.
    public init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): self = .counter(index: index, .init(intent))
        case .transfer(let intent): self = .transfer(.init(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}
