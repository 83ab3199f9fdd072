import Observation

/// Calls `onChange` every time what `read` reads changes.
///
/// `withObservationTracking` reports only the first change after it is set up, so each report
/// registers the tracking again.
@MainActor
public func observeEveryChange(
    _ read: @escaping @MainActor () -> Void,
    onChange: @escaping @MainActor () -> Void
) {
    withObservationTracking(read) {
        MainActor.assumeIsolated {
            onChange()
            observeEveryChange(read, onChange: onChange)
        }
    }
}
