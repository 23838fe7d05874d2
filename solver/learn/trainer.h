// Learning a linear evaluation from self-play (`tav learn`), and measuring
// one against exact values (`tav learn --report`). Generic over games that
// have features (eval/linear_model.h: HasFeatures).
//
// Design (the way Logistello's and Edax's evaluations were fitted: from
// positions whose value is known, bootstrapping from the end):
//  1. Self-play. Each game is played by `player`: a greedy one-ply player
//     with the game's own evaluate() (ties broken at random), or an engine
//     configuration (engine/config.h, e.g. "--search=selective
//     --nodes=100000 --noise=1"), whose games look like the positions the
//     engine meets in play. Exploring: the first `random_opening` plies and a
//     `random_rate` share of the others are uniformly random moves. Game i's
//     choices come from SplitMix64(Mix64(seed) ^ i ^ purpose) (an engine's
//     noise seed too), so the training games and the report's held-out games
//     never coincide, whatever the seeds. Games are played `threads` at a
//     time; each game's labels depend on its index alone and are merged in
//     game order, so the weights do not depend on the thread count (with an
//     engine on a --budget-s budget they depend on the clock).
//  2. Exact labels. The last `exact_plies` positions of every game are
//     solved exactly (search::Solver kExact; a move the engine played
//     exactly gives its value without a second solve). A solve that runs past
//     `exact_budget_s` is dropped and counted (the only other clock in the
//     run); the counts are in the file's training block.
//  3. The earlier positions, by `labels`:
//     - kSearch, bootstrapped ply by ply from the end: in bands of
//       `band_plies` plies, a model is fitted on all the labels so far, then
//       the next band's positions get the value of a depth-`label_depth`
//       search with that model at the horizon (a fresh table per search, so
//       a label depends only on the position and the model);
//     - kOutcome, the game's outcome: the exact value of the earliest exactly
//       labelled position of the game, for the side to move (a Monte-Carlo
//       return: unbiased for the player's own play, noisy far from the end).
//  4. The final fit (learn/fit.h: ridge on the normal equations) over every
//     label gives the weights file; with `phases` > 1, one weight set per
//     phase (eval/linear_model.h), cut at the quantiles of the feature named
//     `phase_feature`. With `patterns`, the game's pattern tables are fitted
//     beside the features (every fit, the bands' too).
//  5. Samples. Every labelled position is kept as a Sample (the position and
//     its label), in the order fitted, so a run can save them (`tav learn
//     --training-set-out`) and a later fit start from them instead of playing
//     (Trainer::FitSamples, `--training-set`): another ridge or phase count costs
//     seconds instead of the self-play's hours, and features changed since
//     are recomputed from the positions. Fitting the saved samples with the
//     run's options gives the run's weights.
// The trade-off: search labels further back are only as good as the model a
// band earlier, outcome labels only as good as the player's play; exact
// labels anchor both, and a deeper label search or a stronger player costs
// time per position (a 10x10 Cathedral position has hundreds of moves).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "core/game.h"
#include "core/game_options.h"
#include "core/hash.h"
#include "engine/config.h"
#include "engine/engine.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "learn/fit.h"
#include "search/search.h"

