import Scene

/// Container sizes of real devices (autolayout-semantics.md section 10.5), portrait and
/// landscape, with their safe areas.
enum Devices {
  struct Size: Sendable {
    var width: Double
    var height: Double
    var safeAreaInsets: EdgeInsets

    var container: Container { Container(width: width, height: height, safeAreaInsets: safeAreaInsets) }
  }

  static let iPhone8Portrait = Size(width: 375, height: 667, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let iPhone8Landscape = Size(width: 667, height: 375, safeAreaInsets: .zero)
  static let iPhoneXSMaxPortrait = Size(
    width: 414, height: 896, safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
  static let iPhoneXSMaxLandscape = Size(
    width: 896, height: 414, safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
  static let iPhoneSEPortrait = Size(width: 320, height: 568, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let iPhoneSELandscape = Size(width: 568, height: 320, safeAreaInsets: .zero)
  static let iPadPortrait = Size(width: 768, height: 1024, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
  static let iPadLandscape = Size(width: 1024, height: 768, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))

  /// The starting container of the resizing workloads.
  static let initial = iPhone8Portrait

  /// Resizes after the initial iPhone 8 portrait: rotate, then the next device, rotate,
  /// ... back to the start. Eight distinct sizes, widths 320 to 1024: a resize always
  /// changes the container, and both axes take every width, so stacks along either axis
  /// switch between compressed and stretched.
  static let rotationCycle: [Size] = [
    iPhone8Landscape, iPhoneXSMaxPortrait, iPhoneXSMaxLandscape, iPhoneSEPortrait, iPhoneSELandscape,
    iPadPortrait, iPadLandscape, iPhone8Portrait,
  ]

  /// The smallest extent a resize gives either axis (iPhone SE).
  static let smallestExtent = 320.0

  /// Resize operations per case: 20, or one cycle (8) above 1,000 views, where a single
  /// resize of a big chain takes seconds; the runner repeats cases.
  static func resizeCount(views: Int) -> Int { views > 1000 ? rotationCycle.count : 20 }
}
