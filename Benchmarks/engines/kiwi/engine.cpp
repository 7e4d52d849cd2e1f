// kiwi (the C++ solver behind kiwisolver, headers from kiwisolver's source distribution)
// as an outside engine: constraint systems (formats.md section 1) through the C++ SDK
// (docs/engines.md), no binding between the clock and the solver.
//
// Prepared outside the clock: every kiwi::Variable and kiwi::Constraint, and the list of
// solver calls for the build and for each operation. Timed: `build` is a new solver and
// the set-up calls; `firstLayout` is updateVariables() and every value read; an operation
// is its calls, updateVariables() and every value read.
//
// The format onto kiwi, as kiwisolver's peer maps it (Benchmarks/README.md, "kiwi"):
// * Priorities. kiwi weighs strengths instead of ranking levels strictly. The distinct
//   optional priorities of the file (constraints, adds, setPriority targets, edits) are
//   ranked and spread geometrically from kiwi's `weak` (1) to a tenth of `strong` (1e5);
//   one optional priority maps to `medium`; 1000 stays `required`. Spreading the levels
//   present keeps adjacent levels as far apart as the range allows (a factor 2.6 for the
//   13 levels of a stack); a linear map makes 250 and 251 differ by 0.4 % and gives other
//   frames than strict priorities.
// * setConstant. kiwi cannot change a constant in place; what its maintainers recommend
//   for values an application drives is an edit variable. An initial single-variable
//   equality `a·x + c == 0` whose constant a step changes, and that no step removes, adds
//   or re-prioritises, becomes an edit variable on x (one per variable, not on an edit
//   variable of the file) moved with suggestValue(x, −c/a): optional ones in mode `edit`
//   (the default), required ones too in `edit-all` (at `strong`: kiwi refuses required
//   edits, so that is kiwi's idiom, not the same system), none in `readd`. Every other
//   constant change, and every setPriority, removes the constraint and adds it changed.
// * suggest is suggestValue; the file's edit variables are added first, held at 0 until
//   suggested.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <kiwi/kiwi.h>

#include "../sdk/cpp/layoutbench_engine.hpp"

namespace {

using layoutbench::Json;

struct Row {
  std::string id;
  std::vector<std::pair<std::string, double>> terms;
  double constant = 0;
  kiwi::RelationalOperator relation = kiwi::OP_EQ;
  double priority = 1000;
};

Row readRow(const Json& entry) {
  Row row;
  row.id = entry.at("id").string();
  for (const auto& term : entry.at("terms").object()) row.terms.emplace_back(term.first, term.second.number());
  if (const Json* constant = entry.find("constant")) row.constant = constant->number();
  if (const Json* priority = entry.find("priority")) row.priority = priority->number();
  std::string relation = entry.find("relation") ? entry.at("relation").string() : "==";
  row.relation = relation == "<=" ? kiwi::OP_LE : relation == ">=" ? kiwi::OP_GE : kiwi::OP_EQ;
  return row;
}

// Optional priorities ranked and spread geometrically (the file's header).
class Strengths {
 public:
  explicit Strengths(const std::vector<double>& priorities) {
    std::set<double> optional;
    for (double p : priorities)
      if (p < 1000) optional.insert(p);
    levels_.assign(optional.begin(), optional.end());
  }
  double of(double priority) const {
    if (priority >= 1000) return kiwi::strength::required;
    if (levels_.size() == 1) return kiwi::strength::medium;
    size_t rank = std::lower_bound(levels_.begin(), levels_.end(), priority) - levels_.begin();
    double weakest = kiwi::strength::weak, strongest = kiwi::strength::strong / 10;
    return weakest * std::pow(10.0, std::log10(strongest / weakest) * rank / (levels_.size() - 1));
  }
  std::string describe() const {
    if (levels_.empty()) return "no optional priority";
    if (levels_.size() == 1) return "one optional priority, medium";
    return std::to_string(levels_.size()) + " optional priorities ranked from weak (1) to 1e5";
  }

 private:
  std::vector<double> levels_;
};

using Call = std::function<void(kiwi::Solver&)>;

class Kiwi : public layoutbench::Engine {
 public:
  explicit Kiwi(std::string mode) : mode_(std::move(mode)) {}
  std::string name() const override { return mode_ == "edit" ? "kiwi" : "kiwi-" + mode_; }
  std::string version() const override { return KIWI_VERSION; }

