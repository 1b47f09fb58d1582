@testable import EmuAPI
@testable import EmuData
@testable import EmuEndpoints
@testable import EmuRouting
@testable import EmuTools
import Foundation
import Primitives
import Testing

/// A query statement's `$regex` matches share one budget (`RegexBudget.perStatement`) besides
/// each match's own: a pattern just under the per-match budget cannot cost rows × 50 ms. Only
/// the time spent matching counts, and only statements that can match pay for the budget.
/// Checked through the mechanism, with budgets that leave no doubt, not with the clock's speed.
@Suite struct RegexStatementBudgetTests {
    let simple = try! RegularExpression("^a")

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

    /// The statement's budget is matching time, not time since the statement began: what the
    /// statement does between matches (scanning, decoding rows) is never taken from it.
    @Test func onlyTimeInsideMatches_isTakenFromTheStatement() {
        RegexBudget.forStatement(within: .seconds(60)) {
            var aroundMatches: Duration = .zero
            var elsewhere = 0
            for round in 0..<3 {
                let before = ContinuousClock.now
                #expect(RegexBudget.firstMatch(simple, in: "abc") == true)
                aroundMatches += ContinuousClock.now - before
                elsewhere = (0..<10_000).reduce(round, &+)  // the statement's other work
            }
            let remaining = RegexBudget.remainingInStatement ?? .zero
            // At most what the matches took (timed around them) is gone; the rest of the loop is not.
            #expect(remaining >= .seconds(60) - aroundMatches, "\(elsewhere)")
            #expect(remaining < .seconds(60))
        }
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
