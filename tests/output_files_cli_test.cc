// The commands that write files, from the outside: an output is never one of
// the inputs (same inode, also through a symlink or a hard link), an output
// directory has one writer at a time (DIR/.lock, a real second process is
// refused, a lock left by a kill -9 is taken over), a directory of one kind is
// not used as another, and an output path that cannot be written is one error
// line with exit status 2 in book, explore and retro alike.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"

extern char** environ;

namespace tav::testing {
namespace {

namespace fs = std::filesystem;

// A quick exact exploration (Othello 4x4, 2 plies) and a quick retrograde
// database (Prairie 3 wide, the first two buffalo tiers).
const std::string kExplore = "explore --tt-mb=16 --game=othello --size=4 --plies=2";
const std::string kRetro = "retro --game=prairie --size=3 --tiers='buffalo<=1' --quiet";

class OutputFilesCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           absl::StrCat("tav_output_files_", ::getpid(), "_",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_ / "readonly", fs::perms::owner_all, ec);
    fs::remove_all(dir_);
  }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  // A book written by an exploration into DIR/name.
  std::string MakeBook(const std::string& name, int plies = 2) {
    const CliResult r = RunTav(absl::StrCat(
        "explore --tt-mb=16 --game=othello --size=4 --plies=", plies, " --out=", Path(name)));
    EXPECT_EQ(r.status, 0) << r.err;
    return Path(name + "/book.tvb");
  }

  fs::path dir_;
};

// ---- Outputs never overwrite inputs ---------------------------------------------

TEST_F(OutputFilesCli, BookExportRefusesToWriteOverItsOwnBook) {
  const std::string book = MakeBook("run");
  const std::string before = ReadFile(book);
  ASSERT_FALSE(before.empty());
  ExpectBadInput("book export --format=csv --book=" + book + " --out=" + book, "same file");
  EXPECT_TRUE(ReadFile(book) == before) << "the book was changed";
  // The same file under another name: a symbolic link and a hard link.
  fs::create_symlink(book, Path("link.tvb"));
  ExpectBadInput("book export --format=csv --book=" + book + " --out=" + Path("link.tvb"),
                 "same file");
  ExpectBadInput("book export --format=jsonl --book=" + Path("link.tvb") + " --out=" + book,
                 "same file");
  fs::create_hard_link(book, Path("hard.tvb"));
  ExpectBadInput("book export --format=csv --book=" + book + " --out=" + Path("hard.tvb"),
                 "same file");
  EXPECT_TRUE(ReadFile(book) == before) << "the book was changed";
  EXPECT_TRUE(fs::is_symlink(Path("link.tvb")));
  EXPECT_TRUE(ReadFile(Path("hard.tvb")) == before) << "the book was changed";
  // A different file is written as before.
  const CliResult ok =
      RunTav("book export --format=csv --book=" + book + " --out=" + Path("b.csv"));
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ReadFile(Path("b.csv")).rfind("key,position,", 0), 0u);
}

TEST_F(OutputFilesCli, BookMergeRefusesAnOutputThatIsOneOfItsInputs) {
  const std::string a = MakeBook("a", 2), b = MakeBook("b", 3);
  const std::string a_before = ReadFile(a), b_before = ReadFile(b);
  ExpectBadInput("book merge --out=" + a + " " + a + " " + b, "same file");
  ExpectBadInput("book merge --out=" + b + " " + a + " " + b, "same file");
  fs::create_hard_link(b, Path("hard.tvb"));
  ExpectBadInput("book merge --out=" + Path("hard.tvb") + " " + a + " " + b, "same file");
  EXPECT_TRUE(ReadFile(a) == a_before) << "an input book was changed";
  EXPECT_TRUE(ReadFile(b) == b_before) << "an input book was changed";
  const CliResult ok = RunTav("book merge --out=" + Path("merged.tvb") + " " + a + " " + b);
  ASSERT_EQ(ok.status, 0) << ok.err;
}

// ---- Output paths that cannot be written ----------------------------------------------

TEST_F(OutputFilesCli, UnwritableBookOutputIsOneErrorLine) {
  const std::string book = MakeBook("run");
  const std::string args = "book export --format=csv --book=" + book + " --out=";
  ExpectBadInput(args + Path("run"), "a directory, not a file");
  ExpectBadInput(args + book + "/x.csv", "not a directory");
  ExpectBadInput(args + Path("missing/x.csv"), "does not exist");
  ExpectBadInput("book merge --out=" + Path("run") + " " + book, "a directory, not a file");
  ExpectBadInput("book merge --out=" + Path("missing/m.tvb") + " " + book, "does not exist");
  if (::geteuid() != 0) {  // root may write anywhere
    fs::create_directories(Path("readonly"));
    fs::permissions(Path("readonly"), fs::perms::owner_read | fs::perms::owner_exec);
    ExpectBadInput(args + Path("readonly/x.csv"), "cannot write");
  }
  // Nothing was left behind: no output, no temporary file.
  for (const auto& e : fs::directory_iterator(dir_)) {
    EXPECT_TRUE(e.path().filename() == "run" || e.path().filename() == "readonly") << e.path();
  }
}