namespace tav::learn {

struct PlayOptions {
  int random_opening = 2;    // plies played uniformly at random at the start
  double random_rate = 0.1;  // share of later moves played uniformly at random
};

// How the positions before the exactly labelled ones are labelled (design, 3).
enum class Labels { kSearch, kOutcome };

struct LearnOptions {
  int games = 100;
  std::uint64_t seed = 1;
  PlayOptions play;
  // The self-play player: none, the greedy one-ply player; else an engine.
  std::optional<engine::EngineConfig> player;
  Labels labels = Labels::kSearch;
  int phases = 1;                       // weight sets (eval/linear_model.h)
  std::string phase_feature = "phase";  // the feature that cuts them
  int threads = 1;                      // games played at a time
  int exact_plies = 10;                 // exact labels for the last plies of each game
  double exact_budget_s = 60;           // a solve past this is dropped (a guard, not a tuning)
  int band_plies = 4;                   // bootstrap band: plies labelled per fitted model
  int label_depth = 1;                  // plies of the labelling search
  double ridge = 1e-3;                  // penalty per position on standardised weights
  // A pattern model (eval/linear_model.h, schema 3): the game's patterns
  // beside its features, fitted by conjugate gradients (learn/fit.h).
  bool patterns = false;
  PatternFitOptions pattern_fit;
  std::size_t tt_mb = 16;                            // the exact solver's table
  std::function<void(const std::string&)> progress;  // one line per stage
};

// One labelled position (design, 5): the label is the value for the side to
// move, on the scale of the game's exact values.
template <class Position>
struct Sample {
  Position pos;
  int label = 0;
};

struct LearnStats {
  int games = 0;
  std::size_t positions = 0;  // labelled positions fitted
  std::size_t exact = 0;      // of them labelled exactly
  std::size_t searched = 0;   // labelled by a search of a model
  std::size_t outcome = 0;    // labelled by their game's outcome
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

// The heuristic value of pos by a depth-`depth` search of E (a fresh table).
template <Game E>
int SearchValue(const E& game, const typename E::Position& pos, int depth) {
  if (game.is_over(pos)) return game.final_value(pos);
  search::Solver<E> solver(game, HeuristicOptions(depth));
  return solver.Solve(pos).value;
}

// One self-play game of an engine from the start: every position, the start
// first and the final position last, and for each the value of the move
// played from it when the engine played it exactly (else nullopt). The
// random moves are as SelfPlayGame's.
template <Game G>
std::vector<typename G::Position> EnginePlayGame(const G& game, engine::Engine<G>& player,
                                                 SplitMix64& rng, const PlayOptions& options,
                                                 std::vector<std::optional<int>>& exact) {
  std::vector<typename G::Position> line = {game.start()};
  exact.assign(1, std::nullopt);
  typename G::MoveList moves;
  player.NewGame();
  while (!game.is_over(line.back())) {
    const typename G::Position pos = line.back();
    const bool random = static_cast<int>(line.size()) <= options.random_opening ||
                        static_cast<double>(rng.Next() >> 11) * 0x1p-53 < options.random_rate;
    typename G::Position next = pos;
    if (random) {
      game.generate_moves(pos, moves);
      game.play(next, moves[rng.Below(moves.size())]);
    } else {
      const engine::MoveChoice<G> c = player.Choose(pos);
      game.play(next, c.move);
      if (c.exact) exact.back() = c.value;
    }
    line.push_back(next);
    exact.push_back(std::nullopt);
  }
  return line;
}

template <Game G>
requires eval::HasFeatures<G>
class Trainer {
 public:
  using Position = typename G::Position;

  // The dataset's shape is the model's: its features, and with
  // options.patterns the game's pattern instances and table entries.
  Trainer(const G& game, LearnOptions options)
      : game_(game),
        options_(std::move(options)),
        identity_(eval::ModelIdentity(game_, options_.patterns)) {
    data_.columns = G::kFeatureCount;
    data_.instances = identity_.pattern_instances;
    data_.entries = identity_.PatternEntries();
  }

  // Plays, labels and fits (see the design above). InvalidArgument for a
  // phase feature the game does not have or an engine that does not resolve.
  absl::StatusOr<eval::LinearModel> Run() {
    const auto t0 = std::chrono::steady_clock::now();
    if (absl::Status ok = CheckOptions(); !ok.ok()) return ok;
    Report(absl::StrFormat("%d self-play games, %d at a time", options_.games,
                           std::max(1, options_.threads)));
    // Step 1. Self-play and exact labels (outcome labels too), game by game.
    std::vector<GameLabels> games(options_.games);
    if (absl::Status played = PlayGames(games); !played.ok()) return played;
    int longest = 0;
    for (const GameLabels& g : games) {
      longest = std::max(longest, g.plies);
      for (const auto& [pos, label] : g.exact) Add(pos, label);
      for (const auto& [pos, label] : g.outcome) Add(pos, label);
      pending_.insert(pending_.end(), g.pending.begin(), g.pending.end());
      stats_.exact += g.exact.size();
      stats_.outcome += g.outcome.size();
      stats_.dropped += g.dropped;
    }
    stats_.games = options_.games;
    return FitLabelled(t0, longest);
  }

