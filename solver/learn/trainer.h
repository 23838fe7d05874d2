// Learning a linear evaluation from self-play (`tav learn`), and measuring
// one against exact values (`tav learn --report`). Generic over games that
// have features (eval/linear_model.h: HasFeatures).
//
// Design (the way Logistello's and Edax's evaluations were fitted: from
// positions whose value is known, bootstrapping from the end):
//  1. Self-play. Each game is played by a greedy one-ply player with the
//     game's own evaluate(), exploring: the first `random_opening` plies and
//     a `random_rate` share of the others are uniformly random moves, and
//     ties between best moves are broken at random. Game i's choices come
//     from SplitMix64(Mix64(seed) ^ i ^ purpose), so the training games and
//     the report's held-out games never coincide, whatever the seeds.
//  2. Exact labels. The last `exact_plies` positions of every game are
//     solved exactly (search::Solver kExact). A solve that runs past
//     `exact_budget_s` is dropped and counted (the only clock in the run:
//     with a budget no position reaches, the run is a function of the
//     command); the counts are in the file's training block.
//  3. Bootstrapped labels, ply by ply from the end. The earlier positions are
//     labelled in bands of `band_plies` plies: a model is fitted on all the
//     labels so far, then the next band's positions get the value of a
//     depth-`label_depth` search with that model at the horizon (a fresh
//     table per search, so a label depends only on the position and the
//     model). Each band thus looks through the search onto positions whose
//     model was fitted on values closer to the end.
//  4. The final fit (learn/fit.h: ridge on the normal equations) over every
//     label gives the weights file.
// The trade-off: labels further back are only as good as the model a band
// earlier; exact labels anchor them, and a deeper label search costs time
// per position (a 10x10 Cathedral position has hundreds of moves).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "core/game.h"
#include "core/game_options.h"
#include "core/hash.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "learn/fit.h"
#include "search/search.h"

