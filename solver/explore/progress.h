// Progress reporting of a long run on stderr.
//
// On a terminal: one live line, redrawn in place at most a few times a
// second (positions done/total, positions/s, nodes/s, ETA). Otherwise (a log
// file, a pipe, a batch system): one plain line at most every
// `plain_interval_s` seconds, so a multi-day log stays readable. Rates and
// the ETA count only the work of this session (a resumed run's earlier
// positions are in done/total but not in the rates).
//
// A position may take hours. So that a long silence never looks like a hang,
// a heartbeat thread repeats the line when nothing was printed for a while
// (1 s on a terminal, `heartbeat_s` otherwise), with the positions in flight
// and how long the oldest of them has been running.
//
// Thread-safe: Update() may be called from any worker thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace tav::explore {

class ProgressMeter {
 public:
  // `label` prefixes every line ("explore"). `enabled` false silences it.
  ProgressMeter(std::string label, std::uint64_t total, std::uint64_t already_done, bool enabled,
                double plain_interval_s = 5.0, std::FILE* out = stderr, double heartbeat_s = 60.0);
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  // A position started; pass the ticket to Update() when it finishes.
  std::uint64_t Start();
  // One more position finished with `nodes` nodes searched.
  void Update(std::uint64_t nodes, std::uint64_t ticket = 0);
  // A started position that will not finish in this run (its search was
  // cancelled): no longer in flight, not done.
  void Drop(std::uint64_t ticket);
  // Final line (always printed when enabled); ends the live line and the
  // heartbeat.
  void Finish();

  // e.g. "1h02m", "3m07s", "12s"; "?" for a negative or absurd value.
  static std::string FormatDuration(double seconds);
  // e.g. "12.3 M", "850 k", "17".
  static std::string FormatRate(double per_second);

 private:
  // Both with mu_ held.
  std::string Line(bool final);
  void Print(const std::string& line);
  void Heartbeat();
  void StopHeartbeat();

  // std::mutex, not absl::Mutex: Debian's Abseil is not built with
  // ThreadSanitizer, which then cannot see its locks (CI runs the explorer's
  // tests under TSan).
  std::mutex mu_;
  std::condition_variable stop_;  // signalled when stopping_ is set
  std::string label_;
  std::uint64_t total_, done_, session_done_ = 0, nodes_ = 0;
  bool enabled_, tty_;
  double plain_interval_s_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_, last_print_;
  bool printed_live_ = false;
  double heartbeat_s_;
  std::uint64_t next_ticket_ = 1;
  std::map<std::uint64_t, std::chrono::steady_clock::time_point> in_flight_;
  bool stopping_ = false;
  std::thread heartbeat_;
};

}  // namespace tav::explore
