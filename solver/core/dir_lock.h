// One writer per output directory: an advisory lock on DIR/.lock, held for
// the life of a run (tav explore, tav retro).
//
// Design. The lock is flock(2) LOCK_EX | LOCK_NB on DIR/.lock, taken when a
// run starts and held until its DirLock is destroyed. The kernel drops a
// flock when the last descriptor of the open file goes away, which includes
// every way a process ends (exit, crash, kill -9), so a lock can never be
// held by a process that is gone: "stale" is only ever a leftover *file*.
// The file holds one line naming the holder (pid, host, start time, command),
// written once the lock is taken; a second run is refused with that line in
// its error. A clean release removes the file (while still holding the
// lock), so a .lock found without a holder is the mark of a run that was
// killed or crashed: the next run takes it over at once, says whose it was
// (previous_holder()), and nothing needs cleaning up by hand. No pid is ever
// tested for liveness (pids are reused, and one on another host means nothing
// here).
//
// Removing the file on release is safe because a run that gets the lock then
// checks that the file it locked is still the one under the name (same
// inode); if the holder removed it in between, the run opens the name again.
// Without that check two runs could each hold a lock on a different file.
//
// Trade-offs:
//  - Advisory: only cooperating writers (every tav command that writes the
//    directory) are kept out; readers (tav probe, tav verify, book query) do
//    not lock and may read while a run writes, which the atomic file writes
//    (core/atomic_file.h) make safe.
//  - NFS: Linux emulates flock on NFS with a whole-file POSIX lock held by the
//    server (NLM for NFSv3, NFSv4 locking), so two hosts exclude each other;
//    if a client host dies the server frees its lock only when its lease or
//    grace period ends (~90 s on NFSv4), until then the directory reads as in
//    use and the error names the host. On a mount with `nolock` or
//    `local_lock=flock` locks are local to each host and two hosts are NOT
//    excluded. A file system that refuses locks altogether (ENOLCK,
//    EOPNOTSUPP) is run without one and said so (warning()).
//  - One lock per open: two DirLocks on one directory in one process exclude
//    each other too (flock belongs to the open file, unlike fcntl locks).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tav {

inline constexpr std::string_view kLockFileName = ".lock";

class DirLock {
 public:
  // Creates `dir` (and its parents) if needed and takes DIR/.lock.
  // FailedPrecondition, naming `dir`, when: a path component is a file ("not
  // a directory"), the directory cannot be created or written, or another
  // process holds the lock (the message quotes its holder line and says to
  // wait for it or choose another directory).
  static absl::StatusOr<DirLock> Acquire(const std::string& dir);

  DirLock() = default;
  DirLock(DirLock&& other) noexcept;
  DirLock& operator=(DirLock&& other) noexcept;
  DirLock(const DirLock&) = delete;
  DirLock& operator=(const DirLock&) = delete;
  ~DirLock();

  // Clears the holder line and drops the lock (also done by the destructor).
  void Release();

  bool held() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  // The holder line found in the file when the lock was taken: a run that
  // ended without releasing it. Empty after a clean release.
  const std::string& previous_holder() const { return previous_holder_; }
  // One line for the user about the takeover of a killed run's lock, or ""
  // (the CLI prints it as a note).
  std::string takeover_note() const;
  // Non-empty when the file system does not support locks and the run goes
  // on unlocked.
  const std::string& warning() const { return warning_; }

  // The holder line this process writes: "pid P on host H since T: COMMAND".
  static std::string HolderLine();

 private:
  int fd_ = -1;
  std::string path_;
  std::string previous_holder_;
  std::string warning_;
};

// The "kind" member of the JSON object in DIR/FILE, or "" (no such file, not
// a JSON object, no kind): how a command recognises a directory another
// command wrote (explore's run.json says explore_run, retro's manifest.json
// retro_db) before it writes anything there.
std::string OutputKindIn(const std::string& dir, std::string_view file);

// Another command's output, which a run must not write into: DIR/`file` of
// kind `kind`, worded "DIR holds <holds>, not <this run's kind>; choose
// another --out".
struct OtherOutput {
  std::string_view file;   // e.g. "manifest.json"
  std::string_view kind;   // e.g. "retro_db"
  std::string_view holds;  // e.g. "a retrograde database (manifest.json, tav retro)"
};

// The output directories tav writes, each recognised by its identity file.
inline constexpr OtherOutput kExploreOutput{"run.json", "explore_run",
                                            "an exploration (run.json, tav explore)"};
inline constexpr OtherOutput kMatchOutput{"run.json", "match_run", "a match (run.json, tav match)"};
inline constexpr OtherOutput kDatabaseOutput{"manifest.json", "retro_db",
                                             "a retrograde database (manifest.json, tav retro)"};

// FailedPrecondition (the line above, `not_this` e.g. "an exploration") when
// DIR holds any of `others`, else OK.
absl::Status RefuseOtherOutputs(const std::string& dir, std::span<const OtherOutput> others,
                                std::string_view not_this);

// Takes DIR's lock (DirLock::Acquire) for a run that writes DIR, refusing a
// DIR that holds one of `others` both before and again under the lock (the
// other command may have written it meanwhile); under the lock, the temporary
// files a killed run left in DIR (NAME.tmp.PID.N) go. Nothing is written into
// DIR but the lock file.
absl::StatusOr<DirLock> LockOutputDirectory(const std::string& dir,
                                            std::span<const OtherOutput> others,
                                            std::string_view not_this);

// For --resume: FailedPrecondition "nothing to resume: ..." unless DIR holds
// a run.json (of a run of kind `what`, e.g. "an exploration"), else OK.
absl::Status CheckSomethingToResume(const std::string& dir, std::string_view what);

}  // namespace tav
