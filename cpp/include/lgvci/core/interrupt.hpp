// Stopping a long computation at a step boundary (docs/cli.md "Stopping a run", docs/python.md
// "Interrupting a call"): the CLI's SIGINT handler, or the Python module when it sees Ctrl-C, sets a
// flag; the thread that runs the computation has made that flag its own (InterruptScope), and every
// step checks it before it starts (DriverSimulation::step throws Interrupted). A plain run's loop
// (runSteps) checks it first and returns what it has; an ensemble, a sweep or a merge throws and
// returns nothing. Without a scope — the page's WebAssembly module, a library user — nothing changes.
#pragma once

#include <atomic>
#include <stdexcept>

namespace lgvci {

/// What a computation that saw its thread's interrupt flag throws: its partial results are dropped.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted at a step boundary") {}
};

namespace interrupt_detail {
inline thread_local const std::atomic<bool>* flag = nullptr;  // the flag this thread's work answers to
}  // namespace interrupt_detail

/// The interrupt flag of this thread's scope (nullptr: none); a pool hands it on to its threads.
inline const std::atomic<bool>* interruptFlag() { return interrupt_detail::flag; }
/// Has this thread's computation been asked to stop?
inline bool interruptRequested() {
  const std::atomic<bool>* f = interrupt_detail::flag;
  return f != nullptr && f->load(std::memory_order_relaxed);
}
inline void throwIfInterrupted() {
  if (interruptRequested()) throw Interrupted();
}

/// Makes `flag` (may be nullptr) this thread's interrupt flag until the scope ends; scopes nest.
class InterruptScope {
 public:
  explicit InterruptScope(const std::atomic<bool>* flag) : previous_(interrupt_detail::flag) { interrupt_detail::flag = flag; }
  ~InterruptScope() { interrupt_detail::flag = previous_; }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

}  // namespace lgvci
