// The generic output pieces of solver/core: DirLock (one writer per output
// directory, a killed holder's file taken over), CheckOutputFile (an output is
// never an input, by inode), WriteFileAtomically (whole files or nothing,
// user-fixable path errors as FailedPrecondition) and OutputKindIn.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/dir_lock.h"

namespace tav {
namespace {

namespace fs = std::filesystem;

class OutputFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           absl::StrCat("tav_output_unit_", ::getpid(), "_",
                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }
  static void Write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string Read(const std::string& path) {
    absl::StatusOr<std::string> s = ReadWholeFile(path);
    return s.ok() ? *s : absl::StrCat("<", s.status().message(), ">");
  }
  fs::path dir_;
};

// ---- DirLock --------------------------------------------------------------------

TEST_F(OutputFiles, SecondLockOnADirectoryIsRefusedAndNamesTheHolder) {
  absl::StatusOr<DirLock> first = DirLock::Acquire(Path("run"));
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_TRUE(first->previous_holder().empty());
  EXPECT_EQ(first->takeover_note(), "");
  const std::string holder = Read(Path("run/.lock"));
  EXPECT_NE(holder.find(absl::StrCat("pid ", ::getpid(), " on host ")), std::string::npos)
      << holder;
  // flock belongs to the open file: a second open in this process is refused too.
  absl::StatusOr<DirLock> second = DirLock::Acquire(Path("run"));
  ASSERT_FALSE(second.ok());
  EXPECT_TRUE(absl::IsFailedPrecondition(second.status())) << second.status();
  EXPECT_NE(second.status().message().find("in use"), std::string::npos) << second.status();
  EXPECT_NE(second.status().message().find(absl::StrCat("pid ", ::getpid())), std::string::npos)
      << second.status();
  // The refused attempt left the holder's line alone.
  EXPECT_EQ(Read(Path("run/.lock")), holder);
}

TEST_F(OutputFiles, ReleasedLockRemovesItsFileAndLetsTheNextRunIn) {
  {
    absl::StatusOr<DirLock> lock = DirLock::Acquire(Path("run"));
    ASSERT_TRUE(lock.ok()) << lock.status();
    DirLock moved = std::move(*lock);  // moving keeps the lock
    EXPECT_TRUE(moved.held());
    EXPECT_FALSE(DirLock::Acquire(Path("run")).ok());
  }
  EXPECT_FALSE(fs::exists(Path("run/.lock")));
  absl::StatusOr<DirLock> again = DirLock::Acquire(Path("run"));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(again->previous_holder().empty());
  again->Release();
  EXPECT_FALSE(again->held());
  EXPECT_TRUE(DirLock::Acquire(Path("run")).ok());
}

TEST_F(OutputFiles, LockFileOfAKilledRunIsTakenOverAndNamed) {
  // What a kill -9 leaves: the file with its holder's line, and no flock.
  fs::create_directories(Path("run"));
  const std::string dead = "pid 4242 on host elsewhere since 2026-01-01T00:00:00Z: tav retro";
  Write(Path("run/.lock"), dead + "\n");
  absl::StatusOr<DirLock> lock = DirLock::Acquire(Path("run"));
  ASSERT_TRUE(lock.ok()) << lock.status();
  EXPECT_EQ(lock->previous_holder(), dead);
  EXPECT_NE(lock->takeover_note().find(dead), std::string::npos) << lock->takeover_note();
  EXPECT_EQ(Read(Path("run/.lock")).find("pid 4242"), std::string::npos);
}

TEST_F(OutputFiles, LockOnAPathThroughAFileIsOneClearError) {
  Write(Path("file"), "x");
  for (const std::string& dir : {Path("file"), Path("file/sub")}) {
    absl::StatusOr<DirLock> lock = DirLock::Acquire(dir);
    ASSERT_FALSE(lock.ok()) << dir;
    EXPECT_TRUE(absl::IsFailedPrecondition(lock.status())) << lock.status();
    EXPECT_NE(lock.status().message().find("not a directory"), std::string::npos) << lock.status();
  }
  EXPECT_EQ(Read(Path("file")), "x");
  // Missing parents are created.
  EXPECT_TRUE(DirLock::Acquire(Path("a/b/c")).ok());
}

// ---- CheckOutputFile ----------------------------------------------------------------

TEST_F(OutputFiles, OutputThatIsAnInputByAnyNameIsRefused) {
  Write(Path("in"), "input");
  Write(Path("other"), "other");
  fs::create_symlink(Path("in"), Path("sym"));
  fs::create_hard_link(Path("in"), Path("hard"));
  for (const std::string& out : {Path("in"), Path("sym"), Path("hard"), Path("./in")}) {
    const absl::Status s = CheckOutputFile(out, {Path("other"), Path("in")});
    EXPECT_TRUE(absl::IsFailedPrecondition(s)) << out << ": " << s;
    EXPECT_NE(s.message().find("same file"), std::string::npos) << s;
  }
  // The input named through a link is found too.
  EXPECT_FALSE(CheckOutputFile(Path("in"), {Path("sym")}).ok());
  EXPECT_TRUE(CheckOutputFile(Path("other"), {Path("in"), Path("sym")}).ok());
  EXPECT_TRUE(CheckOutputFile(Path("new"), {Path("in")}).ok());
  EXPECT_TRUE(CheckOutputFile(Path("in"), {Path("missing")}).ok());
}

TEST_F(OutputFiles, OutputFileThatCannotBeWrittenIsRefusedBeforeAnyWork) {
  Write(Path("file"), "x");
  fs::create_directories(Path("dir"));
  struct Case {
    std::string out, needle;
  };
  for (const Case& c :
       {Case{Path("dir"), "a directory, not a file"}, Case{Path("file/x"), "is not a directory"},
        Case{Path("missing/x"), "does not exist"}, Case{Path("file/sub/x"), "not a directory"}}) {
    const absl::Status s = CheckOutputFile(c.out, {});
    EXPECT_TRUE(absl::IsFailedPrecondition(s)) << c.out << ": " << s;
    EXPECT_NE(s.message().find(c.needle), std::string::npos) << s;
    EXPECT_NE(s.message().find("--out=" + c.out), std::string::npos) << s;
  }
}

// ---- WriteFileAtomically -------------------------------------------------------------

TEST_F(OutputFiles, AtomicWriteReplacesTheWholeFileAndLeavesNoTemporary) {
  Write(Path("f"), "old contents, longer than the new");
  ASSERT_TRUE(WriteFileAtomically(Path("f"), "new").ok());
  EXPECT_EQ(Read(Path("f")), "new");
  ASSERT_TRUE(WriteFileAtomically(Path("g"), "unsynced", Durability::kUnsynced).ok());
  EXPECT_EQ(Read(Path("g")), "unsynced");
  // A symbolic link is replaced by the file; its target keeps its contents.
  Write(Path("target"), "target");
  fs::create_symlink(Path("target"), Path("link"));
  ASSERT_TRUE(WriteFileAtomically(Path("link"), "via link").ok());
  EXPECT_FALSE(fs::is_symlink(Path("link")));
  EXPECT_EQ(Read(Path("link")), "via link");
  EXPECT_EQ(Read(Path("target")), "target");
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) {
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
    ++files;
  }
  EXPECT_EQ(files, 4);
}

