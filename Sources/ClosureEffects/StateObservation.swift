import Foundation
import Observation

/// A store for one element of a collection in a parent ``Store``'s state: TCA's scoped child store
/// for a row, made with ``Store/scope(_:index:action:)``.
///
/// It has no state of its own: ``state`` is the parent's element, and ``send(_:)`` embeds the action
/// into the parent's input and sends it to the parent, which processes it like any other input.
///
/// **When observers wake.** TCA's `@ObservableState` gives every state value an identity and a
/// registrar of its own and notifies a field's observers when the field is written, unless the old
/// and the new value have the same identity (for a child state, the same `_$id`; for a collection of
/// child states, the same element ids). Its root store writes the state back once per send, and each
/// scoped child store then checks whether its own value's identity changed. This module's states
/// are Domain's plain structs, with no identity or registrar inside, so the store does the same work
/// from the outside, once per write-back, by position:
///
/// - a value's identity is where it sits: a field of the state (`\.counters`, `\.transfer`) or an
///   element of a collection (row 3 of `\.counters`);
/// - it is *changed* when its new value differs from the old one: bit-for-bit identical values are
///   unchanged without further work (TCA compares its id sets the same way), otherwise `==` decides.
///
/// So a row store's observers wake only when their row's value changes, and a field's observers only
/// when that field's value changes. Where TCA differs: it wakes a field written with an equal plain
/// value (we compare), and it does not wake a collection field's observers when an element changes in
/// place (the element's own registrar does); here a collection field observes its whole content, and
/// a row store is the way to observe one element.
@MainActor
public final class ScopedStore<State, Action: Sendable>: Observable {
    private let row: ObservedRow<State>
    private let sendToParent: @MainActor (Action) -> StoreTask

    init(row: ObservedRow<State>, send: @escaping @MainActor (Action) -> StoreTask) {
        self.row = row
        self.sendToParent = send
    }

    /// The row's current value. Reading it inside `withObservationTracking` observes this row alone.
    public var state: State {
        row.observers.access()
        return row.value
    }

    /// Sends `action` to the parent store, embedded into the parent's input.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        sendToParent(action)
    }
}

/// What observers of one slice of a state register on, and what the store notifies when it changes.
///
/// One registrar per slice keeps the slices apart; the key path is of a non-generic class, so
/// Observation gets it without allocating.
@MainActor
final class SliceObservers: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    func access() {
        registrar.access(self, keyPath: \.version)
    }

    func willSet() {
        registrar.willSet(self, keyPath: \.version)
    }

    func didSet() {
        version &+= 1
        registrar.didSet(self, keyPath: \.version)
    }
}

/// The observed slices of one store's state, created the first time each is read or scoped.
@MainActor
@usableFromInline
final class StateSlices<State> {
    @usableFromInline private(set) var isEmpty = true
    private var all: [StateSlice<State>] = []
    private var changing: [StateSlice<State>] = []
    private var fields: [AnyKeyPath: StateSlice<State>] = [:]
    private var rowLists: [AnyKeyPath: StateSlice<State>] = [:]

    func field<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> FieldSlice<State, Value> {
        if let slice = fields[keyPath] as? FieldSlice<State, Value> { return slice }
        let slice = FieldSlice(keyPath)
        fields[keyPath] = slice
        add(slice)
        return slice
    }

    func rows<Element: Equatable>(_ keyPath: KeyPath<State, [Element]>) -> RowsSlice<State, Element> {
        if let slice = rowLists[keyPath] as? RowsSlice<State, Element> { return slice }
        let slice = RowsSlice(keyPath)
        rowLists[keyPath] = slice
        add(slice)
        return slice
    }

    private func add(_ slice: StateSlice<State>) {
        all.append(slice)
        isEmpty = false
    }

    /// Calls `willSet` on the observers of every slice that differs between `old` and `new`, and
    /// returns whether there was one.
    @usableFromInline
    func willChange(from old: State, to new: State) -> Bool {
        for slice in all where slice.willChange(from: old, to: new) {
            changing.append(slice)
        }
        return !changing.isEmpty
    }

