// The engine side of `layoutbench.engine/1` (docs/engines.md) for engines written in C++:
// the protocol loop on standard input and output, the untimed check pass, warm-up and
// timed repetitions with std::chrono::steady_clock, every sample kept. The same rules as the
// Python SDK (Benchmarks/engines/sdk/layoutbench_engine.py), so the two time alike.
//
// An engine derives from `layoutbench::Engine` and returns `layoutbench::run(engine)` from
// main:
//   prepare(const Case&)     untimed: parse the case, make input objects (throw Skip when
//                            the engine cannot express it);
//   build()                  timed (build): a fresh solver or tree with everything added;
//   firstLayout()            timed (firstLayout): the first solve, every value read;
//   apply(const Operation&)  timed (one sample of its phase): the steps, one solve, every
//                            value read; throw Refused after undoing a refused step;
//   answers(names, values)   untimed: the current values (four per view for scenes).
// Optional: counters(), parameters(); binding() and precision() for the hello.
#pragma once

#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "layoutbench_json.hpp"

namespace layoutbench {

inline constexpr const char* protocolName = "layoutbench.engine/1";

// The engine cannot express the case; the message is the reason recorded.
struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The engine refused a step and undid it: the state's answer is null.
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Operation {
  std::string phase;
  std::vector<const Json*> steps;  // into Case::document
};

struct Case {
  std::string workload;
  int size = 0;
  double seed = 0;
  std::string input;
  Json document;
  std::vector<Operation> operations;

  // `build`, `firstLayout`, then each operation's phase as first met.
  std::vector<std::string> phases() const {
    std::vector<std::string> names = {"build", "firstLayout"};
    for (const auto& operation : operations) {
      bool seen = false;
      for (size_t k = 2; k < names.size(); ++k) seen = seen || names[k] == operation.phase;
      if (!seen) names.push_back(operation.phase);
    }
    return names;
  }
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual std::vector<std::string> inputs() const { return {"constraints"}; }
  virtual std::string language() const { return "C++"; }
  virtual std::string binding() const { return ""; }
  // "float32" for an engine computing in 32-bit floats (its answers are checked at a
  // tolerance of their own); empty when it does not say.
  virtual std::string precision() const { return ""; }

  virtual void prepare(const Case& c) = 0;
  virtual void build() = 0;
  virtual void firstLayout() = 0;
  virtual void apply(const Operation& operation) = 0;
  virtual void answers(std::vector<std::string>& names, std::vector<double>& values) = 0;
  // Per phase, per operation: {phase: {counter: value}}.
  virtual std::map<std::string, std::map<std::string, double>> counters() { return {}; }
  virtual std::vector<std::pair<std::string, std::string>> parameters() { return {}; }
};

// The document's `operations` extension as operations (each step its own operation of
// phase `step` without it); throws JsonError on a malformed member.
inline std::vector<Operation> readOperations(const Json& document) {
  std::vector<Operation> operations;
  const Json* steps = document.find("steps");
  size_t count = steps ? steps->array().size() : 0;
  const Json* listed = document.find("operations");
  if (!listed) {
    for (size_t k = 0; k < count; ++k) operations.push_back({"step", {&steps->array()[k]}});
    return operations;
  }
  size_t expected = 0;
  for (const auto& entry : listed->array()) {
    const auto& range = entry.at("steps").array();
    if (range.size() != 2) throw JsonError("operations: steps is not [start, end]");
    size_t start = static_cast<size_t>(range[0].number()), end = static_cast<size_t>(range[1].number());
    if (start != expected || end <= start || end > count) throw JsonError("operations do not cover the steps in order");
    Operation operation{entry.at("phase").string(), {}};
    for (size_t k = start; k < end; ++k) operation.steps.push_back(&steps->array()[k]);
    operations.push_back(std::move(operation));
    expected = end;
  }
  if (expected != count) throw JsonError("the operations do not cover every step");
  return operations;
}

namespace detail {

inline void send(const Json& message) {
  std::string line = message.dump();
  line += '\n';
  std::cout << line << std::flush;
}

inline double seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

struct OverLimit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline Json state(Engine& engine, std::vector<std::string>& names, bool first) {
  std::vector<std::string> stateNames;
  std::vector<double> values;
  engine.answers(stateNames, values);
  if (first) names = stateNames;
  else if (stateNames != names) throw std::runtime_error("answers name other variables or views in different states");
  Json::Array array;
  array.reserve(values.size());
  for (double value : values) {
    if (!std::isfinite(value)) throw std::runtime_error("an answer is not finite");
    array.emplace_back(value);
  }
  return Json(std::move(array));
}

inline Json measure(Engine& engine, const Case& c, int repetitions, int warmup, double budget, double limit) {
  double started = seconds();
  std::vector<std::string> names;
  Json::Array states;
  try {
    engine.prepare(c);
    send(Json::Object{{"message", "progress"}, {"text", "check pass"}});
    engine.build();
    engine.firstLayout();
    states.push_back(state(engine, names, true));
    for (size_t k = 0; k < c.operations.size(); ++k) {
      if (seconds() - started > limit) {
        std::ostringstream reason;
        reason << "one repetition runs over the case limit of " << limit << " s (the check pass was stopped in operation "
               << k << " (" << c.operations[k].phase << "))";
        throw OverLimit(reason.str());
      }
      try {
        engine.apply(c.operations[k]);
        states.push_back(state(engine, names, false));
      } catch (const Refused&) {
        states.emplace_back();
      }
    }
  } catch (const Skip& skip) {
    return Json::Object{{"message", "skipped"}, {"reason", skip.what()}};
  } catch (const OverLimit& over) {
    return Json::Object{{"message", "skipped"}, {"reason", over.what()}};
  } catch (const std::exception& error) {
    return Json::Object{{"message", "failed"}, {"error", error.what()}};
  }
  auto counters = engine.counters();
  std::vector<std::string> phases = c.phases();
  std::map<std::string, std::vector<double>> samples;
  using clock = std::chrono::steady_clock;
  auto nanoseconds = [](clock::duration d) { return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count()); };
  auto repetition = [&](bool keep) {
    auto start = clock::now();
    engine.build();
    auto built = clock::now();
    engine.firstLayout();
    auto laidOut = clock::now();
    if (keep) {
      samples["build"].push_back(nanoseconds(built - start));
      samples["firstLayout"].push_back(nanoseconds(laidOut - built));
    }
    for (const auto& operation : c.operations) {
      auto begin = clock::now();
      try {
        engine.apply(operation);
      } catch (const Refused&) {
      }
      if (keep) samples[operation.phase].push_back(nanoseconds(clock::now() - begin));
    }
  };
  int done = 0;
  try {
    for (int k = 0; k < warmup && (k == 0 || seconds() - started < budget / 2); ++k) {
      send(Json::Object{{"message", "progress"}, {"text", "warm-up " + std::to_string(k + 1) + "/" + std::to_string(warmup)}});
      repetition(false);
    }
    double timed = seconds();
    while (done < repetitions && (done == 0 || seconds() - timed < budget)) {
      send(Json::Object{{"message", "progress"}, {"text", "rep " + std::to_string(done + 1) + "/" + std::to_string(repetitions)}});
      repetition(true);
      ++done;
    }
  } catch (const std::exception& error) {
    return Json::Object{{"message", "failed"}, {"error", "repetition " + std::to_string(done + 1) + ": " + error.what()}};
  }
  Json::Array replyPhases;
  for (const auto& phase : phases) {
    int operations = 1;
    if (phase != "build" && phase != "firstLayout") {
      operations = 0;
      for (const auto& operation : c.operations) operations += operation.phase == phase;
    }
    Json::Array phaseSamples(samples[phase].begin(), samples[phase].end());
    Json::Object entry{{"name", phase}, {"operations", operations}, {"samplesNanoseconds", Json(std::move(phaseSamples))}};
    if (counters.count(phase)) {
      Json::Object figures;
      for (const auto& counter : counters[phase]) figures.emplace_back(counter.first, counter.second);
      entry.emplace_back("counters", Json(std::move(figures)));
    }
    replyPhases.emplace_back(std::move(entry));
  }
  Json::Array nameArray(names.begin(), names.end());
  Json::Object reply{
      {"message", "result"},
      {"repetitions", done},
      {"phases", Json(std::move(replyPhases))},
      {"answers", Json::Object{{"names", Json(std::move(nameArray))}, {"states", Json(std::move(states))}}},
  };
  auto parameters = engine.parameters();
  if (!parameters.empty()) {
    Json::Object facts;
    for (auto& parameter : parameters) facts.emplace_back(parameter.first, parameter.second);
    reply.emplace_back("parameters", Json(std::move(facts)));
  }
  return Json(std::move(reply));
}

}  // namespace detail

