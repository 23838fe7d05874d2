// Known-answer suites in the FFO text format (data/ffo/ffo-40-49.txt):
//   id | board | side | empties | score | best_moves [| more fields ...]
// '#' starts a comment line; blank lines are skipped. The board is the
// RULES.md board string (N*N characters, row 1 first), side X or O, score the
// exact value for the side to move, best_moves a comma-separated list of every
// move reaching it. Fields after the sixth are kept as text and ignored.
//
// A line without '|' and with a ';' is an Edax .obf line instead:
//   BOARD SIDE; MOVE:SCORE; MOVE:SCORE; ...
// (64 squares of X or * for black, O for white, - or . empty, letters in
// either case; PS is a pass). Its id is its line number, its score the best
// of the listed move scores, its best moves those reaching it; a line must
// list at least one pair. A file may mix both forms.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace tav::search {

struct SuiteEntry {
  std::string id;
  std::string board;
  std::string side;  // "X" or "O"
  int empties = 0;
  int score = 0;
  std::vector<std::string> best_moves;
  int line = 0;  // 1-based line number in the file

  std::string position() const { return board + " " + side; }
};

// Parses a whole suite; `name` prefixes error messages ("FILE:LINE: ...").
// Every malformed line is a DataLoss error naming the line and the field.
absl::StatusOr<std::vector<SuiteEntry>> ParseSuite(std::string_view text, std::string_view name);

// Reads and parses a file: NotFound if it cannot be read, DataLoss if it is
// malformed or holds no position.
absl::StatusOr<std::vector<SuiteEntry>> ReadSuiteFile(const std::string& path);

}  // namespace tav::search
