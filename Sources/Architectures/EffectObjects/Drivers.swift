import Domain

/// The `effect-objects` architecture's entry point for the harness ("State containers", "effect objects").
public enum EffectObjectsArchitecture: Architecture {
    public static var id: ArchitectureID { .effectObjects }

    @MainActor
    public static func makeCounter(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<CounterIntent, CounterState> {
        let feature = CounterFeature(quoteClient: dependencies.quoteClient)
        return CounterDriver(host: WorkflowHost(state: CounterFeature.State(), workflow: feature))
    }

    @MainActor
    public static func makeTransfer(
        _ dependencies: Dependencies
    ) -> any FeatureDriver<TransferIntent, TransferState> {
        let feature = TransferFeature(dependencies: dependencies)
        return TransferDriver(host: WorkflowHost(state: TransferFeature.State(), workflow: feature))
    }

    @MainActor
    public static func makeApp(layout: Layout, counters: Int, _ dependencies: Dependencies) -> any AppDriver {
        switch layout {
        case .singleStore, .singleStoreScoped:
            SingleStoreAppDriver(
                host: WorkflowHost(counterCount: counters, dependencies: dependencies),
                scoped: layout == .singleStoreScoped)
        case .multiStore:
            MultiStoreAppDriver(app: MultiStoreApp(counterCount: counters, dependencies: dependencies))
        }
    }
}

/// Drives a counter's ``WorkflowHost`` with the shared intents (the harness's adapter path).
@MainActor
public final class CounterDriver: FeatureDriver {
    public let host: WorkflowHost<CounterFeature>

    public init(host: WorkflowHost<CounterFeature>) {
        self.host = host
    }

    public var snapshot: CounterState {
        host.rendering
    }

    public func send(_ intent: CounterIntent) {
        host.send(CounterFeature.Action(intent))
    }

    public func settle() async {
        await host.settle()
    }
}

/// Drives a transfer's ``WorkflowHost`` with the shared intents (the harness's adapter path).
@MainActor
public final class TransferDriver: FeatureDriver {
    public let host: WorkflowHost<TransferFeature>

    public init(host: WorkflowHost<TransferFeature>) {
        self.host = host
    }

    public var snapshot: TransferState {
        host.rendering
    }

    public func send(_ intent: TransferIntent) {
        host.send(TransferFeature.Action(intent))
    }

    public func settle() async {
        await host.settle()
    }
}

/// Drives the single-store app: one ``WorkflowHost`` of ``AppFeature``. An observer of any counter
/// subscribes to that one host's renderings, so every action (every render pass) wakes every observer.
/// Built `scoped`, each subscribes to its own counter's rendering
/// (``WorkflowHost/subscribe(selecting:onChange:)``, the row's form of mapping the rendering to a child's
/// and skipping repeats), woken only when that rendering changes.
@MainActor
public final class SingleStoreAppDriver: AppDriver {
    public let host: WorkflowHost<AppFeature>
    private let scoped: Bool

    public init(host: WorkflowHost<AppFeature>, scoped: Bool = false) {
        self.host = host
        self.scoped = scoped
    }

    public var layout: Layout {
        scoped ? .singleStoreScoped : .singleStore
    }

    public var snapshot: AppSnapshot {
        host.rendering.snapshot
    }

    /// A child's intent goes through the sink of the latest rendering, as its screen sends it; a tab
    /// selection is the root's own action.
    public func send(_ intent: AppIntent) {
        let rendering = host.rendering
        switch AppFeature.Action(intent) {
        case .counter(let index, let action):
            rendering.counterSinks[index].send(action)
        case .transfer(let action):
            rendering.transferSink?.send(action)
        case let action:
            host.send(action)
        }
    }

    public func settle() async {
        await host.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        if scoped {
            host.subscribe(selecting: { $0.counters[index] }, onChange: { _ in onChange() })
        } else {
            host.subscribe { _ in onChange() }
        }
    }
}

/// Drives the multi-store app: a ``MultiStoreApp`` root with one host per child. An observer of
/// counter `index` subscribes to that counter's host only.
@MainActor
public final class MultiStoreAppDriver: AppDriver {
    public let app: MultiStoreApp

    public init(app: MultiStoreApp) {
        self.app = app
    }

    public var layout: Layout {
        .multiStore
    }

    public var snapshot: AppSnapshot {
        app.rendering.snapshot
    }

    public func send(_ intent: AppIntent) {
        app.send(AppFeature.Action(intent))
    }

    public func settle() async {
        await app.settle()
    }

    public func observeCounter(at index: Int, onChange: @escaping @MainActor () -> Void) {
        app.counters[index].subscribe { _ in onChange() }
    }
}

extension CounterFeature.Action {
    /// The action a user's intent sends.
    public init(_ intent: CounterIntent) {
        switch intent {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .loadQuote: self = .loadQuote
        }
    }
}

extension TransferFeature.Action {
    /// The action a user's intent sends.
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

extension AppFeature.Action {
    /// The action a user's intent sends.
    public init(_ intent: AppIntent) {
        switch intent {
        case .counter(let index, let intent): self = .counter(index: index, CounterFeature.Action(intent))
        case .transfer(let intent): self = .transfer(TransferFeature.Action(intent))
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }
}

extension AppFeature.Rendering {
    /// The app as the harness compares it.
    public var snapshot: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters, transfer: transfer)
    }
}
