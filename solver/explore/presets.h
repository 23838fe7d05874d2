// Built-in explorations of `tav explore --preset=...`.
//
//  demo     The default job of the README's first command: a small exact
//           exploration that finishes in seconds on two cores: Othello 4x4,
//           every position to ply 10 (8,290 classes, of 4x4's 12 plies),
//           solved and backed up, with its book. Written to ./explore-demo.
//  lehmann  Lehmann's Cathedral question (RULES.md) on one board size, under
//           both rule sets, each explored one ply deep:
//             classic: the root is light placing the Cathedral; every
//               placement up to symmetry is a frontier position, solved with
//               dark (the first building) to move, so its value is dark's
//               value for that placement; the root's backed-up value is dark's
//               value against light's best placement.
//             lehmann: the root is dark's first building on the empty board;
//               every first building up to symmetry is solved with light to
//               play its Cathedral-plus-building turn, so its value is the
//               value after light's best reply; the root is dark's best.
//           Boards up to kLehmannExactMaxSize are solved exactly, larger ones
//           searched to a fixed depth with the game's evaluation: classic
//           positions (dark to move) kLehmannClassicDepth plies, Lehmann ones
//           kLehmannVariantDepth (light's compound turn alone has ~300,000
//           moves on 10x10). On 10x10, one thread: classic depth 4 takes ~10 s
//           a placement (depth 5: over 10 minutes), Lehmann depth 2 ~2.5 s a
//           first building (depth 3: ~100 s, 14 hours for all 518), so these
//           are the deepest that fit an hour. Explicit --mode, --depth or
//           --budget-s apply to both parts instead; --engine=CONFIG (in
//           search mode: boards above kLehmannExactMaxSize, or with
//           --mode=search) searches both parts' positions with that engine
//           configuration (engine_solver.h) instead of the fixed depths.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "explore/explorer.h"
#include "explore/work_unit.h"

namespace tav::explore {

GameSpec DemoSpec();
inline constexpr int kDemoPlies = 10;

inline constexpr int kLehmannExactMaxSize = 6;
inline constexpr int kLehmannClassicDepth = 4;
inline constexpr int kLehmannVariantDepth = 2;

struct LehmannPlan {
  int size = 10;
  std::string pieces;
  std::string out;
  struct Part {
    std::string variant;  // "classic" or "lehmann"
    GameSpec spec;
    SearchLimits limits;  // the default for this board and rule set
    int plies = 1;
    std::string out;  // OUT/classic, OUT/lehmann
    std::string label;
  };
  std::vector<Part> parts;
};

// size 0 means 10 (the real game); out "" means "explore-lehmann-NxN".
absl::StatusOr<LehmannPlan> PlanLehmann(int size, const std::string& pieces,
                                        const std::string& out);

// The human summary of both parts (dark's values, proven or estimated).
std::string LehmannReport(const LehmannPlan& plan, const std::vector<ExploreSummary>& parts);

}  // namespace tav::explore
