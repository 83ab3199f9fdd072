import Observation

/// Calls `onChange` every time Observation reports a change to what `read` reads, re-arming the
/// tracking each time, as a SwiftUI view re-reading its body would (`withObservationTracking`
/// reports one change per registration).
///
/// The observed objects are main-actor isolated, so their properties change on the main actor and
/// Observation calls the change handler there; `assumeIsolated` checks that at run time.
@MainActor
func observeContinuously(_ read: @escaping @MainActor () -> Void, onChange: @escaping @MainActor () -> Void) {
    withObservationTracking(read) {
        MainActor.assumeIsolated {
            onChange()
            observeContinuously(read, onChange: onChange)
        }
    }
}
