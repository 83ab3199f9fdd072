import Foundation
import Observation

/// A feature's state that a parent state holds as a child: TCA's `@ObservableState` child.
///
/// A collection of child states read through a ``Store`` (`store.counters`) is observed by its
/// elements' identity and each element on its own, as TCA observes an `IdentifiedArray` of
/// `@ObservableState` values: an element changed in place wakes the observers that read that element,
/// not the observers of the collection. A collection of plain values (`[Account]`) is observed as one
/// field, by value.
public protocol ChildState: Equatable {}

/// A store for one element of a collection in a parent ``Store``'s state: TCA's scoped child store
/// for a row, made with ``Store/scope(_:index:action:)``.
///
/// It has no state of its own: ``state`` is the parent's element, and ``send(_:)`` embeds the action
/// into the parent's input and sends it to the parent, which processes it like any other input.
/// When its observers wake is described in `docs/architectures/closure-effects.md`: in short, only
/// when its element changes, and the element is checked after every write-back of the parent, as
/// each of TCA's child stores checks its own state whenever the root store's state is set.
@MainActor
public final class ScopedStore<State, Action: Sendable>: Observable {
    private let element: ObservedElement<State>
    private let sendToParent: @MainActor (Action) -> StoreTask

    init(element: ObservedElement<State>, send: @escaping @MainActor (Action) -> StoreTask) {
        self.element = element
        self.sendToParent = send
    }

    /// The element's current value. Reading it inside `withObservationTracking` observes this element
    /// alone.
    public var state: State {
        element.observers.access()
        return element.value
    }

    /// Sends `action` to the parent store, embedded into the parent's input.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        sendToParent(action)
    }
}

/// A collection of child states read through a ``Store``: `store.counters`.
///
/// Reading it observes the collection's identity (which element is at which position; here the
/// positions, so only a change of `count`), and reading an element by position observes that element
/// alone: `store.counters[3]` wakes when counter 3 changes and when counters are added or removed, as
/// TCA's `store.counters[id: id]` followed by reading the element's fields does.
@MainActor
public struct ObservedElements<Element: Equatable> {
    private let elements: [Element]
    private let slice: ElementsSlice<Element>

    init(_ elements: [Element], slice: ElementsSlice<Element>) {
        self.elements = elements
        self.slice = slice
    }

    public var count: Int {
        elements.count
    }

    public var indices: Range<Int> {
        elements.indices
    }

