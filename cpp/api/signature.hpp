// The generated registrations (cpp/wasm/bindings_registrations.inc, python/src/module_registrations.inc)
// hand each implementation through checked<Sig>(…): it compiles only when the member or function has
// the signature the declaration gives (cpp/api/wasm.hpp, cpp/api/python.hpp), constness aside, so the
// declared C++ types — and with them the TypeScript and Python types the generator derives — cannot
// drift from the hand-written implementations (docs/architecture.md "The bindings: one declaration").
#pragma once

#include <type_traits>

namespace lgvci::api {

template <class Declared, class Actual>
constexpr void expectSignature() {
  static_assert(std::is_same_v<Declared, Actual>,
                "the implementation's signature is not the declared one: fix the declaration (cpp/api/*.hpp) or the "
                "implementation, then regenerate (cmake --build --preset native --target bindings)");
}

template <class Sig, class C, class R, class... A>
constexpr auto checked(R (C::*f)(A...)) {
  expectSignature<Sig, R(A...)>();
  return f;
}

template <class Sig, class C, class R, class... A>
constexpr auto checked(R (C::*f)(A...) const) {
  expectSignature<Sig, R(A...)>();
  return f;
}

template <class Sig, class R, class... A>
constexpr auto checked(R (*f)(A...)) {
  expectSignature<Sig, R(A...)>();
  return f;
}

}  // namespace lgvci::api
