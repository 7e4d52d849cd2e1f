import LayoutModel
import Scene
import Testing

/// The constraints `format` gives, as their descriptions (`b.leading == a.trailing + 8 @1000`).
private func parsed(_ format: String, defaultPriority: Double = 1000) throws -> [String] {
  try VisualFormat.parse(format, defaultPriority: defaultPriority).map(\.description)
}

private func anchor(_ name: String, _ attribute: Attribute) -> VFLAnchor {
  VFLAnchor(item: .view(name), attribute: attribute)
}

private func superview(_ attribute: Attribute) -> VFLAnchor {
  VFLAnchor(item: .superview, attribute: attribute)
}

@Suite struct VisualFormatParserTests {
  // MARK: The examples of autolayout-semantics.md section 9.2, metrics replaced by numbers

  @Test func paddedRedViewAcross() throws {
    // `H:|-(padding)-[redView]-(padding)-|` with padding 50.
    let expected = ["redView.leading == superview.leading + 50 @1000", "superview.trailing == redView.trailing + 50 @1000"]
    #expect(try parsed("H:|-(50)-[redView]-(50)-|") == expected)
    #expect(try parsed("H:|-50-[redView]-50-|") == expected)
    #expect(try parsed("|-50-[redView]-50-|") == expected)
    #expect(
      try parsed("H:|-(50)-[greenView]-(50)-|")
        == ["greenView.leading == superview.leading + 50 @1000", "superview.trailing == greenView.trailing + 50 @1000"])
  }

  @Test func redAndGreenStackedWithEqualHeights() throws {
    // `V:|-(padding)-[redView(==greenView)]-(spacing)-[greenView]-(padding)-|`, padding 50,
    // spacing 25: the B6 layout.
    let expected = [
      "redView.top == superview.top + 50 @1000",
      "redView.height == greenView.height @1000",
      "greenView.top == redView.bottom + 25 @1000",
      "superview.bottom == greenView.bottom + 50 @1000",
    ]
    #expect(try parsed("V:|-50-[redView(==greenView)]-25-[greenView]-50-|") == expected)
    #expect(try parsed("V:|-(50)-[redView(==greenView)]-(25)-[greenView]-(50)-|") == expected)
    // The structure behind the descriptions: sizes compare with the other view's size, at
    // multiplier 1 and constant 0.
    let constraints = try VisualFormat.parse("V:|-50-[redView(==greenView)]-25-[greenView]-50-|")
    #expect(
      constraints[1]
        == VFLConstraint(
          first: anchor("redView", .height), relation: .equal, second: anchor("greenView", .height),
          constant: 0, priority: 1000))
    #expect(
      constraints[3]
        == VFLConstraint(
          first: superview(.bottom), relation: .equal, second: anchor("greenView", .bottom),
          constant: 50, priority: 1000))
  }

  @Test func contactImageAboveName() throws {
    #expect(
      try parsed("V:|-[contactImageView(60)]-[contactNameLabel]") == [
        "contactImageView.top == superview.topMargin @1000",
        "contactImageView.height == 60 @1000",
        "contactNameLabel.top == contactImageView.bottom + 8 @1000",
      ])
    #expect(
      try parsed("V:|-[contactImage]-[contactNameLabel]") == [
        "contactImage.top == superview.topMargin @1000",
        "contactNameLabel.top == contactImage.bottom + 8 @1000",
      ])
  }

  @Test func theFormatsExampleRowEdges() throws {
    // formats.md section 2: `{"id": "rowEdges", "vfl": "H:|-[row]-|"}`.
    #expect(
      try VisualFormat.parse("H:|-[row]-|") == [
        VFLConstraint(
          first: anchor("row", .leading), relation: .equal, second: superview(.leadingMargin),
          constant: 0, priority: 1000),
        VFLConstraint(
          first: superview(.trailingMargin), relation: .equal, second: anchor("row", .trailing),
          constant: 0, priority: 1000),
      ])
  }

  // MARK: Connections

  @Test func connectionsBetweenViews() throws {
    #expect(try parsed("[a][b]") == ["b.leading == a.trailing @1000"])
    #expect(try parsed("[a]-[b]") == ["b.leading == a.trailing + 8 @1000"])
    #expect(try parsed("[a]-20-[b]") == ["b.leading == a.trailing + 20 @1000"])
    #expect(try parsed("[a]-(20)-[b]") == ["b.leading == a.trailing + 20 @1000"])
    #expect(try parsed("[a]-(>=20@750)-[b]") == ["b.leading >= a.trailing + 20 @750"])
    #expect(try parsed("[a]-(<=20)-[b]") == ["b.leading <= a.trailing + 20 @1000"])
    #expect(try parsed("[a]-(==20)-[b]") == ["b.leading == a.trailing + 20 @1000"])
    #expect(
      try parsed("[a]-(>=8,<=20@250)-[b]")
        == ["b.leading >= a.trailing + 8 @1000", "b.leading <= a.trailing + 20 @250"])
  }

  @Test func flushConnectionHasConstantZero() throws {
    let constraints = try VisualFormat.parse("[a][b]")
    #expect(
      constraints == [
        VFLConstraint(
          first: anchor("b", .leading), relation: .equal, second: anchor("a", .trailing),
          constant: 0, priority: 1000)
      ])
  }

  @Test func superviewEdges() throws {
    #expect(try parsed("|[a]") == ["a.leading == superview.leading @1000"])
    #expect(try parsed("|-[a]") == ["a.leading == superview.leadingMargin @1000"])
    #expect(try parsed("|-12-[a]") == ["a.leading == superview.leading + 12 @1000"])
    #expect(try parsed("|-(>=12@500)-[a]") == ["a.leading >= superview.leading + 12 @500"])
    #expect(try parsed("[a]|") == ["superview.trailing == a.trailing @1000"])
    #expect(try parsed("[a]-|") == ["superview.trailingMargin == a.trailing @1000"])
    #expect(try parsed("[a]-12-|") == ["superview.trailing == a.trailing + 12 @1000"])
    #expect(try parsed("[a]-(>=12)-|") == ["superview.trailing >= a.trailing + 12 @1000"])
  }

  @Test func marginsOnlyForTheBareDash() throws {
    // `-8-` against the superview is the edge plus 8, not the margin: only the bare `-`
    // means "standard spacing", which formats.md pins to the margin edge.
    #expect(
      try parsed("|-8-[a]-8-|")
        == ["a.leading == superview.leading + 8 @1000", "superview.trailing == a.trailing + 8 @1000"])
    #expect(
      try parsed("|-[a]-|")
        == ["a.leading == superview.leadingMargin @1000", "superview.trailingMargin == a.trailing @1000"])
    #expect(
      try parsed("V:|-[a]-|")
        == ["a.top == superview.topMargin @1000", "superview.bottomMargin == a.bottom @1000"])
  }

  @Test func standardSpacingIsEightBetweenSiblings() throws {
    #expect(VisualFormat.standardSpacing == 8)
    #expect(try VisualFormat.parse("[a]-[b]").map(\.constant) == [8])
    #expect(try VisualFormat.parse("V:[a]-[b]").map(\.constant) == [8])
    #expect(try VisualFormat.parse("|-[a]-[b]-|").map(\.constant) == [0, 8, 0])
  }

  @Test func negativeAndFractionalSpacings() throws {
    #expect(try parsed("[a]-(-8)-[b]") == ["b.leading == a.trailing - 8 @1000"])
    #expect(try parsed("[a]--8-[b]") == ["b.leading == a.trailing - 8 @1000"])
    #expect(try parsed("[a]-+8-[b]") == ["b.leading == a.trailing + 8 @1000"])
    #expect(try parsed("[a]-12.5-[b]") == ["b.leading == a.trailing + 12.5 @1000"])
    #expect(try parsed("[a]-0-[b]") == ["b.leading == a.trailing @1000"])
    #expect(try VisualFormat.parse("|-(>=-0.25)-[a]").map(\.constant) == [-0.25])
  }

  // MARK: View predicates

  @Test func viewPredicates() throws {
    #expect(try parsed("[a(50)]") == ["a.width == 50 @1000"])
    #expect(try parsed("[a(==50)]") == ["a.width == 50 @1000"])
    #expect(try parsed("[a(>=50@750)]") == ["a.width >= 50 @750"])
    #expect(try parsed("[a(<=12.5)]") == ["a.width <= 12.5 @1000"])
    #expect(try parsed("[a(==b)]") == ["a.width == b.width @1000"])
    #expect(try parsed("[a(b)]") == ["a.width == b.width @1000"])
    #expect(try parsed("[a(>=b@250)]") == ["a.width >= b.width @250"])
    #expect(try parsed("[a(>=50,<=100)]") == ["a.width >= 50 @1000", "a.width <= 100 @1000"])
    #expect(
      try parsed("[a(>=50,<=100@750,==b@1)]")
        == ["a.width >= 50 @1000", "a.width <= 100 @750", "a.width == b.width @1"])
    #expect(try parsed("V:[a(44)]") == ["a.height == 44 @1000"])
  }

  @Test func aConstantSizeHasNoSecondAnchor() throws {
    #expect(
      try VisualFormat.parse("[a(50)]") == [
        VFLConstraint(first: anchor("a", .width), relation: .equal, second: nil, constant: 50, priority: 1000)
      ])
  }

  @Test func viewNamesMayHoldDotsDigitsAndUnderscores() throws {
    #expect(try parsed("[root.title]-[_b2]") == ["_b2.leading == root.title.trailing + 8 @1000"])
    #expect(try parsed("[Row_1(==root.title)]") == ["Row_1.width == root.title.width @1000"])
  }

  // MARK: Priorities

  @Test func priorities() throws {
    #expect(try VisualFormat.parse("[a(50@1)]").map(\.priority) == [1])
    #expect(try VisualFormat.parse("[a(50@1000)]").map(\.priority) == [1000])
    #expect(try VisualFormat.parse("[a(50@999.5)]").map(\.priority) == [999.5])
    #expect(try VisualFormat.parse("[a(50@+750)]").map(\.priority) == [750])
  }

  @Test func defaultPriorityAppliesWhereNoneIsGiven() throws {
    #expect(
      try parsed("|-[a(50)]-(>=8@750)-[b]|", defaultPriority: 500) == [
        "a.leading == superview.leadingMargin @500",
        "a.width == 50 @500",
        "b.leading >= a.trailing + 8 @750",
        "superview.trailing == b.trailing @500",
      ])
  }

  // MARK: Orientation

  @Test func horizontalIsTheDefault() throws {
    let format = "|-10-[a(>=20)]-[b(==a)]-|"
    #expect(try VisualFormat.parse(format) == VisualFormat.parse("H:" + format))
  }

  @Test func orientationPicksTheAttributes() throws {
    let horizontal = try VisualFormat.parse("H:|-[a(20)]-[b]|")
    let vertical = try VisualFormat.parse("V:|-[a(20)]-[b]|")
    #expect(
      horizontal.map { [$0.first.attribute, $0.second?.attribute] } == [
        [.leading, .leadingMargin], [.width, nil], [.leading, .trailing], [.trailing, .trailing],
      ])
    #expect(
      vertical.map { [$0.first.attribute, $0.second?.attribute] } == [
        [.top, .topMargin], [.height, nil], [.top, .bottom], [.bottom, .bottom],
      ])
    // Every attribute lies on the orientation's axis.
    #expect(horizontal.allSatisfy { $0.first.attribute.axis == .horizontal })
    #expect(vertical.allSatisfy { $0.first.attribute.axis == .vertical })
  }

  // MARK: Output order

  @Test func outputFollowsTheText() throws {
    // Each connection where it stands, each view's sizes where they stand.
    #expect(
      try parsed("|-[a(50)]-[b(==a,>=20)]|") == [
        "a.leading == superview.leadingMargin @1000",
        "a.width == 50 @1000",
        "b.leading == a.trailing + 8 @1000",
        "b.width == a.width @1000",
        "b.width >= 20 @1000",
        "superview.trailing == b.trailing @1000",
      ])
    #expect(
      try parsed("[a(10)][b(20)]-(>=1,<=2)-[c(30)]") == [
        "a.width == 10 @1000",
        "b.leading == a.trailing @1000",
        "b.width == 20 @1000",
        "c.leading >= b.trailing + 1 @1000",
        "c.leading <= b.trailing + 2 @1000",
        "c.width == 30 @1000",
      ])
  }

  @Test func aLoneViewGivesOnlyItsSizes() throws {
    #expect(try VisualFormat.parse("[a]").isEmpty)
    #expect(try VisualFormat.parse("V:[a]").isEmpty)
    #expect(try parsed("[a(1,2)]") == ["a.width == 1 @1000", "a.width == 2 @1000"])
  }

  @Test func descriptionsReadLikeEquations() {
    let constraint = VFLConstraint(
      first: anchor("b", .top), relation: .greaterThanOrEqual, second: anchor("a", .bottom),
      constant: -2.5, priority: 750.5)
    #expect(constraint.description == "b.top >= a.bottom - 2.5 @750.5")
  }
}
