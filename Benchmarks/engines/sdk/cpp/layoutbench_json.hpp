// JSON for the C++ side of `layoutbench.engine/1` (docs/engines.md): a value type, a
// strict parser (RFC 8259: no comments, no trailing commas, no NaN; duplicate keys kept in
// order) and a compact writer. Enough for the protocol's messages and the case files;
// header-only and standard C++17, so an engine needs nothing else.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace layoutbench {

struct JsonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Json {
 public:
  enum class Kind { null, boolean, number, string, array, object };
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;
  Json(std::nullptr_t) {}
  Json(bool value) : kind_(Kind::boolean), boolean_(value) {}
  Json(double value) : kind_(Kind::number), number_(value) {}
  Json(int value) : kind_(Kind::number), number_(value) {}
  Json(long value) : kind_(Kind::number), number_(static_cast<double>(value)) {}
  Json(long long value) : kind_(Kind::number), number_(static_cast<double>(value)) {}
  Json(unsigned long value) : kind_(Kind::number), number_(static_cast<double>(value)) {}
  Json(const char* value) : kind_(Kind::string), string_(value) {}
  Json(std::string value) : kind_(Kind::string), string_(std::move(value)) {}
  Json(Array value) : kind_(Kind::array), array_(std::make_shared<Array>(std::move(value))) {}
  Json(Object value) : kind_(Kind::object), object_(std::make_shared<Object>(std::move(value))) {}

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::null; }
  bool isNumber() const { return kind_ == Kind::number; }
  bool isString() const { return kind_ == Kind::string; }
  bool isArray() const { return kind_ == Kind::array; }
  bool isObject() const { return kind_ == Kind::object; }

  double number() const { expect(Kind::number, "a number"); return number_; }
  bool boolean() const { expect(Kind::boolean, "a boolean"); return boolean_; }
  const std::string& string() const { expect(Kind::string, "a string"); return string_; }
  const Array& array() const { expect(Kind::array, "an array"); return *array_; }
  const Object& object() const { expect(Kind::object, "an object"); return *object_; }
  Array& array() { expect(Kind::array, "an array"); return *array_; }
  Object& object() { expect(Kind::object, "an object"); return *object_; }

  // The member named `key`, or nullptr. O(members).
  const Json* find(const std::string& key) const {
    for (const auto& member : object()) {
      if (member.first == key) return &member.second;
    }
    return nullptr;
  }
  // The member named `key`; throws `JsonError` naming it when absent.
  const Json& at(const std::string& key) const {
    const Json* value = find(key);
    if (!value) throw JsonError("missing member '" + key + "'");
    return *value;
  }

  static Json parse(const std::string& text);
  std::string dump() const {
    std::string out;
    write(out);
    return out;
  }
  void write(std::string& out) const;

 private:
  void expect(Kind kind, const char* what) const {
    if (kind_ != kind) throw JsonError(std::string("expected ") + what);
  }

  Kind kind_ = Kind::null;
  bool boolean_ = false;
  double number_ = 0;
  std::string string_;
  std::shared_ptr<Array> array_;
  std::shared_ptr<Object> object_;
};

