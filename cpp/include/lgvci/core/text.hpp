// Message text without iostreams: std::ostringstream pulls the locale machinery (every
// facet, wide and narrow, money and time included: ~70 KB of code) into the WebAssembly module, for
// nothing but the numbers in error messages. concat("t = ", t, " (step ", k, ")") builds the same text
// that `std::ostringstream() << …` does with its default flags.
#pragma once

#include <string>
#include <type_traits>

namespace lgvci {

/// v as a default-formatted std::ostream prints it: printf's "%g" with precision 6 ("0.1", "1e-07",
/// "123457", "inf", "nan", "-0").
std::string formatNumber(double v);

/// s is a decimal number as JSON writes one: [+-] digits [. digits] [e [+-] digits]. No hex (strtod
/// would take "0x10"), no inf/nan, no spaces; subnormals are numbers (their size is for validation).
/// The CLI's flags and the sweep's axes read numbers by this rule (docs/cli.md).
bool isDecimalNumber(const std::string& s);

namespace detail {
inline void appendText(std::string& s, const std::string& v) { s += v; }
inline void appendText(std::string& s, const char* v) { s += v; }
inline void appendText(std::string& s, char v) { s += v; }
inline void appendText(std::string& s, double v) { s += formatNumber(v); }
template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>, int> = 0>
void appendText(std::string& s, I v) {
  s += std::to_string(v);
}
}  // namespace detail

/// The pieces one after the other: strings as they are, floating-point numbers as formatNumber,
/// integers in decimal.
template <class... Args>
std::string concat(const Args&... args) {
  std::string s;
  (detail::appendText(s, args), ...);
  return s;
}

}  // namespace lgvci