    /// Calls `didSet` on the observers `willChange` notified.
    @usableFromInline
    func didChange() {
        for slice in changing {
            slice.didChange()
        }
        changing.removeAll(keepingCapacity: true)
    }
}

/// One observed slice of a state; the subclasses say what the slice is and when it changed.
@MainActor
class StateSlice<State> {
    /// Compares the slice in `old` and `new`; if it changed, calls `willSet` on its observers and
    /// returns true.
    func willChange(from old: State, to new: State) -> Bool {
        false
    }

    /// Calls `didSet` on the observers notified by the last `willChange`.
    func didChange() {}
}

/// One field of the state, compared with `==` after a bitwise check.
final class FieldSlice<State, Value: Equatable>: StateSlice<State> {
    let observers = SliceObservers()
    private let keyPath: KeyPath<State, Value>

    init(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
    }

    override func willChange(from old: State, to new: State) -> Bool {
        let oldValue = old[keyPath: keyPath]
        let newValue = new[keyPath: keyPath]
        if isBitwiseIdentical(oldValue, newValue) || oldValue == newValue {
            return false
        }
        observers.willSet()
        return true
    }

    override func didChange() {
        observers.didSet()
    }
}

/// The scoped rows of one collection in the state, each with its own observers.
final class RowsSlice<State, Element: Equatable>: StateSlice<State> {
    private let keyPath: KeyPath<State, [Element]>
    private var rows: [ObservedRow<Element>?] = []
    private var changing: [ObservedRow<Element>] = []

    init(_ keyPath: KeyPath<State, [Element]>) {
        self.keyPath = keyPath
    }

    /// The observed row at `index`, created from `state` the first time.
    func row(at index: Int, in state: State) -> ObservedRow<Element> {
        if index < rows.count, let row = rows[index] { return row }
        let row = ObservedRow(state[keyPath: keyPath][index])
        if index >= rows.count {
            rows.append(contentsOf: repeatElement(nil, count: index + 1 - rows.count))
        }
        rows[index] = row
        return row
    }

    /// Checks every scoped row, as each of TCA's child stores checks its own state after a write-back;
    /// an untouched collection (the same buffer) is skipped at once.
    override func willChange(from old: State, to new: State) -> Bool {
        let newRows = new[keyPath: keyPath]
        if isSameBuffer(old[keyPath: keyPath], newRows) { return false }
        for index in rows.indices where index < newRows.count {
            guard let row = rows[index], row.value != newRows[index] else { continue }
            row.observers.willSet()
            row.value = newRows[index]
            changing.append(row)
        }
        return !changing.isEmpty
    }

    override func didChange() {
        for row in changing {
            row.observers.didSet()
        }
        changing.removeAll(keepingCapacity: true)
    }
}

/// One scoped row: its last value and its observers.
@MainActor
final class ObservedRow<Value> {
    var value: Value
    let observers = SliceObservers()

    init(_ value: Value) {
        self.value = value
    }
}

/// Whether `lhs` and `rhs` have the same bits: the same scalars and the same references, so certainly
/// the same value. Padding may differ between equal values; then the caller falls back to `==`.
private func isBitwiseIdentical<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    withUnsafeBytes(of: lhs) { lhsBytes in
        withUnsafeBytes(of: rhs) { rhsBytes in
            guard let lhsBase = lhsBytes.baseAddress, let rhsBase = rhsBytes.baseAddress else { return true }
            return memcmp(lhsBase, rhsBase, lhsBytes.count) == 0
        }
    }
}

/// Whether two arrays share one buffer, so no element can differ.
private func isSameBuffer<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    lhs.count == rhs.count
        && lhs.withUnsafeBufferPointer { lhsBuffer in
            rhs.withUnsafeBufferPointer { $0.baseAddress == lhsBuffer.baseAddress }
        }
}
