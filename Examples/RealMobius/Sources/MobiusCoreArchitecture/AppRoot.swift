import Domain
import MobiusCore

/// The composed app as one loop per child (the multi-store layout): a counter loop per counter and a
/// transfer loop, with the selected tab kept here. It forwards each event to its child's loop and
/// applies the cross-feature rule itself, so no loop knows about another.
@MainActor
public final class AppRoot {
    public private(set) var selectedTab: Tab = .counter
    public let counters: [CounterStore]
    public let transfer: TransferStore

    public init(counters: Int, dependencies: Dependencies) {
        self.counters = (0..<counters).map { _ in
            CounterFeature.makeStore(quoteClient: dependencies.quoteClient)
        }
        transfer = TransferFeature.makeStore(dependencies: dependencies)
    }

    /// The app's state, gathered from the children.
    public var model: AppFeature.Model {
        var model = AppFeature.Model(counterCount: 0)
        model.selectedTab = selectedTab
        model.counters = counters.map(\.model)
        model.transfer = transfer.model
        return model
    }

    /// How many effect tasks the children still hold.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.effects.count) { $0 + $1.effects.count }
    }

    public func dispatch(_ event: AppFeature.Event) {
        switch event {
        case .counter(let index, let event):
            if event == .loadQuote {
                selectedTab = .counter
            }
            counters[index].dispatch(event)
        case .transfer(let event):
            transfer.dispatch(event)
        case .selectTab(let tab):
            selectedTab = tab
        }
    }

    /// Returns once every child's effects have finished, including effects started meanwhile.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for counter in counters { await counter.settle() }
            await transfer.settle()
        }
    }
}
