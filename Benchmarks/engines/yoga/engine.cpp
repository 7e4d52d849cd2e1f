// Yoga (Meta's flexbox engine; headers and libyogacore.a from the pyyoga wheel) as an
// outside engine: flexbox trees (docs/flexbox.md, `layoutbench.flex/1`) through the C++
// SDK (docs/engines.md), no binding between the clock and the engine.
//
// Prepared outside the clock: every node's style, parsed. Timed: `build` is a new tree
// (every node created with its style and inserted in its parent); `firstLayout` is
// YGNodeCalculateLayout and every node's layout read; an operation is its steps (the
// root's new size), YGNodeCalculateLayout and every node's layout read. A repetition's
// tree is freed when the next case is prepared, outside the clock.
//
// Yoga's own defaults differ from the format's (it lays out in columns, items do not
// shrink); every style field of the format is set on every node, so none applies. The
// config's point scale factor is 0: Yoga does not round positions and sizes to a pixel
// grid, and the experimental WebFlexBasis feature is on (below). Yoga computes in 32-bit floats, so its answers are within about 1e-7 of the
// value's magnitude, inside the check's tolerance (docs/flexbox.md, "Precision").
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <yoga/Yoga.h>

#include "../sdk/cpp/layoutbench_engine.hpp"

namespace {

using layoutbench::Json;

// A length of the format: points, a percentage, or absent (auto, none).
struct Length {
  enum Kind { absent, points, percent } kind = absent;
  float value = 0;
};

Length readLength(const Json& node, const std::string& key) {
  const Json* value = node.find(key);
  if (!value) return {};
  if (value->isNumber()) return {Length::points, static_cast<float>(value->number())};
  const std::string& text = value->string();
  if (text.empty() || text.back() != '%') throw layoutbench::JsonError(key + ": expected a number or \"N%\", found \"" + text + "\"");
  return {Length::percent, std::stof(text.substr(0, text.size() - 1))};
}

float readNumber(const Json& node, const std::string& key, float fallback) {
  const Json* value = node.find(key);
  return value ? static_cast<float>(value->number()) : fallback;
}

std::string readText(const Json& node, const std::string& key, const std::string& fallback) {
  const Json* value = node.find(key);
  return value ? value->string() : fallback;
}

YGAlign readAlign(const Json& node, const std::string& key, const std::string& fallback) {
  static const std::map<std::string, YGAlign> names = {
      {"auto", YGAlignAuto}, {"flex-start", YGAlignFlexStart}, {"center", YGAlignCenter},
      {"flex-end", YGAlignFlexEnd}, {"stretch", YGAlignStretch}};
  std::string text = readText(node, key, fallback);
  auto found = names.find(text);
  if (found == names.end()) throw layoutbench::JsonError(key + ": unknown alignment \"" + text + "\"");
  return found->second;
}

// One node's style as the format gives it, every field resolved to its default.
struct Spec {
  std::string id;
  int parent = -1;
  bool displayed = true;
  YGFlexDirection direction = YGFlexDirectionRow;
  YGJustify justify = YGJustifyFlexStart;
  YGAlign alignItems = YGAlignStretch, alignSelf = YGAlignAuto;
  float gap = 0, padding[4] = {0, 0, 0, 0};  // top, left, bottom, right
  bool absolute = false;
  Length inset[4];                            // top, left, bottom, right
  Length width, height, maxWidth, maxHeight, basis;
  float minWidth = 0, minHeight = 0, grow = 0, shrink = 0;
};

Spec readSpec(const Json& node, const std::map<std::string, int>& index) {
  Spec spec;
  spec.id = node.at("id").string();
  if (const Json* parent = node.find("parent")) {
    auto found = index.find(parent->string());
    if (found == index.end()) throw layoutbench::JsonError("node " + spec.id + ": parent " + parent->string() + " is not listed before it");
    spec.parent = found->second;
  }
  spec.displayed = readText(node, "display", "flex") != "none";
  std::string direction = readText(node, "direction", "row");
  if (direction == "row") spec.direction = YGFlexDirectionRow;
  else if (direction == "row-reverse") spec.direction = YGFlexDirectionRowReverse;
  else if (direction == "column") spec.direction = YGFlexDirectionColumn;
  else throw layoutbench::JsonError("node " + spec.id + ": unknown direction \"" + direction + "\"");
  std::string justify = readText(node, "justifyContent", "flex-start");
  if (justify == "flex-start") spec.justify = YGJustifyFlexStart;
  else if (justify == "space-between") spec.justify = YGJustifySpaceBetween;
  else throw layoutbench::JsonError("node " + spec.id + ": unknown justifyContent \"" + justify + "\"");
  spec.alignItems = readAlign(node, "alignItems", "stretch");
  spec.alignSelf = readAlign(node, "alignSelf", "auto");
  spec.gap = readNumber(node, "gap", 0);
  if (const Json* padding = node.find("padding"))
    for (int k = 0; k < 4; ++k) spec.padding[k] = static_cast<float>(padding->array().at(k).number());
  spec.absolute = readText(node, "position", "relative") == "absolute";
  const char* sides[4] = {"top", "left", "bottom", "right"};
  for (int k = 0; k < 4; ++k) spec.inset[k] = readLength(node, sides[k]);
  spec.width = readLength(node, "width");
  spec.height = readLength(node, "height");
  spec.maxWidth = readLength(node, "maxWidth");
  spec.maxHeight = readLength(node, "maxHeight");
  spec.basis = readLength(node, "basis");
  spec.minWidth = readNumber(node, "minWidth", 0);
  spec.minHeight = readNumber(node, "minHeight", 0);
  spec.grow = readNumber(node, "grow", 0);
  spec.shrink = readNumber(node, "shrink", 0);
  return spec;
}

void setSize(YGNodeRef n, const Length& length, void (*points)(YGNodeRef, float), void (*percent)(YGNodeRef, float),
             void (*automatic)(YGNodeRef)) {
  if (length.kind == Length::points) points(n, length.value);
  else if (length.kind == Length::percent) percent(n, length.value);
  else automatic(n);
}

// A maximum: Yoga has no "none" setter; NaN (YGUndefined) is none.
void setMaximum(YGNodeRef n, const Length& length, void (*points)(YGNodeRef, float), void (*percent)(YGNodeRef, float)) {
  if (length.kind == Length::percent) percent(n, length.value);
  else points(n, length.kind == Length::points ? length.value : YGUndefined);
}

void applyStyle(YGNodeRef n, const Spec& s) {
  YGNodeStyleSetDisplay(n, s.displayed ? YGDisplayFlex : YGDisplayNone);
  YGNodeStyleSetFlexDirection(n, s.direction);
  YGNodeStyleSetJustifyContent(n, s.justify);
  YGNodeStyleSetAlignItems(n, s.alignItems);
  YGNodeStyleSetAlignSelf(n, s.alignSelf);
  YGNodeStyleSetAlignContent(n, YGAlignFlexStart);
  YGNodeStyleSetFlexWrap(n, YGWrapNoWrap);
  YGNodeStyleSetGap(n, YGGutterAll, s.gap);
  const YGEdge edges[4] = {YGEdgeTop, YGEdgeLeft, YGEdgeBottom, YGEdgeRight};
  for (int k = 0; k < 4; ++k) {
    YGNodeStyleSetPadding(n, edges[k], s.padding[k]);
    if (s.inset[k].kind == Length::points) YGNodeStyleSetPosition(n, edges[k], s.inset[k].value);
    else if (s.inset[k].kind == Length::percent) YGNodeStyleSetPositionPercent(n, edges[k], s.inset[k].value);
    else YGNodeStyleSetPositionAuto(n, edges[k]);
  }
  YGNodeStyleSetPositionType(n, s.absolute ? YGPositionTypeAbsolute : YGPositionTypeRelative);
  setSize(n, s.width, YGNodeStyleSetWidth, YGNodeStyleSetWidthPercent, YGNodeStyleSetWidthAuto);
  setSize(n, s.height, YGNodeStyleSetHeight, YGNodeStyleSetHeightPercent, YGNodeStyleSetHeightAuto);
  setSize(n, s.basis, YGNodeStyleSetFlexBasis, YGNodeStyleSetFlexBasisPercent, YGNodeStyleSetFlexBasisAuto);
  YGNodeStyleSetMinWidth(n, s.minWidth);
  YGNodeStyleSetMinHeight(n, s.minHeight);
  setMaximum(n, s.maxWidth, YGNodeStyleSetMaxWidth, YGNodeStyleSetMaxWidthPercent);
  setMaximum(n, s.maxHeight, YGNodeStyleSetMaxHeight, YGNodeStyleSetMaxHeightPercent);
  YGNodeStyleSetFlexGrow(n, s.grow);
  YGNodeStyleSetFlexShrink(n, s.shrink);
}

class YogaEngine : public layoutbench::Engine {
 public:
  YogaEngine() : config_(YGConfigNew()) {
    // 0: no rounding to a pixel grid (the reference's frames are not rounded).
    YGConfigSetPointScaleFactor(config_, 0);
    // A flex basis recomputed on every layout, as CSS does. Without it Yoga keeps an item's
    // basis from an earlier layout: after a resize of stack.nested a row kept a column's
    // stale content height (111 for 114.5) where a fresh tree gives the new one.
    YGConfigSetExperimentalFeatureEnabled(config_, YGExperimentalFeatureWebFlexBasis, true);
  }
  ~YogaEngine() override {
    retire();
    freeRetired();
    YGConfigFree(config_);
  }
  std::string name() const override { return "yoga"; }
  std::string version() const override { return "pyyoga " PYYOGA_VERSION; }
  std::vector<std::string> inputs() const override { return {"flex"}; }
  std::string precision() const override { return "float32"; }

