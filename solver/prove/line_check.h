// Replaying a proof's line: the half of checking a df-pn proof that does not
// trust the prover.
//
// A df-pn record (tav prove) claims a result for the side to move and gives
// a proof line: the winner's proven moves and the loser's most resistant
// replies, down to a position the game decides. CheckProofLine takes the
// line as text and checks it without the prover's table:
//   1. every move parses and is legal where it is played;
//   2. the line ends where the game is over, or where the game's probes
//      (endgame tables, static rules) know the result -- the positions the
//      prover itself takes as decided (dfpn.h, DecidedResult);
//   3. the result there is the one claimed (for whoever is to move there);
//   4. the exact solver (search/: alpha-beta with its own table, another
//      method than proof numbers) solves the line's positions from its end
//      backwards, win/loss only, while a node budget lasts, and each value
//      must agree with the claim.
// What it shows: the claim holds along that line, and the last positions'
// results are re-proven by another method; where step 4 reaches the first
// position, the whole result is. It is not a second proof of the root when
// step 4 stops short: that is a second df-pn with other settings
// (dfpn.h, "A second opinion").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "prove/dfpn.h"
#include "search/search.h"

namespace tav::prove {

struct LineCheck {
  int plies = 0;             // moves of the line replayed (all of them when ok)
  std::string error;         // the first thing wrong; empty when the line checks out
  std::string end = "open";  // "over" (the game ended), "probe" (the game knew it), "open"
  int solved_from = -1;      // the earliest ply whose position step 4 solved (-1: none)
  std::uint64_t solver_nodes = 0;
  double solver_seconds = 0;
  bool ok() const { return error.empty(); }
};

// Checks `line` from `root` against the claim that the side to move at the
// root gets `root_result` (+1 win, -1 loss), steps 1-4 above; step 4 stops
// when a solve would pass `max_nodes` in all (0: step 4 is skipped).
template <Game G>
LineCheck CheckProofLine(const G& game, const typename G::Position& root,
                         const std::vector<std::string>& line, int root_result,
                         std::uint64_t max_nodes) {
  using Position = typename G::Position;
  LineCheck c;
  const int root_side = game.side_to_move(root);
  auto claimed_for = [&](const Position& p) {
    return game.side_to_move(p) == root_side ? root_result : -root_result;
  };
  // Steps 1-2: replay.
  std::vector<Position> positions{root};
  for (const std::string& text : line) {
    const Position& p = positions.back();
    if (game.is_over(p)) {
      c.error = absl::StrCat("move ", c.plies + 1, " (", text, ") follows the end of the game");
      return c;
    }
    auto m = game.parse_move(p, text);
    if (!m.ok()) {
      c.error = absl::StrCat("move ", c.plies + 1, " (", text, "): ", m.status().message());
      return c;
    }
    Position next = p;
    game.play(next, *m);
    positions.push_back(next);
    ++c.plies;
  }
  // Step 3: the end decides, and as claimed.
  const std::optional<int> known = DecidedResult(game, positions.back());
  if (!known) {
    c.error = "the line ends in a position the game does not decide without search";
    return c;
  }
  c.end = game.is_over(positions.back()) ? "over" : "probe";
  if (*known != claimed_for(positions.back())) {
    c.error = absl::StrCat("the line ends in a ",
                           *known > 0   ? "win"
                           : *known < 0 ? "loss"
                                        : "draw",
                           " for the side to move there, not the claimed result");
    return c;
  }
  // Step 4: the exact solver, from the end backwards.
  if (max_nodes == 0) return c;
  search::SolveOptions o;
  o.mode = search::Mode::kWld;
  o.threads = 1;
  o.tt_mb = 64;
  o.pv = false;
  search::Solver<G> solver(game, o);
  for (int ply = static_cast<int>(positions.size()) - 1; ply >= 0; --ply) {
    const Position& p = positions[ply];
    if (game.is_over(p)) {
      c.solved_from = ply;
      continue;
    }
    if (c.solver_nodes >= max_nodes) break;
    search::SolveOptions budgeted = o;
    budgeted.max_nodes = max_nodes - c.solver_nodes;
    solver.set_options(budgeted);
    const search::SolveResult<G> r = solver.Solve(p);
    c.solver_nodes += r.stats.nodes;
    c.solver_seconds += r.stats.seconds;
    if (!r.complete) break;
    if (r.value != claimed_for(p)) {
      c.error =
          absl::StrCat("the exact solver gives the position after ", ply, " moves of the line a ",
                       r.value > 0 ? "win" : "loss", " for the side to move, against the claim");
      return c;
    }
    c.solved_from = ply;
  }
  return c;
}

}  // namespace tav::prove
