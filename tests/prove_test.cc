// The proof searches (prove/dfpn.h, prove/bounded.h) against memoized
// minimax on narrow Prairie boards: df-pn proves exactly the minimax
// winner, and the bounded search's shortest forced win is the minimax
// distance of the winner (and it finds no win for the loser).
#include <gtest/gtest.h>

#include "core/hash.h"
#include "core/setup.h"
#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"
#include "prove/bounded.h"
#include "prove/dfpn.h"
#include "prove/line_check.h"
#include "search/search.h"
#include "wld_minimax.h"

namespace tav {
namespace {

using prairie::PrairieGame;
using Position = PrairieGame::Position;

PrairieGame Make(int width, const char* variant = "") {
  return *PrairieGame::Create(GameSpec{"prairie", variant, width, ""});
}

// Positions along random games from the start, every `every` plies.
std::vector<Position> Sample(const PrairieGame& game, int count, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p = game.start();
    PrairieGame::MoveList moves;
    for (game.generate_moves(p, moves); moves.size() > 0; game.generate_moves(p, moves)) {
      if (rng.Below(3) == 0) out.push_back(p);
      game.play(p, moves[rng.Below(moves.size())]);
    }
  }
  out.resize(count);
  return out;
}

// The reference is plain minimax on the 3-wide board and, on the 4-wide one
// where minimax takes minutes, the alpha-beta solver in WLD mode (another
// algorithm with its own table; search_test checks it against minimax).
// A prover's options: table size and node budget, the rest default.
prove::DfpnOptions SmallOptions(std::uint64_t tt_mb, std::uint64_t max_nodes = 0) {
  prove::DfpnOptions o;
  o.tt_mb = tt_mb;
  o.max_nodes = max_nodes;
  return o;
}

TEST(Dfpn, ProvesTheWinnerOfAnIndependentSolverOnThreeAndFourWideBoards) {
  for (int w : {3, 4}) {
    const PrairieGame game = Make(w);
    testing::WldMinimax<PrairieGame> minimax(game);
    search::SolveOptions options;
    options.mode = search::Mode::kWld;
    options.tt_mb = 16;
    options.pv = false;
    search::Solver<PrairieGame> solver(game, options);
    prove::DfpnProver<PrairieGame> prover(game, SmallOptions(64));
    prove::DfpnOptions weak = SmallOptions(64);
    weak.numbers = prove::Combine::kWeak;
    prove::DfpnProver<PrairieGame> weak_prover(game, weak);
    for (const Position& p : Sample(game, w == 3 ? 150 : 60, w)) {
      const int v = w == 3 ? minimax.Value(p) : solver.Solve(p).value;
      const prove::Proof expected = v > 0 ? prove::Proof::kWin : prove::Proof::kLoss;
      ASSERT_EQ(prover.Prove(p), expected) << w << " " << game.position_string(p);
      ASSERT_EQ(weak_prover.Prove(p), expected) << "weak " << w << " " << game.position_string(p);
    }
  }
}

TEST(Dfpn, ProvesTheStartsOfVariants) {
  for (const char* variant : {"standard", "extra2", "handicap1"}) {
    const PrairieGame game = Make(3, variant);
    testing::WldMinimax<PrairieGame> minimax(game);
    prove::DfpnProver<PrairieGame> prover(game, SmallOptions(64));
    const int v = minimax.Value(game.start());
    EXPECT_EQ(prover.Prove(game.start()), v > 0 ? prove::Proof::kWin : prove::Proof::kLoss)
        << variant;
    EXPECT_EQ(prover.stats().stopped, false);
  }
}

TEST(Dfpn, EverySettingProvesTheSameWinnersThroughAnotherTree) {
  const PrairieGame game = Make(4);
  prove::DfpnOptions mobility = SmallOptions(64), second = SmallOptions(64);
  mobility.init = prove::LeafInit::kMobility;
  second.order = prove::ChildOrder::kReversed;
  second.init = prove::LeafInit::kUnit;
  prove::DfpnOptions weak = SmallOptions(64), weak_unit = second;
  weak.numbers = weak_unit.numbers = prove::Combine::kWeak;
  prove::DfpnProver<PrairieGame> first_prover(game, SmallOptions(64));  // evaluation
  prove::DfpnProver<PrairieGame> mobility_prover(game, mobility);
  prove::DfpnProver<PrairieGame> second_prover(game, second);
  prove::DfpnProver<PrairieGame> weak_prover(game, weak), weak_unit_prover(game, weak_unit);
  bool other_tree = false;
  for (const Position& p : Sample(game, 40, 7)) {
    const prove::Proof a = first_prover.Prove(p);
    ASSERT_NE(a, prove::Proof::kUnknown);
    EXPECT_EQ(a, mobility_prover.Prove(p)) << game.position_string(p);
    EXPECT_EQ(a, second_prover.Prove(p)) << game.position_string(p);
    EXPECT_EQ(a, weak_prover.Prove(p)) << game.position_string(p);
    EXPECT_EQ(a, weak_unit_prover.Prove(p)) << game.position_string(p);
    other_tree |= first_prover.stats().nodes != second_prover.stats().nodes &&
                  first_prover.stats().nodes != mobility_prover.stats().nodes;
  }
  EXPECT_TRUE(other_tree);  // the settings change the search, not only its name
}

TEST(Dfpn, PrairieEstimatesProveTheFiveAndSixWideStartsInFewerNodesThanMobility) {
  for (int w : {5, 6}) {
    const PrairieGame game = Make(w);
    prove::DfpnOptions mobility = SmallOptions(256);
    mobility.init = prove::LeafInit::kMobility;
    prove::DfpnProver<PrairieGame> by_estimate(game, SmallOptions(256)),
        by_mobility(game, mobility);
    ASSERT_EQ(by_estimate.Prove(game.start()), prove::Proof::kLoss);
    ASSERT_EQ(by_mobility.Prove(game.start()), prove::Proof::kLoss);
    EXPECT_LT(by_estimate.stats().nodes, by_mobility.stats().nodes) << w;
  }
}

// The proof line of a df-pn proof, as text.
// Whether some position stored in the prover's table within `plies` moves of `pos` (through
// stored positions only) is decided: the brute-force counterpart of NearestDecided's walk.
bool StoredDecidedWithin(const PrairieGame& game, const prove::DfpnProver<PrairieGame>& prover,
                         const Position& pos, int plies) {
  if (plies == 0) return false;
  PrairieGame::MoveList moves;
  game.generate_moves(pos, moves);
  for (const auto& m : moves) {
    Position child = pos;
    game.play(child, m);
    const auto numbers = prover.Numbers(child);
    if (!numbers) continue;
    if (numbers->first == 0 || numbers->second == 0) return true;
    if (StoredDecidedWithin(game, prover, child, plies - 1)) return true;
  }
  return false;
}

// An unfinished proof says how close it came: the nearest decided position is legal to reach,
// decided as a fresh proof of it finds, and no decided position is stored any nearer.
TEST(Dfpn, AnUnfinishedProofNamesItsNearestDecidedPosition) {
  const PrairieGame game = Make(6);
  prove::DfpnProver<PrairieGame> prover(game, SmallOptions(64, 60000));
  ASSERT_EQ(prover.Prove(game.start()), prove::Proof::kUnknown);
  // A walk too short to reach it says how far it read instead.
  const auto short_walk = prover.NearestDecided(game.start(), 1);
  EXPECT_FALSE(short_walk.found);
  EXPECT_EQ(short_walk.clear_plies, 1);  // the root's stored children, none decided
  const auto nearest = prover.NearestDecided(game.start(), 20000);
  ASSERT_TRUE(nearest.found);
  ASSERT_FALSE(nearest.line.empty());
  Position p = game.start();
  for (const auto& m : nearest.line) {
    PrairieGame::MoveList moves;
    game.generate_moves(p, moves);
    ASSERT_NE(std::find(moves.begin(), moves.end(), m), moves.end());
    game.play(p, m);
  }
  const auto numbers = prover.Numbers(p);
  ASSERT_TRUE(numbers.has_value());
  EXPECT_EQ(numbers->first == 0, nearest.mover_wins);
  EXPECT_EQ(numbers->second == 0, !nearest.mover_wins);
  prove::DfpnProver<PrairieGame> fresh(game, SmallOptions(64));
  EXPECT_EQ(fresh.Prove(p), nearest.mover_wins ? prove::Proof::kWin : prove::Proof::kLoss);
  const int plies = static_cast<int>(nearest.line.size());
  EXPECT_FALSE(StoredDecidedWithin(game, prover, game.start(), plies - 1));
  EXPECT_TRUE(StoredDecidedWithin(game, prover, game.start(), plies));
}

std::vector<std::string> LineOf(const PrairieGame& game, const prove::DfpnProver<PrairieGame>& pr,
                                Position p) {
  std::vector<std::string> line;
  for (const auto& m : pr.ProofLine(p, 200)) {
    line.push_back(game.move_string(p, m));
    game.play(p, m);
  }
  return line;
}

TEST(ProofLine, AProvenLineReplaysAndTheExactSolverAgreesAlongIt) {
  const PrairieGame game = Make(5);
  prove::DfpnProver<PrairieGame> prover(game, SmallOptions(64));
  const prove::Proof proof = prover.Prove(game.start());
  ASSERT_EQ(proof, prove::Proof::kLoss);  // W = 5: the buffalo lose (retrograde tables)
  const std::vector<std::string> line = LineOf(game, prover, game.start());
  ASSERT_FALSE(line.empty());
  const prove::LineCheck c = prove::CheckProofLine(game, game.start(), line, -1, 10'000'000);
  EXPECT_TRUE(c.ok()) << c.error;
  EXPECT_EQ(c.plies, static_cast<int>(line.size()));
  EXPECT_EQ(c.end, "over");
  EXPECT_EQ(c.solved_from, 0);
  // Without a budget the solver is not asked; with a tiny one it stops early.
  EXPECT_EQ(prove::CheckProofLine(game, game.start(), line, -1, 0).solved_from, -1);
}

TEST(ProofLine, WrongClaimsIllegalMovesAndShortLinesAreCaught) {
  const PrairieGame game = Make(5);
  prove::DfpnProver<PrairieGame> prover(game, SmallOptions(64));
  ASSERT_EQ(prover.Prove(game.start()), prove::Proof::kLoss);
  std::vector<std::string> line = LineOf(game, prover, game.start());
  // The claim flipped: the end contradicts it.
  EXPECT_NE(prove::CheckProofLine(game, game.start(), line, +1, 0).error.find("not the claimed"),
            std::string::npos);
  // A line cut short ends in a position the game does not decide.
  std::vector<std::string> cut(line.begin(), line.end() - 1);
  EXPECT_NE(prove::CheckProofLine(game, game.start(), cut, -1, 0).error.find("does not decide"),
            std::string::npos);
  // An illegal move.
  std::vector<std::string> bad = line;
  bad[0] = "a7-a5";
  const prove::LineCheck c = prove::CheckProofLine(game, game.start(), bad, -1, 0);
  EXPECT_EQ(c.plies, 0);
  EXPECT_NE(c.error.find("move 1"), std::string::npos) << c.error;
}

TEST(ProofLine, ALineMayEndWhereTheProverStoppedOnTheGamesStaticResult) {
  // The prover takes positions probe_result decides as leaves, so its lines
  // can end there; the check accepts such an end (and the exact solver
  // agrees with it), as it does the positions probe() alone decides.
  const PrairieGame game = Make(5);
  int found = 0;
  for (const Position& p : Sample(game, 4000, 11)) {
    const std::optional<int> r = game.static_result(p);
    if (!r || game.is_over(p) || game.static_value(p)) continue;
    const prove::LineCheck c = prove::CheckProofLine(game, p, {}, *r, 1'000'000);
    EXPECT_TRUE(c.ok()) << c.error << " " << game.position_string(p);
    EXPECT_EQ(c.end, "probe");
    EXPECT_EQ(c.solved_from, 0);
    if (++found == 20) break;
  }
  EXPECT_GT(found, 0) << "no position that only the static result decides";
}

TEST(ProofLine, TheExactSolverCatchesALineWhereTheLoserBlundered) {
  // A false claim with a consistent-looking line: "the buffalo win W = 5",
  // shown by a random game the buffalo happen to win. Replay and the end
  // agree; only the exact solver, going back along the line, refutes it.
  const PrairieGame game = Make(5);
  SplitMix64 rng(3);
  for (int attempt = 0; attempt < 100000; ++attempt) {
    Position p = game.start();
    std::vector<std::string> line;
    PrairieGame::MoveList moves;
    for (game.generate_moves(p, moves); moves.size() > 0; game.generate_moves(p, moves)) {
      const auto m = moves[rng.Below(moves.size())];
      line.push_back(game.move_string(p, m));
      game.play(p, m);
    }
    if (prove::DecidedResult(game, p) != (game.side_to_move(p) == 0 ? 1 : -1)) continue;
    const prove::LineCheck c = prove::CheckProofLine(game, game.start(), line, +1, 10'000'000);
    EXPECT_FALSE(c.ok());
    EXPECT_NE(c.error.find("exact solver"), std::string::npos) << c.error;
    return;
  }
  FAIL() << "no random game won by the buffalo";
}

TEST(Dfpn, StopsAtTheNodeBudgetWithUnknown) {
  const PrairieGame game = Make(7);
  prove::DfpnProver<PrairieGame> prover(game, SmallOptions(16, 3000));
  EXPECT_EQ(prover.Prove(game.start()), prove::Proof::kUnknown);
  EXPECT_TRUE(prover.stats().stopped);
  EXPECT_GT(prover.stats().root_pn, 0u);
  EXPECT_GT(prover.stats().root_dn, 0u);
}

// An unfinished proof's frontier is the line Mid would extend next: from
// the root, each time the child with the least disproof number (for its
// mover); it follows stored positions and ends at a new leaf or a decided
// position, and each step counts its position's decided moves.
TEST(Dfpn, TheFrontierOfAnUnfinishedProofFollowsTheMostProvingChildren) {
  const PrairieGame game = Make(7);
  prove::DfpnProver<PrairieGame> prover(game, SmallOptions(16, 20000));
  ASSERT_EQ(prover.Prove(game.start()), prove::Proof::kUnknown);
  const auto frontier = prover.Frontier(game.start(), 100);
  ASSERT_GE(frontier.size(), 2u);
  Position p = game.start();
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    const auto& step = frontier[i];
    PrairieGame::MoveList moves;
    game.generate_moves(p, moves);
    std::uint32_t least_dn = prove::kInf + 1;
    for (const auto& m : moves) {
      Position c = p;
      game.play(c, m);
      if (const auto numbers = prover.Numbers(c)) least_dn = std::min(least_dn, numbers->second);
    }
    Position child = p;
    game.play(child, step.move);
    if (step.in_table) {
      const auto numbers = prover.Numbers(child);
      ASSERT_TRUE(numbers.has_value()) << i;
      EXPECT_EQ(step.pn, numbers->first) << i;
      EXPECT_EQ(step.dn, numbers->second) << i;
      EXPECT_EQ(step.dn, least_dn) << i;  // no stored sibling is more proving
    } else {
      EXPECT_EQ(i + 1, frontier.size());  // a new leaf ends the line
    }
    EXPECT_LE(step.decided, step.moves) << i;
    if (i + 1 < frontier.size()) {
      EXPECT_GT(step.pn, 0u) << i;  // the line goes on through open positions only
      EXPECT_GT(step.dn, 0u) << i;
      PrairieGame::MoveList next;
      game.generate_moves(child, next);
      EXPECT_EQ(step.moves, static_cast<int>(next.size())) << i;
    }
    p = child;
  }
  // The root's numbers are the first step's, seen from the root's mover.
  EXPECT_EQ(frontier[0].dn, prover.stats().root_pn);
}

