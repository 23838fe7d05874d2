#include "core/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

namespace tav {
namespace {

absl::Status Errno(const std::string& what, const std::string& path) {
  return absl::InternalError(absl::StrCat(what, " ", path, ": ", std::strerror(errno)));
}

absl::Status WriteAll(int fd, std::string_view data, const std::string& path) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno("cannot write", path);
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status WriteFileAtomically(const std::string& path, std::string_view contents) {
  const std::string tmp = absl::StrCat(path, ".tmp.", ::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Errno("cannot create", tmp);
  absl::Status status = WriteAll(fd, contents, tmp);
  if (status.ok() && ::fsync(fd) != 0) status = Errno("cannot sync", tmp);
  if (::close(fd) != 0 && status.ok()) status = Errno("cannot close", tmp);
  if (status.ok() && std::rename(tmp.c_str(), path.c_str()) != 0) {
    status = Errno("cannot rename into", path);
  }
  if (!status.ok()) {
    ::unlink(tmp.c_str());
    return status;
  }
  // Make the rename itself durable.
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return absl::DataLossError(absl::StrCat("cannot read ", path));
  return ss.str();
}

AppendLog::~AppendLog() { Close(); }

absl::Status AppendLog::Open(const std::string& path, long long truncate_to) {
  Close();
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) return Errno("cannot open", path);
  if (truncate_to >= 0 && ::ftruncate(fd_, truncate_to) != 0) return Errno("cannot truncate", path);
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
  if (::fdatasync(fd_) != 0) return Errno("cannot sync", path_);
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