    /// Element `index`; reading it observes that element.
    public subscript(index: Int) -> Element {
        slice.element(at: index, value: elements[index]).observers.access()
        return elements[index]
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
    private var byKeyPath: [AnyKeyPath: StateSlice<State>] = [:]

    func field<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> FieldSlice<State, Value> {
        if let slice = byKeyPath[keyPath] as? FieldSlice<State, Value> { return slice }
        let slice = FieldSlice(keyPath)
        add(slice, at: keyPath)
        return slice
    }

    func elements<Element: Equatable>(_ keyPath: KeyPath<State, [Element]>) -> CollectionSlice<State, Element>
    {
        if let slice = byKeyPath[keyPath] as? CollectionSlice<State, Element> { return slice }
        let slice = CollectionSlice(keyPath)
        add(slice, at: keyPath)
        return slice
    }

    private func add(_ slice: StateSlice<State>, at keyPath: AnyKeyPath) {
        byKeyPath[keyPath] = slice
        all.append(slice)
        isEmpty = false
    }

    /// Calls `willSet` on the observers of every slice that changed between `old` and `new`, and
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

/// One field of the state, observed by value: its observers wake when the new value is not `==` to
/// the old one, as TCA's `@ObservableState` setter skips an `Equatable` value equal to the old.
final class FieldSlice<State, Value: Equatable>: StateSlice<State> {
    let observers = SliceObservers()
    private let keyPath: KeyPath<State, Value>

    init(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
    }

    override func willChange(from old: State, to new: State) -> Bool {
        guard !isSameValue(old[keyPath: keyPath], new[keyPath: keyPath]) else { return false }
        observers.willSet()
        return true
    }

    override func didChange() {
        observers.didSet()
    }
}

/// A collection of child states: the observers of its identity and of each observed element.
final class CollectionSlice<State, Element: Equatable>: StateSlice<State> {
    let content: ElementsSlice<Element>
    private let keyPath: KeyPath<State, [Element]>
    private var identityChanged = false

    init(_ keyPath: KeyPath<State, [Element]>) {
        self.keyPath = keyPath
        self.content = ElementsSlice()
    }

    /// The collection's elements in `state`, read through the store.
    func elements(in state: State) -> ObservedElements<Element> {
        content.identityObservers.access()
        return ObservedElements(state[keyPath: keyPath], slice: content)
    }

    /// The identity changed if the count did (the ids are the positions). Elements: every element
    /// with a row store is checked after every write-back, whatever changed, as each of TCA's child
    /// stores checks its own state whenever the root store's state is set; if the buffer was
    /// replaced, the other observed elements at the positions whose content differs wake too.
    override func willChange(from old: State, to new: State) -> Bool {
        let oldElements = old[keyPath: keyPath]
        let newElements = new[keyPath: keyPath]
        identityChanged = oldElements.count != newElements.count
        if identityChanged {
            content.identityObservers.willSet()
        }
        var elementChanged = content.willChangeScoped(to: newElements)
        if !isSameBuffer(oldElements, newElements) {
            elementChanged = content.willChange(from: oldElements, to: newElements) || elementChanged
        }
        return identityChanged || elementChanged
    }

    override func didChange() {
        if identityChanged {
            content.identityObservers.didSet()
            identityChanged = false
        }
        content.didChange()
    }
}

/// The observed elements of one collection, each with its own observers and last value.
@MainActor
final class ElementsSlice<Element: Equatable> {
    let identityObservers = SliceObservers()
    private var byIndex: [ObservedElement<Element>?] = []
    private var scoped: [ObservedElement<Element>] = []
    private var changing: [ObservedElement<Element>] = []

    /// The observed element at `index`, created with `value` the first time.
    func element(at index: Int, value: @autoclosure () -> Element) -> ObservedElement<Element> {
        if index < byIndex.count, let element = byIndex[index] { return element }
        let element = ObservedElement(index: index, value: value())
        if index >= byIndex.count {
            byIndex.append(contentsOf: repeatElement(nil, count: index + 1 - byIndex.count))
        }
        byIndex[index] = element
        return element
    }

    /// The observed element at `index`, now also checked on every write-back for its row stores.
    func scopedElement(at index: Int, value: @autoclosure () -> Element) -> ObservedElement<Element> {
        let element = element(at: index, value: value())
        if !element.hasStore {
            element.hasStore = true
            scoped.append(element)
        }
        return element
    }

    /// Calls `willSet` on the observers of each observed element without a row store that differs
    /// between `old` and `new`, the collection's last and new content, and returns whether there was
    /// one. (``willChangeScoped(to:)`` has checked the elements with a row store.)
    func willChange(from old: [Element], to new: [Element]) -> Bool {
        forEachDifference(old, new) { index in
            if index < byIndex.count, let element = byIndex[index], !element.hasStore {
                notify(element, of: new[index])
            }
        }
        return !changing.isEmpty
    }

    /// Checks every element that has a row store against `elements`, as each of TCA's child stores
    /// checks its own state after every write-back, and returns whether one changed.
    func willChangeScoped(to elements: [Element]) -> Bool {
        for element in scoped where element.index < elements.count {
            let newValue = elements[element.index]
            if !isSameValue(element.value, newValue) {
                notify(element, of: newValue)
            }
        }
        return !changing.isEmpty
    }

    private func notify(_ element: ObservedElement<Element>, of newValue: Element) {
        element.observers.willSet()
        element.value = newValue
        changing.append(element)
    }

    func didChange() {
        for element in changing {
            element.observers.didSet()
        }
        changing.removeAll(keepingCapacity: true)
    }
}

/// One observed element: its position, its last value and its observers.
@MainActor
final class ObservedElement<Value> {
    let index: Int
    var value: Value
    var hasStore = false
    let observers = SliceObservers()

    init(index: Int, value: Value) {
        self.index = index
        self.value = value
    }
}

/// Whether `lhs` and `rhs` are the same value: the same bits, or else `==`.
func isSameValue<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
    isBitwiseIdentical(lhs, rhs) || lhs == rhs
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

/// Calls `body` with each position below both counts at which `old` and `new` hold values that are
/// not `==`. The buffers are compared a run of elements at a time, byte for byte, so a run copied
/// unchanged costs one `memcmp`; only a run whose bytes differ is compared element by element.
private func forEachDifference<Element: Equatable>(
    _ old: [Element], _ new: [Element], _ body: (Int) -> Void
) {
    let count = min(old.count, new.count)
    let run = 64
    old.withUnsafeBufferPointer { oldBuffer in
        new.withUnsafeBufferPointer { newBuffer in
            guard let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return }
            for start in stride(from: 0, to: count, by: run) {
                let end = min(start + run, count)
                let bytes = (end - start) * MemoryLayout<Element>.stride
                guard memcmp(oldBase + start, newBase + start, bytes) != 0 else { continue }
                for index in start..<end where oldBase[index] != newBase[index] {
                    body(index)
                }
            }
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
