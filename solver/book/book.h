// Opening books: the values an exploration found, per position, in a
// compact, self-describing, checksummed binary file (`book.tvb`).
//
// A book holds, for each explored position (the canonical representative of
// its symmetry class, keyed by the game's 64-bit hash and its position
// string): its value with the value's kind (core/proven_value.h), the best move,
// and the value of every explored move, all moves in the game's notation
// relative to that representative. Readers (book/lookup.h) look an arbitrary position up by
// trying each of its symmetric images, so they do not depend on which image
// the writer chose as canonical.
//
// File format, version 2 (all integers little-endian):
//
//   header
//     char[8]  magic "TAVBOOK\0"
//     u32      version (2; version 1, still read, differs only in `options`)
//     u32      header_bytes: length of the whole header, this checksum included
//     u64      record_count
//     u64      payload_bytes: length of everything after the header
//     u64      payload_checksum: FNV-1a 64 of the payload bytes
//     str      game      (str = u16 length + bytes, no terminator)
//     str      variant
//     str      board     ("10x10", "8x8", ...)
//     str      options   (the game's options, GameSpec::options: core/game_options.h;
//                         empty = the defaults. Version 1: Cathedral's piece list
//                         only, so a Prairie book's empty columns were lost)
//     str      tool      (toolkit version and commit that wrote the file)
//     i32      size      (--size)
//     i32      max_value (the game's kMaxValue: every proven value lies in ±max_value)
//     u64      header_checksum: FNV-1a 64 of all header bytes before it
//   payload: record_count records, sorted by (key, position), no duplicates
//     u64      key        game hash of the position
//     str      position   canonical position string
//     value    (16 bytes: i32 value, i32 lower, i32 upper, u16 depth, u8 kind, u8 bound;
//              kind 0 exact, 1 wld, 2 bound, 3 heuristic; bound 0 none, 1 lower, 2 upper)
//     str      best_move  (empty when unknown or the game is over)
//     u32      move_count
//     move_count x { str move, value }
//
// Every read is bounds-checked: a short, overlong, corrupted (checksum),
// wrong-magic or wrong-version file, and any record whose value is
// inconsistent with its kind, is rejected with a DataLoss/InvalidArgument
// status naming the problem, before any of its contents is used.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "core/proven_value.h"

namespace tav::book {

inline constexpr char kMagic[8] = {'T', 'A', 'V', 'B', 'O', 'O', 'K', '\0'};
inline constexpr std::uint32_t kVersion = 2;
inline constexpr std::uint32_t kVersionPiecesOnly = 1;  // read, never written

std::uint64_t Fnv1a64(std::string_view bytes);

struct BookHeader {
  std::uint32_t version = kVersion;
  std::string game, variant, board, options, tool;  // options: GameSpec::options
  int size = 0;
  int max_value = 0;
  std::uint64_t record_count = 0;  // filled in by Serialize / Parse
};

struct BookEntry {
  std::uint64_t key = 0;
  std::string position;
  Value value;
  std::string best_move;
  std::vector<MoveValue> moves;
};

class Book {
 public:
  BookHeader header;

  const std::vector<BookEntry>& entries() const { return entries_; }
  // Adds or replaces (same position) an entry; call Finish() before lookups.
  void Add(BookEntry entry);
  // Sorts by (key, position) and indexes by position string.
  void Finish();
  const BookEntry* Find(std::string_view position) const;

 private:
  std::vector<BookEntry> entries_;
  absl::flat_hash_map<std::string, std::size_t> index_;
};

std::string Serialize(const Book& book);
// `name` (the file name) prefixes every error message.
absl::StatusOr<Book> Parse(std::string_view bytes, std::string_view name);

absl::Status WriteBook(const std::string& path, const Book& book);  // atomic
absl::StatusOr<Book> ReadBook(const std::string& path);

// Combines books of the same game, variant, board and options. For a
// position in several books the stronger value wins (Stronger:
// exact > wld > bound > heuristic, deeper heuristics, tighter bounds), and
// likewise for each move's value; on equal strength the earlier book wins.
// Proven values that contradict each other (disjoint proven intervals) are
// reported in `conflicts` (one line each) and the earlier one is kept.
absl::StatusOr<Book> Merge(const std::vector<Book>& books, std::vector<std::string>* conflicts);

}  // namespace tav::book
