import Testing
import LayoutModel

@Suite struct ToleranceTests {
  @Test func absoluteBoundCoversValuesNearZero() {
    let t = Tolerance(absolute: 1e-6, relative: 0)
    #expect(t.isClose(0, 9e-7))
    #expect(!t.isClose(0, 2e-6))
  }

  @Test func relativeBoundScalesWithMagnitude() {
    let t = Tolerance(absolute: 0, relative: 1e-6)
    #expect(t.isClose(1e6, 1e6 + 0.5))
    #expect(!t.isClose(1e6, 1e6 + 2))
    #expect(!t.isClose(1, 1 + 2e-6))
  }

  @Test func scaleJudgesAResidualAgainstTheTermsThatProducedIt() {
    let t = Tolerance.residual  // absolute 1e-6, relative 1e-6
    #expect(!t.isZero(1e-4))  // bound 1e-6 alone
    #expect(!t.isZero(1e-4, scale: 10))  // bound 1e-6 · 10 = 1e-5 < 1e-4
    #expect(t.isZero(1e-4, scale: 1000))  // bound 1e-6 · 1000 = 1e-3
  }

  @Test func isNotTransitive() {
    let t = Tolerance(absolute: 1, relative: 0)
    #expect(t.isClose(0, 0.9) && t.isClose(0.9, 1.8) && !t.isClose(0, 1.8))
  }
}
