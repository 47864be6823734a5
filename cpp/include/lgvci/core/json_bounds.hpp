// Bounds on a configuration's JSON text, checked by a streaming pass before any tree is built (every
// model family's parser starts with it), and the escaping of untrusted text inside messages.
#pragma once

#include <cstddef>
#include <string>

namespace lgvci {

/// Bounds on a configuration's text (docs/validation.md "Validation and limits"). They are checked by a
/// streaming pass before any tree is built, so no input can drive a recursion deep.
inline constexpr std::size_t kMaxConfigBytes = 1u << 20;  // 1 MiB
inline constexpr int kMaxJsonDepth = 32;                  // nested arrays/objects
inline constexpr std::size_t kMaxJsonArray = 256;         // elements of any one array

/// Throws InvalidInput unless `text` is one JSON object within the bounds above, without
/// duplicate keys: "config: is larger than 1048576 bytes", "body.parts[0]...: nesting deeper than
/// 32 levels", "x0: more than 256 elements", "body.type: duplicate key", "config: is not valid JSON
/// at line L, column C: ...", "config: must be a JSON object".
void checkJsonText(const std::string& text);

/// Is `s` well-formed UTF-8 (RFC 3629)? Text that is not cannot go into JSON: a command-line value
/// is checked with this at the boundary ("case: is not valid UTF-8").
bool isValidUtf8(const std::string& s);

/// Escapes control bytes, DEL, backslash and non-ASCII as \xNN so a field name or value can go into
/// a message (what() is a C string: a NUL byte would cut it).
std::string printable(const std::string& s);
/// A JSON key as it appears in a field name: printable(), in quotes when empty or blank at an end.
std::string keyName(const std::string& k);

}  // namespace lgvci
