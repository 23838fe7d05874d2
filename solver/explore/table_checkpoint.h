// The table checkpoint of an exact or win/draw/loss exploration: the
// transposition table its solvers share is saved to OUT/table.tt now and
// then while they search, and restored when the run is resumed.
//
// Why. results.jsonl keeps every finished frontier position, but a position
// whose search was cut off by a kill (or by the end of a working session)
// started again from nothing: a 7x7 Lehmann first building takes up to two
// hours on one core, so a run stopped every few hours could lose most of its
// work, or never finish a position at all. The table holds every bound the
// searches proved (search/tt_file.h: restoring it cannot change a result), so
// a resumed position re-searches its finished subtrees by table cutoffs.
//
// Policy. A background thread saves the table every `period` seconds, and
// never sooner than 20 times the last save's duration after it (a save of a
// 12 GiB table takes tens of seconds, during which it competes with the
// searches for the cores and the disk). Finish() saves once more when the
// run stops unfinished, and removes the file when it finished (the results
// are all in results.jsonl; the table would only take disk space).
// Trade-off: saves run while the searches store, so the file is a snapshot
// of many moments (harmless: every entry is a proven bound), and a table of
// size S needs up to 2 S of disk while a save replaces the previous one.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "search/tt.h"
#include "search/tt_file.h"

namespace tav::explore {

class TableCheckpoint {
 public:
  // `header`: the run's identity fields for the file; `root_key`: the game's
  // hash of the run's root (tt_file.h).
  TableCheckpoint(search::TranspositionTable& table, std::string path, nlohmann::json header,
                  std::uint64_t root_key, double period_seconds, bool progress)
      : table_(table),
        path_(std::move(path)),
        header_(std::move(header)),
        root_key_(root_key),
        period_(period_seconds),
        progress_(progress) {}
  ~TableCheckpoint() { StopSaver(); }
  TableCheckpoint(const TableCheckpoint&) = delete;
  TableCheckpoint& operator=(const TableCheckpoint&) = delete;

  // A resumed run: restores the saved table if there is one. A table of
  // another build's hashing is left out with a note (the run goes on with an
  // empty table, as before checkpoints); a damaged one is an error naming it.
  absl::Status Restore() {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<search::LoadedTable> loaded = search::LoadTable(path_, root_key_, table_);
    if (absl::IsNotFound(loaded.status())) return absl::OkStatus();
    if (absl::IsFailedPrecondition(loaded.status())) {
      std::fprintf(stderr, "tav explore: note: %s; starting with an empty table\n",
                   std::string(loaded.status().message()).c_str());
      return absl::OkStatus();
    }
    if (!loaded.ok()) {
      return absl::DataLossError(absl::StrCat(
          loaded.status().message(), " (it only saves work: remove it to resume without it)"));
    }
    if (progress_) {
      std::fprintf(stderr, "[explore] restored %llu table entries from %s in %.1f s\n",
                   static_cast<unsigned long long>(loaded->entries), path_.c_str(), Seconds(start));
    }
    return absl::OkStatus();
  }

  // Starts the background saver.
  void Start() {
    saver_ = std::thread([this] { SaveLoop(); });
  }

  // Stops the saver; then saves the table (`finished` false) or removes its
  // file (`finished` true).
  absl::Status Finish(bool finished) {
    StopSaver();
    if (finished) {
      std::error_code ec;
      std::filesystem::remove(path_, ec);
      return absl::OkStatus();
    }
    return Save();
  }

 private:
  static double Seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
  }

  absl::Status Save() {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<std::uint64_t> entries = search::SaveTable(table_, header_, root_key_, path_);
    last_save_seconds_ = Seconds(start);
    if (!entries.ok()) return entries.status();
    if (progress_) {
      std::fprintf(stderr, "[explore] saved %llu table entries to %s in %.1f s\n",
                   static_cast<unsigned long long>(*entries), path_.c_str(), last_save_seconds_);
    }
    return absl::OkStatus();
  }

  // Saves every max(period, 20 x the last save's time) until StopSaver. A
  // failed save is reported and retried at the next turn: the run itself
  // (results.jsonl) does not depend on it.
  void SaveLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      const double wait = std::max(period_, 20 * last_save_seconds_);
      if (stop_cv_.wait_for(lock, std::chrono::duration<double>(wait), [&] { return stop_; })) {
        return;
      }
      lock.unlock();
      if (absl::Status s = Save(); !s.ok()) {
        std::fprintf(stderr, "tav explore: the table checkpoint failed: %s\n",
                     std::string(s.message()).c_str());
      }
      lock.lock();
    }
  }

  void StopSaver() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    stop_cv_.notify_all();
    if (saver_.joinable()) saver_.join();
  }

  search::TranspositionTable& table_;
  std::string path_;
  nlohmann::json header_;
  std::uint64_t root_key_;
  double period_;
  bool progress_;
  double last_save_seconds_ = 0;  // written by the saver thread, read after it stopped
  std::mutex mu_;                 // std::mutex: TSan sees it (Debian's Abseil is not instrumented)
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::thread saver_;
};

}  // namespace tav::explore