// Serves the runner until `bye` or the end of input. Returns the exit status: 0, or 2 after
// a message it cannot act on (reported on standard error).
inline int run(Engine& engine) {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      Json message = Json::parse(line);
      const std::string& kind = message.at("message").string();
      if (kind == "hello") {
        if (message.at("protocol").string() != protocolName) {
          throw JsonError("protocol " + message.at("protocol").string() + ", this SDK speaks " + protocolName);
        }
        Json::Array inputs;
        for (const auto& input : engine.inputs()) inputs.emplace_back(input);
        Json::Object hello{{"message", "hello"}, {"protocol", protocolName}, {"engine", engine.name()},
                           {"version", engine.version()}, {"inputs", Json(std::move(inputs))}, {"language", engine.language()}};
        if (!engine.binding().empty()) hello.emplace_back("binding", engine.binding());
        if (!engine.precision().empty()) hello.emplace_back("precision", engine.precision());
        detail::send(Json(std::move(hello)));
      } else if (kind == "case") {
        Case c;
        c.workload = message.at("workload").string();
        c.size = static_cast<int>(message.at("size").number());
        c.seed = message.at("seed").number();
        c.input = message.at("input").string();
        std::ifstream file(message.at("file").string());
        if (!file) throw JsonError("the case file " + message.at("file").string() + " cannot be read");
        std::stringstream text;
        text << file.rdbuf();
        c.document = Json::parse(text.str());
        c.operations = readOperations(c.document);
        int repetitions = static_cast<int>(message.at("repetitions").number());
        int warmup = static_cast<int>(message.at("warmup").number());
        double budget = message.at("timeBudgetSeconds").number(), limit = message.at("caseLimitSeconds").number();
        if (repetitions < 1 || warmup < 0 || !(budget > 0) || !(limit > 0)) throw JsonError("bad case settings");
        bool reads = false;
        for (const auto& input : engine.inputs()) reads = reads || input == c.input;
        if (!reads) {
          detail::send(Json::Object{{"message", "skipped"}, {"reason", engine.name() + " does not read " + c.input + " input"}});
          continue;
        }
        detail::send(detail::measure(engine, c, repetitions, warmup, budget, limit));
      } else if (kind == "bye") {
        return 0;
      } else {
        throw JsonError("unknown message '" + kind + "'");
      }
    } catch (const JsonError& error) {
      std::cerr << "error: " << error.what() << std::endl;
      return 2;
    }
  }
  return 0;
}

}  // namespace layoutbench
