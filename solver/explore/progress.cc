#include "explore/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"

namespace tav::explore {

ProgressMeter::ProgressMeter(std::string label, std::uint64_t total, std::uint64_t already_done,
                             bool enabled, double plain_interval_s, std::FILE* out,
                             double heartbeat_s)
    : label_(std::move(label)),
      total_(total),
      done_(already_done),
      enabled_(enabled),
      tty_(enabled && isatty(fileno(out))),
      plain_interval_s_(plain_interval_s),
      out_(out),
      start_(std::chrono::steady_clock::now()),
      last_print_(start_),
      heartbeat_s_(tty_ ? 1.0 : heartbeat_s) {
  if (enabled_ && heartbeat_s_ > 0) heartbeat_ = std::thread([this] { Heartbeat(); });
}

ProgressMeter::~ProgressMeter() { StopHeartbeat(); }

void ProgressMeter::StopHeartbeat() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  stop_.notify_all();
  if (heartbeat_.joinable()) heartbeat_.join();
}

void ProgressMeter::Heartbeat() {
  std::unique_lock<std::mutex> lock(mu_);
  const auto tick = std::chrono::duration<double>(std::min(heartbeat_s_, 1.0));
  while (!stop_.wait_for(lock, tick, [this] { return stopping_; })) {
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_print_).count() < heartbeat_s_) continue;
    std::string line = Line(false);
    if (!in_flight_.empty()) {
      // Tickets are handed out in time order: the first is the oldest.
      const auto oldest = in_flight_.begin()->second;
      absl::StrAppend(&line, "  (", in_flight_.size(), " in flight, the oldest for ",
                      FormatDuration(std::chrono::duration<double>(now - oldest).count()), ")");
    }
    Print(line);
  }
}

void ProgressMeter::Print(const std::string& line) {
  if (tty_) {
    std::fprintf(out_, "\r%s\033[K", line.c_str());
    printed_live_ = true;
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
  last_print_ = std::chrono::steady_clock::now();
}

std::uint64_t ProgressMeter::Start() {
  if (!enabled_) return 0;
  std::lock_guard<std::mutex> lock(mu_);
  const std::uint64_t ticket = next_ticket_++;
  in_flight_[ticket] = std::chrono::steady_clock::now();
  return ticket;
}

std::string ProgressMeter::FormatDuration(double s) {
  if (!(s >= 0) || s > 1e9) return "?";
  const long long t = std::llround(s);
  if (t >= 86400) return absl::StrFormat("%dd%02dh", t / 86400, (t % 86400) / 3600);
  if (t >= 3600) return absl::StrFormat("%dh%02dm", t / 3600, (t % 3600) / 60);
  if (t >= 60) return absl::StrFormat("%dm%02ds", t / 60, t % 60);
  return absl::StrFormat("%ds", t);
}

std::string ProgressMeter::FormatRate(double r) {
  if (r >= 1e9) return absl::StrFormat("%.1f G", r / 1e9);
  if (r >= 1e6) return absl::StrFormat("%.1f M", r / 1e6);
  if (r >= 1e4) return absl::StrFormat("%.0f k", r / 1e3);
  if (r >= 10) return absl::StrFormat("%.0f", r);
  return absl::StrFormat("%.2f", r);
}

std::string ProgressMeter::Line(bool final) {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double pos_rate = elapsed > 0 ? session_done_ / elapsed : 0;
  const double node_rate = elapsed > 0 ? nodes_ / elapsed : 0;
  const double pct = total_ ? 100.0 * done_ / total_ : 100.0;
  // Rates of finished positions only: none yet reads "-", not a false 0.
  const bool rates = session_done_ > 0;
  std::string line =
      absl::StrFormat("[%s] %d/%d positions (%.1f%%)  %s pos/s  %s nodes/s", label_, done_, total_,
                      pct, rates ? FormatRate(pos_rate) : "-", rates ? FormatRate(node_rate) : "-");
  if (final) {
    absl::StrAppend(&line, "  done in ", FormatDuration(elapsed));
  } else {
    const double eta = pos_rate > 0 ? (total_ - done_) / pos_rate : -1;
    absl::StrAppend(&line, "  ETA ", FormatDuration(eta));
  }
  return line;
}

void ProgressMeter::Drop(std::uint64_t ticket) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  in_flight_.erase(ticket);
}

void ProgressMeter::Update(std::uint64_t nodes, std::uint64_t ticket) {
  if (!enabled_) return;
  std::lock_guard<std::mutex> lock(mu_);
  in_flight_.erase(ticket);
  ++done_;
  ++session_done_;
  nodes_ += nodes;
  const double since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_print_).count();
  if (since < (tty_ ? 0.25 : plain_interval_s_) && done_ != total_) return;
  Print(Line(false));
}

void ProgressMeter::Finish() {
  if (!enabled_) return;
  StopHeartbeat();
  std::lock_guard<std::mutex> lock(mu_);
  if (tty_ && printed_live_) {
    std::fprintf(out_, "\r%s\033[K\n", Line(true).c_str());
  } else {
    std::fprintf(out_, "%s\n", Line(true).c_str());
  }
  std::fflush(out_);
}

}  // namespace tav::explore
