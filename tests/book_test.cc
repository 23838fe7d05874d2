// Opening books (book/book.h) and `tav book`: the format round-trips; every
// truncation and every single corrupted byte of a book is rejected with a
// clear error (never a crash, never a wrong answer); merges keep the stronger
// value; queries map moves through symmetry.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"
#include "book/book.h"
#include "cli_helpers.h"
#include "explore_reference.h"
#include "nlohmann/json.hpp"

namespace tav::book {
namespace {

using nlohmann::json;
using testing::CliResult;
using testing::ExpectBadInput;
using testing::LineCount;
using testing::ReadFile;
using testing::RunTav;
namespace fs = std::filesystem;

Book SmallBook() {
  Book b;
  b.header.game = "othello";
  b.header.variant = "standard";
  b.header.board = "4x4";
  b.header.size = 4;
  b.header.max_value = 64;
  b.header.tool = "test";
  b.Add({7,
         "-----OX--XO----- X",
         ExactValue(-10),
         "b1",
         {{"b1", ExactValue(-10)}, {"a2", ExactValue(-10)}}});
  b.Add({3, "-X---XX--XO----- O", WldValue(1, 64), "a1", {{"a1", WldValue(1, 64)}}});
  b.Add({3, "-X---XX--XO--O-- X", HeuristicValue(5, 7, 64), "", {}});
  b.Add({99, "OX---OX--XO----- X", LowerBound(2, 64), "a2", {{"a2", LowerBound(2, 64)}}});
  b.Finish();
  return b;
}

TEST(BookFormat, RoundTripsEveryField) {
  const Book b = SmallBook();
  auto back = Parse(Serialize(b), "small.tvb");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->header.game, "othello");
  EXPECT_EQ(back->header.variant, "standard");
  EXPECT_EQ(back->header.board, "4x4");
  EXPECT_EQ(back->header.size, 4);
  EXPECT_EQ(back->header.max_value, 64);
  EXPECT_EQ(back->header.tool, "test");
  EXPECT_EQ(back->header.record_count, 4u);
  ASSERT_EQ(back->entries().size(), b.entries().size());
  for (size_t i = 0; i < b.entries().size(); ++i) {
    const BookEntry &x = b.entries()[i], &y = back->entries()[i];
    EXPECT_EQ(x.key, y.key);
    EXPECT_EQ(x.position, y.position);
    EXPECT_EQ(x.value, y.value);
    EXPECT_EQ(x.best_move, y.best_move);
    ASSERT_EQ(x.moves.size(), y.moves.size());
    for (size_t k = 0; k < x.moves.size(); ++k) {
      EXPECT_EQ(x.moves[k].move, y.moves[k].move);
      EXPECT_EQ(x.moves[k].value, y.moves[k].value);
    }
  }
  // Sorted by key, then position, and found by position.
  EXPECT_EQ(back->entries().front().key, 3u);
  ASSERT_NE(back->Find("OX---OX--XO----- X"), nullptr);
  EXPECT_EQ(back->Find("OX---OX--XO----- X")->value.kind, ValueKind::kBound);
  EXPECT_EQ(back->Find("---------------- X"), nullptr);
}

TEST(BookFormat, EveryTruncationIsRejected) {
  const std::string bytes = Serialize(SmallBook());
  for (size_t n = 0; n < bytes.size(); ++n) {
    auto b = Parse(std::string_view(bytes).substr(0, n), "cut.tvb");
    ASSERT_FALSE(b.ok()) << "a book cut to " << n << " bytes was accepted";
    EXPECT_EQ(b.status().code(), absl::StatusCode::kDataLoss);
    EXPECT_NE(b.status().message().find("cut.tvb"), std::string::npos);
  }
  auto extra = Parse(bytes + "x", "long.tvb");
  ASSERT_FALSE(extra.ok());
  EXPECT_NE(extra.status().message().find("unexpected bytes"), std::string::npos);
}

TEST(BookFormat, EveryCorruptedByteIsRejected) {
  const std::string bytes = Serialize(SmallBook());
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (unsigned char flip : {0x01, 0x80, 0xff}) {
      std::string bad = bytes;
      bad[i] = static_cast<char>(bad[i] ^ flip);
      auto b = Parse(bad, "bad.tvb");
      ASSERT_FALSE(b.ok()) << "byte " << i << " ^ " << int(flip) << " went unnoticed";
    }
  }
}

