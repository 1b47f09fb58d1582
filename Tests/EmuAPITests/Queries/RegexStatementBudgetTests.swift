@testable import EmuAPI
import Foundation
import Testing

/// A query statement's `$regex` matches share one budget (`RegexBudget.perStatement`) besides
/// each match's own: a pattern just under the per-match budget cannot cost rows × 50 ms.
/// Checked through the mechanism, with budgets that leave no doubt, not with the clock's speed.
@Suite struct RegexStatementBudgetTests {
    let simple = try! NSRegularExpression(pattern: "^a")

    @Test func aSpentStatementBudget_failsEveryFurtherMatch_evenASimpleOne() {
        let results = RegexBudget.forStatement(within: .zero) {
            (0..<3).map { _ in RegexBudget.firstMatch(simple, in: "abc") }
        }
        #expect(results == [nil, nil, nil])
    }

    @Test func withinTheBudget_matchesAnswer_andTheBudgetEndsWithTheStatement() {
        let inside = RegexBudget.forStatement(within: .seconds(60)) { RegexBudget.firstMatch(simple, in: "abc") }
        #expect(inside == true)
        // A nested statement (an inner query) keeps the outer budget, spent or not.
        let nested = RegexBudget.forStatement(within: .zero) { RegexBudget.forStatement(within: .seconds(60)) { RegexBudget.firstMatch(simple, in: "abc") } }
        #expect(nested == nil)
        #expect(RegexBudget.firstMatch(simple, in: "xbc") == false)
    }

    @Test func aRegexQuery_answersWithinItsStatementBudget() throws {
        let fixture = try QueryAPIFixture.shared.get()
        // Matches run on the thread that steps the statement; QueryExecutor gives each its budget.
        let answered = try fixture.query(where: #"{"title":{"$regex":"^b"}}"#)
        #expect(answered.status == 200)
        #expect(fixture.names(answered) == ["b2"])
    }
}