  // Fits `samples` (design, 5) with the options' ridge and phases: no play.
  absl::StatusOr<eval::LinearModel> FitSamples(std::vector<Sample<Position>> samples) {
    const auto t0 = std::chrono::steady_clock::now();
    if (absl::Status ok = CheckOptions(); !ok.ok()) return ok;
    for (const Sample<Position>& s : samples) Add(s.pos, s.label);
    stats_.games = 0;
    return FitLabelled(t0, 0);
  }

  const LearnStats& stats() const { return stats_; }
  // Every labelled position fitted, in order (after Run or FitSamples).
  const std::vector<Sample<Position>>& samples() const { return samples_; }

 private:
  // Steps 2 and 3 of Run: the bands up to `longest` plies from the end (if
  // any), the final model and its statistics.
  absl::StatusOr<eval::LinearModel> FitLabelled(std::chrono::steady_clock::time_point t0,
                                                int longest) {
    // Step 2. Search labels: bootstrap bands, from the end back to the start.
    absl::StatusOr<eval::LinearModel> model = Fit();
    if (!model.ok()) return model.status();
    if (options_.labels == Labels::kSearch) {
      for (int from = options_.exact_plies + 1; from <= longest; from += options_.band_plies) {
        LabelBand(*model, from, from + options_.band_plies - 1);
        model = Fit();
        if (!model.ok()) return model.status();
        Report(absl::StrFormat("plies %d-%d from the end labelled by search: %zu positions", from,
                               from + options_.band_plies - 1, data_.rows()));
      }
    }
    // Step 3. The final model and its statistics.
    stats_.positions = data_.rows();
    double error = 0;
    for (std::size_t r = 0; r < data_.rows(); ++r) {
      error += std::abs(model->Value(data_.row(r).data(), data_.columns, data_.picked_row(r)) -
                        data_.y[r]);
    }
    stats_.train_mae = error / static_cast<double>(std::max<std::size_t>(1, data_.rows()));
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return model;
  }

  struct Pending {
    Position pos;
    int from_end;
  };
  // What one game gives: labelled positions, and those left for the bands.
  struct GameLabels {
    int plies = 0;
    std::vector<std::pair<Position, int>> exact, outcome;
    std::vector<Pending> pending;
    std::size_t dropped = 0;
  };

  absl::Status CheckOptions() const {
    if (options_.phases > 1 && PhaseColumn() < 0) {
      return absl::InvalidArgumentError(absl::StrCat("--phases needs a feature named '",
                                                     options_.phase_feature, "'; ",
                                                     std::string(G::kName), " has none"));
    }
    if (options_.patterns && PatternSet().empty()) {
      return absl::InvalidArgumentError(absl::StrCat("--patterns: ", std::string(G::kName), " ",
                                                     game_.board_name(),
                                                     " has no pattern evaluation"));
    }
    if (options_.player) return engine::MakeEngine(game_, *options_.player).status();
    return absl::OkStatus();
  }

  // The game's pattern set; empty where it has none.
  std::string PatternSet() const {
    if constexpr (eval::HasPatterns<G>) {
      return std::string(game_.pattern_set());
    } else {
      return "";
    }
  }

  int PhaseColumn() const {
    const std::vector<std::string>& names = game_.feature_names();
    const auto it = std::find(names.begin(), names.end(), options_.phase_feature);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  }

