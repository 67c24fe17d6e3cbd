@testable import ReveilleAgent
import Testing

@Suite struct NoticeTests {
    @Test func appendingKeepsOnlyTheNewestWithinTheLimit() {
        var notices: [Int] = []
        for number in 1...25 { notices.append(number, keepingLast: LiveNotifier.maximumNotices) }
        #expect(notices == Array(6...25))
        var few = [1, 2]
        few.append(3, keepingLast: 20)
        #expect(few == [1, 2, 3])
    }
}
