// ObservableViewModel: the `observable-viewmodel` architecture, plain MVVM ("MVVM vs TCA" §5.1, "MVVM +
// Reducer Pattern").
//
// Each feature is one `@Observable @MainActor final class`. Its state is a handful of observable
// properties, its intents are methods: synchronous ones (`increment()`, `updateAmount(_:)`) change
// the properties in place, asynchronous ones (`loadQuote()`, `submitTransfer()`) await the feature's
// dependencies and write their outcome back to the same properties. There is no action enum, no
// reducer and no store: a view calls methods and SwiftUI (here: `withObservationTracking`) reads
// properties.
//
// What keeps this honest under concurrency:
//
// - An async intent runs in its caller's task and returns when its work is done, so a caller awaits
//   `await viewModel.loadQuote()` instead of calling a `settle()`. The remote call itself runs in a
//   task the view model holds while it is in flight (`inFlightEffectCount`) and forgets when it ends.
// - "Newer cancels older": starting a load cancels the request the view model holds for the previous
//   one. After every `await` the method checks that its request is still the current one and was not
//   cancelled before it touches any property, so a late or cancelled answer is dropped.
// - Cancelling the caller's task (SwiftUI's `.task` does when a view goes away) cancels the load it
//   started. A transfer is the exception: once sent to the bank it runs to completion and its
//   outcome is always shown, so money never moves silently.
// - No `deinit` cancels anything: a running async method keeps its view model alive, so a view
//   model only goes away once no request is in flight. Lifetimes follow the callers' tasks.
//
// Files: `CounterViewModel`, `TransferViewModel`, `AppViewModel` (both app layouts) and `Drivers`
// (the harness adapters and `ObservableViewModelArchitecture`).

extension Task where Failure == any Error {
    /// Waits for this task's result; if the waiting task is cancelled meanwhile, cancels this task too.
    ///
    /// View models run each remote request in a task of its own so that a newer intent can cancel it.
    /// Awaiting it through this method keeps the request tied to the intent that started it, the way
    /// structured concurrency would.
    func resultCancellingWithCaller() async -> Result<Success, any Error> {
        await withTaskCancellationHandler {
            await result
        } onCancel: {
            cancel()
        }
    }
}
