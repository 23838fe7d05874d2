// How good an evaluation is (`tav learn --report`): its error against exact
// values on held-out positions, and the depth-parity swing of a full-width
// search with it. Generic over games with features.
//
//  - Error. Games of the held-out stream (trainer.h: kHeldOutGames, never
//    the training games) are self-played; the positions `first`..`last`
//    plies before each game's end are solved exactly and evaluated
//    statically (the handmade evaluate() and the model, each clamped as the
//    search clamps a leaf); the report gives the mean absolute errors.
//  - Parity swing. The positions after the first move, one per symmetry
//    class (the least hash over the transforms names a class), are searched
//    to depths 1..max_depth by the solver's heuristic mode with each
//    evaluation; the swing at depth d is the mean |value(d) - value(d+1)|.
//    A swing of several points says the evaluation favours whoever moved
//    last, the parity effect an accurate evaluation removes.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "core/symmetry.h"
#include "learn/trainer.h"

namespace tav::learn {

struct ReportOptions {
  int games = 50;
  std::uint64_t seed = 1;
  PlayOptions play;
  int first = 6, last = 10;  // plies before the end of the exactly solved positions
  double exact_budget_s = 60;
  std::size_t tt_mb = 64;
  int max_depth = 2;  // parity swing: depths 1..max_depth (swings for d < max_depth)
  std::function<void(const std::string&)> progress;
};

// Mean |value(d) - value(d+1)| for d = 1..values.size()-1, values[d-1][i]
// being position i's value at depth d.
inline std::vector<double> ParitySwings(const std::vector<std::vector<int>>& values) {
  std::vector<double> swings;
  for (std::size_t d = 0; d + 1 < values.size(); ++d) {
    double sum = 0;
    for (std::size_t i = 0; i < values[d].size(); ++i) {
      sum += std::abs(values[d][i] - values[d + 1][i]);
    }
    swings.push_back(values[d].empty() ? 0.0 : sum / static_cast<double>(values[d].size()));
  }
  return swings;
}

template <Game G>
requires eval::HasFeatures<G>
class Reporter {
 public:
  using Position = typename G::Position;

  Reporter(const G& game, std::shared_ptr<const eval::LinearModel> model, ReportOptions options)
      : game_(game), learned_(game, std::move(model)), options_(std::move(options)) {}

  // The report (schema in data/README.md, kind "eval_report", the caller adds
  // identity and provenance).
  nlohmann::json Run() {
    nlohmann::json j;
    j["heldout"] = Errors();
    j["parity_swing"] = Swing();
    return j;
  }

 private:
  nlohmann::json Errors() {
    search::Solver<G> exact(game_, ExactOptions(options_.tt_mb, options_.exact_budget_s));
    double handmade = 0, learned = 0;
    std::size_t n = 0, dropped = 0;
    for (int g = 0; g < options_.games; ++g) {
      SplitMix64 rng = GameRng(options_.seed, kHeldOutGames, g);
      const std::vector<Position> line = SelfPlayGame(game_, rng, options_.play);
      const int plies = static_cast<int>(line.size()) - 1;
      for (int k = options_.first; k <= options_.last && k <= plies; ++k) {
        const Position& pos = line[plies - k];
        if (game_.is_over(pos)) continue;
        const std::optional<int> value = ExactValue(exact, pos);
        if (!value) {
          ++dropped;
          continue;
        }
        handmade += std::abs(LeafValue(game_, pos) - *value);
        learned += std::abs(LeafValue(learned_, pos) - *value);
        ++n;
      }
      if (options_.progress && (g + 1) % 10 == 0) {
        options_.progress(
            absl::StrFormat("held-out game %d/%d: %zu positions solved", g + 1, options_.games, n));
      }
    }
    const double d = static_cast<double>(std::max<std::size_t>(n, 1));
    return {{"games", options_.games},
            {"plies_before_end", {options_.first, options_.last}},
            {"positions", n},
            {"dropped_past_budget", dropped},
            {"mae_handmade", Round3(handmade / d)},
            {"mae_learned", Round3(learned / d)}};
  }

  nlohmann::json Swing() {
    std::vector<Position> roots;  // the positions after the first move, one per symmetry class
    for (const FirstMove<G>& f : FirstMoveClasses(game_)) roots.push_back(f.position);
    nlohmann::json j;
    j["positions"] = roots.size();
    j["search"] = "fullwidth";
    j["handmade"] = SwingOf(game_, roots, "handmade");
    j["learned"] = SwingOf(learned_, roots, "learned");
    return j;
  }

  template <Game E>
  nlohmann::json SwingOf(const E& game, const std::vector<Position>& roots, const char* name) {
    std::vector<std::vector<int>> values(options_.max_depth);
    std::vector<double> mean(options_.max_depth, 0.0);
    for (int d = 1; d <= options_.max_depth; ++d) {
      for (const Position& root : roots) values[d - 1].push_back(SearchValue(game, root, d));
      for (int v : values[d - 1]) mean[d - 1] += v;
      mean[d - 1] /= static_cast<double>(std::max<std::size_t>(roots.size(), 1));
      if (options_.progress) {
        options_.progress(absl::StrFormat("parity swing, %s: depth %d searched", name, d));
      }
    }
    nlohmann::json out;
    out["mean_value_by_depth"] = nlohmann::json::array();
    for (double m : mean) out["mean_value_by_depth"].push_back(Round3(m));
    out["swing_by_depth"] = nlohmann::json::array();
    for (double s : ParitySwings(values)) out["swing_by_depth"].push_back(Round3(s));
    return out;
  }

  static double Round3(double x) { return std::round(x * 1000) / 1000; }

  G game_;
  eval::Evaluated<G> learned_;
  ReportOptions options_;
};

}  // namespace tav::learn
