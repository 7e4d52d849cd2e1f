import Foundation
import Reports
import Testing

/// The power-law fit: exponents and R² of synthetic laws, and the degenerate cases.
@Suite struct ScalingFitTests {
  static let sizes: [Double] = [10, 100, 1000, 10000]

  @Test(arguments: [0.5, 1.0, 1.5, 2.0, 3.0])
  func anExactPowerLawGivesItsExponentAndAPerfectFit(exponent: Double) throws {
    let fit = try #require(ScalingFit(points: Self.sizes.map { ($0, 3 * pow($0, exponent)) }))
    #expect(abs(fit.exponent - exponent) < 1e-9)
    #expect(abs(fit.coefficient - 3) < 1e-6)
    #expect(abs(fit.rSquared - 1) < 1e-12)
    #expect(fit.sizeCount == 4)
    #expect(!fit.isExactThroughTwoPoints)
    #expect(abs(fit.value(at: 1000) - 3 * pow(1000, exponent)) / (3 * pow(1000, exponent)) < 1e-9)
  }

  /// Multiplicative noise of ±10 % moves the slope a little and R² below 1; R² equals the
  /// squared correlation of the logs, computed here independently.
  @Test func noiseLowersRSquaredToTheSquaredCorrelation() throws {
    let noise = [1.1, 0.9, 1.08, 0.93]
    let points = zip(Self.sizes, noise).map { size, factor in (size, 2e3 * size * size * factor) }
    let fit = try #require(ScalingFit(points: points))
    #expect(abs(fit.exponent - 2) < 0.05)
    let x = points.map { log($0.0) }
    let y = points.map { log($0.1) }
    let mx = x.reduce(0, +) / 4
    let my = y.reduce(0, +) / 4
    let sxy = zip(x, y).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
    let sxx = x.map { ($0 - mx) * ($0 - mx) }.reduce(0, +)
    let syy = y.map { ($0 - my) * ($0 - my) }.reduce(0, +)
    #expect(abs(fit.rSquared - sxy * sxy / (sxx * syy)) < 1e-12)
    #expect(fit.rSquared < 1 && fit.rSquared > 0.99)
  }

  @Test func twoSizesGiveTheExactLineAndSaySo() throws {
    let fit = try #require(ScalingFit(points: [(10, 5), (1000, 50_000)]))
    #expect(abs(fit.exponent - 2) < 1e-12)
    #expect(fit.isExactThroughTwoPoints)
    #expect(fit.sizeCount == 2)
  }

  @Test func oneSizeHasNoSlope() {
    #expect(ScalingFit(points: [(100, 5)]) == nil)
    #expect(ScalingFit(points: [(100, 5), (100, 6)]) == nil)
    #expect(ScalingFit(points: []) == nil)
  }

  /// A value of 0 has no logarithm: it is left out, and what remains decides.
  @Test func pointsWithoutALogarithmAreLeftOut() throws {
    #expect(ScalingFit(points: [(10, 0), (100, 7)]) == nil)
    let fit = try #require(ScalingFit(points: [(10, 0), (100, 100), (1000, 1000), (10000, 10000)]))
    #expect(fit.sizeCount == 3)
    #expect(abs(fit.exponent - 1) < 1e-12)
  }

  @Test func aFlatLineFitsPerfectly() throws {
    let fit = try #require(ScalingFit(points: Self.sizes.map { ($0, 42) }))
    #expect(abs(fit.exponent) < 1e-12)
    #expect(fit.rSquared == 1)
  }
}