  void prepare(const layoutbench::Case& c) override {
    const Json& document = c.document;
    variables_.clear();
    names_.clear();
    order_.clear();
    readded_.clear();
    build_.clear();
    operations_.clear();
    std::vector<Row> initial;
    for (const auto& entry : document.at("constraints").array()) initial.push_back(readRow(entry));
    std::vector<std::pair<std::string, double>> edits;
    if (const Json* list = document.find("edits"))
      for (const auto& edit : list->array()) edits.emplace_back(edit.at("variable").string(), edit.at("priority").number());
    std::vector<double> priorities;
    for (const auto& row : initial) priorities.push_back(row.priority);
    for (const auto& edit : edits) priorities.push_back(edit.second);
    std::set<std::string> changed, untouchable;
    for (const auto& operation : c.operations)
      for (const Json* step : operation.steps)
        for (const auto& kind : step->object()) {
          if (kind.first == "add")
            for (const auto& entry : kind.second.array()) {
              Row row = readRow(entry);
              priorities.push_back(row.priority);
              untouchable.insert(row.id);
            }
          else if (kind.first == "setPriority")
            for (const auto& entry : kind.second.object()) {
              priorities.push_back(entry.second.number());
              untouchable.insert(entry.first);
            }
          else if (kind.first == "remove")
            for (const auto& id : kind.second.array()) untouchable.insert(id.string());
          else if (kind.first == "setConstant")
            for (const auto& entry : kind.second.object()) changed.insert(entry.first);
        }
    Strengths strengths(priorities);
    strengths_ = strengths.describe();

    // Edit variables for the constant changes that can be one (the file's header).
    std::set<std::string> taken;
    for (const auto& edit : edits) taken.insert(edit.first);
    std::map<std::string, std::pair<std::string, double>> editOf;  // constraint id -> (variable, coefficient)
    for (const auto& row : initial) {
      if (mode_ == "readd" || !changed.count(row.id) || untouchable.count(row.id) || editOf.count(row.id)) continue;
      if (row.relation != kiwi::OP_EQ || row.terms.size() != 1 || (row.priority >= 1000 && mode_ != "edit-all")) continue;
      const auto& term = row.terms[0];
      if (term.second == 0 || taken.count(term.first)) continue;
      taken.insert(term.first);
      editOf[row.id] = term;
    }
    edits_ = editOf.size();

    auto variable = [&](const std::string& name) -> kiwi::Variable& {
      auto found = variables_.find(name);
      if (found != variables_.end()) return found->second;
      names_.push_back(name);
      return variables_.emplace(name, kiwi::Variable(name)).first->second;
    };
    auto constraint = [&](const Row& row) {
      std::vector<kiwi::Term> terms;
      for (const auto& term : row.terms) terms.emplace_back(variable(term.first), term.second);
      return kiwi::Constraint(kiwi::Expression(std::move(terms), row.constant), row.relation, strengths.of(row.priority));
    };
    std::map<std::string, Row> rows;
    std::map<std::string, kiwi::Constraint> live;
    for (const auto& edit : edits) {
      kiwi::Variable& v = variable(edit.first);
      double strength = strengths.of(edit.second);
      build_.push_back([v, strength](kiwi::Solver& s) { s.addEditVariable(v, strength); });
    }
    for (const auto& row : initial) {
      rows[row.id] = row;
      if (editOf.count(row.id)) continue;
      kiwi::Constraint made = constraint(row);
      live[row.id] = made;
      build_.push_back([made](kiwi::Solver& s) { s.addConstraint(made); });
    }
    for (const auto& row : initial) {
      auto found = editOf.find(row.id);
      if (found == editOf.end()) continue;
      kiwi::Variable& v = variable(found->second.first);
      double strength = row.priority >= 1000 ? kiwi::strength::strong : strengths.of(row.priority);
      double value = -row.constant / found->second.second;
      build_.push_back([v, strength, value](kiwi::Solver& s) {
        s.addEditVariable(v, strength);
        s.suggestValue(v, value);
      });
    }
    for (const auto& operation : c.operations) {
      std::vector<Call> calls;
      for (const Json* step : operation.steps)
        for (const auto& kind : step->object()) {
          if (kind.first == "add") {
            for (const auto& entry : kind.second.array()) {
              Row row = readRow(entry);
              rows[row.id] = row;
              kiwi::Constraint made = constraint(row);
              live[row.id] = made;
              calls.push_back([made](kiwi::Solver& s) { s.addConstraint(made); });
            }
          } else if (kind.first == "remove") {
            for (const auto& id : kind.second.array()) {
              kiwi::Constraint gone = live.at(id.string());
              live.erase(id.string());
              calls.push_back([gone](kiwi::Solver& s) { s.removeConstraint(gone); });
            }
          } else if (kind.first == "suggest") {
            for (const auto& entry : kind.second.object()) {
              kiwi::Variable& v = variable(entry.first);
              double value = entry.second.number();
              calls.push_back([v, value](kiwi::Solver& s) { s.suggestValue(v, value); });
            }
          } else {
            // setConstant and setPriority: edit variables move in place; the rest is
            // removed, then added back changed, as one change.
            std::vector<std::string> readd;
            for (const auto& entry : kind.second.object()) {
              Row& row = rows.at(entry.first);
              if (kind.first == "setConstant") row.constant = entry.second.number();
              else row.priority = entry.second.number();
              auto edit = editOf.find(entry.first);
              if (kind.first == "setConstant" && edit != editOf.end()) {
                kiwi::Variable& v = variable(edit->second.first);
                double value = -row.constant / edit->second.second;
                calls.push_back([v, value](kiwi::Solver& s) { s.suggestValue(v, value); });
              } else {
                readd.push_back(entry.first);
                if (kind.first == "setConstant") readded_.insert(entry.first);
              }
            }
            for (const auto& id : readd) {
              kiwi::Constraint gone = live.at(id);
              calls.push_back([gone](kiwi::Solver& s) { s.removeConstraint(gone); });
            }
            for (const auto& id : readd) {
              kiwi::Constraint made = constraint(rows.at(id));
              live[id] = made;
              calls.push_back([made](kiwi::Solver& s) { s.addConstraint(made); });
            }
          }
        }
      operations_.push_back(std::move(calls));
    }
    for (const auto& name : names_) order_.push_back(&variables_.at(name));
    values_.assign(order_.size(), 0);
    index_.clear();
    for (size_t k = 0; k < c.operations.size(); ++k) index_[&c.operations[k]] = k;
  }