// Found by fuzz/fuzz_book: two records with the same position under two
// keys passed the (key, position) order check, and Book::Add silently kept
// only the second. The book is made by serializing two positions of equal
// length, overwriting the second with the first and fixing the checksums.
TEST(BookFormat, APositionRepeatedUnderAnotherKeyIsRejected) {
  Book b = SmallBook();
  const std::string first = "-X---XX--XO----- O", second = "OX---OX--XO----- X";  // keys 3, 99
  std::string bytes = Serialize(b);
  const size_t at = bytes.find(second);
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, second.size(), first);
  auto put64 = [&](size_t offset, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes[offset + i] = static_cast<char>((v >> (8 * i)) & 0xff);
  };
  std::uint32_t header_bytes = 0;
  for (int i = 0; i < 4; ++i)
    header_bytes |= std::uint32_t{static_cast<unsigned char>(bytes[12 + i])} << (8 * i);
  put64(32, Fnv1a64(std::string_view(bytes).substr(header_bytes)));
  put64(header_bytes - 8, Fnv1a64(std::string_view(bytes).substr(0, header_bytes - 8)));
  auto parsed = Parse(bytes, "twice.tvb");
  ASSERT_FALSE(parsed.ok()) << parsed->entries().size() << " entries";
  EXPECT_NE(parsed.status().message().find("repeats the position"), std::string::npos)
      << parsed.status();
}

TEST(BookFormat, WrongMagicAndVersionAreNamed) {
  std::string bytes = Serialize(SmallBook());
  std::string other = bytes;
  other[0] = 'X';
  EXPECT_NE(Parse(other, "f").status().message().find("not a Tavoliere book"), std::string::npos);
  other = bytes;
  other[8] = 3;  // version 3
  EXPECT_NE(Parse(other, "f").status().message().find("unsupported book version 3"),
            std::string::npos);
  EXPECT_NE(Parse("", "f").status().message().find("truncated"), std::string::npos);
  EXPECT_NE(
      Parse("GIF89a....\x01\x02\x03\x04\x05\x06\x07", "f").status().message().find("bad magic"),
      std::string::npos);
}

TEST(BookFormat, VersionOneHeadersReadTheirPieceListAsOptions) {
  // Version 1 held Cathedral's piece list where version 2 holds the options:
  // the same bytes, relabelled as version 1 (header checksum redone), read
  // back as "pieces=...".
  Book b = SmallBook();
  b.header.options = "VSLN";
  std::string bytes = Serialize(b);
  bytes[8] = 1;
  std::uint32_t header_bytes = 0;
  for (int i = 0; i < 4; ++i)
    header_bytes |= std::uint32_t{static_cast<unsigned char>(bytes[12 + i])} << (8 * i);
  const std::uint64_t checksum = Fnv1a64(std::string_view(bytes).substr(0, header_bytes - 8));
  for (int i = 0; i < 8; ++i) bytes[header_bytes - 8 + i] = static_cast<char>(checksum >> (8 * i));
  absl::StatusOr<Book> v1 = Parse(bytes, "f");
  ASSERT_TRUE(v1.ok()) << v1.status();
  EXPECT_EQ(v1->header.version, 1u);
  EXPECT_EQ(v1->header.options, "pieces=VSLN");
  // The committed books (version 1) still load.
  const fs::path data = fs::path(TAV_SOURCE_DIR) / "data/explore/lehmann-5x5/classic/book.tvb";
  absl::StatusOr<Book> committed = ReadBook(data.string());
  ASSERT_TRUE(committed.ok()) << committed.status();
  EXPECT_EQ(committed->header.game, "cathedral");
}

TEST(BookMerge, KeepsTheStrongerValueOfEachPositionAndMove) {
  Book a = SmallBook(), b = SmallBook();
  b.Add({3, "-X---XX--XO--O-- X", HeuristicValue(1, 9, 64), "c4", {}});  // deeper
  b.Add({3, "-X---XX--XO----- O", ExactValue(6), "a1", {{"a1", ExactValue(6)}}});
  b.Add({5, "----------------X X", ExactValue(0), "", {}});  // only in b
  b.Finish();
  std::vector<std::string> conflicts;
  auto m = Merge({a, b}, &conflicts);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->entries().size(), 5u);
  EXPECT_TRUE(conflicts.empty());
  const BookEntry* h = m->Find("-X---XX--XO--O-- X");
  EXPECT_EQ(h->value.depth, 9);
  EXPECT_EQ(h->best_move, "c4");
  const BookEntry* w = m->Find("-X---XX--XO----- O");
  EXPECT_EQ(w->value.kind, ValueKind::kExact);  // exact beats wld
  EXPECT_EQ(w->moves.front().value.kind, ValueKind::kExact);
  // The other order gives the same strongest values.
  auto m2 = Merge({b, a}, nullptr);
  EXPECT_EQ(m2->Find("-X---XX--XO----- O")->value, ExactValue(6));
}

