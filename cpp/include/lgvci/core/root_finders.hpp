// Root finders for the impact fraction α of Algorithm 5.2 (Tran & Leok §5.2, Fetecau et al. (74)):
// the first α in [0, b] where φ(flow by αh) crosses 0, keeping the admissible side (φ ≥ 0).
#pragma once

namespace lgvci {

enum class RootFinder {
  Bisection,  // the paper's: halve [0, b], keep the admissible side, until width ≤ tol
  Illinois,   // regula falsi with the Illinois modification, safeguarded by bisection; same tol
};

/// Result of a bracket search: α (fraction of h) and the state flowed by αh from the start.
template <class State>
struct Located {
  double alpha = 0.0;
  State atImpact;
};

/// Bisection on [0, b]: `eval(c, out, phi)` flows the start by c·h into `out` and sets phi = φ(out);
/// it returns false when the flow failed. `start` is the state at c = 0 (returned when α = 0).
template <class State, class Eval>
bool locateByBisection(const State& start, double b, double tol, Eval&& eval, Located<State>& out) {
  double a = 0.0;
  out.atImpact = start;
  State sc;  // one sample state for the search, overwritten by each eval (its storage reused)
  while (b - a > tol) {
    const double c = 0.5 * (a + b);
    if (c <= a || c >= b) break;  // no double strictly inside
    double fc = 0.0;
    if (!eval(c, sc, fc)) return false;
    if (fc >= 0.0) { a = c; out.atImpact = sc; } else { b = c; }
  }
  out.alpha = a;
  return true;
}

/// Illinois regula falsi on [0, b] with φ(0) = fa ≥ 0 and φ(b) = fb < 0 already known; a bisection
/// step whenever two steps failed to halve the bracket, and whenever the left end lies inside the
/// rounding noise `nearZero` of φ (a secant from there aims into the noise).
template <class State, class Eval>
bool locateByIllinois(const State& start, double fa, double b, double fb, double tol, double nearZero, Eval&& eval,
                      Located<State>& out) {
  double a = 0.0;
  out.atImpact = start;
  int side = 0, sinceCheck = 0;
  bool bisect = false;
  double widthBefore = b - a;
  State sc;  // one sample state for the search, overwritten by each eval (its storage reused)
  while (b - a > tol) {
    double c = (bisect || fa <= nearZero || fb == fa) ? 0.5 * (a + b) : (a * fb - b * fa) / (fb - fa);
    const double inset = 0.5 * tol;  // never evaluate closer than tol/2 to an end: pinches the bracket
    if (!(c > a + inset)) c = a + inset;
    if (!(c < b - inset)) c = b - inset;
    if (c <= a || c >= b) break;
    double fc = 0.0;
    if (!eval(c, sc, fc)) return false;
    if (fc >= 0.0) {
      a = c; fa = fc; out.atImpact = sc;
      if (side == -1) fb *= 0.5;  // Illinois: the same end moved twice, halve the other's value
      side = -1;
    } else {
      b = c; fb = fc;
      if (side == 1) fa *= 0.5;
      side = 1;
    }
    bisect = false;
    if (++sinceCheck == 2) {
      bisect = (b - a) > 0.5 * widthBefore;
      widthBefore = b - a;
      sinceCheck = 0;
    }
  }
  out.alpha = a;
  return true;
}

}  // namespace lgvci