// Scored games (dfpn.h, "Scored games"): "at least v" is proven and "at
// least v + 1" disproven exactly where the alpha-beta solver's exact value
// is v, for the side to move and, through the other player's goal, from
// the other side's view too.
template <class G>
void ExpectMarginsOfTheSolver(const G& game, const std::vector<typename G::Position>& positions) {
  search::SolveOptions options;
  options.tt_mb = 16;
  options.pv = false;
  search::Solver<G> solver(game, options);
  for (const auto& p : positions) {
    const int v = solver.Solve(p).value;
    const int mover = game.side_to_move(p);
    for (const auto& [player, at_least, expected] :
         {std::tuple{mover, v, prove::Proof::kWin}, std::tuple{mover, v + 1, prove::Proof::kLoss},
          std::tuple{1 - mover, -v, prove::Proof::kLoss},
          std::tuple{1 - mover, -v + 1, prove::Proof::kWin}}) {
      // Prove() answers for the side to move: with the other player's goal,
      // the mover "wins" when that player falls short (below -v + 1).
      prove::DfpnOptions o = SmallOptions(8);
      o.goal = prove::Goal{player, at_least};
      prove::DfpnProver<G> prover(game, o);
      EXPECT_EQ(prover.Prove(p), expected)
          << game.position_string(p) << " value " << v << " goal: player " << player << " at least "
          << at_least;
    }
  }
}

