#include "match/summary.h"

#include <cmath>
#include <cstdlib>

#include "absl/strings/str_format.h"

namespace tav::match {

using nlohmann::json;

namespace {

// A finite number, or null (JSON has no infinity). -0 (the Elo of an even
// score) becomes 0: "-0.0" would read as a tiny loss.
json Finite(double x) { return std::isfinite(x) ? json(x + 0.0) : json(nullptr); }

// "+12.3", "-inf", "+inf"
std::string EloText(const json& v, double infinity_sign) {
  if (v.is_null()) return infinity_sign < 0 ? "-inf" : "+inf";
  return absl::StrFormat("%+.1f", v.get<double>());
}

void Add(Wdl& r, double points) {
  if (points == 1) {
    ++r.wins;
  } else if (points == 0) {
    ++r.losses;
  } else {
    ++r.draws;
  }
}

}  // namespace

json SprtSpec::ToJson() const {
  return {{"elo0", elo0}, {"elo1", elo1}, {"alpha", alpha}, {"beta", beta}, {"stop", stop}};
}

Wdl WdlOf(const std::vector<json>& records) {
  Wdl r;
  for (const json& g : records) Add(r, g.at("a_points").get<double>());
  return r;
}

SprtResult SprtOf(const std::vector<json>& records, const SprtSpec& sprt) {
  return Sprt(WdlOf(records), sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta);
}

json Summarize(const std::vector<json>& records, int planned, const std::optional<SprtSpec>& sprt) {
  const Wdl all = WdlOf(records);
  Wdl colour[2];  // a first, a second
  double plies = 0, a_margin = 0, margin = 0;
  long long exact_games = 0;
  for (const json& g : records) {
    Add(colour[g.at("a_first").get<bool>() ? 0 : 1], g.at("a_points").get<double>());
    plies += g.at("plies").get<double>();
    a_margin += g.at("a_margin").get<double>();
    margin += g.at("margin").get<double>();
    exact_games += !g.at("exact_from_ply").is_null();
  }
  const double n = records.empty() ? 1.0 : static_cast<double>(records.size());
  const EloEstimate elo = EstimateElo(all);
  json s = {{"schema", 1},
            {"kind", "match_summary"},
            {"planned_games", planned},
            {"games", all.games()},
            {"a_wins", all.wins},
            {"draws", all.draws},
            {"b_wins", all.losses},
            {"score", Score(all)},
            {"elo", Finite(elo.elo)},
            {"elo_low", Finite(elo.lower)},
            {"elo_high", Finite(elo.upper)},
            {"elo_margin", Finite(elo.margin)},
            {"los", LikelihoodOfSuperiority(all)},
            {"mean_plies", plies / n},
            {"mean_a_margin", a_margin / n},
            {"mean_margin", margin / n},
            {"exact_games", exact_games}};
  for (int c = 0; c < 2; ++c) {
    s[c == 0 ? "a_first" : "a_second"] = {{"games", colour[c].games()},
                                          {"a_wins", colour[c].wins},
                                          {"draws", colour[c].draws},
                                          {"b_wins", colour[c].losses},
                                          {"score", Score(colour[c])}};
  }
  if (sprt) {
    const SprtResult t = Sprt(all, sprt->elo0, sprt->elo1, sprt->alpha, sprt->beta);
    s["sprt"] = sprt->ToJson();
    s["llr"] = t.llr;
    s["lower_bound"] = t.lower_bound;
    s["upper_bound"] = t.upper_bound;
    s["decision"] = std::string(SprtDecisionName(t.decision));
  } else {
    s["sprt"] = nullptr;
  }
  return s;
}

std::string SummaryText(const json& s) {
  std::string out = absl::StrFormat("%d games: a %d wins, %d draws, b %d wins; score %.3f for a\n",
                                    s["games"].get<long long>(), s["a_wins"].get<long long>(),
                                    s["draws"].get<long long>(), s["b_wins"].get<long long>(),
                                    s["score"].get<double>());
  absl::StrAppendFormat(&out, "  Elo %s, 95%% interval [%s, %s], LOS %.1f%%\n",
                        EloText(s["elo"], s["score"].get<double>() - 0.5),
                        EloText(s["elo_low"], -1), EloText(s["elo_high"], +1),
                        100 * s["los"].get<double>());
  if (!s["sprt"].is_null()) {
    absl::StrAppendFormat(&out,
                          "  SPRT elo0=%g elo1=%g (alpha %g, beta %g): LLR %.3f [%.3f, %.3f], %s\n",
                          s["sprt"]["elo0"].get<double>(), s["sprt"]["elo1"].get<double>(),
                          s["sprt"]["alpha"].get<double>(), s["sprt"]["beta"].get<double>(),
                          s["llr"].get<double>(), s["lower_bound"].get<double>(),
                          s["upper_bound"].get<double>(), s["decision"].get<std::string>());
  }
  for (const char* side : {"a_first", "a_second"}) {
    absl::StrAppendFormat(&out, "  %s: %d games, score %.3f for a\n",
                          side[2] == 'f' ? "a playing first" : "a playing second",
                          s[side]["games"].get<long long>(), s[side]["score"].get<double>());
  }
  absl::StrAppendFormat(&out,
                        "  mean length %.1f plies; mean margin %+.2f for a (%+.2f for the first "
                        "player); %d games exact to the end\n",
                        s["mean_plies"].get<double>(), s["mean_a_margin"].get<double>(),
                        s["mean_margin"].get<double>(), s["exact_games"].get<long long>());
  return out;
}

std::string ProgressLine(const json& g, const json& s) {
  const std::string winner = g["winner"].get<std::string>();
  const std::string outcome =
      winner == "draw"
          ? "draw"
          : absl::StrFormat("%s wins by %d", winner, std::abs(g["a_margin"].get<int>()));
  std::string line =
      absl::StrFormat("game %d (opening %d, a %s): %s in %d plies; %d/%d games, score %.3f, Elo %s",
                      g["game_index"].get<int>(), g["opening_index"].get<int>(),
                      g["a_first"].get<bool>() ? "first" : "second", outcome, g["plies"].get<int>(),
                      s["games"].get<long long>(), s["planned_games"].get<int>(),
                      s["score"].get<double>(), EloText(s["elo"], s["score"].get<double>() - 0.5));
  if (!s["sprt"].is_null()) {
    absl::StrAppendFormat(&line, ", LLR %.2f [%.2f, %.2f] %s", s["llr"].get<double>(),
                          s["lower_bound"].get<double>(), s["upper_bound"].get<double>(),
                          s["decision"].get<std::string>());
  }
  return line;
}

}  // namespace tav::match
