import Testing

@testable import StoreSubclass
