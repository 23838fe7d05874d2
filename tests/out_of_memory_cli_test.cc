// An allocation that fails anywhere, inside an OpenMP parallel region too,
// ends the command with one "out of memory" line and exit status 2.
//
// Each command runs under `ulimit -v` (RLIMIT_AS) below its --tt-mb, so the
// size passes the check against the machine's memory but the table cannot be
// allocated. The sanitizers reserve terabytes of address space for their
// shadow memory, so under them the limit cannot be set: the tests skip.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_helpers.h"

namespace tav {
namespace {

using testing::RunTav;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// 768 MiB of address space: tav runs in far less, a 1024 MiB table cannot fit.
constexpr const char* kLimit = "ulimit -v 786432; ";
constexpr const char* kTable = " --tt-mb=1024";

// The stderr lines of `text` that report an error.
int ErrorLines(const std::string& text) {
  int count = 0;
  for (std::size_t at = text.find("error: "); at != std::string::npos;
       at = text.find("error: ", at + 1)) {
    ++count;
  }
  return count;
}

// `args` (with a 1024 MiB table) fail for lack of memory: exit 2 and one
// error line, the last (tav explore's progress lines may come before it).
void ExpectOutOfMemory(const std::string& args) {
  SCOPED_TRACE(args);
  const testing::CliResult r = RunTav(args, kLimit);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(ErrorLines(r.err), 1) << r.err;
  const std::size_t last = r.err.rfind('\n', r.err.size() - 2);
  const std::string last_line = r.err.substr(last == std::string::npos ? 0 : last + 1);
  EXPECT_NE(last_line.find("error: out of memory"), std::string::npos) << r.err;
}

std::string FreshDir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tav_oom_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir.string();
}

TEST(OutOfMemory, ExploreTablesAllocatedInItsParallelRegionExitTwoWithOneLine) {
  if (kSanitized) GTEST_SKIP() << "RLIMIT_AS cannot be set under the sanitizers";
  const std::string dir = FreshDir("explore");
  ExpectOutOfMemory("explore --game=othello --size=4 --plies=2 --threads=2 --out=" + dir + kTable);
  std::filesystem::remove_all(dir);
}

TEST(OutOfMemory, ExploreSearchModeTablesExitTwoWithOneLine) {
  if (kSanitized) GTEST_SKIP() << "RLIMIT_AS cannot be set under the sanitizers";
  const std::string dir = FreshDir("explore_search");
  ExpectOutOfMemory(
      "explore --game=othello --size=4 --plies=2 --threads=2 --mode=search --depth=2 --out=" + dir +
      kTable);
  std::filesystem::remove_all(dir);
}

TEST(OutOfMemory, ExploreUnitSolveAndProveExitTwoWithOneLine) {
  if (kSanitized) GTEST_SKIP() << "RLIMIT_AS cannot be set under the sanitizers";
  ExpectOutOfMemory(
      "explore --unit='{\"schema\":1,\"kind\":\"explore_unit\",\"game\":\"othello\","
      "\"variant\":\"standard\",\"size\":4,\"position\":\"-----OX--XO----- X\","
      "\"mode\":\"exact\",\"depth\":0,\"budget_s\":0,\"tt_mb\":1024}'");
  ExpectOutOfMemory(std::string("solve --game=othello --size=4 --threads=2") + kTable);
  ExpectOutOfMemory(std::string("prove --game=prairie --size=3 --within=3") + kTable);
}

}  // namespace
}  // namespace tav
