import ArgumentParser

extension Bench {
  /// The one prefix of every error message, ours and the argument parser's alike.
  static var _errorPrefix: String { "error: " }

  /// Parses and runs a subcommand like `ParsableCommand.main()`, except that a bad
  /// command line found while the subcommand runs (an unknown suite, backend or workload,
  /// checked against the registry or after reading a file) is reported as the parser
  /// reports its own: `error: ...` then that subcommand's usage, not the root's; status 64.
  /// Any other error that escapes a subcommand is an internal error: status 4.
  static func main() {
    let parsed: ParsableCommand
    do { parsed = try parseAsRoot() } catch { exit(withError: error) }
    var command = parsed
    do { try command.run() } catch let error as ValidationError {
      StandardError.print(_errorPrefix + error.message + "\n" + usage(of: type(of: parsed)))
      exit(withError: ExitCode.validationFailure)
    } catch let error as ExitCode {
      exit(withError: error)
    } catch where exitCode(for: error) != .failure {
      exit(withError: error)  // the parser's own: help, version, its validation
    } catch {
      // Every expected failure leaves through an ExitCode with its documented status; an
      // error that escapes the subcommand is a bug, which must not pass for status 1
      // ("a case failed", "a regression").
      StandardError.print(_errorPrefix + "internal error: \(error)")
      exit(withError: ExitCode(4))
    }
  }

  /// `Usage: bench run --suite <suite> ...` and where to find more, as the parser prints
  /// under its own errors.
  static func usage(of subcommand: ParsableCommand.Type) -> String {
    let name = subcommand == Bench.self ? "bench" : "bench \(subcommand._commandName)"
    let lines = usageString(for: subcommand).split(separator: "\n").joined(separator: "\n       ")
    return "Usage: \(lines)\n  See '\(name) --help' for more information."
  }
}
