import Observation

/// Calls `onChange` every time Observation reports a change to what `read` reads.
///
/// `withObservationTracking` reports only the first change after it is set up, so each report
/// registers the tracking again: how a view keeps watching a model. The drivers of the
/// Observation-based architectures subscribe their observers with it, and so do the tests. Models
/// change only on the main actor, which is where Observation calls the change handler.
/// `@inlinable`, so that an observer's re-arming costs what it would cost written in the
/// architecture's own module.
@MainActor
@inlinable
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
