// tav eval: the static evaluation of a position (search/static_eval.h).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/setup.h"
#include "search/static_eval.h"

ABSL_FLAG(std::string, eval, std::string(tav::eval::kDefault),
          "the evaluation: default (learned where this build has weights for the board, else "
          "handmade), handmade (the game's own evaluate()), learned, or a weights FILE");

namespace tav::cli {
namespace {

template <class G>
absl::Status EvalOne(const G& game, const std::string& name) {
  if (absl::Status ok = search::CheckEvalName(game, name); !ok.ok()) return ok;
  if constexpr (!HasEvaluate<G>) {
    return absl::InvalidArgumentError(absl::StrCat("--game=", std::string(G::kName),
                                                   " has no static evaluation (no evaluate())"));
  } else {
    const std::string moves = absl::GetFlag(FLAGS_moves);
    auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), moves);
    if (!pos.ok()) return pos.status();
    absl::StatusOr<int> evaluated = search::StaticValue(game, *pos, name);
    if (!evaluated.ok()) return evaluated.status();
    const int value = *evaluated;
    if (absl::GetFlag(FLAGS_json)) {
      std::printf("%s\n", search::EvalRecord(game, *pos, moves, value, name).dump().c_str());
      return absl::OkStatus();
    }
    const int side = game.side_to_move(*pos);
    std::printf("position   %s\n", game.position_string(*pos).c_str());
    std::printf("to move    %s player%s\n", side == 0 ? "first" : "second",
                game.is_over(*pos) ? " (game over: the exact value)" : "");
    std::printf("value      %d for the side to move; first player %d (eval %s)\n", value,
                side == 0 ? value : -value, eval::ResolvedEvalName(game, name).c_str());
    return absl::OkStatus();
  }
}

absl::Status RunEval(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("eval takes no positional arguments");
  const std::string name = absl::GetFlag(FLAGS_eval);
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) { return EvalOne(game, name); });
}

}  // namespace

Command EvalCommand() {
  return {"eval", "the static evaluation of a position (no search)",
          "Prints the evaluation a depth-limited search would give the position at its\n"
          "horizon, on the scale of the game's exact value for the side to move (Cathedral:\n"
          "the opponent's unplaced squares minus one's own), and the same for the first\n"
          "player; a finished game evaluates to its exact value. --eval=handmade is the\n"
          "game's own evaluate(), --eval=learned the weights built into this binary for\n"
          "the board (data/eval/), --eval=FILE a weights file (tav learn), and the default\n"
          "is learned where built in, else handmade. A damaged or mismatched file is\n"
          "refused. Games without an evaluation (prairie) are refused. --json prints one\n"
          "'eval' record (data/README.md). Example:\n"
          "  tav eval --game=cathedral --size=5 --moves='Yed3 Leb2'",
          FlagList({kGameFlags, kPositionFlags, {"eval", "json"}}), RunEval};
}

}  // namespace tav::cli