namespace tav::learn {

struct PlayOptions {
  int random_opening = 2;    // plies played uniformly at random at the start
  double random_rate = 0.1;  // share of later moves played uniformly at random
};

struct LearnOptions {
  int games = 100;
  std::uint64_t seed = 1;
  PlayOptions play;
  int exact_plies = 10;        // exact labels for the last plies of each game
  double exact_budget_s = 60;  // a solve past this is dropped (a guard, not a tuning)
  int band_plies = 4;          // bootstrap band: plies labelled per fitted model
  int label_depth = 1;         // plies of the labelling search
  double ridge = 1e-3;         // penalty per position on standardised weights
  std::size_t tt_mb = 16;      // the exact solver's table
  std::function<void(const std::string&)> progress;  // one line per stage
};

struct LearnStats {
  int games = 0;
  std::size_t positions = 0;  // labelled positions fitted
  std::size_t exact = 0;      // of them labelled exactly
  std::size_t searched = 0;   // labelled by a search of a model
  std::size_t dropped = 0;    // exact solves past the budget
  double seconds = 0;
  double train_mae = 0;  // mean |label - model| over the fitted positions
};

// Which stream of games a seed gives: training and report games never meet.
inline constexpr std::uint64_t kTrainingGames = 0x7472616e;  // "tran"
inline constexpr std::uint64_t kHeldOutGames = 0x68656c64;   // "held"

// The random generator of game `index` of a stream.
inline SplitMix64 GameRng(std::uint64_t seed, std::uint64_t purpose, int index) {
  return SplitMix64(Mix64(seed) ^ Mix64(purpose + static_cast<std::uint64_t>(index)));
}

// The value of pos for the side to move as a one-ply search's leaf: the exact
// value if the game is over, else the game's (clamped) evaluate().
template <Game G>
int LeafValue(const G& game, const typename G::Position& pos) {
  if (game.is_over(pos)) return game.final_value(pos);
  return std::clamp(static_cast<int>(game.evaluate(pos)), -G::kMaxValue, G::kMaxValue);
}

// One self-play game from the start: every position, the start first and
// the final position last (see the design above).
template <Game G>
std::vector<typename G::Position> SelfPlayGame(const G& game, SplitMix64& rng,
                                               const PlayOptions& options) {
  std::vector<typename G::Position> line = {game.start()};
  typename G::MoveList moves;
  std::vector<int> best;
  while (!game.is_over(line.back())) {
    const typename G::Position pos = line.back();
    game.generate_moves(pos, moves);
    const int n = static_cast<int>(moves.size());
    const bool random = static_cast<int>(line.size()) <= options.random_opening ||
                        static_cast<double>(rng.Next() >> 11) * 0x1p-53 < options.random_rate;
    int choice = 0;
    if (random) {
      choice = static_cast<int>(rng.Below(static_cast<std::uint64_t>(n)));
    } else {
      int best_value = -G::kMaxValue - 1;
      best.clear();
      for (int i = 0; i < n; ++i) {
        typename G::Position child = pos;
        game.play(child, moves[i]);
        const int v = -LeafValue(game, child);
        if (v > best_value) best.clear();
        if (v >= best_value) {
          best_value = v;
          best.push_back(i);
        }
      }
      choice = best[rng.Below(best.size())];
    }
    typename G::Position next = pos;
    game.play(next, moves[choice]);
    line.push_back(next);
  }
  return line;
}

// The exact value of pos, or nullopt past the budget.
template <Game G>
std::optional<int> ExactValue(search::Solver<G>& solver, const typename G::Position& pos) {
  search::SolveResult<G> r = solver.Solve(pos);
  if (!r.complete || !r.exact) return std::nullopt;
  return r.value;
}

inline search::SolveOptions ExactOptions(std::size_t tt_mb, double budget_s) {
  search::SolveOptions o;
  o.mode = search::Mode::kExact;
  o.threads = 1;
  o.tt_mb = tt_mb;
  o.budget_seconds = budget_s;
  o.pv = false;
  return o;
}

inline search::SolveOptions HeuristicOptions(int depth) {
  search::SolveOptions o;
  o.mode = search::Mode::kHeuristic;
  o.threads = 1;
  o.tt_mb = 2;
  o.max_depth = depth;
  o.pv = false;
  // As the explorer's search mode: iterative deepening orders moves through
  // the table, and per-child sort searches (tuned for exact endgames) would
  // multiply every node's cost by its branching factor on 10x10 Cathedral.
  o.params.sort_search_min_work = std::numeric_limits<int>::max();
  return o;
}

// A model of `game` with the fitted weights (training block left empty).
template <Game G>
requires eval::HasFeatures<G> eval::LinearModel ModelOf(const G& game, const LinearFit& fit) {
  eval::LinearModel m;
  m.game = std::string(G::kName);
  m.variant = game.variant();
  m.board = game.board_name();
  m.options = GameOptions(game);
  m.feature_set = std::string(game.feature_set());
  m.feature_names = game.feature_names();
  m.bias = fit.bias;
  m.weights = fit.weights;
  return m;
}

// The heuristic value of pos by a depth-`depth` search of E (a fresh table).
template <Game E>
int SearchValue(const E& game, const typename E::Position& pos, int depth) {
  if (game.is_over(pos)) return game.final_value(pos);
  search::Solver<E> solver(game, HeuristicOptions(depth));
  return solver.Solve(pos).value;
}

template <Game G>
requires eval::HasFeatures<G>
class Trainer {
 public:
  using Position = typename G::Position;

  Trainer(const G& game, LearnOptions options) : game_(game), options_(std::move(options)) {}

