import Domain

/// The effect-values architecture ("State containers", "effect values") as the harness builds it.
public enum EffectValuesArchitecture: Architecture {
    public static let id = ArchitectureID.effectValues

    @MainActor
    public static func makeCounter(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<CounterIntent, CounterState> {
        let handler = CounterEffectHandler(quoteClient: dependencies.quoteClient)
        return CounterLoopDriver(CounterLoop(state: CounterState(), handler: handler))
    }

    @MainActor
    public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        let handler = TransferEffectHandler(
            getAccounts: dependencies.getAccounts,
            transferMoney: dependencies.transferMoney
        )
        return TransferLoopDriver(TransferLoop(state: TransferState(), handler: handler))
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        let state = AppFeature.State(counterCount: counters)
        let handler = AppEffectHandler(dependencies)
        switch layout {
        case .singleStore, .singleStoreScoped:
            return AppLoopDriver(
                AppLoop(state: state, handler: handler), scoped: layout == .singleStoreScoped)
        case .multiStore:
            return AppRootDriver(AppRoot(state: state, handler: handler))
        }
    }
}

/// Drives a ``CounterLoop`` with the shared counter intents (the harness's adapter).
@MainActor
public final class CounterLoopDriver: FeatureDriver {
    public let loop: CounterLoop

    public init(_ loop: CounterLoop) {
        self.loop = loop
    }

    public var snapshot: CounterState { loop.state }

    public func send(_ intent: CounterIntent) {
        loop.dispatch(CounterFeature.Event(intent))
    }

    public func settle() async {
        await loop.settle()
    }
}

/// Drives a ``TransferLoop`` with the shared transfer intents (the harness's adapter).
@MainActor
public final class TransferLoopDriver: FeatureDriver {
    public let loop: TransferLoop

    public init(_ loop: TransferLoop) {
        self.loop = loop
    }

    public var snapshot: TransferState { loop.state }

    public func send(_ intent: TransferIntent) {
        loop.dispatch(TransferFeature.Event(intent))
    }

    public func settle() async {
        await loop.settle()
    }
}

/// Drives the single-store app, one ``AppLoop`` (the harness's adapter). Every counter observer is an
/// observer of the whole loop, woken by every new app state; built `scoped`, each observes its own
/// counter through the project's own selector (``Loop/addObserver(selecting:onChange:)``; Mobius has
/// none), woken only when it changes.
@MainActor
public final class AppLoopDriver: AppDriver {
    public let loop: AppLoop
    private let scoped: Bool

    public init(_ loop: AppLoop, scoped: Bool = false) {
        self.loop = loop
        self.scoped = scoped
    }

    public var layout: Layout { scoped ? .singleStoreScoped : .singleStore }

    public var snapshot: AppSnapshot { loop.state.snapshot }

    public func send(_ intent: AppIntent) {
        loop.dispatch(AppFeature.Event(intent))
    }

    public func settle() async {
        await loop.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if scoped {
            _ = loop.addObserver(selecting: { $0.counters[index] }, onChange: { _ in onChange() })
        } else {
            _ = loop.addObserver { _ in onChange() }
        }
    }
}

/// Drives the multi-store app, an ``AppRoot`` over one loop per feature (the harness's adapter). A
/// counter observer observes that counter's loop only.
@MainActor
public final class AppRootDriver: AppDriver {
    public let root: AppRoot

    public init(_ root: AppRoot) {
        self.root = root
    }

    public var layout: Layout { .multiStore }

    public var snapshot: AppSnapshot { root.state.snapshot }

    public func send(_ intent: AppIntent) {
        root.dispatch(AppFeature.Event(intent))
    }

    public func settle() async {
        await root.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        _ = root.counters[index].addObserver { _ in onChange() }
    }
}

extension CounterFeature.Event {
    /// The event a user's counter intent dispatches.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}

extension TransferFeature.Event {
    /// The event a user's transfer intent dispatches.
    public init(_ intent: TransferIntent) {
        switch intent {
        case .loadAccounts: self = .loadAccounts
        case .selectFrom(let account): self = .selectFrom(account)
        case .selectTo(let account): self = .selectTo(account)
        case .updateAmount(let amount): self = .updateAmount(amount)
        case .submitTransfer: self = .submitTransfer
        case .resetError: self = .resetError
        }
    }
}

extension AppFeature.Event {
    /// The event a user's app intent dispatches.
    public init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): self = .counter(index: index, CounterFeature.Event(intent))
        case .transfer(let intent): self = .transfer(TransferFeature.Event(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}

extension AppFeature.State {
    /// The app as the harness compares it.
    public var snapshot: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters, transfer: transfer)
    }
}
