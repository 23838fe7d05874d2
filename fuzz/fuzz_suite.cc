// FFO / .obf known-answer suite files (search/suite.h). Checked beyond "no
// crash": an accepted entry keeps the promises the solver relies on (an id,
// a side X or O, an empties count equal to the board's '-' squares, at least
// one best move); a rejected file's message names the file and line.
#include <algorithm>

#include "absl/strings/match.h"
#include "fuzz_util.h"
#include "search/suite.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using tav::fuzz::Require;
  auto suite = tav::search::ParseSuite(tav::fuzz::AsText(data, size), "suite.txt");
  if (!suite.ok()) {
    tav::fuzz::RequireMessage(suite.status());
    Require(absl::StartsWith(suite.status().message(), "suite.txt:"),
            "a suite error does not name the file");
    return 0;
  }
  Require(!suite->empty(), "an accepted suite with no position");
  for (const tav::search::SuiteEntry& e : *suite) {
    Require(!e.id.empty() && !e.board.empty(), "an entry without id or board");
    Require(e.side == "X" || e.side == "O", "an entry's side is not X or O");
    Require(std::count(e.board.begin(), e.board.end(), '-') == e.empties,
            "an entry's empties disagree with its board");
    Require(!e.best_moves.empty(), "an entry without a best move");
    Require(e.line >= 1, "an entry without a line number");
  }
  return 0;
}
