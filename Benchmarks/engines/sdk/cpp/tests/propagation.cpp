// The C++ SDK's test engine: the example engine of the Python SDK
// (Benchmarks/engines/propagation) written on the C++ one, so that the CLI tests take a
// C++ engine through the whole path of `bench run --engine`. Required equalities solved
// one variable at a time from scratch after every operation; anything else is skipped.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "../layoutbench_engine.hpp"

namespace {

using layoutbench::Json;

struct Row {
  std::vector<std::pair<int, double>> terms;
  double constant = 0;
};

class Propagation : public layoutbench::Engine {
 public:
  std::string name() const override { return "propagation-cpp"; }
  std::string version() const override { return "1.0"; }

  void prepare(const layoutbench::Case& c) override {
    names_.clear();
    index_.clear();
    initial_.clear();
    if (const Json* edits = c.document.find("edits"); edits && !edits->array().empty()) throw layoutbench::Skip("edit variables");
    for (const auto& entry : c.document.at("constraints").array()) initial_[entry.at("id").string()] = row(entry);
    for (const auto& operation : c.operations)
      for (const Json* step : operation.steps)
        for (const auto& kind : step->object()) {
          if (kind.first == "add")
            for (const auto& entry : kind.second.array()) row(entry);
          else if (kind.first != "setConstant" && kind.first != "remove")
            throw layoutbench::Skip("a step changes a priority or suggests a value (" + kind.first + ")");
        }
  }
  void build() override { rows_ = initial_; }
  void firstLayout() override { values_ = solve(); }
  void apply(const layoutbench::Operation& operation) override {
    auto before = rows_;
    for (const Json* step : operation.steps)
      for (const auto& kind : step->object()) {
        if (kind.first == "setConstant")
          for (const auto& entry : kind.second.object()) rows_.at(entry.first).constant = entry.second.number();
        else if (kind.first == "remove")
          for (const auto& id : kind.second.array()) rows_.erase(id.string());
        else
          for (const auto& entry : kind.second.array()) rows_[entry.at("id").string()] = row(entry);
      }
    try {
      values_ = solve();
    } catch (const layoutbench::Refused&) {
      rows_ = before;
      throw;
    }
  }
  void answers(std::vector<std::string>& names, std::vector<double>& values) override {
    names = names_;
    values = values_;
  }

 private:
  Row row(const Json& entry) {
    if ((entry.find("relation") && entry.at("relation").string() != "==") ||
        (entry.find("priority") && entry.at("priority").number() != 1000))
      throw layoutbench::Skip("constraint '" + entry.at("id").string() + "' is not a required equality");
    Row made;
    for (const auto& term : entry.at("terms").object()) {
      auto found = index_.find(term.first);
      int v = found != index_.end() ? found->second : static_cast<int>(names_.size());
      if (found == index_.end()) {
        index_[term.first] = v;
        names_.push_back(term.first);
      }
      made.terms.emplace_back(v, term.second.number());
    }
    if (const Json* constant = entry.find("constant")) made.constant = constant->number();
    return made;
  }
  std::vector<double> solve() const {
    size_t count = names_.size();
    std::vector<const Row*> rows;
    for (const auto& entry : rows_) rows.push_back(&entry.second);
    std::vector<bool> known(count, false);
    std::vector<double> values(count, 0);
    std::vector<size_t> unknown(rows.size());
    std::vector<std::vector<size_t>> uses(count);
    std::deque<size_t> ready;
    for (size_t r = 0; r < rows.size(); ++r) {
      unknown[r] = rows[r]->terms.size();
      for (const auto& term : rows[r]->terms) uses[term.first].push_back(r);
      if (unknown[r] <= 1) ready.push_back(r);
    }
    while (!ready.empty()) {
      size_t r = ready.front();
      ready.pop_front();
      double total = rows[r]->constant;
      int missing = -1;
      double coefficient = 0;
      for (const auto& term : rows[r]->terms) {
        if (known[term.first]) total += term.second * values[term.first];
        else { missing = term.first; coefficient = term.second; }
      }
      if (missing < 0) {
        if (std::fabs(total) > 1e-9 * (1 + std::fabs(rows[r]->constant))) throw layoutbench::Refused("a row does not hold");
        continue;
      }
      values[missing] = -total / coefficient;
      known[missing] = true;
      for (size_t other : uses[missing])
        if (--unknown[other] <= 1) ready.push_back(other);
    }
    for (size_t v = 0; v < count; ++v)
      if (!known[v]) throw layoutbench::Skip("'" + names_[v] + "' is not found one variable at a time");
    return values;
  }

  std::vector<std::string> names_;
  std::map<std::string, int> index_;
  std::map<std::string, Row> initial_, rows_;
  std::vector<double> values_;
};

}  // namespace

int main() {
  Propagation engine;
  return layoutbench::run(engine);
}
