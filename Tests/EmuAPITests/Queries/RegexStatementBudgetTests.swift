@testable import EmuAPI
import Foundation
import Testing

/// A query statement's `$regex` matches share one budget (`RegexBudget.perStatement`) besides
/// each match's own: a pattern just under the per-match budget cannot cost rows × 50 ms. Only
/// the time spent matching counts, and only statements that can match pay for the budget.
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

    /// The statement's budget is matching time, not time since the statement began: a statement
    /// that spent longer than its whole budget elsewhere (scanning, decoding) still matches.
    @Test func timeOutsideMatches_costsTheStatementNothing() {
        let found = RegexBudget.forStatement(within: .milliseconds(200)) { () -> Bool? in
            let elsewhere = ContinuousClock.now + .milliseconds(250)
            while ContinuousClock.now < elsewhere { Thread.sleep(forTimeInterval: 0.01) }
            return RegexBudget.firstMatch(simple, in: "abc")
        }
        #expect(found == true)
    }

    /// Only a statement that calls the `$regex` function installs the thread-local budget.
    @Test func onlyStatementsThatMatchARegex_installTheBudget() throws {
        #expect(try QueryExecutor.withinLimits("SELECT 1") { RegexBudget.inStatement } == false)
        #expect(try QueryExecutor.withinLimits("SELECT lcemu_regexp(?, ?, 'a')") { RegexBudget.inStatement } == true)
        #expect(RegexBudget.inStatement == false)
    }

    @Test func aRegexQuery_answersWithinItsStatementBudget() throws {
        let fixture = try QueryAPIFixture.shared.get()
        // Matches run on the thread that steps the statement; QueryExecutor gives each its budget.
        let answered = try fixture.query(where: #"{"title":{"$regex":"^b"}}"#)
        #expect(answered.status == 200)
        #expect(fixture.names(answered) == ["b2"])
    }
}
