// Crash-safe file output for long runs ("no lost data").
//
//  - WriteFileAtomically: whole files (run.json, books, retrograde tiers) are
//    written to a temporary file in the same directory, fsync'ed, then
//    renamed over the target, so a reader (or a resumed run) sees either the
//    old file or the complete new one, never a torn one.
//  - AppendLog: result streams (results.jsonl) get one complete line per
//    record, written with a single write() and flushed to disk; ReadJsonLines
//    detects a torn last line after a kill and reports it for discarding.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tav {

absl::Status WriteFileAtomically(const std::string& path, std::string_view contents);

absl::StatusOr<std::string> ReadWholeFile(const std::string& path);

// An append-only line log. Each Append writes one line (a '\n' is added) with
// one write(2) call and fdatasync's it, so after a kill -9 the file holds only
// whole lines plus at most one torn last line.
class AppendLog {
 public:
  AppendLog() = default;
  ~AppendLog();
  AppendLog(const AppendLog&) = delete;
  AppendLog& operator=(const AppendLog&) = delete;

  // Opens (creating if needed) for appending. If `truncate_to` >= 0 the file is
  // first cut to that many bytes (used to drop a torn last line on resume).
  absl::Status Open(const std::string& path, long long truncate_to = -1);
  absl::Status Append(std::string_view line);
  // Append without the fdatasync: the line is in the kernel (a kill -9 of the
  // process loses nothing), but only Sync() makes it survive a power failure.
  // For writers that sync from another thread, batching many lines per sync.
  absl::Status Write(std::string_view line);
  absl::Status Sync();
  void Close();

 private:
  int fd_ = -1;
  std::string path_;
};

// The complete lines of a line log. `valid_bytes` is the length of the prefix
// made of complete lines; `torn_tail` is true when a partial last line (no
// trailing newline) was found and left out.
struct LogLines {
  std::vector<std::string> lines;
  long long valid_bytes = 0;
  bool torn_tail = false;
};
absl::StatusOr<LogLines> ReadLogLines(const std::string& path);

}  // namespace tav
