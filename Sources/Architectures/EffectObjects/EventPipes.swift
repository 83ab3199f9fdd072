/// What a screen sends a workflow's actions to (Workflow's `Sink`): the event pipe of the render
/// pass that produced the screen's rendering. Once a newer pass has replaced that pipe, sending
/// through this sink does nothing, as Workflow ignores an action sent to an invalidated pipe.
@MainActor
public struct Sink<Action: Sendable> {
    private let pipe: any PipeInput<Action>

    nonisolated init(pipe: any PipeInput<Action>) {
        self.pipe = pipe
    }

    /// Delivers `action` to the host that rendered this sink, if its render pass is still the latest.
    public func send(_ action: Action) {
        pipe.handle(action)
    }
}

/// The receiving end of an event pipe: where a ``Sink`` delivers.
@MainActor
@usableFromInline
protocol PipeInput<Input>: AnyObject, Sendable {
    associatedtype Input: Sendable
    func handle(_ input: Input)
}

/// An event pipe as the host handles it after a render pass: connected to the host, or invalidated.
@MainActor
@usableFromInline
protocol RenderedPipe<Output>: AnyObject, Sendable {
    associatedtype Output: Sendable
    func enable(_ handler: @escaping @MainActor (Output) -> Void)
    func invalidate()
}

/// One child's event pipe for one render pass (Workflow's `EventPipe` with the child's output
/// closure): turns the child's actions into its parent's with `output` and hands them to the host
/// once enabled, until invalidated by the next render pass.
@MainActor
final class EventPipe<Input: Sendable, Output: Sendable>: PipeInput, RenderedPipe {
    private enum Validity {
        case pending
        case valid(@MainActor (Output) -> Void)
        case invalid
    }

    private let output: @Sendable (Input) -> Output
    private var validity: Validity

    nonisolated init(output: @escaping @Sendable (Input) -> Output) {
        self.output = output
        validity = .pending
    }

    func handle(_ input: Input) {
        guard case .valid(let handler) = validity else { return }
        handler(output(input))
    }

    func enable(_ handler: @escaping @MainActor (Output) -> Void) {
        validity = .valid(handler)
    }

    func invalidate() {
        validity = .invalid
    }
}

/// A grandchild's event pipe as its grandparent's host connects it: the actions it delivers are
/// lifted through the child's `embed` on the way.
@MainActor
final class LiftedPipe<BaseOutput: Sendable, Output: Sendable>: RenderedPipe {
    private let base: any RenderedPipe<BaseOutput>
    private let lift: @Sendable (BaseOutput) -> Output

    nonisolated init(base: any RenderedPipe<BaseOutput>, lift: @escaping @Sendable (BaseOutput) -> Output) {
        self.base = base
        self.lift = lift
    }

    func enable(_ handler: @escaping @MainActor (Output) -> Void) {
        base.enable { [lift] in handler(lift($0)) }
    }

    func invalidate() {
        base.invalidate()
    }
}
