import Domain
import Foundation

/// The multi-store layout's router (the VIPER article, with the multi store of "The Many Flavors of
/// Unidirectional Architectures in Swift"): owns the tab bar, that is the selected tab, and builds the
/// app as one counter module per counter plus a transfer module.
///
/// Each counter's router holds this router weakly and selects the counter tab through it when the
/// counter loads a quote, so the cross-feature rule holds whichever presenter receives the event.
@MainActor
public final class AppRootRouter: TabRouting {
    public private(set) var selectedTab: Tab

    public init(selectedTab: Tab = .counter) {
        self.selectedTab = selectedTab
    }

    /// Builds the multi-store app starting at `state` and returns its root presenter.
    public static func makeModule(state: AppState, dependencies: Dependencies) -> AppRootPresenter {
        let router = AppRootRouter(selectedTab: state.selectedTab)
        let counters = state.counters.map {
            CounterRouter.makeModule(state: $0, quoteClient: dependencies.quoteClient, tabs: router)
        }
        let transfer = TransferRouter.makeModule(state: state.transfer, dependencies: dependencies)
        return AppRootPresenter(router: router, counters: counters, transfer: transfer)
    }

    public func selectTab(_ tab: Tab) {
        selectedTab = tab
    }
}

/// The multi-store layout's thin root (the multi store of "The Many Flavors of Unidirectional
/// Architectures in Swift"): holds one VIPER module per child, through its presenter, and the tab
/// router. It owns no state of its own.
///
/// Send a counter's events to `counters[i]` and the transfer's to `transfer`; a view attached to
/// `counters[i]` is rendered only when counter `i` changes.
@MainActor
public final class AppRootPresenter {
    public let router: AppRootRouter
    public let counters: [CounterPresenter]
    public let transfer: TransferPresenter

    public init(router: AppRootRouter, counters: [CounterPresenter], transfer: TransferPresenter) {
        self.router = router
        self.counters = counters
        self.transfer = transfer
    }

    /// The whole app as one value, the same value the single-store layout holds.
    public var state: AppState {
        AppState(selectedTab: router.selectedTab, counters: counters.map(\.state), transfer: transfer.state)
    }

    /// Use-case tasks in flight across all child modules.
    public var inFlightEffectCount: Int {
        counters.reduce(transfer.interactor.inFlightEffectCount) { $0 + $1.interactor.inFlightEffectCount }
    }

    public func didSelectTab(_ tab: Tab) {
        router.selectTab(tab)
    }

    /// Returns once no child module has a use-case task in flight, including tasks started meanwhile.
    public func settle() async {
        while inFlightEffectCount > 0 {
            for counter in counters {
                await counter.interactor.settle()
            }
            await transfer.interactor.settle()
        }
    }
}
