import Foundation
import Testing

/// The HTML report as a browser draws it: headless Chromium screenshots a report of a
/// small results file, and the pixels are checked for the page and for each backend's
/// colour, so a page that renders blank, or charts that draw nothing, fail.
///
/// Chromium comes with `make setup` (Debian's `chromium`); without it the test fails
/// saying so, unless LAYOUTBENCH_SKIP_BROWSER=1.
@Suite(.disabled(if: ProcessInfo.processInfo.environment["LAYOUTBENCH_SKIP_BROWSER"] == "1", "LAYOUTBENCH_SKIP_BROWSER=1"))
struct BenchReportBrowserTests {
  static let windowWidth = 1200
  static let windowHeight = 2000

  /// The first of `chromium`, `chromium-browser` on PATH.
  static func chromium() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in ["chromium", "chromium-browser"] {
      for folder in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }

  /// Screenshots `page` at the window size into `png`; fails the test after 90 s.
  static func screenshot(_ page: URL, to png: URL, profile: URL, browser: URL) throws {
    let process = Process()
    process.executableURL = browser
    // --headless is the new headless mode in this Chromium (156); --no-sandbox because
    // tests may run as root; a profile of its own so parallel runs do not share one.
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
      "--user-data-dir=\(profile.path)", "--screenshot=\(png.path)", "--window-size=\(windowWidth),\(windowHeight)",
      page.absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      Issue.record("chromium did not finish the screenshot within 90 s")
    }
    process.waitUntilExit()
  }

  @Test func theReportRendersWithEveryBackendsColour() throws {
    guard let browser = Self.chromium() else {
      Issue.record("chromium is not installed: `make setup` installs it (apt-get install chromium); LAYOUTBENCH_SKIP_BROWSER=1 skips this test")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A name with markup characters: if escaping failed it would cut the page short.
    let input = folder.appendingPathComponent("run.json")
    try Data(BenchReportTests.results(workload: #"stack.<fill> & "more""#, cases: BenchReportTests.sweep).utf8).write(to: input)
    let output = try BenchProcess.run(["report", input.path, "--out", folder.path])
    #expect(output.status == 0, "\(output.standardError)")

    let png = folder.appendingPathComponent("report.png")
    try Self.screenshot(folder.appendingPathComponent("stackviews.html"), to: png, profile: folder.appendingPathComponent("profile"), browser: browser)
    let bytes = try #require(FileManager.default.contents(atPath: png.path), "chromium wrote no screenshot")
    let image = try PNGImage(bytes: [UInt8](bytes))
    #expect(image.width == Self.windowWidth && image.height == Self.windowHeight)

    var inked = 0
    var backendPixels: [String: Int] = ["#0072B2": 0, "#D55E00": 0, "#009E73": 0]
    let colours = backendPixels.keys.map { key in
      (key, [key.dropFirst(1).prefix(2), key.dropFirst(3).prefix(2), key.dropFirst(5).prefix(2)].map { Int($0, radix: 16)! })
    }
    for y in 0..<image.height {
      for x in 0..<image.width {
        let (r, g, b) = image.rgb(x: x, y: y)
        if r < 235 || g < 235 || b < 235 { inked += 1 }
        for (key, rgb) in colours where abs(Int(r) - rgb[0]) <= 16 && abs(Int(g) - rgb[1]) <= 16 && abs(Int(b) - rgb[2]) <= 16 {
          backendPixels[key, default: 0] += 1
        }
      }
    }
    // Text, tables and charts ink a few per cent of the page; a blank page inks nothing.
    let share = Double(inked) / Double(image.width * image.height)
    #expect(share > 0.02, "only \(share * 100) % of the screenshot is not white")
    // Each backend's lines and markers (two charts, a legend swatch): hundreds of pixels.
    for (colour, count) in backendPixels {
      #expect(count > 300, "\(colour): \(count) pixels")
    }
  }
}
