// A transposition table saved to a file, so that an exact or win/draw/loss
// run killed in the middle of a long search resumes with every bound it had
// proven (tav explore keeps OUT/table.tt; explore/table_checkpoint.h).
//
//   line 1   "tav tt table 1"
//   line 2   a JSON header: the caller's fields (tav explore: the run's
//            identity) and `root_key`, the game's hash of a reference
//            position, so that a table written by a build whose hashing
//            differs is recognised instead of read as noise
//   payload  16-byte records, key (u64) then payload (u64, tt.h's layout),
//            in the machine's byte order (little-endian here)
//   trailer  24 bytes: the record count (u64), the checksum (u64: Mix64
//            chained over the payload's 64-bit words, core/hash.h) and the
//            eight bytes "tavttend"
//
// Design. Exact and WLD entries hold true bounds on a position's value
// (tt.h), valid in every later search of the same game: a restored table can
// change how much a search does, never what it finds. The table is saved
// while the searches go on storing (TranspositionTable::ForEachEntry): the
// snapshot is a mix of moments, every entry of it a bound some search proved,
// and a torn entry has a key no position has. The count and checksum come
// after the payload because the entries are counted as they are written.
// The file is written atomically (core/atomic_file.h): a kill during a save
// leaves the previous one. Trade-off: a save writes every entry (16 bytes
// each: a full 12 GiB table is up to 12 GiB, tens of seconds), so the caller
// spaces the saves to a small share of the run.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "search/tt.h"

namespace tav::search {

inline constexpr char kTableFileMagic[] = "tav tt table 1";

// Writes every entry of `table` to `path` (atomically) under `header`, to
// which root_key is added; the number of entries written.
absl::StatusOr<std::uint64_t> SaveTable(const TranspositionTable& table, nlohmann::json header,
                                        std::uint64_t root_key, const std::string& path);

struct LoadedTable {
  nlohmann::json header;
  std::uint64_t entries = 0;
};

// Restores the entries of the table file `path` into `table`. Errors, each
// naming the path: NotFound if there is no such file; FailedPrecondition if
// its root_key is not `root_key` (another build's hashing: nothing restored);
// DataLoss if it is not a table file or is damaged (truncated, checksum
// mismatch: `table` is then cleared, since part of it was restored).
absl::StatusOr<LoadedTable> LoadTable(const std::string& path, std::uint64_t root_key,
                                      TranspositionTable& table);

}  // namespace tav::search
