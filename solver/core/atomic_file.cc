#include "core/atomic_file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "core/strings.h"

namespace tav {
namespace {

absl::Status WriteAll(int fd, std::string_view data, const std::string& path) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return PathError(errno, "cannot write", path);
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

std::string ParentDir(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// A temporary name next to `path` that no other writer uses: this process's
// id and a counter (threads of one process may write files at once).
std::string TemporaryName(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return absl::StrCat(path, ".tmp.", ::getpid(), ".", counter.fetch_add(1));
}

void SyncDirectory(const std::string& dir) {
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // best effort: some file systems refuse fsync on directories
    ::close(dfd);
  }
}

}  // namespace

absl::Status PathError(int error, std::string_view what, const std::string& path) {
  std::string message = absl::StrCat(AV(what), " ", path, ": ", std::strerror(error));
  switch (error) {
    case ENOENT:
    case ENOTDIR:
    case EISDIR:
    case EACCES:
    case EPERM:
    case EROFS:
    case ENAMETOOLONG:
    case ELOOP:
    case EEXIST:
      return absl::FailedPreconditionError(std::move(message));
    default:
      return absl::InternalError(std::move(message));
  }
}

absl::Status WriteFileAtomically(const std::string& path, std::string_view contents,
                                 Durability durability) {
  return WriteFileAtomically(path, {contents}, durability);
}

absl::Status WriteFileAtomically(const std::string& path,
                                 std::initializer_list<std::string_view> parts,
                                 Durability durability) {
  return WriteFileAtomicallyStreamed(
      path,
      [&](const PieceWriter& write) {
        for (const std::string_view part : parts) {
          if (absl::Status s = write(part); !s.ok()) return s;
        }
        return absl::OkStatus();
      },
      durability);
}

absl::Status WriteFileAtomicallyStreamed(
    const std::string& path, const std::function<absl::Status(const PieceWriter&)>& produce,
    Durability durability) {
  const bool sync = durability == Durability::kSynced;
  const std::string tmp = TemporaryName(path);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return PathError(errno, "cannot write", path);
  absl::Status status = produce([&](std::string_view piece) { return WriteAll(fd, piece, path); });
  if (status.ok() && sync && ::fsync(fd) != 0) status = PathError(errno, "cannot sync", path);
  if (::close(fd) != 0 && status.ok()) status = PathError(errno, "cannot write", path);
  if (status.ok() && std::rename(tmp.c_str(), path.c_str()) != 0) {
    status = PathError(errno, "cannot write", path);
  }
  if (!status.ok()) {
    ::unlink(tmp.c_str());
    return status;
  }
  if (sync) SyncDirectory(ParentDir(path));  // make the rename itself durable
  return absl::OkStatus();
}

int RemoveTemporaryFiles(const std::string& dir) {
  // NAME.tmp.PID.N: the last two dot-separated fields are numbers.
  auto is_temporary = [](const std::string& name) {
    const size_t tmp = name.rfind(".tmp.");
    if (tmp == std::string::npos || tmp == 0) return false;
    const std::string tail = name.substr(tmp + 5);
    const size_t dot = tail.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == tail.size()) return false;
    for (size_t i = 0; i < tail.size(); ++i) {
      if (i != dot && (tail[i] < '0' || tail[i] > '9')) return false;
    }
    return true;
  };
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_regular_file(ec) && is_temporary(entry.path().filename().string()) &&
        std::filesystem::remove(entry.path(), ec)) {
      ++removed;
    }
  }
  return removed;
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return absl::NotFoundError(absl::StrCat("cannot open ", path));
    return PathError(errno, "cannot open", path);
  }
  if (S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(path, " is a directory, not a file"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return PathError(errno, "cannot open", path);
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat("cannot read ", path));
  return ss.str();
}

absl::Status CheckOutputFile(const std::string& output, const std::vector<std::string>& inputs,
                             std::string_view flag) {
  const std::string named = absl::StrCat("bad ", AV(flag), "=", output);
  const std::string dir = ParentDir(output);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    if (errno == ENOENT) {
      return absl::FailedPreconditionError(
          absl::StrCat(named, ": directory ", dir, " does not exist"));
    }
    if (errno == ENOTDIR) {
      return absl::FailedPreconditionError(
          absl::StrCat(named, ": a part of ", dir, " is not a directory"));
    }
    return PathError(errno, absl::StrCat(named, ": cannot reach"), dir);
  }
  if (!S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(named, ": ", dir, " is not a directory"));
  }
  // Tried, not inferred from permission bits: root passes access(2) almost
  // everywhere, and /proc or a read-only mount refuse anyway.
  std::string probe = absl::StrCat(dir, "/.tav-write-probe-XXXXXX");
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) return PathError(errno, absl::StrCat(named, ": cannot write in"), dir);
  ::close(fd);
  ::unlink(probe.c_str());
  if (::stat(output.c_str(), &st) != 0) return absl::OkStatus();  // a new file (or a dead link)
  if (S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrCat(named, ": a directory, not a file (name the file to write)"));
  }
  for (const std::string& input : inputs) {
    struct stat in {};
    if (::stat(input.c_str(), &in) != 0) continue;
    if (in.st_dev == st.st_dev && in.st_ino == st.st_ino) {
      return absl::FailedPreconditionError(
          absl::StrCat(named, ": the same file as the input ", input,
                       "; writing it would destroy the input, choose another output"));
    }
  }
  return absl::OkStatus();
}

AppendLog::~AppendLog() { Close(); }

absl::Status AppendLog::Open(const std::string& path, long long truncate_to) {
  Close();
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) return PathError(errno, "cannot open", path);
  if (truncate_to >= 0 && ::ftruncate(fd_, truncate_to) != 0) {
    return PathError(errno, "cannot truncate", path);
  }
  return absl::OkStatus();
}

absl::Status AppendLog::Append(std::string_view line) {
  absl::Status status = Write(line);
  if (!status.ok()) return status;
  return Sync();
}

absl::Status AppendLog::Write(std::string_view line) {
  if (fd_ < 0) return absl::FailedPreconditionError("log not open");
  std::string buf(line);
  buf += '\n';
  // One write() per record: with O_APPEND the line lands whole or (on a kill
  // in the middle of the call) as a torn tail that readers detect.
  return WriteAll(fd_, buf, path_);
}

absl::Status AppendLog::Sync() {
  if (fd_ < 0) return absl::FailedPreconditionError("log not open");
  if (::fdatasync(fd_) != 0) return PathError(errno, "cannot sync", path_);
  return absl::OkStatus();
}

void AppendLog::Close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

absl::StatusOr<LogLines> ReadLogLines(const std::string& path) {
  absl::StatusOr<std::string> contents = ReadWholeFile(path);
  if (!contents.ok()) return contents.status();
  LogLines out;
  size_t start = 0;
  while (start < contents->size()) {
    const size_t nl = contents->find('\n', start);
    if (nl == std::string::npos) {
      out.torn_tail = true;
      break;
    }
    out.lines.push_back(contents->substr(start, nl - start));
    start = nl + 1;
    out.valid_bytes = static_cast<long long>(start);
  }
  return out;
}

}  // namespace tav