  void prepare(const layoutbench::Case& c) override {
    retire();
    freeRetired();
    specs_.clear();
    sizes_.clear();
    index_.clear();
    std::map<std::string, int> byId;
    for (const auto& node : c.document.at("nodes").array()) {
      Spec spec = readSpec(node, byId);
      if (byId.count(spec.id)) throw layoutbench::JsonError("node " + spec.id + " is listed twice");
      if ((spec.parent < 0) != specs_.empty()) throw layoutbench::JsonError("node " + spec.id + ": exactly the first node is the root");
      byId[spec.id] = static_cast<int>(specs_.size());
      specs_.push_back(spec);
    }
    if (specs_.empty()) throw layoutbench::JsonError("no nodes");
    answered_.clear();
    std::vector<bool> shown(specs_.size());
    for (size_t k = 0; k < specs_.size(); ++k) {
      shown[k] = specs_[k].displayed && (specs_[k].parent < 0 || shown[specs_[k].parent]);
      if (shown[k]) answered_.push_back(static_cast<int>(k));
    }
    for (size_t k = 0; k < c.operations.size(); ++k) {
      index_[&c.operations[k]] = k;
      std::vector<std::pair<float, float>> sizes;
      for (const Json* step : c.operations[k].steps) {
        const Json* size = step->find("setRootSize");
        if (!size || step->object().size() != 1) throw layoutbench::Skip("a step other than setRootSize");
        sizes.emplace_back(static_cast<float>(size->array().at(0).number()), static_cast<float>(size->array().at(1).number()));
      }
      sizes_.push_back(std::move(sizes));
    }
    values_.assign(4 * answered_.size(), 0);
  }

