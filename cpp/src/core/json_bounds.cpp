// The streaming bounds check of core/json_bounds.hpp (issue 8: deep nesting crashed the CLI).
#include "core/json_bounds.hpp"

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
    f.key = keyName(k);
    if (!f.keys.insert(k).second) return fail(join(f.path, f.key), "duplicate key");
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    std::string what = e.what();
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
    if (!f.array) { path = join(f.path, f.key); return true; }
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
