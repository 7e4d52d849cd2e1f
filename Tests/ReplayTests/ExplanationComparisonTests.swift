import Interchange
import Replay
import Testing

/// `ExplanationComparison`: every difference between two backends' explanations is
/// reported, naming the attribute and the constraints only one of them lists.
@Suite struct ExplanationComparisonTests {
  private func document(_ backend: String, width: Double?, determinedBy: [String], redundant: [String] = [])
    -> ExplanationDocument
  {
    let reference = { (id: String) in ExplanationDocument.ConstraintReference(id: id, priority: 1000, isGenerated: false) }
    return ExplanationDocument(
      view: "card", step: nil, backends: [backend],
      attributes: [
        .init(
          name: "width", value: width, isAmbiguous: width == nil, determinedBy: determinedBy.map(reference),
          redundant: redundant.map(reference))
      ])
  }

  @Test func equalSetsInAnyOrderAgree() {
    let a = document("cassowary", width: 275, determinedBy: ["l", "t"])
    let b = document("dense-simplex", width: 275 + 1e-9, determinedBy: ["t", "l"])
    #expect(ExplanationComparison.disagreements(of: b, with: a).isEmpty)
  }

  @Test func aConstraintOnlyOneBackendListsIsNamed() {
    let a = document("cassowary", width: 275, determinedBy: ["l", "t"])
    let b = document("dense-simplex", width: 275, determinedBy: ["l", "w"], redundant: ["r"])
    #expect(
      ExplanationComparison.disagreements(of: b, with: a) == [
        "'card'.width: determinedBy: only dense-simplex lists 'w'",
        "'card'.width: determinedBy: only cassowary lists 't'",
        "'card'.width: redundant: only dense-simplex lists 'r'",
      ])
  }

  @Test func ambiguityAndValuesAreCompared() {
    let fixed = document("cassowary", width: 275, determinedBy: [])
    #expect(
      ExplanationComparison.disagreements(of: document("dense-simplex", width: nil, determinedBy: []), with: fixed) == [
        "'card'.width: dense-simplex finds it ambiguous; cassowary fixes it at 275.0"
      ])
    #expect(
      ExplanationComparison.disagreements(of: document("dense-simplex", width: 276, determinedBy: []), with: fixed) == [
        "'card'.width: dense-simplex gives 276.0, cassowary 275.0"
      ])
  }
}
