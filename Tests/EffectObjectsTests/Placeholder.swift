import Testing

@testable import EffectObjects
