// Private: the schema checker over an already parsed tree (the family parsers hold one after
// checkJsonText and a preset merge; lgvci/core/config_schema.hpp's checkConfig parses text first).
#pragma once

#include <nlohmann/json.hpp>

#include "lgvci/core/config_schema.hpp"

namespace lgvci {

/// The parsed tree of a document (ConfigDocument::tree, lgvci/core/config_schema.hpp).
inline const nlohmann::json& configTree(const ConfigDocument& config) { return *static_cast<const nlohmann::json*>(config.tree()); }

/// checkConfig over a tree: throws InvalidInput("field", "rule") for the first violation of `schema`.
/// `partial`: a patch over a preset ("case"), checked before the merge so that a message names the
/// user's field: required keys may be missing, and a variant row whose discriminator the patch does
/// not give is checked against its own bounds only (the merged config is checked in full after).
void checkConfigTree(const ConfigSchema& schema, const nlohmann::json& config, bool partial = false);

}  // namespace lgvci
