import Domain
import Testing

@testable import EffectObjects

let firstQuote = Quote(content: "Simplicity is prerequisite for reliability.", author: "Dijkstra")
let secondQuote = Quote(content: "Make it work, make it right, make it fast.", author: "Beck")

/// Three accounts of 100 each, ids 1, 2 and 3.
let sampleAccounts = [Account].sample(count: 3)

/// A counter feature whose client must never be called.
let unusedQuoteClient = QuoteClient.failing(QuoteError(message: "The quote client was not called for."))

extension Workflow {
    /// `state` after `action`.
    func applying(_ action: Action, to state: State) -> State {
        var state = state
        apply(action, to: &state)
        return state
    }

    /// The rendering of `state` and the requests its render pass makes.
    func rendered(_ state: State) -> (rendering: Rendering, requests: [any WorkerRequest<Action>]) {
        var context = RenderContext<Action>()
        let rendering = render(state: state, context: &context)
        return (rendering, context.requests)
    }

    /// The workers a render pass of `state` asks for, unwrapped from their children.
    func workers(_ state: State) -> [any Worker] {
        rendered(state).requests.map(\.requestedWorker)
    }
}
