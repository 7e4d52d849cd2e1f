import StrictJSON

/// The first number of a file that lies outside the accuracy contract
/// (`LayoutModel.AccuracyContract`, docs/interchange.md "Accuracy contract"), where it is
/// and why it is refused. Not a malformed file: the number is valid JSON in a valid place,
/// but no backend can answer it to the residual tolerance, so `bench` refuses the file
/// (exit status 3) rather than print a doubtful answer.
public struct AccuracyRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The number at fault, e.g. `constraints[3].terms.x` or `steps[2].suggest.W`.
  public var path: JSONPath
  /// What is wrong, naming the constraint, variable or view and the range.
  public var message: String

  public init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }

  /// `PATH: message`.
  public var description: String { "\(path): \(message)" }
}