  void build() override {
    retire();
    nodes_.resize(specs_.size());
    for (size_t k = 0; k < specs_.size(); ++k) {
      YGNodeRef node = YGNodeNewWithConfig(config_);
      applyStyle(node, specs_[k]);
      if (specs_[k].parent >= 0) {
        YGNodeRef parent = nodes_[specs_[k].parent];
        YGNodeInsertChild(parent, node, YGNodeGetChildCount(parent));
      }
      nodes_[k] = node;
    }
  }
  void firstLayout() override { layout(); }
  void apply(const layoutbench::Operation& operation) override {
    for (const auto& size : sizes_[index_.at(&operation)]) {
      YGNodeStyleSetWidth(nodes_[0], size.first);
      YGNodeStyleSetHeight(nodes_[0], size.second);
    }
    layout();
  }
  void answers(std::vector<std::string>& names, std::vector<double>& values) override {
    names.clear();
    for (int k : answered_) names.push_back(specs_[k].id);
    values = values_;
  }
  std::vector<std::pair<std::string, std::string>> parameters() override {
    return {{"yoga.pointScaleFactor", "0 (no rounding)"}, {"yoga.webFlexBasis", "on"}};
  }

 private:
  void layout() {
    YGNodeCalculateLayout(nodes_[0], YGUndefined, YGUndefined, YGDirectionLTR);
    size_t at = 0;
    for (int k : answered_) {
      YGNodeConstRef node = nodes_[k];
      values_[at++] = YGNodeLayoutGetLeft(node);
      values_[at++] = YGNodeLayoutGetTop(node);
      values_[at++] = YGNodeLayoutGetWidth(node);
      values_[at++] = YGNodeLayoutGetHeight(node);
    }
  }
  // The previous repetition's tree is kept until the next case so that freeing it is
  // never inside a timed phase.
  void retire() {
    if (!nodes_.empty()) retired_.push_back(nodes_[0]);
    nodes_.clear();
  }
  void freeRetired() {
    for (YGNodeRef root : retired_) YGNodeFreeRecursive(root);
    retired_.clear();
  }

  YGConfigRef config_;
  std::vector<Spec> specs_;
  std::vector<int> answered_;
  std::vector<YGNodeRef> nodes_;
  std::vector<YGNodeRef> retired_;
  std::vector<std::vector<std::pair<float, float>>> sizes_;
  std::map<const layoutbench::Operation*, size_t> index_;
  std::vector<double> values_;
};

}  // namespace

int main() {
  YogaEngine engine;
  return layoutbench::run(engine);
}