TEST_F(OutputFilesCli, UnwritableOutputDirectoryIsOneErrorLine) {
  { std::ofstream(Path("file")) << "not a directory\n"; }
  ExpectBadInput(kExplore + " --out=" + Path("file"), "not a directory");
  ExpectBadInput(kExplore + " --out=" + Path("file/sub"), "not a directory");
  ExpectBadInput(kRetro + " --out=" + Path("file"), "not a directory");
  ExpectBadInput(kRetro + " --out=" + Path("file/sub"), "not a directory");
  EXPECT_EQ(ReadFile(Path("file")), "not a directory\n");
  if (::geteuid() != 0) {
    fs::create_directories(Path("readonly"));
    fs::permissions(Path("readonly"), fs::perms::owner_read | fs::perms::owner_exec);
    ExpectBadInput(kExplore + " --out=" + Path("readonly/run"), "cannot");
    ExpectBadInput(kRetro + " --out=" + Path("readonly/db"), "cannot");
    ExpectBadInput(kExplore + " --out=" + Path("readonly"), "cannot");
    ExpectBadInput(kRetro + " --out=" + Path("readonly"), "cannot");
  }
}

// ---- Directories of one kind are not used as another ------------------------------------

TEST_F(OutputFilesCli, ResumeOfAMissingDirectoryIsAnError) {
  ExpectBadInput(kExplore + " --resume --out=" + Path("nothing"), "nothing to resume");
  EXPECT_FALSE(fs::exists(Path("nothing")));
  // An empty directory has nothing to resume either.
  fs::create_directories(Path("empty"));
  ExpectBadInput(kExplore + " --resume --out=" + Path("empty"), "nothing to resume");
  // The presets continue what is there or start afresh, as documented.
  const CliResult r = RunTav("explore --preset=demo --tt-mb=16 --out=" + Path("demo"));
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(OutputFilesCli, ExploreAndRetroRefuseEachOthersDirectories) {
  const CliResult e = RunTav(kExplore + " --out=" + Path("run"));
  ASSERT_EQ(e.status, 0) << e.err;
  const CliResult r = RunTav(kRetro + " --out=" + Path("db"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string run_json = ReadFile(Path("run/run.json"));
  ExpectBadInput(kRetro + " --out=" + Path("run"), "exploration");
  EXPECT_FALSE(fs::exists(Path("run/manifest.json")));
  EXPECT_FALSE(fs::exists(Path("run/tiers")));
  EXPECT_EQ(ReadFile(Path("run/run.json")), run_json);
  ExpectBadInput(kExplore + " --out=" + Path("db"), "retrograde database");
  ExpectBadInput(kExplore + " --resume --out=" + Path("db"), "retrograde database");
  EXPECT_FALSE(fs::exists(Path("db/run.json")));
  EXPECT_FALSE(fs::exists(Path("db/results.jsonl")));
  // Each still resumes its own.
  EXPECT_EQ(RunTav(kExplore + " --resume --out=" + Path("run")).status, 0);
  EXPECT_EQ(RunTav(kRetro + " --out=" + Path("db")).status, 0);
}

// ---- One writer per output directory -------------------------------------------------

// Starts a slowed-down exploration (31 positions, 1 s each: it is killed long
// before it ends) as a child process.
pid_t SpawnSlowExplore(const std::string& out) {
  return SpawnTav({"explore", "--game=othello", "--size=4", "--plies=4", "--tt-mb=16",
                   "--threads=1", "--test-delay-ms=1000", "--out=" + out});
}

bool WaitForResults(const std::string& path, int lines) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code ec;
    if (fs::exists(path, ec) && LineCount(ReadFile(path)) >= lines) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST_F(OutputFilesCli, SecondExploreOnARunningDirectoryIsRefusedAndAKilledOnesLockIsTakenOver) {
  const std::string out = Path("run");
  const std::string args = "explore --tt-mb=16 --game=othello --size=4 --plies=4 --out=" + out;
  const pid_t pid = SpawnSlowExplore(out);
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(WaitForResults(out + "/results.jsonl", 1));
  // While the first one runs, a resume (or anything else) there is refused,
  // naming the holder.
  const CliResult second = ExpectBadInput(args + " --resume", "in use");
  EXPECT_NE(second.err.find(absl::StrCat("pid ", pid)), std::string::npos) << second.err;
  ExpectBadInput(kRetro + " --out=" + out, "exploration");
  // kill -9 leaves the lock file behind, naming a process that is gone: the
  // next run takes it over and finishes the exploration.
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run ended before the kill";
  EXPECT_NE(ReadFile(out + "/.lock").find(absl::StrCat("pid ", pid)), std::string::npos);
  // As a kill between create and rename leaves it.
  { std::ofstream(out + "/run.json.tmp." + std::to_string(pid) + ".3") << "{\"torn"; }
  const CliResult resumed = RunTav(args + " --resume");
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find(absl::StrCat("pid ", pid)), std::string::npos) << resumed.err;
  EXPECT_NE(ReadFile(out + "/run.json").find("\"complete\""), std::string::npos);
  // Nothing is left but the three result files.
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(out)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"book.tvb", "results.jsonl", "run.json"}));
}

TEST_F(OutputFilesCli, RetroOnADirectoryLockedByAnotherProcessIsRefused) {
  // Any process holding DIR/.lock (flock(2), exclusive) keeps tav out.
  const std::string db = Path("db");
  fs::create_directories(db);
  const int fd = ::open((db + "/.lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  ExpectBadInput(kRetro + " --out=" + db, "in use");
  EXPECT_FALSE(fs::exists(db + "/manifest.json"));
  ExpectBadInput(kExplore + " --out=" + db, "in use");
  EXPECT_FALSE(fs::exists(db + "/run.json"));
  ::close(fd);
  // Released: the database is written.
  const CliResult r = RunTav(kRetro + " --out=" + db);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(db + "/stats.json"));
}

}  // namespace
}  // namespace tav::testing
