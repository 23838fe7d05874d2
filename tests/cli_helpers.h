// Runs the real `tav` binary and captures its exit status, stdout and stderr.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "nlohmann/json.hpp"

namespace tav::testing {

struct CliResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `args` is appended to the binary's path as shell text (quote as needed);
// `shell_prefix` runs before it in the same shell (e.g. "ulimit -v N; ").
inline CliResult RunTav(const std::string& args, const std::string& shell_prefix = "") {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tav_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  const std::string command = shell_prefix + std::string(TAV_BINARY) + " " + args + " >" +
                              (dir / "out").string() + " 2>" + (dir / "err").string() +
                              " </dev/null";
  const int raw = std::system(command.c_str());
  CliResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  result.out = ReadFile(dir / "out");
  result.err = ReadFile(dir / "err");
  std::filesystem::remove_all(dir);
  return result;
}

inline int LineCount(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

// Bad input: exit status 2 and one stderr line that names the problem.
// Returns the result for checks of its own (e.g. nothing on stdout).
inline CliResult ExpectBadInput(const std::string& args, const std::string& needle) {
  SCOPED_TRACE(args);
  const CliResult r = RunTav(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(LineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  return r;
}

// Starts the real tav binary with `args` (no shell) as a child process, its
// output thrown away; the child's pid, or -1 if it could not start. The
// caller waits for it (waitpid), e.g. after killing it mid-run.
inline pid_t SpawnTav(const std::vector<std::string>& args) {
  std::vector<std::string> words = {TAV_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  if (posix_spawn(&pid, TAV_BINARY, &actions, nullptr, argv.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

// Polls `done` every 10 ms until it holds or `seconds` have passed; whether
// it held.
inline bool WaitUntil(const std::function<bool()>& done, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// Waits up to `seconds` for the child `pid` to exit: its wait status, or
// nullopt when it was still running (it is then killed and reaped).
inline std::optional<int> WaitOrKill(pid_t pid, int seconds) {
  int status = 0;
  if (WaitUntil([&] { return ::waitpid(pid, &status, WNOHANG) != 0; }, seconds)) return status;
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return std::nullopt;
}

// The one JSON record a successful `tav ARGS --json` prints (a failure is
// reported and gives null).
// The match_game records of a tav match games.jsonl keyed by game index,
// without their times (which differ between runs).
inline std::map<int, nlohmann::json> MatchGamesWithoutTimes(const std::filesystem::path& path) {
  std::map<int, nlohmann::json> out;
  std::istringstream lines(ReadFile(path));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase("a_seconds");
    j.erase("b_seconds");
    for (nlohmann::json& m : j["move_info"]) m.erase("seconds");
    out[j["game_index"].get<int>()] = j;
  }
  return out;
}

inline nlohmann::json JsonOf(const std::string& args) {
  SCOPED_TRACE(args);
  const CliResult r = RunTav(args);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(LineCount(r.out), 1) << r.out;
  return r.status == 0 ? nlohmann::json::parse(r.out, nullptr, false) : nlohmann::json();
}

// A directory under the system's temp folder named after the test program,
// this process and `name`, emptied on creation and removed at the end of the
// scope.
class ScopedDir {
 public:
  explicit ScopedDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              (std::string(program_invocation_short_name) + "_" + std::to_string(::getpid()) + "_" +
               name)) {
    std::filesystem::remove_all(path_);
  }
  ~ScopedDir() { std::filesystem::remove_all(path_); }
  std::string str() const { return path_.string(); }
  std::string file(const std::string& f) const { return (path_ / f).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace tav::testing
