// SIGINT/SIGTERM during a long run: the first one asks the run to stop at its
// next safe point (a command finishes the work in flight or saves a
// checkpoint, so nothing finished is lost), a second one kills the process at
// once (what was already written stays valid: every output is atomic).
//
// One guard at a time; it installs its handlers for its lifetime and puts the
// previous ones back. The message is written to stderr (async-signal-safe
// write(2)) at the first signal, telling the user what happens next.
#pragma once

#include <atomic>

namespace tav {

class InterruptGuard {
 public:
  // `message`: a string literal (it must outlive the guard), one line or more.
  explicit InterruptGuard(const char* message);
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  // Whether a signal came since the guard was made.
  static bool Requested();
  // The same as a flag that searches poll (search::SolveOptions::cancel): set
  // by the first signal, so a command can stop its searches at once where a
  // checkpoint keeps their work.
  static const std::atomic<bool>& Flag();
};

}  // namespace tav