namespace detail {

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  Json document() {
    Json value = parseValue(0);
    skipSpace();
    if (at_ != text_.size()) fail("text after the value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw JsonError("JSON: " + what + " at byte " + std::to_string(at_));
  }
  void skipSpace() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) ++at_;
  }
  bool literal(const char* word) {
    size_t length = std::char_traits<char>::length(word);
    if (text_.compare(at_, length, word) != 0) return false;
    at_ += length;
    return true;
  }
  Json parseValue(int depth) {
    if (depth > 512) fail("nesting deeper than 512");
    skipSpace();
    if (at_ >= text_.size()) fail("end of text where a value was expected");
    char c = text_[at_];
    if (c == '{') return parseObject(depth);
    if (c == '[') return parseArray(depth);
    if (c == '"') return Json(parseString());
    if (literal("true")) return Json(true);
    if (literal("false")) return Json(false);
    if (literal("null")) return Json();
    return Json(parseNumber());
  }
  Json parseObject(int depth) {
    ++at_;
    Json::Object members;
    skipSpace();
    if (at_ < text_.size() && text_[at_] == '}') { ++at_; return Json(std::move(members)); }
    while (true) {
      skipSpace();
      if (at_ >= text_.size() || text_[at_] != '"') fail("expected a member name");
      std::string key = parseString();
      skipSpace();
      if (at_ >= text_.size() || text_[at_] != ':') fail("expected ':'");
      ++at_;
      members.emplace_back(std::move(key), parseValue(depth + 1));
      skipSpace();
      if (at_ < text_.size() && text_[at_] == ',') { ++at_; continue; }
      if (at_ < text_.size() && text_[at_] == '}') { ++at_; return Json(std::move(members)); }
      fail("expected ',' or '}'");
    }
  }
  Json parseArray(int depth) {
    ++at_;
    Json::Array elements;
    skipSpace();
    if (at_ < text_.size() && text_[at_] == ']') { ++at_; return Json(std::move(elements)); }
    while (true) {
      elements.push_back(parseValue(depth + 1));
      skipSpace();
      if (at_ < text_.size() && text_[at_] == ',') { ++at_; continue; }
      if (at_ < text_.size() && text_[at_] == ']') { ++at_; return Json(std::move(elements)); }
      fail("expected ',' or ']'");
    }
  }
  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("a short \\u escape");
    unsigned value = 0;
    for (int k = 0; k < 4; ++k) {
      char c = text_[at_++];
      value <<= 4;
      if (c >= '0' && c <= '9') value |= c - '0';
      else if (c >= 'a' && c <= 'f') value |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') value |= c - 'A' + 10;
      else fail("a bad \\u escape");
    }
    return value;
  }
  static void appendUTF8(std::string& out, unsigned code) {
    if (code < 0x80) out += static_cast<char>(code);
    else if (code < 0x800) { out += static_cast<char>(0xC0 | (code >> 6)); out += static_cast<char>(0x80 | (code & 0x3F)); }
    else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }
  std::string parseString() {
    ++at_;
    std::string out;
    while (true) {
      if (at_ >= text_.size()) fail("an unterminated string");
      char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
      if (c != '\\') { out += c; continue; }
      if (at_ >= text_.size()) fail("an unterminated escape");
      char e = text_[at_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xD800 && code < 0xDC00) {
            if (!literal("\\u")) fail("a lone surrogate");
            unsigned low = hex4();
            if (low < 0xDC00 || low >= 0xE000) fail("a lone surrogate");
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code < 0xE000) {
            fail("a lone surrogate");
          }
          appendUTF8(out, code);
          break;
        }
        default: fail("a bad escape");
      }
    }
  }
  double parseNumber() {
    size_t start = at_;
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    auto digits = [&] {
      size_t first = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ - first;
    };
    size_t integer = digits();
    if (integer == 0) fail("expected a value");
    if (integer > 1 && text_[start + (text_[start] == '-' ? 1 : 0)] == '0') fail("a number with a leading zero");
    if (at_ < text_.size() && text_[at_] == '.') { ++at_; if (digits() == 0) fail("a number without fraction digits"); }
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      if (digits() == 0) fail("a number without exponent digits");
    }
    double value = std::strtod(text_.substr(start, at_ - start).c_str(), nullptr);
    if (!std::isfinite(value)) fail("a number out of range");
    return value;
  }

  const std::string& text_;
  size_t at_ = 0;
};

inline void writeString(std::string& out, const std::string& value) {
  out += '"';
  for (unsigned char c : value) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

}  // namespace detail

inline Json Json::parse(const std::string& text) { return detail::Parser(text).document(); }

inline void Json::write(std::string& out) const {
  switch (kind_) {
    case Kind::null: out += "null"; break;
    case Kind::boolean: out += boolean_ ? "true" : "false"; break;
    case Kind::number: {
      if (!std::isfinite(number_)) throw JsonError("a non-finite number cannot be written");
      char buffer[32];
      if (number_ == std::floor(number_) && std::fabs(number_) < 1e15) {
        std::snprintf(buffer, sizeof buffer, "%.0f", number_);
      } else {
        std::snprintf(buffer, sizeof buffer, "%.17g", number_);
      }
      out += buffer;
      break;
    }
    case Kind::string: detail::writeString(out, string_); break;
    case Kind::array: {
      out += '[';
      for (size_t k = 0; k < array_->size(); ++k) {
        if (k) out += ',';
        (*array_)[k].write(out);
      }
      out += ']';
      break;
    }
    case Kind::object: {
      out += '{';
      for (size_t k = 0; k < object_->size(); ++k) {
        if (k) out += ',';
        detail::writeString(out, (*object_)[k].first);
        out += ':';
        (*object_)[k].second.write(out);
      }
      out += '}';
      break;
    }
  }
}

}  // namespace layoutbench