TEST(BookMerge, ReportsContradictionsAndRefusesOtherGames) {
  Book a = SmallBook(), b = SmallBook();
  b.Add({7, "-----OX--XO----- X", ExactValue(4), "b1", {}});
  b.Finish();
  std::vector<std::string> conflicts;
  auto m = Merge({a, b}, &conflicts);
  ASSERT_TRUE(m.ok());
  ASSERT_EQ(conflicts.size(), 1u);
  EXPECT_EQ(m->Find("-----OX--XO----- X")->value.value, -10);  // the first book's
  Book c = SmallBook();
  c.header.board = "6x6";
  auto bad = Merge({a, c}, nullptr);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("cannot merge"), std::string::npos);
}

// ---- tav book ------------------------------------------------------------------

class BookCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ =
        new fs::path(fs::temp_directory_path() / ("tav_book_test_" + std::to_string(::getpid())));
    fs::remove_all(*dir_);
    const CliResult r =
        RunTav("explore --tt-mb=16 --game=othello --size=4 --plies=3 --out=" + Path("run"));
    ASSERT_EQ(r.status, 0) << r.err;
    const CliResult r2 =
        RunTav("explore --tt-mb=16 --game=othello --size=4 --plies=2 --out=" + Path("run2"));
    ASSERT_EQ(r2.status, 0) << r2.err;
    // Depth 1 at ply 3 (9 empty squares) stops short of the end: heuristic.
    const CliResult s = RunTav(
        "explore --tt-mb=16 --game=othello --size=4 --plies=3 --mode=search --depth=1 --out=" +
        Path("search"));
    ASSERT_EQ(s.status, 0) << s.err;
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }
  static std::string Path(const std::string& name) { return (*dir_ / name).string(); }
  static std::string Book() { return Path("run/book.tvb"); }

  static inline fs::path* dir_ = nullptr;
};

