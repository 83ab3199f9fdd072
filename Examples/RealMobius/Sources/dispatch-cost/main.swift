import Domain
import EffectValues
import Foundation
import MobiusCoreArchitecture

// Sends one kind of event N times to the real MobiusCore's loops or to effect-values' loops, the
// same way the benchmark suites' dispatch and layout cases do, and prints the time per event.
// measure.sh runs it under valgrind at two event counts and divides the difference, which gives
// exact instructions and mallocs per event with set-up and teardown cancelled out.
//
// usage: dispatch-cost mobius-core|effect-values WORKLOAD EVENTS
//   WORKLOAD: counter/increment | transfer/updateAmount | transfer/selectFrom
//             | single-store:N | single-store-scoped:N | multi-store:N   (app/increment, N counters)

@MainActor
func workload(_ architecture: String, _ name: String) -> ((Int) -> Void)? {
    switch architecture {
    case "mobius-core": mobiusWorkload(name)
    case "effect-values": effectValuesWorkload(name)
    default: nil
    }
}

let quoteClient = QuoteClient.constant(Quote(content: "c", author: "a"))
let dependencies = Dependencies(quoteClient: quoteClient, bank: InMemoryBank(accounts: .sample(count: 10)))
let accounts = [Account].sample(count: 10)
let amounts: [Decimal] = [25, 50]

/// `(layout, n)` from `single-store:10`.
func layout(_ name: String) -> (Layout, Int)? {
    let parts = name.split(separator: ":")
    guard parts.count == 2, let layout = Layout(rawValue: String(parts[0])), let n = Int(parts[1]), n > 0
    else { return nil }
    return (layout, n)
}

@MainActor
func mobiusWorkload(_ name: String) -> ((Int) -> Void)? {
    switch name {
    case "counter/increment":
        let store = CounterFeature.makeStore(quoteClient: quoteClient)
        return { events in for _ in 0..<events { store.dispatch(.increment) } }
    case "transfer/updateAmount", "transfer/selectFrom":
        let store = TransferFeature.makeStore(TransferState(accounts: accounts), dependencies: dependencies)
        if name == "transfer/updateAmount" {
            return { events in for event in 0..<events { store.dispatch(.updateAmount(amounts[event & 1])) } }
        }
        return { events in for event in 0..<events { store.dispatch(.selectFrom(accounts[event & 1])) } }
    default:
        guard let (layout, n) = layout(name) else { return nil }
        var woken = 0
        if layout == .multiStore {
            let root = AppRoot(counters: n, dependencies: dependencies)
            for index in 0..<n { root.counters[index].addObserver { _ in woken += 1 } }
            return { events in for _ in 0..<events { root.counters[n / 2].dispatch(.increment) } }
        }
        let store = AppFeature.makeStore(counters: n, dependencies: dependencies)
        for index in 0..<n {
            if layout == .singleStoreScoped {
                store.observeCounter(at: index) { woken += 1 }
            } else {
                store.addObserver { _ in woken += 1 }
            }
        }
        return { events in for _ in 0..<events { store.dispatch(.counter(index: n / 2, .increment)) } }
    }
}

@MainActor
func effectValuesWorkload(_ name: String) -> ((Int) -> Void)? {
    switch name {
    case "counter/increment":
        let loop = CounterLoop(state: CounterState(), handler: CounterEffectHandler(quoteClient: quoteClient))
        return { events in for _ in 0..<events { loop.dispatch(.increment) } }
    case "transfer/updateAmount", "transfer/selectFrom":
        let handler = TransferEffectHandler(
            getAccounts: dependencies.getAccounts, transferMoney: dependencies.transferMoney)
        let loop = TransferLoop(state: TransferState(accounts: accounts), handler: handler)
        if name == "transfer/updateAmount" {
            return { events in for event in 0..<events { loop.dispatch(.updateAmount(amounts[event & 1])) } }
        }
        return { events in for event in 0..<events { loop.dispatch(.selectFrom(accounts[event & 1])) } }
    default:
        guard let (layout, n) = layout(name) else { return nil }
        var woken = 0
        let state = EffectValues.AppFeature.State(counterCount: n)
        if layout == .multiStore {
            let root = EffectValues.AppRoot(state: state, handler: AppEffectHandler(dependencies))
            for index in 0..<n { _ = root.counters[index].addObserver { _ in woken += 1 } }
            return { events in for _ in 0..<events { root.counters[n / 2].dispatch(.increment) } }
        }
        let loop = AppLoop(state: state, handler: AppEffectHandler(dependencies))
        for index in 0..<n {
            if layout == .singleStoreScoped {
                _ = loop.addObserver(selecting: { $0.counters[index] }, onChange: { _ in woken += 1 })
            } else {
                _ = loop.addObserver { _ in woken += 1 }
            }
        }
        return { events in for _ in 0..<events { loop.dispatch(.counter(index: n / 2, .increment)) } }
    }
}

@MainActor
func main() -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    guard arguments.count == 3, let events = Int(arguments[arguments.startIndex + 2]), events > 0 else {
        FileHandle.standardError.write(Data("usage: dispatch-cost ARCHITECTURE WORKLOAD EVENTS\n".utf8))
        return 2
    }
    let architecture = arguments[arguments.startIndex]
    let name = arguments[arguments.startIndex + 1]
    guard let run = workload(architecture, name) else {
        FileHandle.standardError.write(
            Data("dispatch-cost: unknown architecture or workload '\(architecture) \(name)'\n".utf8))
        return 2
    }
    let start = ContinuousClock.now
    run(events)
    let elapsed = ContinuousClock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print("\(architecture) \(name): \(events) events, \(nanoseconds / Double(events)) ns/event")
    return 0
}

exit(MainActor.assumeIsolated { main() })
