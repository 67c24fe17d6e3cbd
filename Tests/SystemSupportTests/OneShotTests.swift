import SystemSupport
import Testing

@Test func everyWaiterGetsTheFirstValueSet() async {
    let shot = OneShot<Int>()
    #expect(shot.value == nil)
    async let first = shot.wait()
    async let second = shot.wait()
    shot.set(1)
    shot.set(2)
    #expect(await first == 1)
    #expect(await second == 1)
    #expect(await shot.wait() == 1)
    #expect(shot.value == 1)
}
