// An engine configuration: which evaluation, which search, and how much of it
// per move.
//
// A configuration is written as the flags of `tav think` ("--eval=learned
// --search=selective --budget-s=1"), so the string a user passes to
// `tav match --a=...` is exactly what they would type to see one move, and a
// record can carry it back. ParseEngineConfig accepts only the keys below,
// each once, each checked; EngineConfigString prints the canonical form (every
// key, fixed order) that records store.
//
// Budgets: --depth (plies of the deepest iteration), --nodes (search nodes;
// the move is then a function of the position and of what the engine's table
// holds from earlier moves of the game: no clock is read) and --budget-s
// (seconds per move). Any combination; the search stops at the first limit
// reached; at least one must be set.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace tav::engine {

struct EngineConfig {
  // The evaluation: "default", the learned weights where this binary has them
  // for the board (10x10 classic Cathedral), else the handmade evaluate().
  // Measured at 1 s a move (data/match/): with the selective search, which
  // ranks a node's children by the cheap bound-free handmade value and
  // evaluates only the best few dozen (quick_evaluate, search/selective.h),
  // the phased weights of data/eval/ beat b1c7f2e by +188 Elo [+140, +245],
  // and +244 [+192, +307] once the search keeps a stopped iteration's work;
  // the first, one-set weights lost to handmade (0.115). --eval=handmade
  // keeps the old one.
  std::string eval = "default";
  std::string search = "selective";
  int depth = 0;            // deepest iteration in plies (0: no limit)
  std::uint64_t nodes = 0;  // node budget per move (0: no limit)
  double budget_s = 0;      // seconds per move (0: no limit)
  // Play exactly where the exact solver finishes within its share of the
  // budget (engine.h, step 1).
  bool exact = true;
  std::size_t tt_mb = 64;  // the engine's transposition table, MiB
  // Randomisation for self-play and training (0: always the best move).
  // With noise K > 0 the engine plays a move drawn uniformly from the root
  // moves the search keeps at the depth of its answer (every move for
  // fullwidth; for selective, those its one-ply ranking keeps at the root)
  // whose value, searched to that depth with the same search (each move's
  // child to that depth less one, by a null-window test), is at least the
  // best value minus K; the best move is always one of them. The draw is a function of `seed` and
  // the position's hash alone, so a game replays exactly from its seed (and two games with the same
  // seed and the same moves so far choose alike: vary the seed per game for different games). Moves
  // the exact solver chose (near the end, `exact`) are never randomised. The tests cost one
  // null-window search per kept root move on top of the budget.
  int noise = 0;
  std::uint64_t seed = 0;
};

// Parses flags text such as "--eval=learned --budget-s=1" (whitespace
// separated, each --key=value once). InvalidArgument naming the bad token.
absl::StatusOr<EngineConfig> ParseEngineConfig(std::string_view text);

// Every key in a fixed order: ParseEngineConfig(EngineConfigString(c)) == c.
std::string EngineConfigString(const EngineConfig& config);
nlohmann::json EngineConfigJson(const EngineConfig& config);

}  // namespace tav::engine
