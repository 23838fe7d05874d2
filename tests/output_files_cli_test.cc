// The commands that write files, from the outside: an output is never one of
// the inputs (same inode, also through a symlink or a hard link), and an
// output path that cannot be written is one error line with exit status 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"

namespace tav::testing {
namespace {

namespace fs = std::filesystem;

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
  ExpectBadInput(args + Path("run"), "is a directory");
  ExpectBadInput(args + book + "/x.csv", "not a directory");
  ExpectBadInput(args + Path("missing/x.csv"), "does not exist");
  ExpectBadInput("book merge --out=" + Path("run") + " " + book, "is a directory");
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

}  // namespace
}  // namespace tav::testing
