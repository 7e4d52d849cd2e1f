import Foundation
import Testing

/// The formats.md section 1 example, as committed in the repository.
private let formatsExamplePath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Benchmarks/systems/formats-example.json").path

/// The accuracy contract end to end (docs/interchange.md): numbers at its edges are
/// answered correctly by every backend, numbers past them refused with exit status 3
/// naming the JSON path and the constraint, and never a wrong answer with status 0.
@Suite struct BenchAccuracyTests {
  private func run(_ text: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    BenchProcess.Output, String
  ) {
    let file = try TemporaryFile(text)
    defer { file.remove() }
    return (try BenchProcess.run([arguments[0], file.path] + arguments.dropFirst(), environment: environment), file.path)
  }

  private func states(_ output: String) throws -> [[String: Any]] {
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    return try #require(parsed["states"] as? [[String: Any]])
  }

  /// Coefficients 10 and 0.1 in one constraint, a constant of 1e6 and a suggestion of 5e6
  /// and back (near the joint bound at a spread of 100): both backends agree, required constraints hold, and the
  /// values come back after the large suggestion.
  @Test func justInsideTheContractEveryBackendAnswersCorrectly() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [
         {"id": "tie", "terms": {"x": 10, "y": 0.1}, "constant": -1000000, "relation": "=="},
         {"id": "y0", "terms": {"y": 1}, "relation": "==", "priority": 500},
         {"id": "x0", "terms": {"x": 1}, "relation": "==", "priority": 250},
         {"id": "follow", "terms": {"z": 1, "W": -1}, "relation": ">=", "priority": 600},
         {"id": "z0", "terms": {"z": 1}, "relation": "==", "priority": 1}],
       "edits": [{"variable": "W", "priority": 700}],
       "steps": [{"suggest": {"W": 10}}, {"suggest": {"W": 5000000}}, {"suggest": {"W": 10}},
                 {"setConstant": {"tie": 1000000}}, {"setConstant": {"tie": -1000000}}]}
      """#
    for backend in ["cassowary", "dense-simplex"] {
      let (output, _) = try run(text, ["solve", "--backend", backend, "--check"])
      #expect(output.status == 0, "\(backend): \(output.standardError)")
      #expect(output.standardError.contains("agrees with \(backend) on all 6 states"))
      let states = try states(output.standardOutput)
      for k in [1, 3, 5] {
        let values = try #require(states[k]["values"] as? [String: Double])
        #expect(abs(values["x", default: .nan] - 1e5) <= 1e-6 * 1e5, "\(backend), state \(k): \(values)")
        #expect(abs(values["y", default: .nan]) <= 1e-6, "\(backend), state \(k): \(values)")
        #expect(abs(values["z", default: .nan] - 10) <= 1e-6, "\(backend), state \(k): \(values)")
      }
    }
  }

  @Test(arguments: [
    (
      #"[{"id": "tie", "terms": {"x": 10, "y": 0.0099}, "relation": "=="}], "steps": []"#,
      "constraints[0].terms.y: constraint 'tie' has coefficients from 0.0099 for 'y' to 10.0 for 'x'"
    ),
    (
      #"[{"id": "big", "terms": {"x": 2000000}, "relation": "=="}]"#,
      "constraints[0].terms.x: constraint 'big' has the coefficient 2000000.0 for 'x'"
    ),
    (
      #"[{"id": "far", "terms": {"x": 1}, "constant": 1e17, "relation": "=="}]"#,
      "constraints[0].constant: constraint 'far' has the constant 1e+17"
    ),
    (
      #"[{"id": "a", "terms": {"x": 1, "W": -1}, "relation": "=="}], "edits": [{"variable": "W", "priority": 999}], "steps": [{"suggest": {"W": 10}}, {"suggest": {"W": 1e17}}]"#,
      "steps[1].suggest.W: suggested value 1e+17 for 'W' is outside the accuracy contract"
    ),
    (
      #"[{"id": "a", "terms": {"x": 1}, "relation": "=="}], "steps": [{"add": [{"id": "b", "terms": {"x": 1e308}, "relation": ">="}]}]"#,
      "steps[0].add[0].terms.x: constraint 'b' has the coefficient 1e+308 for 'x'"
    ),
  ])
  func pastTheContractEveryBackendRefusesWithStatus3(constraints: String, message: String) throws {
    let text = #"{"format": "layoutbench.constraints/1", "constraints": "# + constraints + "}"
    for arguments in [["solve"], ["solve", "--backend", "dense-simplex"], ["solve", "--check"]] {
      let (output, path) = try run(text, arguments)
      #expect(output.status == 3, "\(arguments): \(output.standardError)")
      #expect(output.standardOutput.isEmpty)
      #expect(output.standardError.hasPrefix("error: \(path): \(message)"), "\(output.standardError)")
    }
  }

  /// A chain of multipliers within the contract whose values leave it: refused after
  /// solving rather than printed. (The dense simplex stalls in phase one on this chain and
  /// refuses its last link as unsatisfiable, a state error rather than values: not yet
  /// caught, docs/interchange.md.)
  @Test func anAnswerBeyondTheLargestValueIsRefused() throws {
    var constraints = [#"{"id": "c0", "terms": {"x0": 1}, "constant": -1, "relation": "=="}"#]
    for k in 1...5 {
      constraints.append(#"{"id": "c\#(k)", "terms": {"x\#(k)": 1, "x\#(k - 1)": -100}, "relation": "=="}"#)
    }
    let text = #"{"format": "layoutbench.constraints/1", "constraints": ["# + constraints.joined(separator: ", ") + "]}"
    for backend in ["cassowary"] {
      let (output, path) = try run(text, ["solve", "--backend", backend])
      #expect(output.status == 3)
      #expect(output.standardOutput.isEmpty)
      #expect(
        output.standardError.hasPrefix("error: \(path): backend \(backend) refuses the system: cannot answer accurately: 'x5'"),
        "\(output.standardError)")
    }
  }

  @Test func aCheckedBackendThatFailsIsReportedNotFatal() throws {
    let failing = ["LAYOUTBENCH_INJECT_SOLVER_FAILURE": "dense-simplex"]
    let plain = try BenchProcess.run(["solve", formatsExamplePath])
    let checked = try BenchProcess.run(["solve", formatsExamplePath, "--check"], environment: failing)
    #expect(checked.status == 1)
    #expect(checked.standardOutput == plain.standardOutput)
    #expect(
      checked.standardError.contains(
        "check: dense-simplex failed: internal solver error: failure injected by LAYOUTBENCH_INJECT_SOLVER_FAILURE"))
    // The reference failing is still an internal error.
    let reference = try BenchProcess.run(
      ["solve", formatsExamplePath, "--check"], environment: ["LAYOUTBENCH_INJECT_SOLVER_FAILURE": "cassowary"])
    #expect(reference.status == 4)
    #expect(reference.standardOutput.isEmpty)
  }

  @Test func malformedSystemsExitWithStatus2() throws {
    let (missing, missingPath) = try run(#"{"format": "layoutbench.constraints/1", "steps": []}"#, ["solve"])
    #expect(missing.status == 2)
    #expect(missing.standardError == "error: \(missingPath): constraints: missing required field 'constraints'; expected an array\n")
    let (empty, emptyPath) = try run(
      #"{"format": "layoutbench.constraints/1", "constraints": [{"id": "", "terms": {"x": 1}, "relation": "=="}]}"#, ["solve"])
    #expect(empty.status == 2)
    #expect(empty.standardError == "error: \(emptyPath): constraints[0].id: a constraint id must not be empty\n")
  }

  private static func scene(views: String, constraints: String, steps: String = "[]") -> String {
    #"""
    {"format": "layoutbench.scene/1", "container": {"width": 375, "height": 667, "safeAreaInsets": [20000000, 0, 0, 0]},
     "views": [{"id": "root"}, \#(views)], "constraints": \#(constraints), "steps": \#(steps)}
    """#
  }

  @Test(arguments: [
    (
      #"{"id": "row", "parent": "root", "stack": {"axis": "horizontal", "spacing": 1e308}}"#, "[]", "[]",
      "views[1].stack.spacing: 1e+308 (of 'row') is outside the accuracy contract"
    ),
    (
      #"{"id": "a", "parent": "root"}"#,
      #"[{"id": "w", "first": "a.width", "second": "root.width", "multiplier": 1e308}]"#, "[]",
      "constraints[0].multiplier: the multiplier 1e+308 (of 'w') is outside the accuracy contract"
    ),
    (
      #"{"id": "a", "parent": "root"}"#, #"[{"id": "priority", "first": "a.width", "constant": 10}]"#,
      #"[{"setConstant": {"priority": 4e7}}]"#,
      "steps[0].setConstant.priority: 40000000.0 (of 'priority') is outside the accuracy contract"
    ),
  ])
  func scenesPastTheContractAreRefusedWithStatus3(views: String, constraints: String, steps: String, message: String)
    throws
  {
    let text = Self.scene(views: views, constraints: constraints, steps: steps)
    for backend in ["cassowary", "dense-simplex", "springs-struts"] {
      let (output, path) = try run(text, ["layout", "--backend", backend])
      #expect(output.status == 3, "\(backend): \(output.standardError)")
      #expect(output.standardOutput.isEmpty)
      #expect(output.standardError.hasPrefix("error: \(path): \(message)"), "\(output.standardError)")
    }
  }

  /// Lengths within the contract that lowering adds up past it: the solver refuses the
  /// lowered constraint, named as diagnostics name it.
  @Test func aLoweredConstraintPastTheContractIsRefusedByName() throws {
    let text = Self.scene(
      views: #"{"id": "a", "parent": "root"}"#,
      constraints: #"[{"id": "aTop", "first": "a.top", "second": "root.safeArea.top", "constant": 20000000}]"#)
    for backend in ["cassowary", "dense-simplex"] {
      let (output, _) = try run(text, ["layout", "--backend", backend])
      #expect(output.status == 3, "\(backend): \(output.standardError)")
      #expect(output.standardOutput.isEmpty)
      #expect(output.standardError.contains("constraint 'aTop' has the constant"), "\(output.standardError)")
    }
  }
}
