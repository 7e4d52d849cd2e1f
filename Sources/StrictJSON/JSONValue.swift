/// A parsed JSON value (RFC 8259).
///
/// Objects keep their members in file order as `(key, value)` pairs rather than in a
/// dictionary: output order (variables in order of first appearance) follows input order,
/// and the parser rejects duplicate keys instead of silently keeping one of them.
/// Equality of objects is order-sensitive, as for arrays.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// Always finite: the parser rejects numbers a `Double` cannot hold.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])
}

extension JSONValue {
  /// The value of the first member named `key` when this is an object, otherwise nil.
  /// O(members).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

extension JSONValue: Hashable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null:
      hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .array(let elements):
      hasher.combine(4)
      hasher.combine(elements)
    case .object(let members):
      hasher.combine(5)
      hasher.combine(members.count)
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }
}