TEST(Dfpn, AtLeastFindsTheSolversExactMarginsOnFiveByFiveCathedral) {
  const auto game = *cathedral::Cathedral::Create(GameSpec{"cathedral", "classic", 5, ""});
  // Every third Cathedral placement (dark to move next).
  std::vector<cathedral::Cathedral::Position> positions;
  cathedral::Cathedral::MoveList moves;
  game.generate_moves(game.start(), moves);
  for (std::size_t i = 0; i < moves.size(); i += 3) {
    auto p = game.start();
    game.play(p, moves[i]);
    positions.push_back(p);
  }
  ExpectMarginsOfTheSolver(game, positions);
}

TEST(Dfpn, AtLeastFindsTheSolversExactDiscDifferencesOnFourByFourOthello) {
  const auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  SplitMix64 rng(7);
  std::vector<reversi::Othello::Position> positions;
  for (int g = 0; g < 6; ++g) {
    auto p = game.start();
    for (int ply = 0; ply < 2 + g && !game.is_over(p); ++ply) {
      reversi::Othello::MoveList moves;
      game.generate_moves(p, moves);
      game.play(p, moves[rng.Below(moves.size())]);
    }
    positions.push_back(p);
  }
  ExpectMarginsOfTheSolver(game, positions);
}

TEST(BoundedWin, ShortestForcedWinIsTheMinimaxDistance) {
  for (int w : {3}) {
    const PrairieGame game = Make(w);
    testing::WldMinimax<PrairieGame> minimax(game);
    for (const Position& p : Sample(game, 60, 10 + w)) {
      const int v = minimax.Value(p);
      const int plies = kDistanceBase - std::abs(v);
      const int mover = game.side_to_move(p);
      const int winner = v > 0 ? mover : 1 - mover;
      prove::BoundedWinSearch<PrairieGame> search(game, prove::BoundedOptions{16, 0, plies + 2});
      const prove::BoundedResult win = search.Run(p, winner);
      ASSERT_TRUE(win.win_in.has_value()) << game.position_string(p);
      EXPECT_EQ(*win.win_in, plies) << game.position_string(p);
      EXPECT_EQ(win.no_win_within, plies - 1) << game.position_string(p);
      prove::BoundedWinSearch<PrairieGame> other(game, prove::BoundedOptions{16, 0, plies + 2});
      const prove::BoundedResult none = other.Run(p, 1 - winner);
      EXPECT_FALSE(none.win_in.has_value()) << game.position_string(p);
      EXPECT_EQ(none.no_win_within, plies + 2);
    }
  }
}

}  // namespace
}  // namespace tav
