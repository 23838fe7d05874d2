// Progress reporting of a long run on stderr.
//
// On a terminal: one live line, redrawn in place at most a few times a
// second (positions done/total, positions/s, nodes/s, ETA). Otherwise (a log
// file, a pipe, a batch system): one plain line at most every
// `plain_interval_s` seconds, so a multi-day log stays readable. Rates and
// the ETA count only the work of this session (a resumed run's earlier
// positions are in done/total but not in the rates).
//
// Thread-safe: Update() may be called from any worker thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/synchronization/mutex.h"

namespace tav::explore {

class ProgressMeter {
 public:
  // `label` prefixes every line ("explore"). `enabled` false silences it.
  ProgressMeter(std::string label, std::uint64_t total, std::uint64_t already_done, bool enabled,
                double plain_interval_s = 5.0, std::FILE* out = stderr);

  // One more position finished with `nodes` nodes searched.
  void Update(std::uint64_t nodes);
  // Final line (always printed when enabled); ends the live line.
  void Finish();

  // e.g. "1h02m", "3m07s", "12s"; "?" for a negative or absurd value.
  static std::string FormatDuration(double seconds);
  // e.g. "12.3 M", "850 k", "17".
  static std::string FormatRate(double per_second);

 private:
  std::string Line(bool final);

  absl::Mutex mu_;
  std::string label_;
  std::uint64_t total_, done_, session_done_ = 0, nodes_ = 0;
  bool enabled_, tty_;
  double plain_interval_s_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_, last_print_;
  bool printed_live_ = false;
};

}  // namespace tav::explore
