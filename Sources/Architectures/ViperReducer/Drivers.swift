import Domain

/// The viper-reducer architecture (VIPER with a reducer, after "VIPER Architecture with Reducer and
/// State") as the harness builds it.
public enum ViperReducerArchitecture: Architecture {
    public static let id = ArchitectureID.viperReducer

    @MainActor
    public static func makeCounter(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<CounterIntent, CounterState> {
        CounterModuleDriver(CounterRouter.makeModule(quoteClient: dependencies.quoteClient))
    }

    @MainActor
    public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        TransferModuleDriver(TransferRouter.makeModule(dependencies: dependencies))
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        let state = AppState(counterCount: counters)
        switch layout {
        case .singleStore, .singleStoreScoped:
            return SingleStoreAppDriver(
                AppRouter.makeModule(state: state, dependencies: dependencies),
                scoped: layout == .singleStoreScoped)
        case .multiStore:
            return MultiStoreAppDriver(AppRootRouter.makeModule(state: state, dependencies: dependencies))
        }
    }
}

/// A view that only reports that it was rendered: how the harness observes a module (the VIPER
/// article's view contract, with the observer's callback as its display).
@MainActor
public final class ObserverView: CounterView, TransferView, AppView {
    private let onRender: @MainActor () -> Void

    public init(onRender: @escaping @MainActor () -> Void) {
        self.onRender = onRender
    }

    public func render(_ state: CounterState) {
        onRender()
    }

    public func render(_ state: TransferState) {
        onRender()
    }

    public func render(_ state: AppState) {
        onRender()
    }
}

/// Drives a counter module through its presenter, as its view would (harness adapter, the VIPER
/// article).
@MainActor
public final class CounterModuleDriver: FeatureDriver {
    public let presenter: CounterPresenter

    public init(_ presenter: CounterPresenter) {
        self.presenter = presenter
    }

    public var snapshot: CounterState { presenter.state }

    public func send(_ intent: CounterIntent) {
        switch intent {
        case .increment: presenter.didTapIncrement()
        case .decrement: presenter.didTapDecrement()
        case .loadQuote: presenter.didTapLoadQuote()
        }
    }

    public func settle() async {
        await presenter.interactor.settle()
    }
}

/// Drives a transfer module through its presenter, as its view would (harness adapter, the VIPER
/// article).
@MainActor
public final class TransferModuleDriver: FeatureDriver {
    public let presenter: TransferPresenter

    public init(_ presenter: TransferPresenter) {
        self.presenter = presenter
    }

    public var snapshot: TransferState { presenter.state }

    public func send(_ intent: TransferIntent) {
        presenter.handle(intent)
    }

    public func settle() async {
        await presenter.interactor.settle()
    }
}

/// Drives the single-store app, one ``AppPresenter`` over one ``AppInteractor`` (harness adapter,
/// the VIPER article). Every counter observer is a view of the whole app; built `scoped`, it is a view
/// of its counter's row presenter (``AppPresenter/row(at:)``).
@MainActor
public final class SingleStoreAppDriver: AppDriver {
    public let presenter: AppPresenter
    private let scoped: Bool

    public init(_ presenter: AppPresenter, scoped: Bool = false) {
        self.presenter = presenter
        self.scoped = scoped
    }

    public var layout: Layout { scoped ? .singleStoreScoped : .singleStore }

    public var snapshot: AppSnapshot { presenter.state.snapshot }

    public func send(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, .increment): presenter.didTapIncrement(counterAt: index)
        case .counter(let index, .decrement): presenter.didTapDecrement(counterAt: index)
        case .counter(let index, .loadQuote): presenter.didTapLoadQuote(counterAt: index)
        case .transfer(.loadAccounts): presenter.didRequestAccounts()
        case .transfer(.selectFrom(let account)): presenter.didSelectFrom(account)
        case .transfer(.selectTo(let account)): presenter.didSelectTo(account)
        case .transfer(.updateAmount(let amount)): presenter.didChangeAmount(amount)
        case .transfer(.submitTransfer): presenter.didTapSubmit()
        case .transfer(.resetError): presenter.didDismissError()
        case .selectTab(let tab): presenter.didSelectTab(tab)
        }
    }

    public func settle() async {
        await presenter.interactor.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if scoped {
            presenter.row(at: index).attach(ObserverView(onRender: onChange))
        } else {
            presenter.attach(ObserverView(onRender: onChange))
        }
    }
}

/// Drives the multi-store app, an ``AppRootPresenter`` over one module per child (harness adapter,
/// the VIPER article). A counter observer is a view of that counter's module only.
@MainActor
public final class MultiStoreAppDriver: AppDriver {
    public let root: AppRootPresenter

    public init(_ root: AppRootPresenter) {
        self.root = root
    }

    public var layout: Layout { .multiStore }

    public var snapshot: AppSnapshot { root.state.snapshot }

    public func send(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, .increment): root.counters[index].didTapIncrement()
        case .counter(let index, .decrement): root.counters[index].didTapDecrement()
        case .counter(let index, .loadQuote): root.counters[index].didTapLoadQuote()
        case .transfer(let intent): root.transfer.handle(intent)
        case .selectTab(let tab): root.didSelectTab(tab)
        }
    }

    public func settle() async {
        await root.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        root.counters[index].attach(ObserverView(onRender: onChange))
    }
}

extension TransferPresenter {
    /// Performs a user's transfer intent as the view event it stands for.
    fileprivate func handle(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: didRequestAccounts()
        case .selectFrom(let account): didSelectFrom(account)
        case .selectTo(let account): didSelectTo(account)
        case .updateAmount(let amount): didChangeAmount(amount)
        case .submitTransfer: didTapSubmit()
        case .resetError: didDismissError()
        }
    }
}
