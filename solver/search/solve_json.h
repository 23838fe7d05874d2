// The `kind: "solve"` JSON record (data/README.md) of a SolveResult.
#pragma once

#include <string>

#include "core/game.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "nlohmann/json.hpp"
#include "search/search.h"

namespace tav::search {

inline const char* ResultWord(int value) {
  return value > 0 ? "win" : (value < 0 ? "loss" : "draw");
}

// schema 1 of kind "solve". `moves` is the --moves text that led from `start`
// (the --position, or the game's start) to `pos` (may be empty), `tt_mb` the
// table size the solve used.
template <Game G>
nlohmann::json SolveRecord(const G& game, const typename G::Position& start,
                           const std::string& moves, const typename G::Position& pos,
                           const SolveResult<G>& r, std::size_t tt_mb) {
  nlohmann::json j = RecordHeader(game, "solve");
  j["position"] = game.position_string(pos);
  j["moves"] = moves;
  j["start_position"] = game.position_string(start);
  j["from_start"] = start == game.start();
  const int side = game.side_to_move(pos);
  j["side_to_move"] = side;
  j["remaining"] = Remaining(game, pos);
  j["mode"] = std::string(ModeName(r.mode));
  j["complete"] = r.complete;
  j["exact"] = r.exact;
  j["value"] = r.value;
  j["value_first_player"] = side == 0 ? r.value : -r.value;
  j["result"] = ResultWord(r.value);
  j["plies"] = r.plies ? nlohmann::json(*r.plies) : nlohmann::json(nullptr);
  j["best_move"] =
      r.best_move ? nlohmann::json(game.move_string(pos, *r.best_move)) : nlohmann::json(nullptr);
  nlohmann::json pv = nlohmann::json::array();
  typename G::Position p = pos;
  for (const auto& m : r.pv) {
    pv.push_back(game.move_string(p, m));
    game.play(p, m);
  }
  j["pv"] = pv;
  if (!r.analysis.empty()) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& [m, v] : r.analysis)
      a.push_back({{"move", game.move_string(pos, m)}, {"value", v}});
    j["analysis"] = a;
  }
  if (r.mode == Mode::kHeuristic) j["depth"] = r.depth;
  j["nodes"] = r.stats.nodes;
  j["seconds"] = r.stats.seconds;
  j["nps"] = r.stats.nps();
  j["tt_probes"] = r.stats.tt_probes;
  j["tt_hits"] = r.stats.tt_hits;
  j["tt_hit_rate"] = r.stats.tt_hit_rate();
  j["tt_cutoffs"] = r.stats.tt_cutoffs;
  j["tt_mb"] = tt_mb;
  j["threads"] = r.stats.threads;
  j["provenance"] = Provenance();
  return j;
}

}  // namespace tav::search
