// What a match's finished games say: W/D/L, score, Elo with its 95%
// interval, LOS and, with an SPRT, its log-likelihood ratio and decision
// (elo.h, the cutechess model), plus per-colour scores, mean length and
// margin. Everything is from engine a's point of view.
//
// Design: the summary is a pure function of the set of game records (the
// lines of games.jsonl) and the SPRT's parameters, never of the order the
// games finished in or of state kept by the run, so a resumed run, a run on
// another thread count and a dispatcher that collects records from other
// machines all get the same summary from the same games.
//
// The JSON form is the "match_summary" of data/README.md. JSON has no
// infinity: an Elo end that is infinite (a score of 0 or 1) is null there,
// which for elo_low means -infinity and for elo_high +infinity.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "match/elo.h"
#include "nlohmann/json.hpp"

namespace tav::match {

struct SprtSpec {
  double elo0 = 0, elo1 = 0;  // H0: elo = elo0, H1: elo = elo1 (logistic Elo, elo0 < elo1)
  double alpha = 0.05, beta = 0.05;
  bool stop = true;               // stop the match when the test decides (cutechess's default)
  nlohmann::json ToJson() const;  // {"elo0","elo1","alpha","beta","stop"}
};

// The W/D/L of engine a over match_game records (their a_points).
Wdl WdlOf(const std::vector<nlohmann::json>& records);

// The SPRT's state over `records`.
SprtResult SprtOf(const std::vector<nlohmann::json>& records, const SprtSpec& sprt);

// The match_summary object of `records` (data/README.md); `planned` is the
// match's --games (reported as "planned_games").
nlohmann::json Summarize(const std::vector<nlohmann::json>& records, int planned,
                         const std::optional<SprtSpec>& sprt);

// The summary for people: a few lines, each ending in '\n'.
std::string SummaryText(const nlohmann::json& summary);

// One progress line (no newline) after the game `record`: its result and the
// match so far.
std::string ProgressLine(const nlohmann::json& record, const nlohmann::json& summary);

}  // namespace tav::match