  // Plays and labels every game, options_.threads at a time (each thread
  // with its own solver and engine); an error (out of memory) stops the rest.
  absl::Status PlayGames(std::vector<GameLabels>& games) {
    std::atomic<int> done = 0;
    std::atomic<bool> failed = false;
    std::string error;
#pragma omp parallel num_threads(std::max(1, options_.threads))
    {
      try {
        search::Solver<G> exact(game_, ExactOptions(options_.tt_mb, options_.exact_budget_s));
#pragma omp for schedule(dynamic)
        for (int g = 0; g < options_.games; ++g) {
          if (failed.load()) continue;
          games[g] = PlayGame(g, exact);
          const int n = ++done;
          if (n % 10 == 0 || n == options_.games) {
#pragma omp critical(tav_learn_progress)
            Report(absl::StrFormat("game %d/%d played and labelled", n, options_.games));
          }
        }
      } catch (const std::bad_alloc&) {
#pragma omp critical(tav_learn_error)
        error = "out of memory: could not allocate the self-play's tables (try a smaller --tt-mb)";
        failed = true;
      }
    }
    if (failed) return absl::ResourceExhaustedError(error);
    return absl::OkStatus();
  }

  // Game g: played by the player (an engine with its own noise seed and a
  // fresh table, or the greedy one-ply player), then labelled.
  GameLabels PlayGame(int g, search::Solver<G>& exact) const {
    SplitMix64 rng = GameRng(options_.seed, kTrainingGames, g);
    std::vector<std::optional<int>> known;
    std::vector<Position> line;
    if (options_.player) {
      engine::EngineConfig config = *options_.player;
      config.seed = rng.Next();
      std::unique_ptr<engine::Engine<G>> player = *engine::MakeEngine(game_, config);
      line = EnginePlayGame(game_, *player, rng, options_.play, known);
    } else {
      line = SelfPlayGame(game_, rng, options_.play);
      known.assign(line.size(), std::nullopt);
    }
    GameLabels labels;
    labels.plies = static_cast<int>(line.size()) - 1;
    LabelEnd(exact, line, known, labels);
    return labels;
  }

  // Labels the positions of `line` exactly where the player's move was exact
  // and in the last exact_plies (the final, finished position is no sample:
  // its value needs no evaluation), and the earlier ones by the outcome or
  // keeps them for the bands.
  void LabelEnd(search::Solver<G>& exact, const std::vector<Position>& line,
                const std::vector<std::optional<int>>& known, GameLabels& labels) const {
    const int plies = static_cast<int>(line.size()) - 1;
    std::optional<std::pair<int, int>> earliest;  // (index, exact value) of the earliest label
    for (int i = plies - 1; i >= 0; --i) {
      const int from_end = plies - i;
      if (game_.is_over(line[i])) continue;
      std::optional<int> value = known[i];
      if (!value && from_end <= options_.exact_plies) {
        value = ExactValue(exact, line[i]);
        if (!value) {
          ++labels.dropped;
          continue;
        }
      }
      if (value) {
        labels.exact.emplace_back(line[i], *value);
        earliest = {i, *value};
      } else if (options_.labels == Labels::kSearch) {
        labels.pending.push_back({line[i], from_end});
      } else if (earliest) {
        const bool same_side =
            game_.side_to_move(line[i]) == game_.side_to_move(line[earliest->first]);
        labels.outcome.emplace_back(line[i], same_side ? earliest->second : -earliest->second);
      } else {
        ++labels.dropped;  // no exact value in this game to take an outcome from
      }
    }
  }

