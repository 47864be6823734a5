// Registers the registry tests' toy family (tests/cpp/core/ball_family.hpp) into a second WebAssembly
// module, lgvci_wasm_toy, built from the same bindings (cpp/wasm/bindings.cpp): the binding serves a
// family that no core file names (tests/web/unit/toy-family.test.ts).
#include "core/ball_family.hpp"

namespace {
const bool kRegistered = (lgvci::registerFamily(toyFamily()), true);
}  // namespace

// Keeps the registration when the linker would drop an object nothing refers to.
extern "C" int lgvciToyFamilyRegistered() { return kRegistered ? 1 : 0; }
