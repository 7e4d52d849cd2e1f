import Foundation
import StrictJSON

/// What an outside engine reads (docs/engines.md): a constraint system (formats.md
/// section 1), a scene (section 2) or a flexbox tree (docs/flexbox.md).
public enum EngineInput: String, CaseIterable, Sendable {
  case constraints
  case scene
  case flex

  /// Numbers per answered name: a variable's value, or a view's frame (x, y, width, height).
  public var valuesPerName: Int { self == .constraints ? 1 : 4 }
}

/// An outside engine's manifest, `engine.json` (format `layoutbench.engine-manifest/1`):
/// its name, what it reads, the command that starts it (run in the manifest's folder).
public struct EngineManifest: Hashable, Sendable {
  public static let format = "layoutbench.engine-manifest/1"
  /// The folder `bench` looks in for `*/engine.json`, relative to the working directory.
  public static let defaultFolder = "Benchmarks/engines"

  public var name: String
  public var inputs: [EngineInput]
  public var command: [String]
  public var summary: String?
  /// The command that builds the engine (`make engines`), named when its program is missing.
  public var build: String?
  /// The manifest's folder: the engine's working directory.
  public var directory: String

  public init(
    name: String, inputs: [EngineInput], command: [String], summary: String? = nil, build: String? = nil, directory: String
  ) {
    self.name = name
    self.inputs = inputs
    self.command = command
    self.summary = summary
    self.build = build
    self.directory = directory
  }

  /// Reads one manifest. O(file size).
  /// - Throws: `JSONError` naming the file and the JSON path at fault (an unknown input, a
  ///   name that could not be a backend's, an empty command).
  public static func read(path: String) throws(JSONError) -> EngineManifest {
    let bytes: [UInt8]
    do {
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw JSONError.invalidDocument(file: path, path: JSONPath(), message: "cannot be read: \(error.localizedDescription)")
    }
    let value = try JSONValue.parse(utf8: bytes, file: path)
    var reader = JSONReader(file: path)
    let root = JSONPath()
    let members = try reader.object(value, at: root, knownKeys: ["format", "name", "inputs", "command", "summary", "build"])
    func member(_ key: String) -> JSONValue? { JSONReader.member(key, of: members) }
    let format = try reader.string(member("format"), at: root.appending("format"))
    guard format == Self.format else {
      throw reader.invalid("expected \"\(Self.format)\", found \"\(format)\"", at: root.appending("format"))
    }
    let name = try reader.string(member("name"), at: root.appending("name"))
    guard Self.isValidName(name) else {
      throw reader.invalid(
        "an engine name is letters, digits, '.', '-' and '_', starting with a letter, found \"\(name)\"",
        at: root.appending("name"))
    }
    var inputs: [EngineInput] = []
    let inputsPath = root.appending("inputs")
    for (index, entry) in try reader.array(member("inputs"), at: inputsPath).enumerated() {
      let text = try reader.string(entry, at: inputsPath.appending(index))
      guard let input = EngineInput(rawValue: text), !inputs.contains(input) else {
        throw reader.invalid("expected one of \"constraints\", \"scene\", \"flex\" (each once), found \"\(text)\"", at: inputsPath.appending(index))
      }
      inputs.append(input)
    }
    if inputs.isEmpty { throw reader.invalid("an engine reads at least one input", at: inputsPath) }
    var command: [String] = []
    let commandPath = root.appending("command")
    for (index, entry) in try reader.array(member("command"), at: commandPath).enumerated() {
      command.append(try reader.string(entry, at: commandPath.appending(index)))
    }
    if command.first?.isEmpty ?? true { throw reader.invalid("expected the program and its arguments", at: commandPath) }
    let summary = try member("summary").map { value throws(JSONError) in try reader.string(value, at: root.appending("summary")) }
    let build = try member("build").map { value throws(JSONError) in try reader.string(value, at: root.appending("build")) }
    return EngineManifest(
      name: name, inputs: inputs, command: command, summary: summary, build: build,
      directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// Every `*/engine.json` under `folder`, sorted by name; none when the folder does not
  /// exist. O(manifests).
  /// - Throws: `JSONError` for a manifest that cannot be read, or two with one name.
  public static func discover(in folder: String) throws(JSONError) -> [EngineManifest] {
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    var manifests: [EngineManifest] = []
    for entry in entries {
      let path = (folder as NSString).appendingPathComponent(entry + "/engine.json")
      guard FileManager.default.fileExists(atPath: path) else { continue }
      let manifest = try read(path: path)
      if let other = manifests.first(where: { $0.name == manifest.name }) {
        throw JSONError.invalidDocument(
          file: path, path: JSONPath().appending("name"),
          message: "the engine name \"\(manifest.name)\" is taken by \(other.directory)/engine.json")
      }
      manifests.append(manifest)
    }
    return manifests.sorted { $0.name < $1.name }
  }

  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
    return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
  }
}
