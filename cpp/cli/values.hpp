// The command line's numbers: decimal as in JSON (docs/cli.md: `0x10`, `inf`, `1,2,3,` are refused),
// each message naming the flag and the rule (exit 2).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace lgvci::cli {

/// A finite decimal number.
double parseDouble(const std::string& flag, const std::string& s);
/// An integer in [0, 1e9] written in decimal digits (--steps, --until-impacts).
long long parseSteps(const std::string& flag, const std::string& s);
/// An integer in [0, max] written in decimal digits; `range` is the rule the message states.
long long parseCount(const std::string& flag, const std::string& s, long long max, const std::string& range);
/// Exactly three comma-separated numbers (a 3-vector option).
nlohmann::json parseTriple(const std::string& flag, const std::string& s);
/// 1 to 64 comma-separated numbers (a vector option of any length).
nlohmann::json parseList(const std::string& flag, const std::string& s);

}  // namespace lgvci::cli