  // Plays, labels and fits (see the design above).
  absl::StatusOr<eval::LinearModel> Run() {
    const auto t0 = std::chrono::steady_clock::now();
    // Step 1. Self-play and exact labels, game by game.
    search::Solver<G> exact(game_, ExactOptions(options_.tt_mb, options_.exact_budget_s));
    int longest = 0;
    for (int g = 0; g < options_.games; ++g) {
      SplitMix64 rng = GameRng(options_.seed, kTrainingGames, g);
      const std::vector<Position> line = SelfPlayGame(game_, rng, options_.play);
      longest = std::max(longest, static_cast<int>(line.size()) - 1);
      LabelEnd(exact, line);
      if (options_.progress && ((g + 1) % 10 == 0 || g + 1 == options_.games)) {
        Report(absl::StrFormat("game %d/%d: %zu exact labels, %zu dropped", g + 1, options_.games,
                               stats_.exact, stats_.dropped));
      }
    }
    stats_.games = options_.games;
    // Step 2. Bootstrap bands, from the end back to the start.
    absl::StatusOr<LinearFit> fit = FitRidge(data_, options_.ridge);
    if (!fit.ok()) return fit.status();
    for (int from = options_.exact_plies + 1; from <= longest; from += options_.band_plies) {
      LabelBand(*fit, from, from + options_.band_plies - 1);
      fit = FitRidge(data_, options_.ridge);
      if (!fit.ok()) return fit.status();
      Report(absl::StrFormat("plies %d-%d from the end labelled by search: %zu positions", from,
                             from + options_.band_plies - 1, data_.rows()));
    }
    // Step 3. The final model and its statistics.
    stats_.positions = data_.rows();
    double error = 0;
    for (std::size_t r = 0; r < data_.rows(); ++r) {
      error += std::abs(Predict(*fit, data_.row(r)) - data_.y[r]);
    }
    stats_.train_mae = error / static_cast<double>(std::max<std::size_t>(1, data_.rows()));
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return ModelOf(game_, *fit);
  }

  const LearnStats& stats() const { return stats_; }

 private:
  struct Pending {
    Position pos;
    int from_end;
  };

  // Labels the last exact_plies positions of `line` exactly (the final,
  // finished position is no sample: its value needs no evaluation) and keeps
  // the earlier ones for the bands.
  void LabelEnd(search::Solver<G>& exact, const std::vector<Position>& line) {
    const int plies = static_cast<int>(line.size()) - 1;
    for (int i = plies - 1; i >= 0; --i) {
      const int from_end = plies - i;
      if (game_.is_over(line[i])) continue;
      if (from_end > options_.exact_plies) {
        pending_.push_back({line[i], from_end});
        continue;
      }
      const std::optional<int> value = ExactValue(exact, line[i]);
      if (!value) {
        ++stats_.dropped;
        continue;
      }
      Add(line[i], *value);
      ++stats_.exact;
    }
  }

  // Labels the pending positions `first`..`last` plies from the end by a
  // search with the model of `fit`.
  void LabelBand(const LinearFit& fit, int first, int last) {
    const auto model = std::make_shared<const eval::LinearModel>(ModelOf(game_, fit));
    const eval::Evaluated<G> evaluated(game_, model);
    for (const Pending& p : pending_) {
      if (p.from_end < first || p.from_end > last) continue;
      Add(p.pos, SearchValue(evaluated, p.pos, options_.label_depth));
      ++stats_.searched;
    }
  }

  void Add(const Position& pos, int label) {
    float f[G::kFeatureCount];
    game_.features(pos, std::span<float>(f, G::kFeatureCount));
    data_.columns = G::kFeatureCount;
    data_.Add(std::span<const float>(f, G::kFeatureCount), label);
  }

  void Report(const std::string& line) {
    if (options_.progress) options_.progress(line);
  }

  G game_;
  LearnOptions options_;
  Dataset data_;
  std::vector<Pending> pending_;
  LearnStats stats_;
};

// The training block of a weights file: the options, counts and provenance
// (`command` and `provenance` are the caller's).
inline nlohmann::json TrainingJson(const LearnOptions& o, const LearnStats& s) {
  nlohmann::json j;
  j["seed"] = o.seed;
  j["games"] = o.games;
  j["positions"] = s.positions;
  j["labels"] = {{"exact", s.exact},
                 {"searched", s.searched},
                 {"dropped_past_budget", s.dropped},
                 {"method", absl::StrFormat("exact solve of the last %d plies; earlier plies in "
                                            "bands of %d by a depth-%d search of the model "
                                            "fitted on the later ones",
                                            o.exact_plies, o.band_plies, o.label_depth)}};
  j["self_play"] = {{"player", "greedy one-ply with the game's evaluate()"},
                    {"random_opening_plies", o.play.random_opening},
                    {"random_rate", o.play.random_rate}};
  j["exact_budget_s"] = o.exact_budget_s;
  j["ridge"] = o.ridge;
  j["train_mae"] = std::round(s.train_mae * 1000) / 1000;
  return j;
}

}  // namespace tav::learn
