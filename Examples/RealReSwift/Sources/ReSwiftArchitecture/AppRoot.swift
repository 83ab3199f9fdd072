import Domain
import ReSwift

/// The composed app as one ReSwift store per child (the multi-store layout), built by hand:
/// ReSwift's documentation prescribes one store per app and offers nothing to compose several. A
/// counter store per counter and a transfer store, with the selected tab kept here; it forwards each
/// action to its child's store and applies the cross-feature rule itself.
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
    public var state: AppSnapshot {
        AppSnapshot(selectedTab: selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    /// Sends `action` (a `CounterRowAction`, a `TransferAction` or a `SelectTab`) to its child.
    public func dispatch(_ action: Action) {
        switch action {
        case let action as CounterRowAction:
            if action.action == .loadQuote {
                selectedTab = .counter
            }
            counters[action.index].dispatch(action.action)
        case let action as SelectTab:
            selectedTab = action.tab
        default:
            transfer.dispatch(action)
        }
    }

    /// Returns once every child's effects have finished, including effects started meanwhile.
    public func settle() async {
        while counters.contains(where: { $0.effects.count > 0 }) || transfer.effects.count > 0 {
            for counter in counters { await counter.settle() }
            await transfer.settle()
        }
    }
}
