// Open findings of the core that these tests detect, tracked here so that a test which checks one of
// them is run as an expected failure (it.fails) and turns red the day the core is fixed: then delete
// the entry and the test checks the property again like every other.

/**
 * Presets whose WASM run is not bit-identical to the native one. The star: the first difference is at
 * step 4342 (t = 21.71 s), one ulp in y (0.7141175327772381 in WASM, …384 native), then 47 impacts by
 * 10⁴ steps in WASM against 48 native, state hash 9082936b9dc306bc against the golden
 * 5895787bb9513ef6. The star's constraint evaluates sin θ and cos θ every step; most likely
 * Emscripten's libm (musl) and glibc do not round them alike, and the core needs its own deterministic
 * sin/cos there (not yet confirmed).
 */
export const WASM_DIVERGES_FROM_NATIVE: readonly string[] = ['star'];

/**
 * Inputs the core still gets wrong (issue 8, findings 4 and 8; fixed on the hardening branch), so the
 * property tests leave them to the explicit cases below each property:
 *  - a blank or NUL-containing key gives a message without a proper "<field>: <rule>"
 *    (": is not a known key", " : is not a known key", "a");
 *  - magnitudes that overflow downstream (a momentum of 1e154) are accepted and then halt at t = 0 or
 *    give a non-finite record.
 */
export const OPEN_INPUT_FINDINGS = {
  oddKeys: ['{"":[]}', '{" ":[]}', '{"a\\u0000b":1}'],
  overflow: JSON.stringify({ case: 'I', Pi0: [0, 0, 2.1619440674175687e154] }),
  /** Largest magnitude the properties feed in while the overflow finding is open. */
  maxMagnitude: 1e100,
};
