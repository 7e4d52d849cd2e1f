import Testing

/// `bench solve` on files that are rejected before any backend runs, so these tests hold
/// whichever backends the build has.
@Suite struct BenchSolveTests {
  private func solve(_ text: String, extra: [String] = []) throws -> (BenchProcess.Output, String) {
    let file = try TemporaryFile(text)
    defer { file.remove() }
    return (try BenchProcess.run(["solve", file.path] + extra), file.path)
  }

  @Test func malformedJSONExitsWithStatus2AndLineAndColumn() throws {
    let (output, path) = try solve("{\n  \"format\": \"layoutbench.constraints/1\",\n  \"constraints\": [,]\n}")
    #expect(output.status == 2)
    #expect(output.standardError == "error: \(path):3:19: expected a JSON value, found ','\n")
    #expect(output.standardOutput.isEmpty)
  }

  @Test func invalidDocumentExitsWithStatus2AndTheJSONPath() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [{"id": "a", "terms": {"x": 1}, "relation": "=="},
                       {"id": "b", "terms": {"x": 1}, "relation": ">=", "priority": 1200}]}
      """#
    let (output, path) = try solve(text)
    #expect(output.status == 2)
    #expect(output.standardError == "error: \(path): constraints[1].priority: expected a number in (0, 1000], found 1200\n")
    #expect(output.standardOutput.isEmpty)
  }

  @Test func staticStepErrorsExitWithStatus2() throws {
    let text = #"""
      {"format": "layoutbench.constraints/1",
       "constraints": [{"id": "a", "terms": {"x": 1}, "relation": "=="}],
       "edits": [{"variable": "W", "priority": 999}],
       "steps": [{"suggest": {"W": 1}}, {"remove": ["a"]}, {"remove": ["ghost"]}]}
      """#
    let (output, path) = try solve(text)
    #expect(output.status == 2)
    #expect(output.standardError.hasPrefix("error: \(path): steps[2].remove[0]: no constraint 'ghost' is defined"))

    let (twoKinds, twoKindsPath) = try solve(#"{"format": "layoutbench.constraints/1", "constraints": [], "steps": [{"suggest": {}, "add": []}]}"#)
    #expect(twoKinds.status == 2)
    #expect(twoKinds.standardError.hasPrefix("error: \(twoKindsPath): steps[0]: expected exactly one of"))

    let (requiredEdit, requiredEditPath) = try solve(#"{"format": "layoutbench.constraints/1", "constraints": [], "edits": [{"variable": "W", "priority": 1000}]}"#)
    #expect(requiredEdit.status == 2)
    #expect(requiredEdit.standardError.hasPrefix("error: \(requiredEditPath): edits[0].priority: expected a number in (0, 1000), found 1000"))
  }

  @Test func invalidUTF8ExitsWithStatus2() throws {
    let prefix = #"{"format": "layoutbench.constraints/1"#
    let file = try TemporaryFile(bytes: Array(prefix.utf8) + [0xFF, 0x22, 0x7D])
    defer { file.remove() }
    let output = try BenchProcess.run(["solve", file.path])
    #expect(output.status == 2)
    #expect(output.standardError == "error: \(file.path):1:\(prefix.count + 1): invalid UTF-8 byte 0xFF in string\n")
  }

  @Test func unreadableFilesExitWithStatus2() throws {
    let missing = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))/system.json"
    let output = try BenchProcess.run(["solve", missing])
    #expect(output.status == 2)
    #expect(output.standardError == "error: \(missing): cannot open: No such file or directory\n")
    #expect(output.standardOutput.isEmpty)

    let file = try TemporaryFile("{}")
    defer { file.remove() }
    let folder = file.url.deletingLastPathComponent().path
    let directory = try BenchProcess.run(["solve", folder])
    #expect(directory.status == 2)
    #expect(directory.standardError == "error: \(folder): cannot read: Is a directory\n")
  }

  @Test func validFileGetsPastDecodingWithWarningsOnStandardError() throws {
    // An unknown backend is a usage error (64), reported only after the file was read and
    // found valid: its warnings are printed, and nothing goes to standard output.
    let text = #"{"format": "layoutbench.constraints/1", "comment": "hi", "constraints": [{"id": "a", "terms": {"x": 1}, "relation": "==", "note": 1}]}"#
    let (output, path) = try solve(text, extra: ["--backend", "no-such-backend"])
    #expect(output.status == 64)
    #expect(output.standardError.hasPrefix("""
      warning: \(path): comment: unknown field 'comment' ignored
      warning: \(path): constraints[0].note: unknown field 'note' ignored

      """))
    #expect(output.standardError.contains("unknown backend 'no-such-backend'"))
    #expect(output.standardOutput.isEmpty)
  }

  @Test func helpDocumentsExitStatuses() throws {
    let output = try BenchProcess.run(["solve", "--help"])
    #expect(output.status == 0)
    for expected in [
      "Exit status:", "0   the file was valid", "1   with --check: some backend disagreed",
      "2   the file is unreadable or malformed", "3   refused: a number outside the accuracy contract",
      "4   the backend (--backend) reported an internal error", "64  bad command line", "--backend", "--stats",
      "--check",
    ] {
      #expect(output.standardOutput.contains(expected), "missing \(expected)")
    }
  }
}
