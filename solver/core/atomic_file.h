// Crash-safe file output for long runs ("no lost data"), and the rules every
// command's outputs follow ("outputs never overwrite inputs").
//
//  - WriteFileAtomically: whole files (run.json, books, exports, retrograde
//    tiers, manifest, stats) are written to a temporary file in the same
//    directory (TARGET.tmp.PID.N, created exclusively), fsync'ed, then renamed
//    over the target, and the directory is fsync'ed, so a reader (or a resumed
//    run) sees either the old file or the complete new one, never a torn one.
//    rename(2) replaces the directory entry: a symbolic link at the target is
//    replaced by the file (its target is left alone) and another hard link to
//    the old file keeps the old contents. A temporary file is removed on every
//    error; only a kill -9 between create and rename leaves one behind, with a
//    name no reader takes for a result.
//  - AppendLog: result streams (results.jsonl, progress.jsonl) get one
//    complete line per record, written with a single write() and flushed to
//    disk; ReadLogLines detects a torn last line after a kill and reports it
//    for discarding.
//  - CheckOutputFile: before any work, an output file must be writable and
//    must not be one of the command's inputs. "The same file" is decided by
//    device and inode number (stat(2), which follows symbolic links), so a
//    symlink or a hard link to an input is the input; comparing names would
//    miss both. Directory outputs are locked instead (core/dir_lock.h).
//
// Errors: a problem the user can fix at the path (missing or non-directory
// parent, permissions, read-only file system, a directory where a file is
// expected) is FailedPrecondition naming the path, so the CLI prints one line
// and exits 2; anything else (disk full, I/O error) is Internal (exit 1).
#pragma once

#include <cstdio>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tav {

// Whether WriteFileAtomically fsyncs the file and its directory. kSynced
// survives a power cut; kUnsynced (tests only) still survives a kill -9: the
// rename is atomic either way.
enum class Durability { kSynced, kUnsynced };

// Replaces `path` with `contents` atomically (see the header). Errors name
// `path`, not the temporary file.
absl::Status WriteFileAtomically(const std::string& path, std::string_view contents,
                                 Durability durability = Durability::kSynced);
// The same with the file's contents given as consecutive parts (a header and
// a big payload need not be copied into one buffer first).
absl::Status WriteFileAtomically(const std::string& path,
                                 std::initializer_list<std::string_view> parts,
                                 Durability durability = Durability::kSynced);

// The same with the contents produced piece by piece: `produce` is called
// once with a `write` function it calls for each consecutive piece (a
// gigabyte table is streamed out in buffer-sized pieces, never held whole).
// An error from `write` or from `produce` leaves the old file in place.
using PieceWriter = std::function<absl::Status(std::string_view piece)>;
absl::Status WriteFileAtomicallyStreamed(
    const std::string& path, const std::function<absl::Status(const PieceWriter&)>& produce,
    Durability durability = Durability::kSynced);

// Removes the temporary files WriteFileAtomically leaves when killed between
// create and rename (NAME.tmp.PID.N) directly inside `dir`; returns how many.
// Only for a directory whose writers are locked out (core/dir_lock.h held):
// otherwise another run's file in flight would go.
int RemoveTemporaryFiles(const std::string& dir);

// The whole file. NotFound if it does not exist; FailedPrecondition if it is a
// directory or cannot be read for permissions; DataLoss on a read error.
absl::StatusOr<std::string> ReadWholeFile(const std::string& path);

// OK if `output` may be written as a file: its parent directory exists, is a
// directory and is writable, `output` is not a directory, and it is not the
// same file (device + inode, through symbolic and hard links) as any path in
// `inputs`. `flag` names the output in messages ("--out"). Inputs that do not
// exist are skipped (reading them fails on its own). Call it before reading
// the inputs, so a refused command has done no work and written nothing.
absl::Status CheckOutputFile(const std::string& output, const std::vector<std::string>& inputs,
                             std::string_view flag = "--out");

// The status for a failed system call on `path`: FailedPrecondition for the
// errno values a user fixes at the path (ENOENT, ENOTDIR, EISDIR, EACCES,
// EPERM, EROFS, ENAMETOOLONG, ELOOP, EEXIST), Internal for the rest. The
// message is "WHAT PATH: strerror".
absl::Status PathError(int error, std::string_view what, const std::string& path);

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
