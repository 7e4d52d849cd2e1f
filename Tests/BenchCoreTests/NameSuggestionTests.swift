import BenchCore
import Testing

struct NameSuggestionTests {
  static let suites = ["stackviews", "deep", "churn", "enaml", "anchor", "examples", "smoke"]

  @Test func editDistanceCountsEachKindOfEditOnce() {
    func distance(_ a: String, _ b: String) -> Int { NameSuggestion.editDistance(Array(a), Array(b)) }
    #expect(distance("smoke", "smoke") == 0)
    #expect(distance("smok", "smoke") == 1)  // insertion
    #expect(distance("smokes", "smoke") == 1)  // deletion
    #expect(distance("smoje", "smoke") == 1)  // substitution
    #expect(distance("smkoe", "smoke") == 1)  // adjacent swap
    #expect(distance("", "abc") == 3)
    #expect(distance("kitten", "sitting") == 3)
  }

  @Test func aSlipOfTheKeyboardIsSuggested() {
    #expect(NameSuggestion.closest(to: "smok", among: Self.suites) == ["smoke"])
    #expect(NameSuggestion.closest(to: "stakcviews", among: Self.suites) == ["stackviews"])
    #expect(NameSuggestion.closest(to: "Churn", among: Self.suites) == ["churn"])
    #expect(NameSuggestion.closest(to: "dense-simplx", among: ["cassowary", "dense-simplex"]) == ["dense-simplex"])
    #expect(
      NameSuggestion.closest(to: "stack.fil.horizontal", among: ["stack.fill.horizontal", "stack.fill.vertical"])
        == ["stack.fill.horizontal"])
  }

  @Test func aDifferentNameIsNotSuggested() {
    #expect(NameSuggestion.closest(to: "nope", among: Self.suites).isEmpty)
    #expect(NameSuggestion.closest(to: "kiwi", among: ["cassowary", "dense-simplex", "springs-struts"]).isEmpty)
    // Short names allow one edit only: "dee" is one from "deep", "dp" two.
    #expect(NameSuggestion.closest(to: "dee", among: Self.suites) == ["deep"])
    #expect(NameSuggestion.closest(to: "dp", among: Self.suites).isEmpty)
    // Three edits in nine characters is another name, not a slip.
    #expect(NameSuggestion.closest(to: "stack.fil", among: ["stack.fill.horizontal", "stack.feed"]).isEmpty)
  }

  @Test func tiesAreAllSuggestedInTheGivenOrder() {
    #expect(NameSuggestion.closest(to: "ab", among: ["ac", "xy", "aa"]) == ["ac", "aa"])
    #expect(NameSuggestion.clause(for: "ab", among: ["ac", "xy", "aa"]) == "; did you mean 'ac' or 'aa'?")
    #expect(NameSuggestion.clause(for: "smok", among: Self.suites) == "; did you mean 'smoke'?")
    #expect(NameSuggestion.clause(for: "nope", among: Self.suites) == "")
  }
}