TEST_F(OutputFiles, AtomicWriteOfPartsWritesThemInOrderAsOneFile) {
  Write(Path("f"), "old contents, longer than the new");
  const std::string big(100000, 'p');
  ASSERT_TRUE(WriteFileAtomically(Path("f"), {"header\n", "", big, "end"}).ok());
  EXPECT_EQ(Read(Path("f")), "header\n" + big + "end");
  ASSERT_TRUE(WriteFileAtomically(Path("g"), {}, Durability::kUnsynced).ok());
  EXPECT_EQ(Read(Path("g")), "");
}

TEST_F(OutputFiles, AtomicWriteToAnUnwritablePathIsFailedPreconditionNamingIt) {
  Write(Path("file"), "x");
  fs::create_directories(Path("dir"));
  for (const std::string& path : {Path("missing/x"), Path("file/x"), Path("dir")}) {
    const absl::Status s = WriteFileAtomically(path, "data");
    EXPECT_TRUE(absl::IsFailedPrecondition(s)) << path << ": " << s;
    EXPECT_NE(s.message().find(path), std::string::npos) << s;
    EXPECT_EQ(s.message().find(".tmp"), std::string::npos) << s;
  }
  EXPECT_TRUE(fs::is_directory(Path("dir")));
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 2) << "no temporary file is left behind";
  const absl::StatusOr<std::string> read = ReadWholeFile(Path("dir"));
  EXPECT_TRUE(absl::IsFailedPrecondition(read.status())) << read.status();
  EXPECT_TRUE(absl::IsNotFound(ReadWholeFile(Path("missing")).status()));
}

TEST_F(OutputFiles, TemporaryFilesOfAKilledWriterAreRemovedAndNothingElse) {
  for (const char* name : {"run.json.tmp.123.0", "book.tvb.tmp.9.17"}) Write(Path(name), "torn");
  for (const char* name :
       {"run.json", "notes.tmp", "a.tmp.1", "a.tmp.x.1", "a.tmp.1.", ".tmp.1.2"}) {
    Write(Path(name), "kept");
  }
  fs::create_directories(Path("dir.tmp.1.2"));
  EXPECT_EQ(RemoveTemporaryFiles(dir_.string()), 2);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) {
    if (e.is_regular_file()) {
      EXPECT_EQ(Read(e.path().string()), "kept") << e.path();
    }
    ++files;
  }
  EXPECT_EQ(files, 7);
}

TEST_F(OutputFiles, OutputKindNamesTheJsonKindOfAMarkerFile) {
  Write(Path("run.json"), R"({"schema": 1, "kind": "explore_run"})");
  Write(Path("bad.json"), "not json");
  Write(Path("list.json"), "[1, 2]");
  EXPECT_EQ(OutputKindIn(dir_.string(), "run.json"), "explore_run");
  EXPECT_EQ(OutputKindIn(dir_.string(), "bad.json"), "");
  EXPECT_EQ(OutputKindIn(dir_.string(), "list.json"), "");
  EXPECT_EQ(OutputKindIn(dir_.string(), "missing.json"), "");
}

}  // namespace
}  // namespace tav