TEST(BookGameIdentity, APrairieBookKeepsItsEmptyColumns) {
  // Version 1 headers had no field for --empty-columns: the book was read
  // back as the standard game, whose start is not in it.
  const fs::path dir =
      fs::temp_directory_path() / ("tav_book_prairie_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const CliResult r =
      RunTav("explore --tt-mb=16 --game=prairie --size=3 --empty-columns=b --plies=1 --out=" +
             dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const CliResult q = RunTav("book query --json --book=" + (dir / "book.tvb").string());
  ASSERT_EQ(q.status, 0) << q.err;
  const json j = json::parse(q.out);
  EXPECT_EQ(j["options"], "empty-columns=b");
  const CliResult show = RunTav("moves --game=prairie --size=3 --empty-columns=b");
  ASSERT_EQ(show.status, 0) << show.err;
  const std::vector<std::string> moves =
      absl::StrSplit(absl::StripTrailingAsciiWhitespace(show.out), ' ');
  EXPECT_EQ(j["moves"].size(), moves.size());
  fs::remove_all(dir);
}

TEST_F(BookCli, QueryGivesValueKindBestMoveAndEachMoveInNotation) {
  const CliResult r = RunTav("book query --json --book=" + Book() + " --moves='c4'");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  testing::RefValues ref(4, false, false);
  const std::string pos = j["position"];
  EXPECT_EQ(j["value"], ref.Value(pos));
  EXPECT_EQ(j["value_kind"], "exact");
  // The best move is legal here and optimal; each move's value is the reference's.
  const auto legal = ref.Moves(pos);
  ASSERT_NE(std::find(legal.begin(), legal.end(), j["best_move"]), legal.end());
  EXPECT_EQ(-ref.Value(ref.Child(pos, j["best_move"])), ref.Value(pos));
  ASSERT_EQ(j["moves"].size(), legal.size());
  for (const json& m : j["moves"]) {
    EXPECT_EQ(m["value"], -ref.Value(ref.Child(pos, m["move"]))) << m.dump();
  }
}

TEST_F(BookCli, SymmetricOpeningsGetMappedAnswers) {
  // The four first moves of Othello are symmetric: whichever was stored, each
  // query's best move must be legal and optimal in the position asked about.
  testing::RefValues ref(4, false, false);
  for (const char* first : {"a2", "b1", "c4", "d3"}) {
    for (const std::string& second : ref.Moves(ref.Child("-----OX--XO----- X", first))) {
      const std::string moves = std::string(first) + " " + second;
      const CliResult r = RunTav("book query --json --book=" + Book() + " --moves='" + moves + "'");
      ASSERT_EQ(r.status, 0) << moves << ": " << r.err;
      const json j = json::parse(r.out);
      const std::string pos = j["position"];
      EXPECT_EQ(j["value"], ref.Value(pos)) << moves;
      EXPECT_EQ(-ref.Value(ref.Child(pos, j["best_move"])), ref.Value(pos)) << moves;
    }
  }
}

TEST_F(BookCli, TextOutputAndPositionsOutsideTheBook) {
  const CliResult r = RunTav("book query --book=" + Book());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("value: -10 (exact)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("best move: "), std::string::npos);
  ExpectBadInput("book query --book=" + Book() + " --moves='c4 d4 d3 d2 d1'", "is not in the book");
  ExpectBadInput("book query --book=" + Book() + " --moves='c4 c4'", "move 2 'c4'");
  ExpectBadInput("book query", "missing --book");
  ExpectBadInput("book query --book=" + Path("nothing.tvb"), "no such file");
}

TEST_F(BookCli, DamagedBooksGetOneClearErrorLine) {
  const std::string bytes = ReadFile(Book());
  auto write = [&](const std::string& name, const std::string& contents) {
    std::ofstream(Path(name), std::ios::binary | std::ios::trunc) << contents;
    return Path(name);
  };
  ExpectBadInput("book query --book=" + write("cut.tvb", bytes.substr(0, bytes.size() / 2)),
                 "truncated");
  std::string flipped = bytes;
  flipped[bytes.size() - 7] ^= 0x10;
  ExpectBadInput("book query --book=" + write("flip.tvb", flipped), "checksum mismatch");
  std::string v3 = bytes;
  v3[8] = 3;
  ExpectBadInput("book export --book=" + write("v3.tvb", v3), "unsupported book version 3");
  ExpectBadInput("book merge --out=" + Path("m.tvb") + " " + Book() + " " + write("empty.tvb", ""),
                 "truncated");
}

TEST_F(BookCli, ExportsCsvAndJsonl) {
  const CliResult csv = RunTav("book export --format=csv --book=" + Book());
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(
      csv.out.rfind("key,position,value,value_kind,bound,depth,lower,upper,best_move,moves\n", 0),
      0u);
  const CliResult jsonl = RunTav("book export --format=jsonl --book=" + Book());
  ASSERT_EQ(jsonl.status, 0) << jsonl.err;
  EXPECT_EQ(LineCount(csv.out), LineCount(jsonl.out) + 1);
  for (absl::string_view line : absl::StrSplit(jsonl.out, '\n', absl::SkipEmpty())) {
    const json j = json::parse(line);
    EXPECT_EQ(j["kind"], "book_entry");
    EXPECT_EQ(j["game"], "othello");
  }
  ExpectBadInput("book export --format=xml --book=" + Book(), "bad --format='xml'");
}

TEST_F(BookCli, MergePrefersExactOverHeuristic) {
  const std::string out = Path("merged.tvb");
  const CliResult r = RunTav("book merge --out=" + out + " " + Path("search/book.tvb") + " " +
                             Path("run2/book.tvb"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("0 contradictions"), std::string::npos) << r.out;
  // The root is exact in the exact run and heuristic in the search run.
  const CliResult q = RunTav("book query --json --book=" + out);
  ASSERT_EQ(q.status, 0) << q.err;
  EXPECT_EQ(json::parse(q.out)["value_kind"], "exact");
  // Positions at ply 3 exist only in the search run's book.
  const CliResult deep = RunTav("book query --json --book=" + out + " --moves='c4 d4 d3'");
  ASSERT_EQ(deep.status, 0) << deep.err;
  EXPECT_EQ(json::parse(deep.out)["value_kind"], "heuristic");
  ExpectBadInput("book merge " + Book(), "missing --out");
  ExpectBadInput("book merge --out=" + out, "needs the books");
}

}  // namespace
}  // namespace tav::book
