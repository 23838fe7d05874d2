#include "core/dir_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "core/atomic_file.h"
#include "core/provenance.h"
#include "core/strings.h"
#include "nlohmann/json.hpp"

namespace tav {
namespace {

// Creates `dir` if missing; a user-fixable problem is FailedPrecondition.
absl::Status MakeDirectory(const std::string& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return absl::OkStatus();
    return absl::FailedPreconditionError(
        absl::StrCat(dir, " is a file, not a directory; choose a directory for the output"));
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec) return absl::OkStatus();
  if (ec.value() == ENOTDIR || ec.value() == EEXIST) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot create ", dir, ": a part of the path is a file, not a directory"));
  }
  return PathError(ec.value(), "cannot create directory", dir);
}

std::string ReadHolder(int fd) {
  std::string text(4096, '\0');
  const ssize_t n = ::pread(fd, text.data(), text.size(), 0);
  text.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return std::string(absl::StripAsciiWhitespace(text));
}

}  // namespace

std::string DirLock::HolderLine() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return absl::StrCat("pid ", ::getpid(), " on host ", host[0] ? host : "?", " since ",
                      UtcNowIso8601(), ": ", CommandLineString());
}

absl::StatusOr<DirLock> DirLock::Acquire(const std::string& dir) {
  if (absl::Status s = MakeDirectory(dir); !s.ok()) return s;
  const std::string path = (std::filesystem::path(dir) / kLockFileName).string();
  std::string warning;
  int fd = -1;
  // A plain descriptor until the lock is ours: a refused run must close it
  // without touching the holder's line (which ~DirLock would remove).
  auto fail = [&fd](absl::Status status) {
    ::close(fd);
    return status;
  };
  while (true) {
    fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return PathError(errno, "cannot write in", dir);
    int rc;
    do {
      rc = ::flock(fd, LOCK_EX | LOCK_NB);
    } while (rc != 0 && errno == EINTR);
    if (rc != 0) {
      if (errno == EWOULDBLOCK) {
        std::string holder = ReadHolder(fd);
        if (holder.empty()) holder = "a process that has not written its name yet";
        return fail(absl::FailedPreconditionError(
            absl::StrCat(dir, " is in use by another run (", holder, "; lock file ", path,
                         "): wait for it to finish or choose another directory")));
      }
      if (errno != ENOLCK && errno != EOPNOTSUPP && errno != ENOSYS) {
        return fail(PathError(errno, "cannot lock", path));
      }
      warning = absl::StrCat("the file system of ", dir,
                             " does not support locks: make sure no other run writes there");
      break;
    }
    // Locked, but maybe a file its holder removed on release between our
    // open and our flock: then the lock is on a name nobody else sees; retry.
    struct stat ours {
    }, named{};
    if (::fstat(fd, &ours) == 0 && ::stat(path.c_str(), &named) == 0 &&
        ours.st_dev == named.st_dev && ours.st_ino == named.st_ino) {
      break;
    }
    ::close(fd);
  }
  const std::string previous = ReadHolder(fd);
  const std::string line = HolderLine() + "\n";
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size())) {
    return fail(PathError(errno, "cannot write", path));
  }
  DirLock lock;
  lock.fd_ = fd;
  lock.path_ = path;
  lock.previous_holder_ = previous;
  lock.warning_ = std::move(warning);
  return lock;
}

std::string DirLock::takeover_note() const {
  if (previous_holder_.empty()) return "";
  return absl::StrCat(path_, " was left by a run that ended without releasing it (",
                      previous_holder_, "); continuing in its place");
}

DirLock::DirLock(DirLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      previous_holder_(std::move(other.previous_holder_)),
      warning_(std::move(other.warning_)) {}

DirLock& DirLock::operator=(DirLock&& other) noexcept {
  if (this != &other) {
    Release();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
    previous_holder_ = std::move(other.previous_holder_);
    warning_ = std::move(other.warning_);
  }
  return *this;
}

DirLock::~DirLock() { Release(); }

void DirLock::Release() {
  if (fd_ < 0) return;
  // Removed while still held, so the file never names a run that ended
  // cleanly; a run that opened it meanwhile sees the name gone and retries.
  ::unlink(path_.c_str());
  ::close(fd_);  // drops the lock
  fd_ = -1;
}

std::string OutputKindIn(const std::string& dir, std::string_view file) {
  absl::StatusOr<std::string> text = ReadWholeFile((std::filesystem::path(dir) / file).string());
  if (!text.ok()) return "";
  const nlohmann::json j = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) return "";
  return j["kind"].get<std::string>();
}

absl::Status RefuseOtherOutputs(const std::string& dir, std::span<const OtherOutput> others,
                                std::string_view not_this) {
  for (const OtherOutput& other : others) {
    if (OutputKindIn(dir, other.file) != other.kind) continue;
    return absl::FailedPreconditionError(absl::StrCat(dir, " holds ", AV(other.holds), ", not ",
                                                      AV(not_this), "; choose another --out"));
  }
  return absl::OkStatus();
}

absl::StatusOr<DirLock> LockOutputDirectory(const std::string& dir,
                                            std::span<const OtherOutput> others,
                                            std::string_view not_this) {
  if (absl::Status s = RefuseOtherOutputs(dir, others, not_this); !s.ok()) return s;
  absl::StatusOr<DirLock> lock = DirLock::Acquire(dir);
  if (!lock.ok()) return lock.status();
  if (absl::Status s = RefuseOtherOutputs(dir, others, not_this); !s.ok()) return s;
  RemoveTemporaryFiles(dir);  // a killed run's; no other writer now
  return lock;
}

absl::Status CheckSomethingToResume(const std::string& dir, std::string_view what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool is_dir = fs::is_directory(dir, ec);
  if (fs::exists(fs::path(dir) / "run.json", ec)) return absl::OkStatus();
  if (!is_dir && fs::exists(dir, ec)) return absl::OkStatus();  // a file: the lock says so
  return absl::FailedPreconditionError(
      absl::StrCat("nothing to resume: ", dir, is_dir ? " holds no run.json" : " does not exist",
                   "; run without --resume to start ", AV(what), " there"));
}

}  // namespace tav
