// search/tt_file.h: a saved table restores every entry into a table of any
// size; a damaged file, a file of another hashing and a missing file are
// errors of their own kinds, each naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cli_helpers.h"
#include "core/hash.h"
#include "search/tt.h"
#include "search/tt_file.h"

namespace tav::testing {
namespace {

using search::TranspositionTable;
using search::TTData;

struct Stored {
  std::uint64_t key;
  int lower, upper, move, depth;
};

// `n` entries with random keys, bounds, moves and depths, stored into `tt`.
std::vector<Stored> FillRandomly(TranspositionTable& tt, int n) {
  std::mt19937_64 rng(42);
  std::vector<Stored> stored;
  for (int i = 0; i < n; ++i) {
    const int lower = static_cast<int>(rng() % 200) - 100;
    Stored s{rng() | 1, lower, lower + static_cast<int>(rng() % 50),
             static_cast<int>(rng() % 400000), static_cast<int>(rng() % 256)};
    tt.Store(s.key, s.lower, s.upper, s.move, s.depth, false);
    stored.push_back(s);
  }
  return stored;
}

// `n` random entries saved under `root_key` to DIR/t.tt (the directory made).
std::vector<Stored> SaveRandomTable(const ScopedDir& dir, int n, std::uint64_t root_key) {
  std::filesystem::create_directories(dir.str());
  TranspositionTable saved(1 << 20);
  std::vector<Stored> stored = FillRandomly(saved, n);
  EXPECT_TRUE(search::SaveTable(saved, {}, root_key, dir.file("t.tt")).ok());
  return stored;
}

TEST(TableFile, ASavedTableRestoresEveryEntryIntoATableOfAnotherSize) {
  ScopedDir dir("tt_file");
  std::filesystem::create_directories(dir.str());
  TranspositionTable saved(64 << 20);
  const std::vector<Stored> stored = FillRandomly(saved, 5000);
  absl::StatusOr<std::uint64_t> written =
      search::SaveTable(saved, {{"game", "test"}}, 1234, dir.file("t.tt"));
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(*written, stored.size()) << "a table this empty keeps every entry";

  TranspositionTable restored(16 << 20);
  absl::StatusOr<search::LoadedTable> loaded = search::LoadTable(dir.file("t.tt"), 1234, restored);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->entries, stored.size());
  EXPECT_EQ(loaded->header["game"], "test");
  for (const Stored& s : stored) {
    TTData e;
    ASSERT_TRUE(restored.Probe(s.key, &e)) << s.key;
    EXPECT_EQ(e.lower, s.lower);
    EXPECT_EQ(e.upper, s.upper);
    EXPECT_EQ(e.move, s.move);
    EXPECT_EQ(e.depth, s.depth);
    EXPECT_FALSE(e.heuristic);
  }
}

TEST(TableFile, AnotherBuildsHashingIsRecognisedAndNothingIsRestored) {
  ScopedDir dir("tt_file_key");
  const std::vector<Stored> stored = SaveRandomTable(dir, 100, 1234);
  TranspositionTable other(1 << 20);
  absl::StatusOr<search::LoadedTable> loaded = search::LoadTable(dir.file("t.tt"), 999, other);
  EXPECT_TRUE(absl::IsFailedPrecondition(loaded.status())) << loaded.status();
  EXPECT_NE(loaded.status().message().find(dir.file("t.tt")), std::string::npos);
  TTData e;
  EXPECT_FALSE(other.Probe(stored[0].key, &e));
}

TEST(TableFile, ADamagedOrMissingFileIsAnErrorNamingItAndLeavesTheTableEmpty) {
  ScopedDir dir("tt_file_damaged");
  const std::vector<Stored> stored = SaveRandomTable(dir, 1000, 7);
  std::string bytes = ReadFile(dir.file("t.tt"));
  auto write = [&](const std::string& name, const std::string& contents) {
    std::ofstream(dir.file(name), std::ios::binary) << contents;
    return dir.file(name);
  };
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x40;  // a byte inside the payload
  for (const std::string& path :
       {write("flipped.tt", flipped), write("short.tt", bytes.substr(0, bytes.size() - 40)),
        write("text.tt", "not a table\n")}) {
    TranspositionTable table(1 << 20);
    absl::StatusOr<search::LoadedTable> loaded = search::LoadTable(path, 7, table);
    EXPECT_TRUE(absl::IsDataLoss(loaded.status())) << path << ": " << loaded.status();
    EXPECT_NE(loaded.status().message().find(path), std::string::npos) << loaded.status();
    int found = 0;
    for (const Stored& s : stored) {
      TTData e;
      found += table.Probe(s.key, &e);
    }
    EXPECT_EQ(found, 0) << path << ": a damaged file leaves nothing behind";
  }
  TranspositionTable table(1 << 20);
  EXPECT_TRUE(absl::IsNotFound(search::LoadTable(dir.file("none.tt"), 7, table).status()));
}

// Checksum64's values are in files already written (retrograde tiers, proof
// tables), so a change to its code must keep them: these were printed by the
// code before Checksum64 and the streamed table checksum shared WordChecksum.
TEST(Checksum64, KeepsTheValuesOfFilesAlreadyWritten) {
  EXPECT_EQ(Checksum64(""), 0x7acdbb98b1344213ULL);
  EXPECT_EQ(Checksum64("tavoli"), 0x11514482bcdd9551ULL);
  EXPECT_EQ(Checksum64("tavolier"), 0x21069389658270deULL);
  EXPECT_EQ(Checksum64("Tavoliere solves board games"), 0xcf91a5dcc9a541f0ULL);
}

}  // namespace
}  // namespace tav::testing
