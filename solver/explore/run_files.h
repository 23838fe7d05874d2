// The files of an exploration directory and the rules that keep them safe.
//
//   DIR/run.json       explore_run (data/README.md): the run's parameters,
//                      status, totals and provenance; rewritten atomically at
//                      the start ("running"), on interruption and at the end.
//   DIR/results.jsonl  explore_position records. While the run is going it is
//                      an append-only log of finished frontier positions (one
//                      fsync'ed line each, core/atomic_file.h AppendLog); at the
//                      end it is rewritten atomically, sorted, with the
//                      backed-up records added.
//   DIR/book.tvb       the opening book (book/book.h), written atomically at the end.
//   DIR/.lock          while a run writes the directory: its holder line
//                      (core/dir_lock.h); removed at the end, left behind only
//                      by a run that was killed, and then taken over.
//
// One run at a time writes a directory (LockRunDirectory, DIR/.lock): a second
// `tav explore` there, resumed or not, is refused while the first one runs.
// A directory is refused when it holds a retrograde database (tav retro's
// manifest.json), and an explicit --resume is refused when there is no
// run.json to resume: starting afresh would hide a mistyped path. Under the
// lock, temporary files a killed run left (NAME.tmp.PID.N) are removed.
//
// A resumed run must describe the same exploration as the one that wrote the
// directory: the same game, variant, size, board, pieces, root, plies, mode,
// search limits and engine configuration. Anything else is refused
// (FailedPrecondition, exit 2): mixing values from two different explorations
// would be a silent wrong answer.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "core/atomic_file.h"
#include "core/dir_lock.h"
#include "core/game.h"
#include "explore/work_unit.h"
#include "nlohmann/json.hpp"

namespace tav::explore {

// What defines an exploration (a resume must match all of it).
struct RunIdentity {
  std::string game, variant, board, options;  // options: GameSpec::options
  int size = 0;
  std::string root_position;  // as given; empty = the start
  std::vector<std::string> root_moves;
  int plies = 0;
  SearchLimits limits;

  // The identity keys of run.json (game, variant, size, board, options,
  // root_position, root_moves, plies, mode, depth, budget_s, engine,
  // threshold); engine is null without one, and with one depth and budget_s
  // are null; threshold is null but in mode threshold.
  void PutInto(nlohmann::json& run) const;
};

// OK if `run` (a parsed run.json) describes the same exploration; otherwise
// FailedPrecondition naming the first field that differs and both values.
absl::Status CheckSameRun(const nlohmann::json& run, const RunIdentity& id,
                          const std::string& path);

// OK if `run` explores the same game from the same root (game, variant, size,
// board, options, root_position, root_moves), whatever its plies and mode:
// its records are then values of the same positions (tav explore --known).
// Otherwise FailedPrecondition naming the first field that differs.
absl::Status CheckSameGame(const nlohmann::json& run, const RunIdentity& id,
                           const std::string& path);

// Creates and locks DIR for one run of the explorer, for the life of the
// returned lock (see the header). FailedPrecondition, one line naming DIR:
// with `must_resume` (an explicit --resume) a DIR without run.json ("nothing
// to resume"; DIR is not created), a path that is a file, a DIR another run
// holds, a DIR holding a retrograde database. Errors come before anything is
// written into DIR.
absl::StatusOr<DirLock> LockRunDirectory(const std::string& dir, bool must_resume);

// Reads and checks DIR/run.json (kind and schema). NotFound if absent.
absl::StatusOr<nlohmann::json> ReadRunJson(const std::string& path);

// The complete lines of a results log, parsed; a torn last line is reported
// (not returned) and `valid_bytes` tells where to cut the file before
// appending. A complete line that is not a JSON object is corruption: DataLoss
// naming the line.
struct LoadedResults {
  std::vector<nlohmann::json> records;
  long long valid_bytes = 0;
  bool torn_tail = false;
  long long torn_bytes = 0;
};
absl::StatusOr<LoadedResults> LoadResults(const std::string& path);

// Syncs a results log from a thread of its own. Workers Write() each finished
// record at once (so a kill -9 of the process loses nothing finished) and
// call Dirty(); this thread fdatasyncs whenever something new was written, so
// every record reaches the disk moments after it finished, while a burst of
// quick positions costs one sync instead of one each and no worker ever waits
// for the disk.
class LogSyncer {
 public:
  explicit LogSyncer(AppendLog& log);
  ~LogSyncer();
  LogSyncer(const LogSyncer&) = delete;
  LogSyncer& operator=(const LogSyncer&) = delete;

  void Dirty();
  // Stops the thread after a last sync; the first error, if any.
  absl::Status Finish();

 private:
  void Loop();

  AppendLog& log_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool dirty_ = false, stop_ = false;
  absl::Status error_;
  std::thread thread_;
};

// 16 lower-case hex digits.
std::string KeyHex(std::uint64_t key);

}  // namespace tav::explore
