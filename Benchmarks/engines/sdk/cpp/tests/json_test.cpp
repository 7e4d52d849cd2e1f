// The C++ SDK's JSON: what it accepts, what it refuses, and that writing round trips.
// Exits 0 when every check holds, else prints the failed ones and exits 1.
#include <cstdio>
#include <string>

#include "../layoutbench_json.hpp"

using layoutbench::Json;
using layoutbench::JsonError;

static int failures = 0;

static void check(bool condition, const char* what) {
  if (!condition) {
    std::printf("failed: %s\n", what);
    ++failures;
  }
}

static bool refuses(const std::string& text) {
  try {
    Json::parse(text);
    return false;
  } catch (const JsonError&) {
    return true;
  }
}

int main() {
  Json value = Json::parse(R"( {"a": [1, -2.5e3, true, null, "x\u00e9\ud83d\ude00\n"], "b": {}, "a": 0} )");
  check(value.object().size() == 3, "duplicate keys are kept in order");
  check(value.at("a").array()[1].number() == -2500, "exponents");
  check(value.at("a").array()[4].string() == "x\xc3\xa9\xf0\x9f\x98\x80\n", "escapes and surrogate pairs");
  check(value.find("missing") == nullptr, "find returns null for a missing member");
  check(Json::parse(value.dump()).dump() == value.dump(), "writing round trips");
  check(Json(Json::Object{{"s", "q\"\\\x01"}, {"n", 0.1}, {"i", 3}}).dump() == "{\"s\":\"q\\\"\\\\\\u0001\",\"n\":0.10000000000000001,\"i\":3}",
        "strings are escaped, numbers keep every digit");
  const char* bad[] = {"", "[1,]", "{\"a\" 1}", "NaN", "01", "1.", "\"\\x\"", "\"\\ud800\"", "[1] 2", "{'a': 1}", "\"a\tb\"", "1e999"};
  for (const char* text : bad) {
    if (!refuses(text)) {
      std::printf("failed: accepted %s\n", text);
      ++failures;
    }
  }
  bool threw = false;
  try {
    (void)value.at("b").number();
  } catch (const JsonError&) {
    threw = true;
  }
  check(threw, "reading the wrong kind throws");
  return failures == 0 ? 0 : 1;
}
