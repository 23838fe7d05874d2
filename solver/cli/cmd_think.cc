// tav think: the move an engine configuration (engine/config.h) chooses in a
// position, with its value and search statistics.
//
// The engine flags are exactly the configuration's keys. They are not
// checked here: the flags given are written back as configuration text and
// parsed by ParseEngineConfig, the one validation of a configuration (the one
// `tav match --a=...` uses too), so a flag means the same in both places.
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/provenance.h"
#include "core/setup.h"
#include "engine/config.h"
#include "engine/engine.h"

ABSL_DECLARE_FLAG(std::string, eval);    // cmd_eval.cc
ABSL_DECLARE_FLAG(std::uint64_t, seed);  // cmd_crosscheck.cc
ABSL_FLAG(std::string, search, tav::engine::EngineConfig().search,
          "think: the search, fullwidth or selective");
ABSL_FLAG(std::uint64_t, nodes, 0, "think: node budget of the move (0 = no limit)");
ABSL_FLAG(bool, exact, true, "think: play exactly where the exact solver finishes in budget");
ABSL_FLAG(int, noise, 0, "think: choose among moves within this value of the best (0 = best)");

namespace tav::cli {
namespace {

// The configuration text of the engine flags given on the command line, in
// the configuration's key order.
std::string ConfigTextFromFlags() {
  std::vector<std::string> parts;
  auto add = [&](const char* key, const std::string& value) {
    if (FlagGiven(key)) parts.push_back(absl::StrCat("--", key, "=", value));
  };
  add("eval", absl::GetFlag(FLAGS_eval));
  add("search", absl::GetFlag(FLAGS_search));
  add("depth", absl::StrCat(absl::GetFlag(FLAGS_depth)));
  add("nodes", absl::StrCat(absl::GetFlag(FLAGS_nodes)));
  add("budget-s", absl::StrFormat("%.17g", absl::GetFlag(FLAGS_budget_s)));
  add("exact", absl::GetFlag(FLAGS_exact) ? "true" : "false");
  add("tt-mb", absl::StrCat(absl::GetFlag(FLAGS_tt_mb)));
  add("noise", absl::StrCat(absl::GetFlag(FLAGS_noise)));
  add("seed", absl::StrCat(absl::GetFlag(FLAGS_seed)));
  return absl::StrJoin(parts, " ");
}

template <class G>
nlohmann::json ThinkRecord(const G& game, const typename G::Position& pos, const std::string& moves,
                           const engine::MoveChoice<G>& c, const engine::EngineConfig& config) {
  const int side = game.side_to_move(pos);
  nlohmann::json j;
  j["schema"] = 1;
  j["kind"] = "think";
  j["game"] = std::string(G::kName);
  j["variant"] = game.variant();
  j["size"] = game.size();
  j["board"] = game.board_name();
  j["position"] = game.position_string(pos);
  j["moves"] = moves;
  j["side_to_move"] = side;
  j["best_move"] = game.move_string(pos, c.move);
  j["value"] = c.value;
  j["value_first_player"] = side == 0 ? c.value : -c.value;
  j["value_kind"] = c.exact ? "exact" : "heuristic";
  j["search"] = c.search;
  j["depth"] = c.depth;
  j["nodes"] = c.stats.nodes;
  j["seconds"] = c.stats.seconds;
  j["nps"] = c.stats.nps();
  j["tt_probes"] = c.stats.tt_probes;
  j["tt_hits"] = c.stats.tt_hits;
  j["tt_cutoffs"] = c.stats.tt_cutoffs;
  j["config"] = engine::EngineConfigJson(config);
  j["provenance"] = Provenance();
  return j;
}

template <class G>
absl::Status ThinkOne(const G& game, const engine::EngineConfig& config) {
  const std::string moves = absl::GetFlag(FLAGS_moves);
  auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), moves);
  if (!pos.ok()) return pos.status();
  if (game.is_over(*pos)) {
    return absl::InvalidArgumentError("the game is over in that position: no move to choose");
  }
  auto engine = engine::MakeEngine(game, config);
  if (!engine.ok()) return engine.status();
  const engine::MoveChoice<G> c = (*engine)->Choose(*pos);
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", ThinkRecord(game, *pos, moves, c, config).dump().c_str());
    return absl::OkStatus();
  }
  const int side = game.side_to_move(*pos);
  std::printf("position   %s\n", game.position_string(*pos).c_str());
  std::printf("best move  %s\n", game.move_string(*pos, c.move).c_str());
  std::printf("value      %d for the side to move (%s player); first player %d (%s)\n", c.value,
              side == 0 ? "first" : "second", side == 0 ? c.value : -c.value,
              c.exact ? "exact" : "heuristic");
  std::printf("search     %s, depth %d\n", c.search.c_str(), c.depth);
  std::printf("nodes      %llu  (%.0f nodes/s, %.3f s)\n",
              static_cast<unsigned long long>(c.stats.nodes), c.stats.nps(), c.stats.seconds);
  std::printf("config     %s\n", engine::EngineConfigString(config).c_str());
  return absl::OkStatus();
}

absl::Status RunThink(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("think takes no positional arguments");
  absl::StatusOr<engine::EngineConfig> config = engine::ParseEngineConfig(ConfigTextFromFlags());
  if (!config.ok()) return config.status();
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) { return ThinkOne(game, *config); });
}

std::vector<std::string_view> ThinkFlags() {
  return FlagList({kGameFlags,
                   kPositionFlags,
                   {"eval", "search", "depth", "nodes", "budget-s", "exact", "tt-mb", "noise",
                    "seed", "json"}});
}

}  // namespace

Command ThinkCommand() {
  return {
      "think", "the move an engine chooses in a position, its value and statistics",
      "Runs one engine configuration (the keys of tav match's --a/--b, engine/config.h)\n"
      "on the position and prints the move it chooses, its value for the side to move\n"
      "and the first player, whether the value is exact (the exact solver finished\n"
      "within its share of the budget) or heuristic, the depth, nodes, nodes/s, time\n"
      "and the configuration string. At least one budget: --depth, --nodes or\n"
      "--budget-s; with --nodes alone the answer is the same every run. --search is\n"
      "fullwidth (the solver's iterative deepening) or selective (forward pruning to\n"
      "the best moves by a one-ply evaluation). An engine flag not given takes the\n"
      "configuration's default (engine/config.h), whatever the shared flag's default\n"
      "listed below. --json prints one 'think' record (data/README.md). Example:\n"
      "  tav think --game=cathedral --size=10 --moves='Yne5' --nodes=1000000 --search=selective",
      ThinkFlags(), RunThink};
}

}  // namespace tav::cli
