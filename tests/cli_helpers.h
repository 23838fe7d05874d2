// Runs the real `tav` binary and captures its exit status, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

// `args` is appended to the binary's path as shell text (quote as needed).
inline CliResult RunTav(const std::string& args) {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tav_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  const std::string command = std::string(TAV_BINARY) + " " + args + " >" + (dir / "out").string() +
                              " 2>" + (dir / "err").string() + " </dev/null";
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

}  // namespace tav::testing
