import Domain
import Foundation
import Testing

/// The first field where `actual` differs from `expected`, named by its path from the top value,
/// with both values: `counters[1].isLoading: expected false, got true`; nil when they print the
/// same. A failed script shows this line rather than two whole snapshots to compare by eye.
///
/// Structs, tuples and collections are walked field by field (a collection's length first); an
/// enum, an optional that is nil on one side, a `Decimal` or any other value without fields is
/// compared whole.
func firstDifference<Value>(_ expected: Value, _ actual: Value) -> String? {
    firstDifference(expected as Any, actual as Any, at: "")
}

private func firstDifference(_ expected: Any, _ actual: Any, at path: String) -> String? {
    guard "\(expected)" != "\(actual)" else { return nil }
    let name = path.isEmpty ? "the value" : String(path.drop { $0 == "." })
    let whole = "\(name): expected \(expected), got \(actual)"
    let (before, after) = (Mirror(reflecting: expected), Mirror(reflecting: actual))
    guard isWalked(before), isWalked(after), before.displayStyle == after.displayStyle else { return whole }
    let (old, new) = (Array(before.children), Array(after.children))
    if old.count != new.count {
        return "\(name) has \(new.count) elements, not \(old.count): expected \(expected), got \(actual)"
    }
    for (index, (oldChild, newChild)) in zip(old, new).enumerated() {
        let step = oldChild.label.map { ".\($0)" } ?? "[\(index)]"
        let childPath = before.displayStyle == .optional ? path : path + step
        if let difference = firstDifference(oldChild.value, newChild.value, at: childPath) {
            return difference
        }
    }
    return whole
}

/// Whether a value is walked field by field rather than compared whole.
private func isWalked(_ mirror: Mirror) -> Bool {
    guard !(mirror.subjectType is Decimal.Type), !mirror.children.isEmpty else { return false }
    switch mirror.displayStyle {
    case .struct, .class, .tuple, .collection, .optional: return true
    default: return false
    }
}

extension ResponseGate {
    /// What a store did wrong, in the contract's words, when the gate does not show `issued`
    /// requests with `waiting` of them still waiting; nil when it does. `request` names what reaches
    /// the gate ("quote fetch"); `intent` what starts one ("loadQuote").
    func cause(issued: Int, waiting: Int, request: String, intent: String) -> String? {
        let (started, parked) = (ticketsIssued, waitingCount)
        if started < issued {
            return started == 0
                ? "\(intent) started no \(request)"
                : "the second \(intent) started no \(request) while the first was in flight"
        }
        if parked > waiting {
            return "the first \(request) was not cancelled when a second \(intent) started "
                + "(\(parked) wait at the gate, \(waiting) expected)"
        }
        if parked < waiting {
            return "a \(request) stopped waiting before it was answered (\(parked) wait at the gate, "
                + "\(waiting) expected): it was cancelled, or did not await its service"
        }
        return nil
    }
}

/// Why `settle()` did not return, in the contract's words (docs/features.md, "The harness").
let settleCause =
    "settle() did not return: an effect never finished, or settle() waits for something that never "
    + "comes (it must return once every effect started, and every effect those started, has finished)"

/// Records an issue unless `actual` is `expected`, naming the first field that differs, after
/// `rule` (what the contract says) when there is one.
func expectState<State: Equatable>(
    _ actual: State, _ expected: State, _ rule: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let difference = firstDifference(expected, actual) ?? "the state differs"
    Issue.record(
        Comment(rawValue: rule.map { "\($0): \(difference)" } ?? difference), sourceLocation: sourceLocation)
}
