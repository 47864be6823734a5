// The streaming bounds check of core/json_bounds.hpp (deep nesting would otherwise exhaust the recursive parser's stack).
#include "lgvci/core/json_bounds.hpp"

#include <cstdio>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using nlohmann::json;


// A streaming (SAX) pass over the text that enforces the limits of config.hpp before any tree is
// built: nlohmann's parser itself is iterative, but its DOM's destructor recurses, and so would
// everything that walks the tree. It also catches what the DOM would hide (a duplicate key keeps
// the last value silently) and names the path of the offending value.
class BoundsChecker final : public nlohmann::json_sax<json> {
 public:
  std::string field, rule;  // set when the pass stops

  bool null() override { return scalar(); }
  bool boolean(bool) override { return scalar(); }
  bool number_integer(number_integer_t) override { return scalar(); }
  bool number_unsigned(number_unsigned_t) override { return scalar(); }
  bool number_float(number_float_t, const string_t&) override { return scalar(); }
  bool string(string_t&) override { return scalar(); }
  bool binary(binary_t&) override { return scalar(); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_object() override { stack_.pop_back(); return true; }
  bool end_array() override { stack_.pop_back(); return true; }
  bool key(string_t& k) override {
    Frame& f = stack_.back();
    f.awaitingValue = true;
    f.key = keyName(k);
    if (!f.keys.insert(k).second) return fail(join(f.path, f.key), "duplicate key");
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    std::string what = e.what();
    if (what.find("ill-formed UTF-8") != std::string::npos) {  // name the string's field, in our words
      if (stack_.empty()) return fail("config", "is not valid UTF-8");
      const Frame& f = stack_.back();
      if (f.array) return fail(f.path + "[" + std::to_string(f.count) + "]", "is not valid UTF-8");
      if (f.awaitingValue) return fail(join(f.path, f.key), "is not valid UTF-8");
      return fail(f.path.empty() ? "config" : f.path, "has a key that is not valid UTF-8");
    }
    const size_t bracket = what.find("] ");
    if (what.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos) what = what.substr(bracket + 2);
    if (what.find(" at line ") == std::string::npos) what += " at byte " + std::to_string(position);
    return fail("config", "is not valid JSON: " + printable(what));
  }

 private:
  struct Frame {
    bool array = false;
    std::size_t count = 0;
    std::set<std::string> keys;
    std::string path, key;
    bool awaitingValue = false;  // a key was read, its value not yet
  };
  std::vector<Frame> stack_;

  static std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
  bool fail(std::string f, std::string r) {
    field = std::move(f);
    rule = std::move(r);
    return false;
  }
  // A value starts: check the enclosing array's length; `path` receives the value's own path.
  bool element(std::string& path) {
    if (stack_.empty()) return fail("config", "must be a JSON object");
    Frame& f = stack_.back();
    if (!f.array) {
      f.awaitingValue = false;
      path = join(f.path, f.key);
      return true;
    }
    if (f.count >= kMaxJsonArray) return fail(f.path, "more than " + std::to_string(kMaxJsonArray) + " elements");
    path = f.path + "[" + std::to_string(f.count++) + "]";
    return true;
  }
  bool scalar() {
    std::string path;
    return element(path);
  }
  bool open(bool array) {
    std::string path;
    if (stack_.empty() && !array) {  // the top-level object
      stack_.push_back(Frame{});
      return true;
    }
    if (!element(path)) return false;
    if (static_cast<int>(stack_.size()) >= kMaxJsonDepth)
      return fail(path, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    Frame f;
    f.array = array;
    f.path = path;
    stack_.push_back(std::move(f));
    return true;
  }
};

}  // namespace

std::string keyName(const std::string& k) {
  const bool blankEnds = k.empty() || k.front() == ' ' || k.back() == ' ';  // "" or " x " must stay visible
  return blankEnds ? "\"" + printable(k) + "\"" : printable(k);
}

bool isValidUtf8(const std::string& s) {
  // RFC 3629: no overlong forms, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF.
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    int more = 0;
    unsigned lo = 0x80, hi = 0xbf;  // the range of the first continuation byte
    if (c < 0x80) { ++i; continue; }
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) { more = 2; if (c == 0xe0) lo = 0xa0; if (c == 0xed) hi = 0x9f; }
    else if (c >= 0xf0 && c <= 0xf4) { more = 3; if (c == 0xf0) lo = 0x90; if (c == 0xf4) hi = 0x8f; }
    else return false;
    if (i + static_cast<size_t>(more) >= s.size()) return false;  // truncated
    for (int k = 1; k <= more; ++k) {
      const auto d = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      if (k == 1 ? (d < lo || d > hi) : (d < 0x80 || d > 0xbf)) return false;
    }
    i += static_cast<size_t>(more) + 1;
  }
  return true;
}

std::string printable(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f || c == '\\') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out;
}

void checkJsonText(const std::string& text) {
  if (text.size() > kMaxConfigBytes)
    throw InvalidInput("config", "is larger than " + std::to_string(kMaxConfigBytes) + " bytes (1 MiB)");
  BoundsChecker checker;
  if (!json::sax_parse(text, &checker)) throw InvalidInput(checker.field, checker.rule);
}

}  // namespace lgvci