  void build() override {
    solver_.reset();
    for (const auto& call : build_) call(solver_);
  }
  void firstLayout() override { read(); }
  void apply(const layoutbench::Operation& operation) override {
    for (const auto& call : operations_[index_.at(&operation)]) call(solver_);
    read();
  }
  void answers(std::vector<std::string>& names, std::vector<double>& values) override {
    names = names_;
    values = values_;
  }
  std::vector<std::pair<std::string, std::string>> parameters() override {
    return {{"kiwi.setConstant", mode_},
            {"kiwi.editVariables", std::to_string(edits_)},
            {"kiwi.readdedConstants", std::to_string(readded_.size())},
            {"kiwi.priorities", strengths_}};
  }

 private:
  void read() {
    solver_.updateVariables();
    for (size_t k = 0; k < order_.size(); ++k) values_[k] = order_[k]->value();
  }

  std::string mode_;
  kiwi::Solver solver_;
  std::map<std::string, kiwi::Variable> variables_;
  std::vector<std::string> names_;
  std::vector<kiwi::Variable*> order_;
  std::vector<double> values_;
  std::vector<Call> build_;
  std::vector<std::vector<Call>> operations_;
  std::map<const layoutbench::Operation*, size_t> index_;
  std::set<std::string> readded_;
  size_t edits_ = 0;
  std::string strengths_;
};

}  // namespace

int main(int argc, char** argv) {
  std::string mode = "edit";
  for (int k = 1; k + 1 < argc; k += 2) {
    if (std::string(argv[k]) == "--set-constant") mode = argv[k + 1];
  }
  if (mode != "edit" && mode != "edit-all" && mode != "readd") {
    std::cerr << "error: --set-constant takes edit, edit-all or readd, not " << mode << std::endl;
    return 64;
  }
  Kiwi engine(mode);
  return layoutbench::run(engine);
}