  // The model fitted on every label so far (one set per phase).
  absl::StatusOr<eval::LinearModel> Fit() const {
    eval::LinearModel m = identity_;
    std::vector<LinearFit> fits;
    if (options_.phases > 1) {
      const int column = PhaseColumn();
      m.phase_feature = options_.phase_feature;
      m.phase_edges = PhaseEdges(data_, column, options_.phases);
      absl::StatusOr<std::vector<LinearFit>> f =
          FitPhases(data_, options_.ridge, column, m.phase_edges, options_.pattern_fit);
      if (!f.ok()) return f.status();
      fits = *std::move(f);
      m.SetPhaseIndex();
    } else {
      absl::StatusOr<LinearFit> f = FitRidge(data_, options_.ridge, options_.pattern_fit);
      if (!f.ok()) return f.status();
      fits.push_back(*std::move(f));
    }
    for (LinearFit& f : fits) m.sets.push_back({f.bias, std::move(f.weights), std::move(f.table)});
    return m;
  }

  // Labels the pending positions `first`..`last` plies from the end by a
  // search with `model`.
  // The searches run options_.threads at a time; the labels are added in
  // the pending order, so they do not depend on the thread count.
  void LabelBand(const eval::LinearModel& model, int first, int last) {
    const eval::Evaluated<G> evaluated(game_, std::make_shared<const eval::LinearModel>(model));
    std::vector<const Pending*> band;
    for (const Pending& p : pending_) {
      if (p.from_end >= first && p.from_end <= last) band.push_back(&p);
    }
    std::vector<int> labels(band.size());
#pragma omp parallel for schedule(dynamic, 16) num_threads(std::max(1, options_.threads))
    for (std::size_t i = 0; i < band.size(); ++i) {
      labels[i] = SearchValue(evaluated, band[i]->pos, options_.label_depth);
    }
    for (std::size_t i = 0; i < band.size(); ++i) Add(band[i]->pos, labels[i]);
    stats_.searched += band.size();
  }

  void Add(const Position& pos, int label) {
    samples_.push_back({pos, label});
    float f[G::kFeatureCount];
    game_.features(pos, std::span<float>(f, G::kFeatureCount));
    if constexpr (eval::HasPatterns<G>) {
      if (data_.instances > 0) {
        std::uint32_t entries[G::kPatternCount];
        game_.patterns(pos, std::span<std::uint32_t>(entries));
        data_.Add(std::span<const float>(f, G::kFeatureCount), label,
                  std::span<const std::uint32_t>(entries));
        return;
      }
    }
    data_.Add(std::span<const float>(f, G::kFeatureCount), label);
  }

  void Report(const std::string& line) const {
    if (options_.progress) options_.progress(line);
  }

  G game_;
  LearnOptions options_;
  eval::LinearModel identity_;  // what every fitted model is made for (no weights)
  Dataset data_;
  std::vector<Sample<Position>> samples_;
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
  const std::string earlier =
      o.labels == Labels::kSearch
          ? absl::StrFormat(
                "earlier plies in bands of %d by a depth-%d search of the model "
                "fitted on the later ones",
                o.band_plies, o.label_depth)
          : std::string(
                "earlier plies by their game's outcome (the exact value of its "
                "earliest exactly labelled position, for the side to move)");
  j["labels"] = {
      {"exact", s.exact},
      {"searched", s.searched},
      {"outcome", s.outcome},
      {"dropped_past_budget", s.dropped},
      {"method", absl::StrFormat("exact solve of the last %d plies; %s", o.exact_plies, earlier)}};
  j["self_play"] = {{"player", o.player ? engine::EngineConfigString(*o.player)
                                        : std::string("greedy one-ply with the game's evaluate()")},
                    {"random_opening_plies", o.play.random_opening},
                    {"random_rate", o.play.random_rate}};
  j["phases"] = o.phases;
  if (o.phases > 1) j["phase_feature"] = o.phase_feature;
  j["exact_budget_s"] = o.exact_budget_s;
  j["ridge"] = o.ridge;
  if (o.patterns) {
    j["patterns"] = {{"entry_ridge", o.pattern_fit.entry_ridge},
                     {"max_iterations", o.pattern_fit.max_iterations}};
  }
  j["train_mae"] = std::round(s.train_mae * 1000) / 1000;
  return j;
}

}  // namespace tav::learn
