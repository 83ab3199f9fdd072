import Domain
import MobiusCore

/// The composed app in one loop: N counters, the transfer and the selected tab in one model. Mobius
/// has no composition operator, so its users write this by hand: the app's update hands each child
/// event to the child's update and wraps what comes back, and one effect router sends each child
/// effect to the child's handler.
public enum AppFeature {
    /// The whole app's state.
    public struct Model: Equatable {
        public var selectedTab: Tab = .counter
        public var counters: [CounterState]
        public var transfer = TransferState()

        public init(counterCount: Int) {
            counters = Array(repeating: CounterState(), count: counterCount)
        }
    }

    /// A child's event, tagged with the child, or a tab change.
    public enum Event: Equatable {
        case counter(index: Int, CounterFeature.Event)
        case transfer(TransferFeature.Event)
        case selectTab(Tab)
    }

    /// A child's effect, tagged with the child.
    public enum Effect: Hashable {
        case counter(index: Int, CounterFeature.Effect)
        case transfer(TransferFeature.Effect)
    }

    /// The app's logic: the children's updates, plus the one cross-feature rule (a counter's
    /// `loadQuote` selects the counter tab).
    public static func update(_ model: Model, _ event: Event) -> Next<Model, Effect> {
        switch event {
        case .counter(let index, let event):
            return updateCounter(at: index, model, event)
        case .transfer(let event):
            let next = TransferFeature.update(model.transfer, event)
            let effects = next.effects.map(Effect.transfer)
            guard let transfer = next.model else { return .dispatchEffects(effects) }
            var model = model
            model.transfer = transfer
            return .next(model, effects: effects)
        case .selectTab(let tab):
            guard tab != model.selectedTab else { return .noChange }
            var model = model
            model.selectedTab = tab
            return .next(model)
        }
    }

    private static func updateCounter(at index: Int, _ model: Model, _ event: CounterFeature.Event) -> Next<
        Model, Effect
    > {
        let next = CounterFeature.update(model.counters[index], event)
        let effects = next.effects.map { Effect.counter(index: index, $0) }
        let selectsTab = event == .loadQuote && model.selectedTab != .counter
        guard next.model != nil || selectsTab else { return .dispatchEffects(effects) }
        var model = model
        if let counter = next.model {
            model.counters[index] = counter
        }
        if selectsTab {
            model.selectedTab = .counter
        }
        return .next(model, effects: effects)
    }

    /// The app's effect handler: each counter's quote fetch (the newest per counter), and the
    /// transfer's effects through the transfer's own handler.
    @MainActor
    static func effectHandler(_ dependencies: Dependencies, tasks: EffectTasks) -> AnyConnectable<
        Effect, Event
    > {
        EffectRouter<Effect, Event>()
            .routeEffects(withParameters: quoteFetch)
            .to(
                LatestPerKey<Int, Event>(tasks: tasks) { index in
                    await CounterFeature.fetchQuote(dependencies.quoteClient).map {
                        .counter(index: index, $0)
                    }
                }
            )
            .routeEffects(withParameters: transferEffect)
            .to(TransferHandler(TransferFeature.effectHandler(dependencies, tasks: tasks)))
            .asConnectable
    }

    private static func quoteFetch(_ effect: Effect) -> Int? {
        guard case .counter(let index, .fetchQuote) = effect else { return nil }
        return index
    }

    private static func transferEffect(_ effect: Effect) -> TransferFeature.Effect? {
        guard case .transfer(let effect) = effect else { return nil }
        return effect
    }

    /// The app in one loop on the main actor.
    @MainActor
    public static func makeStore(counters: Int, dependencies: Dependencies) -> AppStore {
        let tasks = EffectTasks()
        let loop = Mobius.loop(update: update, effectHandler: effectHandler(dependencies, tasks: tasks))
            .start(from: Model(counterCount: counters))
        return AppStore(loop: loop, effects: tasks)
    }
}

/// The app's single loop, as a view holds it.
public typealias AppStore = MobiusStore<AppFeature.Model, AppFeature.Event, AppFeature.Effect>

/// The transfer's handler inside the app: its events come back tagged as the app's.
struct TransferHandler: Connectable {
    let handler: AnyConnectable<TransferFeature.Effect, TransferFeature.Event>

    init(_ handler: AnyConnectable<TransferFeature.Effect, TransferFeature.Event>) {
        self.handler = handler
    }

    func connect(_ consumer: @escaping Consumer<AppFeature.Event>) -> Connection<TransferFeature.Effect> {
        handler.connect { consumer(.transfer($0)) }
    }
}
