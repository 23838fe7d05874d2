// The retrograde tier solver: solves every position of a TierGame
// (retro/tier_game.h) tier by tier, children first, and writes one file per
// tier (retro/tier_file.h) into a database directory (retro/tier_store.h).
//
// Per tier:
//   1. load the child tiers' tables (cache bounded by --memory-mb);
//   2. solve the tier's layers in order. A layer of an acyclic-layer game is
//      one parallel pass: each position pulls its children's values (from
//      child tiers, or from earlier layers of this tier) and takes the best,
//      so every value is written once by the one thread that owns the index:
//      no locks, no atomics, OpenMP dynamic scheduling over index chunks.
//      A layer that may contain cycles is solved by value iteration (the
//      "retrograde levels" of the literature): parallel sweeps over the
//      layer, sweep n deciding the positions won or lost in exactly n plies
//      (acquire/release atomic loads and stores of the bytes), until a sweep
//      decides nothing; what is left at the end is a draw. Simple and
//      lock-free, at the price of one sweep per ply of the longest distance
//      (a queue of predecessors would visit each position once, but needs
//      unmoves and a shared queue);
//   3. write the tier file atomically with its statistics in the header, then
//      append a timing line to progress.jsonl.
// A killed run restarts at the first tier without a file; values never
// depend on thread count or timing, so the files are byte-identical to an
// uninterrupted run's.
//
// Values: dtw8 computes win/loss/draw with the distance (the winner
// hurries, the loser delays); wl1 computes win/loss only and stops scanning
// a position's children at the first losing one. A wl1 tier of a game with
// the backward step (tier_game.h: for_each_tier_predecessor) is also worked
// backwards: once a layer is solved, each lost position marks its
// predecessors in the later layers as wins (PushWins), and a later position
// left unmarked reads only the children outside the tier. The pull alone
// reads every child of every lost position; Prairie's lost light-to-move
// positions (half of them on the narrow boards) have 20-40 moves each, which
// made them most of the work. The values are the same either way.
//
// Tiers elsewhere (options.dispatcher, dispatch/dispatcher.h: the workers of
// an MPI run). The master (Run) holds the tier graph: a tier is a unit as
// soon as every child tier is on disk, the largest first; a worker
// (SolveTierUnit, on its own RetroSolver over the same directory) loads the
// children from the shared directory, solves the tier with its OpenMP
// threads and writes the tier file (atomically, as above); the master then
// reads the file's header for its statistics and logs the tier, exactly as
// it reads a tier a killed run left. Only the master writes the manifest,
// progress.jsonl and stats.json. A tier's values do not depend on which
// process solved it, so the files are byte-identical to a single-process
// run's, and any run resumes any other's directory.
#pragma once

#include <omp.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/atomic_file.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "dispatch/dispatcher.h"
#include "nlohmann/json.hpp"
#include "retro/lookup.h"
#include "retro/manifest.h"
#include "retro/tier_game.h"
#include "retro/tier_stats.h"
#include "retro/tier_store.h"

namespace tav::retro {

struct SolveOptions {
  std::string dir;        // database directory (created if missing)
  std::string selection;  // the game's tier selection ("" = all)
  Encoding encoding = Encoding::kDtw8;
  int threads = 1;
  std::uint64_t memory_bytes = std::uint64_t{8} << 30;
  bool progress = true;  // progress lines on stderr
  bool durable = true;   // fsync every tier file (off only in tests)
  bool backward = true;  // wl1: the backward step where the game has it (off: tests compare)
  // stats.json's per-tier rows: "full" (with each tier's remoteness table),
  // "brief" (tier, positions, seconds) or "none" (no tiers[]; tier_count only).
  std::string tier_stats = "full";
  std::int64_t stop_after = -1;  // testing: stop after solving this many tiers, as if killed
  dispatch::Dispatcher* dispatcher = nullptr;  // tiers solved elsewhere (see the top); null: here
};

struct SolveSummary {
  std::uint64_t tiers = 0;    // tiers in the database
  std::uint64_t solved = 0;   // solved by this run
  std::uint64_t resumed = 0;  // found finished on disk
  std::uint64_t positions = 0;
  double seconds = 0;               // this run
  bool complete = false;            // every tier is on disk and stats.json is written
  std::uint64_t pushed_layers = 0;  // wl1: layers solved here that pushed wins backwards
  nlohmann::json stats;             // the stats.json object (when complete)
};

inline double PeakMemoryMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

inline std::string FormatDuration(double seconds) {
  if (seconds < 90) return absl::StrFormat("%.0fs", seconds);
  if (seconds < 5400) return absl::StrFormat("%.0fm", seconds / 60);
  return absl::StrFormat("%.1fh", seconds / 3600);
}

template <TierGame G>
class RetroSolver {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  RetroSolver(const G& game, GameSpec spec, SolveOptions options)
      : game_(game), spec_(std::move(spec)), options_(std::move(options)) {}

  absl::StatusOr<SolveSummary> Run();

  // A worker's side of a dispatched run (see the top): solves the tier of
  // `payload` ({"tier": its index in the solving order}) and writes its file
  // into options.dir, whose children must be on disk; returns {"tier": name,
  // "seconds": time}. Never writes the manifest or the logs, takes no lock.
  absl::StatusOr<std::string> SolveTierUnit(std::string_view payload);

 private:
  // A child tier as the hot loop sees it.
  struct ChildRef {
    Tier tier;       // as tier_of returns it
    Tier canonical;  // where its values are stored
    int symmetry;    // maps its positions into `canonical`
    const TierTable* table;
  };
  struct TierJob {
    Tier tier;
    std::uint64_t order;  // position in the solving order
    std::vector<ChildRef> children;
    std::vector<std::uint8_t>* values;
    std::atomic<bool> failed{false};
    std::string failure;
  };

  // Run's steps, besides SolveTier and BuildStats.
  absl::Status CheckOrder(const std::vector<Tier>& tiers) const;
  Manifest DescribeDatabase(const std::vector<Tier>& tiers) const;
  // Creates options_.dir (or checks that it holds this database), clears a killed run's
  // temporary files, sets store_ and opens progress.jsonl for appending.
  absl::Status OpenDatabase(const Manifest& manifest, AppendLog& progress_log);
  // The statistics of a tier file already on disk, after checking its header.
  absl::StatusOr<TierStats> ReadFinishedTier(Tier tier, const std::string& name,
                                             std::uint64_t size) const;
  // Writes the tier file (atomically) and keeps its table in the store for the parents.
  absl::Status WriteTier(Tier tier, const std::string& name,
                         const std::vector<std::uint8_t>& values, const TierStats& stats);
  // One progress line on stderr: tier k of `tiers`, rate, share done, ETA, memory.
  void PrintProgress(std::uint64_t k, std::uint64_t tiers, const std::string& name,
                     std::uint64_t size, double secs, double elapsed, std::uint64_t run_positions,
                     std::uint64_t done_positions, std::uint64_t positions) const;
  // Step 3 elsewhere: every tier not on disk, through options_.dispatcher.
  absl::Status SolveDispatched(const std::vector<Tier>& tiers, std::vector<TierStats>& per_tier,
                               SolveSummary& summary, AppendLog& progress_log);
  // The tier of order k solved and written; its seconds.
  absl::StatusOr<double> SolveAndWrite(const std::vector<Tier>& tiers, std::uint64_t k,
                                       std::vector<TierStats>& per_tier);
  absl::StatusOr<TierStats> SolveTier(Tier tier, std::uint64_t order,
                                      std::vector<std::uint8_t>& values);
  // Calls visit(index, pos, moves, local) for every index of [begin, end) whose position pos
  // exists, in parallel: chunks of consecutive indexes handed out dynamically and walked
  // incrementally where the game can (unrank_next); a hole gets value 0 and is counted. `moves`
  // and `local` are the thread's own; the threads' statistics are merged into `stats`.
  template <class Visit>
  void ForEachInLayer(TierJob& job, std::uint64_t begin, std::uint64_t end, TierStats& stats,
                      Visit&& visit);
  template <Encoding kEnc>
  void SolveAcyclicLayer(TierJob& job, std::uint64_t begin, std::uint64_t end, TierStats& stats);
  // wl1: win if some child reached by `moves` is lost, else loss (a draw child is an error).
  Outcome WinIfALostChild(TierJob& job, const Position& pos, const typename G::MoveList& moves);
  // wl1: the share of lost positions among 256 spread over [begin, end), read forwards (the
  // earlier layers solved).
  double SampledLostShare(TierJob& job, std::uint64_t begin, std::uint64_t end);
  // wl1 with the backward step (see the top): a position PushWins marked is a win; any other
  // reads only its exits' children (tier_game.h: generate_tier_exits).
  void SolveLayerByExits(TierJob& job, std::uint64_t begin, std::uint64_t end, TierStats& stats);
  // wl1, after [begin, end) is solved: every in-tier predecessor of its lost positions becomes
  // kWlWin (the later layers still hold kWlLoss, the value they were cleared to, elsewhere).
  void PushWins(TierJob& job, std::uint64_t begin, std::uint64_t end);
  // Whether the solved layer [begin, end) should push its wins into the next layer (ending at
  // next_end): each lost position of it visits its predecessors, where reading the next layer
  // forwards costs every child of each of its lost positions plus generating every move of
  // all of them. Pushing pays when this layer's lost share is below the next layer's (sampled)
  // plus 0.1, a margin fitted on Prairie's 8x7 tiers with one buffalo, where pushing from
  // layers 22% lost into layers 10% lost cost about what it saved (pushing from every layer
  // cost 1.1x the CPU of forwards only there). With this rule, one thread, side by side with
  // forwards only: W = 4 1.5-1.7x less CPU, W = 5 with at most 3 buffalo 2.2-2.4x, 8x7 with
  // at most 1 buffalo 1.7x.
  bool PushPays(TierJob& job, std::uint64_t begin, std::uint64_t end, std::uint64_t next_end);
  // Value iteration over a layer with cycles (the header comment): the sweeps, then the draws
  // and the statistics.
  template <Encoding kEnc>
  void SolveCyclicLayer(TierJob& job, std::uint64_t begin, std::uint64_t end, TierStats& stats);
  // What a cyclic layer's sweeps share.
  static constexpr std::uint8_t kOpen = 0, kFinal = 1, kHole = 2;
  struct CyclicLayer {
    std::uint64_t begin, end;
    std::vector<std::uint8_t> resolved;  // per index: kOpen, kFinal (value final) or kHole
    std::atomic<int> max_plies{0};       // the longest distance of a child seen so far
    void NotePlies(int d) {
      int m = max_plies.load(std::memory_order_relaxed);
      while (d > m && !max_plies.compare_exchange_weak(m, d, std::memory_order_relaxed)) {
      }
    }
  };
  // One sweep: writes the values decided at `level`; returns how many.
  template <Encoding kEnc>
  std::uint64_t CyclicSweep(TierJob& job, CyclicLayer& layer, int level);
  // The value of `pos` (in the layer, not a hole) if a sweep at `level` decides it: dtw8, a
  // win or loss in exactly `level` plies (a finished game at level 0); wl1, a win or a loss.
  template <Encoding kEnc>
  std::optional<Outcome> DecideAtLevel(TierJob& job, CyclicLayer& layer, const Position& pos,
                                       typename G::MoveList& moves, int level);
  // After the sweeps: the open positions become draws (an error under wl1); the statistics.
  template <Encoding kEnc>
  void FinishCyclicLayer(TierJob& job, const CyclicLayer& layer, TierStats& stats);
  // The stored code of a non-finished child of a position in job.tier.
  template <Encoding kEnc>
  Outcome ChildOutcome(TierJob& job, const Position& parent, const Position& child) const;
  static void Record(TierStats& stats, const G& game, const Position& pos, std::uint64_t index,
                     std::uint64_t order, Tier tier, Outcome o, Encoding enc);
  absl::StatusOr<nlohmann::json> BuildStats(const std::vector<Tier>& tiers,
                                            const std::vector<TierStats>& per_tier,
                                            double seconds_this_run);

  G game_;
  GameSpec spec_;
  SolveOptions options_;
  std::shared_ptr<TierStore> store_;
  std::vector<std::uint8_t> values_;  // the tier being solved (kept: one allocation per run)
  std::vector<Tier> unit_tiers_;      // SolveTierUnit's solving order
  std::uint64_t pushed_layers_ = 0;   // SolveSummary::pushed_layers
};

// ---- implementation ------------------------------------------------------------

template <TierGame G>
absl::Status RetroSolver<G>::CheckOrder(const std::vector<Tier>& tiers) const {
  absl::flat_hash_map<Tier, std::uint64_t> order;
  for (std::uint64_t i = 0; i < tiers.size(); ++i) order[tiers[i]] = i;
  std::vector<Tier> children;
  for (std::uint64_t i = 0; i < tiers.size(); ++i) {
    children.clear();
    game_.child_tiers(tiers[i], children);
    for (Tier c : children) {
      const Tier canonical = CanonicalTier(game_, c).first;
      auto it = order.find(canonical);
      if (it == order.end() || it->second >= i) {
        return absl::InternalError(absl::StrCat(
            "tier order broken: ", game_.tier_name(tiers[i]), " has child tier ",
            game_.tier_name(c), it == order.end() ? " outside the selection" : " solved later"));
      }
    }
  }
  return absl::OkStatus();
}

template <TierGame G>
void RetroSolver<G>::Record(TierStats& stats, const G& game, const Position& pos,
                            std::uint64_t index, std::uint64_t order, Tier tier, Outcome o,
                            Encoding enc) {
  const int side = game.side_to_move(pos);
  ++stats.positions;
  if (enc == Encoding::kWl1) o.plies = 0;
  stats.Add(side, o);
  if (enc == Encoding::kDtw8 && o.result > 0 &&
      (o.plies > stats.longest_win ||
       (o.plies == stats.longest_win && index < stats.longest_win_index))) {
    stats.longest_win = o.plies;
    stats.longest_win_side = side;
    stats.longest_win_index = index;
    stats.longest_win_tier = tier;
    stats.longest_win_order = order;
  }
}

template <TierGame G>
template <Encoding kEnc>
Outcome RetroSolver<G>::ChildOutcome(TierJob& job, const Position& parent,
                                     const Position& child) const {
  if (!game_.in_tables(child)) {
    if (!game_.is_over(child)) {
      if (!job.failed.exchange(true)) {
        job.failure = absl::StrCat("a move leads to a position outside the tables: ",
                                   game_.position_string(child));
      }
      return {-1, 0};
    }
    return FromGameValue(game_.final_value(child));
  }
  bool same;
  if constexpr (HasSameTier<G>) {
    same = game_.same_tier(parent, child);  // the parent lies in job.tier
  } else {
    same = game_.tier_of(child) == job.tier;
  }
  std::uint8_t code;
  if (same) {
    code = (*job.values)[game_.rank(job.tier, child)];
    if constexpr (kEnc == Encoding::kDtw8) {
      return DecodeDtw(code);
    } else {
      return {code == kWlWin ? +1 : -1, 0};
    }
  }
  const Tier t = game_.tier_of(child);
  if (t == job.tier) {
    code = (*job.values)[game_.rank(job.tier, child)];
  } else {
    const ChildRef* ref = nullptr;
    for (const ChildRef& c : job.children) {
      if (c.tier == t) {
        ref = &c;
        break;
      }
    }
    if (ref == nullptr) {
      if (!job.failed.exchange(true)) {
        job.failure = absl::StrCat("child tier ", game_.tier_name(t), " of tier ",
                                   game_.tier_name(job.tier), " is not among child_tiers()");
      }
      return {-1, 0};
    }
    const std::uint64_t index =
        ref->symmetry ? game_.rank(ref->canonical, game_.transform(child, ref->symmetry))
                      : game_.rank(ref->canonical, child);
    code = ref->table->code(index);
  }
  if constexpr (kEnc == Encoding::kDtw8) {
    return DecodeDtw(code);
  } else {
    return {code == kWlWin ? +1 : -1, 0};
  }
}

template <TierGame G>
template <class Visit>
void RetroSolver<G>::ForEachInLayer(TierJob& job, std::uint64_t begin, std::uint64_t end,
                                    TierStats& stats, Visit&& visit) {
  std::vector<std::uint8_t>& values = *job.values;
#pragma omp parallel num_threads(options_.threads)
  {
    TierStats local;
    Position pos;
    typename G::MoveList moves;
    constexpr std::int64_t kChunk = 2048;
    const std::int64_t chunks = static_cast<std::int64_t>((end - begin + kChunk - 1) / kChunk);
#pragma omp for schedule(dynamic, 1) nowait
    for (std::int64_t chunk = 0; chunk < chunks; ++chunk) {
      const std::int64_t first = static_cast<std::int64_t>(begin) + chunk * kChunk;
      const std::int64_t last =
          std::min<std::int64_t>(first + kChunk, static_cast<std::int64_t>(end));
      bool valid = false;  // pos holds index i - 1
      for (std::int64_t i = first; i < last; ++i) {
        const std::uint64_t index = static_cast<std::uint64_t>(i);
        if constexpr (HasUnrankNext<G>) {
          valid =
              valid ? game_.unrank_next(job.tier, index, pos) : game_.unrank(job.tier, index, pos);
        } else {
          valid = game_.unrank(job.tier, index, pos);
        }
        if (!valid) {
          values[i] = 0;
          ++local.holes;
          continue;
        }
        visit(index, static_cast<const Position&>(pos), moves, local);
      }
    }
#pragma omp critical(retro_stats_merge)
    stats.Merge(local);
  }
}

template <TierGame G>
template <Encoding kEnc>
void RetroSolver<G>::SolveAcyclicLayer(TierJob& job, std::uint64_t begin, std::uint64_t end,
                                       TierStats& stats) {
  std::vector<std::uint8_t>& values = *job.values;
  ForEachInLayer(
      job, begin, end, stats,
      [&](std::uint64_t i, const Position& pos, typename G::MoveList& moves, TierStats& local) {
        Position child;
        game_.generate_moves(pos, moves);
        Outcome best;
        if (moves.size() == 0) {
          ++local.no_move[game_.side_to_move(pos)];
          best = FromGameValue(game_.final_value(pos));
        } else if constexpr (kEnc == Encoding::kWl1) {
          best = WinIfALostChild(job, pos, moves);
        } else {
          bool first = true;
          for (const auto& m : moves) {
            child = pos;
            game_.play(child, m);
            const Outcome back = TableLookup<G>::Backed(ChildOutcome<kEnc>(job, pos, child));
            if (first || TableLookup<G>::Better(back, best)) best = back;
            first = false;
          }
          if (best.plies > kMaxDtwDistance) {
            if (!job.failed.exchange(true))
              job.failure = "a distance over 127 plies: dtw8 cannot store it";
            best.plies = kMaxDtwDistance;
          }
        }
        values[i] =
            kEnc == Encoding::kDtw8 ? EncodeDtw(best) : (best.result > 0 ? kWlWin : kWlLoss);
        Record(local, game_, pos, i, job.order, job.tier, best, kEnc);
      });
}

template <TierGame G>
Outcome RetroSolver<G>::WinIfALostChild(TierJob& job, const Position& pos,
                                        const typename G::MoveList& moves) {
  Position child;
  for (const auto& m : moves) {
    child = pos;
    game_.play(child, m);
    const Outcome c = ChildOutcome<Encoding::kWl1>(job, pos, child);
    if (c.result == 0) {
      if (!job.failed.exchange(true)) job.failure = "a draw: wl1 cannot store draws, use dtw8";
    }
    if (c.result < 0) return {+1, 0};
  }
  return {-1, 0};
}

template <TierGame G>
double RetroSolver<G>::SampledLostShare(TierJob& job, std::uint64_t begin, std::uint64_t end) {
  constexpr std::uint64_t kSamples = 256;
  Position pos;
  typename G::MoveList moves;
  std::uint64_t seen = 0, lost = 0;
  for (std::uint64_t j = 0; j < kSamples; ++j) {
    const std::uint64_t i = begin + (end - begin) * j / kSamples;
    if (!game_.unrank(job.tier, i, pos)) continue;
    game_.generate_moves(pos, moves);
    const Outcome o = moves.size() == 0 ? FromGameValue(game_.final_value(pos))
                                        : WinIfALostChild(job, pos, moves);
    ++seen;
    lost += o.result < 0;
  }
  return seen ? static_cast<double>(lost) / static_cast<double>(seen) : 0;
}

template <TierGame G>
void RetroSolver<G>::SolveLayerByExits(TierJob& job, std::uint64_t begin, std::uint64_t end,
                                       TierStats& stats) {
  std::vector<std::uint8_t>& values = *job.values;
  ForEachInLayer(
      job, begin, end, stats,
      [&](std::uint64_t i, const Position& pos, typename G::MoveList& exits, TierStats& local) {
        // Marked by PushWins in an earlier parallel region.
        Outcome best{+1, 0};
        if (std::atomic_ref<std::uint8_t>(values[i]).load(std::memory_order_relaxed) != kWlWin) {
          if (!game_.generate_tier_exits(pos, exits)) {
            ++local.no_move[game_.side_to_move(pos)];
            best = FromGameValue(game_.final_value(pos));
          } else {
            // Every child in the tier is won, or PushWins would have marked pos.
            best = WinIfALostChild(job, pos, exits);
          }
        }
        values[i] = best.result > 0 ? kWlWin : kWlLoss;
        Record(local, game_, pos, i, job.order, job.tier, best, Encoding::kWl1);
      });
}

template <TierGame G>
bool RetroSolver<G>::PushPays(TierJob& job, std::uint64_t begin, std::uint64_t end,
                              std::uint64_t next_end) {
  if (end == begin || next_end == end) return false;
  const std::vector<std::uint8_t>& values = *job.values;
  const auto lost = std::count(values.begin() + static_cast<std::ptrdiff_t>(begin),
                               values.begin() + static_cast<std::ptrdiff_t>(end), kWlLoss);
  const double share = static_cast<double>(lost) / static_cast<double>(end - begin);
  return share < SampledLostShare(job, end, next_end) + 0.1;
}

template <TierGame G>
void RetroSolver<G>::PushWins(TierJob& job, std::uint64_t begin, std::uint64_t end) {
  std::vector<std::uint8_t>& values = *job.values;
  const std::uint64_t size = values.size();
  TierStats unused;
  ForEachInLayer(
      job, begin, end, unused,
      [&](std::uint64_t i, const Position& q, typename G::MoveList&, TierStats&) {
        if (values[i] != kWlLoss) return;
        game_.for_each_tier_predecessor(q, [&](const Position& p) {
          const std::uint64_t pi = game_.rank(job.tier, p);
          if (pi < end || pi >= size) {
            if (!job.failed.exchange(true)) {
              job.failure = absl::StrCat("a predecessor outside the later layers: ",
                                         game_.position_string(p));
            }
            return;
          }
          std::atomic_ref<std::uint8_t>(values[pi]).store(kWlWin, std::memory_order_relaxed);
        });
      });
}

template <TierGame G>
template <Encoding kEnc>
void RetroSolver<G>::SolveCyclicLayer(TierJob& job, std::uint64_t begin, std::uint64_t end,
                                      TierStats& stats) {
  CyclicLayer layer{begin, end, std::vector<std::uint8_t>(end - begin, kOpen)};
  // Step 1. Value iteration: sweep n decides the positions won or lost in exactly n plies (wl1:
  // won or lost at all), sweep 0 the holes and finished games. It ends when a sweep decides
  // nothing and, for dtw8, no distance of a known child can still make a longer one.
  for (int level = 0;; ++level) {
    const std::uint64_t newly = CyclicSweep<kEnc>(job, layer, level);
    if (kEnc == Encoding::kWl1 ? (newly == 0 && level > 0)
                               : (newly == 0 && level > layer.max_plies.load() + 1)) {
      break;
    }
    if (level > 4 * kMaxDtwDistance) break;
  }
  // Step 2. What is left is a draw; then the statistics, in one more pass.
  FinishCyclicLayer<kEnc>(job, layer, stats);
}

template <TierGame G>
template <Encoding kEnc>
std::uint64_t RetroSolver<G>::CyclicSweep(TierJob& job, CyclicLayer& layer, int level) {
  std::vector<std::uint8_t>& values = *job.values;
  const std::uint64_t n = layer.end - layer.begin;
  std::atomic<std::uint64_t> newly{0};
#pragma omp parallel num_threads(options_.threads)
  {
    Position pos;
    typename G::MoveList moves;
    std::uint64_t mine = 0;
#pragma omp for schedule(dynamic, 1024)
    for (std::int64_t k = 0; k < static_cast<std::int64_t>(n); ++k) {
      // Written only by this index's owner, in earlier sweeps: a plain read.
      if (layer.resolved[k] != kOpen) continue;
      const std::uint64_t i = layer.begin + static_cast<std::uint64_t>(k);
      if (!game_.unrank(job.tier, i, pos)) {
        std::atomic_ref<std::uint8_t>(layer.resolved[k]).store(kHole, std::memory_order_release);
        continue;
      }
      const std::optional<Outcome> result = DecideAtLevel<kEnc>(job, layer, pos, moves, level);
      if (!result) continue;
      std::atomic_ref<std::uint8_t>(values[i]).store(
          kEnc == Encoding::kDtw8 ? EncodeDtw(*result) : (result->result > 0 ? kWlWin : kWlLoss),
          std::memory_order_release);
      std::atomic_ref<std::uint8_t>(layer.resolved[k]).store(kFinal, std::memory_order_release);
      ++mine;
    }
    newly += mine;
  }
  return newly;
}

template <TierGame G>
template <Encoding kEnc>
std::optional<Outcome> RetroSolver<G>::DecideAtLevel(TierJob& job, CyclicLayer& layer,
                                                     const Position& pos,
                                                     typename G::MoveList& moves, int level) {
  game_.generate_moves(pos, moves);
  if (moves.size() == 0) {
    const Outcome over = FromGameValue(game_.final_value(pos));
    if (kEnc == Encoding::kDtw8 && over.plies != level) return std::nullopt;  // level 0 only
    return over;
  }
  // The children: values from other tiers and earlier layers, or from this layer where a
  // sweep has decided them already (another thread may decide one during this sweep: acquire).
  bool unknown = false, any_loss = false, all_wins = true;
  int loss_min = 1 << 20, win_max = -1;
  Position child;
  for (const auto& m : moves) {
    child = pos;
    game_.play(child, m);
    Outcome c;
    std::uint64_t ci = 0;
    const bool in_layer = game_.in_tables(child) && game_.tier_of(child) == job.tier &&
                          (ci = game_.rank(job.tier, child)) >= layer.begin && ci < layer.end;
    if (in_layer) {
      if (std::atomic_ref<std::uint8_t>(layer.resolved[ci - layer.begin])
              .load(std::memory_order_acquire) == kOpen) {
        unknown = true;
        all_wins = false;
        continue;
      }
      const std::uint8_t code =
          std::atomic_ref<std::uint8_t>((*job.values)[ci]).load(std::memory_order_acquire);
      c = kEnc == Encoding::kDtw8 ? DecodeDtw(code) : Outcome{code ? 1 : -1, 0};
    } else {
      c = ChildOutcome<kEnc>(job, pos, child);
    }
    layer.NotePlies(c.plies);
    if (c.result < 0) {
      any_loss = true;
      loss_min = std::min(loss_min, c.plies);
    }
    if (c.result <= 0) all_wins = false;
    if (c.result > 0) win_max = std::max(win_max, c.plies);
  }
  if constexpr (kEnc == Encoding::kWl1) {
    if (any_loss) return Outcome{+1, 0};
    if (!unknown && all_wins) return Outcome{-1, 0};
  } else {
    // Exactly this level's distance: a loss child one ply nearer, or every child a known win
    // with the farthest one ply nearer.
    if (any_loss && loss_min + 1 == level) return Outcome{+1, level};
    if (!unknown && all_wins && win_max + 1 == level) return Outcome{-1, level};
  }
  return std::nullopt;
}

template <TierGame G>
template <Encoding kEnc>
void RetroSolver<G>::FinishCyclicLayer(TierJob& job, const CyclicLayer& layer, TierStats& stats) {
  std::vector<std::uint8_t>& values = *job.values;
  const std::uint64_t n = layer.end - layer.begin;
#pragma omp parallel num_threads(options_.threads)
  {
    TierStats local;
    Position pos;
    typename G::MoveList moves;
#pragma omp for schedule(dynamic, 2048) nowait
    for (std::int64_t k = 0; k < static_cast<std::int64_t>(n); ++k) {
      const std::uint64_t i = layer.begin + static_cast<std::uint64_t>(k);
      if (layer.resolved[k] == kHole) {
        ++local.holes;
        continue;
      }
      game_.unrank(job.tier, i, pos);
      if (layer.resolved[k] == kOpen) {
        if (kEnc == Encoding::kWl1) {
          if (!job.failed.exchange(true)) job.failure = "a draw: wl1 cannot store draws, use dtw8";
        }
        values[i] = kDtwDraw;
      }
      game_.generate_moves(pos, moves);
      if (moves.size() == 0) ++local.no_move[game_.side_to_move(pos)];
      const Outcome o =
          kEnc == Encoding::kDtw8 ? DecodeDtw(values[i]) : Outcome{values[i] ? 1 : -1, 0};
      Record(local, game_, pos, i, job.order, job.tier, o, kEnc);
    }
#pragma omp critical(retro_stats_merge)
    stats.Merge(local);
  }
}

template <TierGame G>
absl::StatusOr<TierStats> RetroSolver<G>::SolveTier(Tier tier, std::uint64_t order,
                                                    std::vector<std::uint8_t>& values) {
  const std::uint64_t size = game_.tier_size(tier);
  TierJob job;
  job.tier = tier;
  job.order = order;
  job.values = &values;

  // Child tables, within the memory cap.
  std::vector<Tier> child_ids;
  game_.child_tiers(tier, child_ids);
  std::vector<Tier> keep;
  std::vector<std::shared_ptr<const TierTable>> held;
  std::uint64_t need = size;
  for (Tier c : child_ids) {
    const auto [canonical, symmetry] = CanonicalTier(game_, c);
    need += EncodedBytes(options_.encoding, game_.tier_size(canonical));
    keep.push_back(canonical);
  }
  if (need > options_.memory_bytes) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "tier %s and its children need %.1f MiB, over --memory-mb=%.1f", game_.tier_name(tier),
        need / 1048576.0, options_.memory_bytes / 1048576.0));
  }
  store_->Trim(options_.memory_bytes - need, keep);
  for (Tier c : child_ids) {
    const auto [canonical, symmetry] = CanonicalTier(game_, c);
    absl::StatusOr<std::shared_ptr<const TierTable>> table =
        store_->Get(canonical, game_.tier_name(canonical), game_.tier_size(canonical));
    if (!table.ok()) return table.status();
    held.push_back(*table);
    job.children.push_back({c, canonical, symmetry, table->get()});
  }

  values.assign(size, 0);
  TierStats stats;
  std::uint64_t begin = 0;
  [[maybe_unused]] bool pushed = options_.encoding == Encoding::kWl1 && options_.backward;
  const std::vector<std::uint64_t> layer_ends = TierLayers(game_, tier);
  for (std::size_t layer = 0; layer < layer_ends.size(); ++layer) {
    const std::uint64_t end = layer_ends[layer];
    if constexpr (HasAcyclicLayers<G>) {
      if (options_.encoding == Encoding::kDtw8) {
        SolveAcyclicLayer<Encoding::kDtw8>(job, begin, end, stats);
      } else if constexpr (HasTierPredecessors<G>) {
        // Exits only while every earlier layer has pushed its wins; whether to push: PushPays.
        if (pushed) {
          SolveLayerByExits(job, begin, end, stats);
        } else {
          SolveAcyclicLayer<Encoding::kWl1>(job, begin, end, stats);
        }
        pushed = pushed && layer + 1 < layer_ends.size() &&
                 PushPays(job, begin, end, layer_ends[layer + 1]);
        if (pushed) {
          PushWins(job, begin, end);
          ++pushed_layers_;
        }
      } else {
        SolveAcyclicLayer<Encoding::kWl1>(job, begin, end, stats);
      }
    } else {
      if (options_.encoding == Encoding::kDtw8) {
        SolveCyclicLayer<Encoding::kDtw8>(job, begin, end, stats);
      } else {
        SolveCyclicLayer<Encoding::kWl1>(job, begin, end, stats);
      }
    }
    begin = end;
  }
  if (job.failed) {
    return absl::InternalError(absl::StrCat("tier ", game_.tier_name(tier), ": ", job.failure));
  }
  return stats;
}

template <TierGame G>
absl::StatusOr<SolveSummary> RetroSolver<G>::Run() {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  // Step 1. The tiers in solving order (children first) and what the database is.
  absl::StatusOr<std::vector<Tier>> listed = game_.tiers(options_.selection);
  if (!listed.ok()) return listed.status();
  const std::vector<Tier>& tiers = *listed;
  if (absl::Status s = CheckOrder(tiers); !s.ok()) return s;
  const Manifest manifest = DescribeDatabase(tiers);

  // Step 2. The directory: this database's (or a new one), the tier store, the progress log.
  AppendLog progress_log;
  if (absl::Status s = OpenDatabase(manifest, progress_log); !s.ok()) return s;

  // Step 3. Every tier in order: a finished one is read back, the others solved and written.
  SolveSummary summary;
  summary.tiers = tiers.size();
  summary.positions = manifest.positions;
  std::vector<TierStats> per_tier(tiers.size());
  std::uint64_t done_positions = 0, run_positions = 0;
  auto last_print = Clock::now() - std::chrono::hours(1);
  for (std::uint64_t k = 0; k < tiers.size(); ++k) {
    const Tier tier = tiers[k];
    const std::string name = game_.tier_name(tier);
    const std::uint64_t size = game_.tier_size(tier);
    if (store_->has_file(name)) {
      absl::StatusOr<TierStats> stats = ReadFinishedTier(tier, name, size);
      if (!stats.ok()) return stats.status();
      per_tier[k] = *stats;
      ++summary.resumed;
      done_positions += size;
      continue;
    }
    if (options_.dispatcher) continue;  // solved below, elsewhere
    if (options_.stop_after >= 0 &&
        static_cast<std::int64_t>(summary.solved) >= options_.stop_after) {
      summary.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      summary.pushed_layers = pushed_layers_;
      return summary;
    }
    absl::StatusOr<double> solved = SolveAndWrite(tiers, k, per_tier);
    if (!solved.ok()) return solved.status();
    const double secs = *solved;
    nlohmann::json line = {{"tier", name},
                           {"positions", size},
                           {"seconds", secs},
                           {"threads", options_.threads},
                           {"time", UtcNowIso8601()}};
    if (absl::Status s = progress_log.Append(line.dump()); !s.ok()) return s;
    ++summary.solved;
    done_positions += size;
    run_positions += size;
    const auto now = Clock::now();
    if (options_.progress &&
        (now - last_print > std::chrono::seconds(2) || k + 1 == tiers.size())) {
      last_print = now;
      const double elapsed = std::chrono::duration<double>(now - t0).count();
      PrintProgress(k, tiers.size(), name, size, secs, elapsed, run_positions, done_positions,
                    manifest.positions);
    }
  }

  if (options_.dispatcher) {
    if (absl::Status s = SolveDispatched(tiers, per_tier, summary, progress_log); !s.ok()) {
      return s;
    }
    if (summary.solved + summary.resumed < tiers.size()) {
      if (options_.stop_after < 0) {
        return absl::InternalError(absl::StrCat("the dispatcher ended with ",
                                                tiers.size() - summary.solved - summary.resumed,
                                                " tiers unsolved"));
      }
      summary.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      summary.pushed_layers = pushed_layers_;
      return summary;
    }
  }

  // Step 4. The whole database's statistics, into stats.json.
  summary.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  absl::StatusOr<nlohmann::json> stats = BuildStats(tiers, per_tier, summary.seconds);
  if (!stats.ok()) return stats.status();
  if (absl::Status s = WriteFileAtomically(options_.dir + "/stats.json", stats->dump(1) + "\n");
      !s.ok()) {
    return s;
  }
  summary.stats = *stats;
  summary.complete = true;
  summary.pushed_layers = pushed_layers_;
  return summary;
}

template <TierGame G>
absl::StatusOr<double> RetroSolver<G>::SolveAndWrite(const std::vector<Tier>& tiers,
                                                     std::uint64_t k,
                                                     std::vector<TierStats>& per_tier) {
  const auto start = std::chrono::steady_clock::now();
  const Tier tier = tiers[k];
  absl::StatusOr<TierStats> stats = SolveTier(tier, k, values_);
  if (!stats.ok()) return stats.status();
  stats->longest_win_tier = tier;
  stats->longest_win_order = k;
  per_tier[k] = *stats;
  if (absl::Status s = WriteTier(tier, game_.tier_name(tier), values_, *stats); !s.ok()) return s;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <TierGame G>
absl::Status RetroSolver<G>::SolveDispatched(const std::vector<Tier>& tiers,
                                             std::vector<TierStats>& per_tier,
                                             SolveSummary& summary, AppendLog& progress_log) {
  // Step 3a. The graph of the tiers left: each one's unsolved children, and who waits on whom.
  absl::flat_hash_map<Tier, std::uint64_t> order;
  for (std::uint64_t k = 0; k < tiers.size(); ++k) order[tiers[k]] = k;
  std::vector<bool> on_disk(tiers.size());
  for (std::uint64_t k = 0; k < tiers.size(); ++k) {
    on_disk[k] = store_->has_file(game_.tier_name(tiers[k]));
  }
  std::vector<int> waiting(tiers.size(), 0);
  std::vector<std::vector<std::uint64_t>> parents(tiers.size());
  std::vector<Tier> children;
  for (std::uint64_t k = 0; k < tiers.size(); ++k) {
    if (on_disk[k]) continue;
    children.clear();
    game_.child_tiers(tiers[k], children);
    absl::flat_hash_set<std::uint64_t> unsolved;  // a child met twice counts once
    for (Tier c : children) {
      const std::uint64_t j = order.at(CanonicalTier(game_, c).first);  // CheckOrder: present
      if (!on_disk[j] && unsolved.insert(j).second) parents[j].push_back(k);
    }
    waiting[k] = static_cast<int>(unsolved.size());
  }
  auto unit = [&](std::uint64_t k) {
    return dispatch::Unit{k, nlohmann::json{{"tier", k}}.dump(),
                          static_cast<double>(game_.tier_size(tiers[k]))};
  };
  std::vector<dispatch::Unit> ready;
  for (std::uint64_t k = 0; k < tiers.size(); ++k) {
    if (!on_disk[k] && waiting[k] == 0) ready.push_back(unit(k));
  }
  // Step 3b. Each tier a worker wrote: its header read back, logged, its parents freed.
  const dispatch::ResultHandler done =
      [&](std::uint64_t k, std::string_view text,
          std::vector<dispatch::Unit>& more) -> absl::StatusOr<bool> {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (k >= tiers.size() || !j.is_object() || !j.contains("seconds")) {
      return absl::InternalError(
          absl::StrCat("a bad tier result from a worker: ", std::string(text)));
    }
    const Tier tier = tiers[k];
    const std::string name = game_.tier_name(tier);
    absl::StatusOr<TierStats> stats = ReadFinishedTier(tier, name, game_.tier_size(tier));
    if (!stats.ok()) return stats.status();
    per_tier[k] = *stats;
    nlohmann::json line = {{"tier", name},
                           {"positions", game_.tier_size(tier)},
                           {"seconds", j["seconds"]},
                           {"threads", options_.threads},
                           {"time", UtcNowIso8601()}};
    if (absl::Status s = progress_log.Append(line.dump()); !s.ok()) return s;
    ++summary.solved;
    if (options_.progress) {
      std::fprintf(stderr, "retro: tier %s  %llu positions in %.2f s (%llu of %zu tiers left)\n",
                   name.c_str(), static_cast<unsigned long long>(game_.tier_size(tier)),
                   j["seconds"].get<double>(),
                   static_cast<unsigned long long>(tiers.size() - summary.solved - summary.resumed),
                   tiers.size());
    }
    for (std::uint64_t p : parents[k]) {
      if (--waiting[p] == 0) more.push_back(unit(p));
    }
    return options_.stop_after < 0 ||
           static_cast<std::int64_t>(summary.solved) < options_.stop_after;
  };
  return options_.dispatcher->Run(std::move(ready), done);
}

template <TierGame G>
absl::StatusOr<std::string> RetroSolver<G>::SolveTierUnit(std::string_view payload) {
  if (!store_) {
    store_ = std::make_shared<TierStore>(
        options_.dir,
        TierIdentity{game_.kName.data(), game_.size(), game_.board_name(), options_.encoding},
        options_.memory_bytes);
  }
  if (unit_tiers_.empty()) {
    absl::StatusOr<std::vector<Tier>> listed = game_.tiers(options_.selection);
    if (!listed.ok()) return listed.status();
    unit_tiers_ = std::move(*listed);
  }
  const nlohmann::json j = nlohmann::json::parse(payload, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("tier") || !j["tier"].is_number_unsigned() ||
      j["tier"].get<std::uint64_t>() >= unit_tiers_.size()) {
    return absl::InvalidArgumentError(absl::StrCat("bad tier unit: ", std::string(payload)));
  }
  const std::uint64_t k = j["tier"].get<std::uint64_t>();
  std::vector<TierStats> per_tier(unit_tiers_.size());
  absl::StatusOr<double> secs = SolveAndWrite(unit_tiers_, k, per_tier);
  if (!secs.ok()) return secs.status();
  return nlohmann::json{{"tier", game_.tier_name(unit_tiers_[k])}, {"seconds", *secs}}.dump();
}

template <TierGame G>
Manifest RetroSolver<G>::DescribeDatabase(const std::vector<Tier>& tiers) const {
  Manifest manifest;
  manifest.spec = spec_;
  manifest.spec.variant = game_.variant();
  manifest.spec.size = game_.size();
  manifest.board = game_.board_name();
  manifest.selection = options_.selection;
  manifest.encoding = options_.encoding;
  manifest.tiers = tiers.size();
  for (Tier t : tiers) manifest.positions += game_.tier_size(t);
  return manifest;
}

template <TierGame G>
absl::Status RetroSolver<G>::OpenDatabase(const Manifest& manifest, AppendLog& progress_log) {
  std::error_code ec;
  std::filesystem::create_directories(options_.dir + "/tiers", ec);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create --out=", options_.dir, ": ", ec.message()));
  }
  // Temporary files of a killed run are never tier files; clear them.
  for (const auto& entry : std::filesystem::directory_iterator(options_.dir + "/tiers", ec)) {
    if (entry.path().filename().string().find(".tmp") != std::string::npos) {
      std::filesystem::remove(entry.path(), ec);
    }
  }
  absl::StatusOr<Manifest> existing = ReadManifest(options_.dir);
  if (existing.ok()) {
    if (absl::Status s = existing->SameAs(manifest); !s.ok()) return s;
  } else if (!absl::IsNotFound(existing.status())) {
    return existing.status();
  } else if (absl::Status s = WriteManifest(options_.dir, manifest); !s.ok()) {
    return s;
  }

  store_ = std::make_shared<TierStore>(
      options_.dir,
      TierIdentity{game_.kName.data(), game_.size(), game_.board_name(), options_.encoding},
      options_.memory_bytes);
  // A torn last line of a killed run is cut off.
  absl::StatusOr<LogLines> old = ReadLogLines(options_.dir + "/progress.jsonl");
  const long long keep = old.ok() ? old->valid_bytes : -1;
  return progress_log.Open(options_.dir + "/progress.jsonl", keep);
}

template <TierGame G>
absl::StatusOr<TierStats> RetroSolver<G>::ReadFinishedTier(Tier tier, const std::string& name,
                                                           std::uint64_t size) const {
  const std::string path = store_->tier_path(name);
  absl::StatusOr<TierHeader> header = ReadTierHeader(path);
  if (!header.ok()) return header.status();
  if (absl::Status s = store_->CheckHeader(*header, tier, size, path); !s.ok()) return s;
  absl::StatusOr<TierStats> stats = TierStats::FromJson(header->stats);
  if (!stats.ok()) return absl::DataLossError(absl::StrCat(path, ": ", stats.status().message()));
  return stats;
}

template <TierGame G>
absl::Status RetroSolver<G>::WriteTier(Tier tier, const std::string& name,
                                       const std::vector<std::uint8_t>& values,
                                       const TierStats& stats) {
  std::string payload;
  if (options_.encoding == Encoding::kDtw8) {
    payload.assign(reinterpret_cast<const char*>(values.data()), values.size());
  } else {
    payload.assign(EncodedBytes(Encoding::kWl1, values.size()), '\0');
    for (std::uint64_t i = 0; i < values.size(); ++i) {
      if (values[i]) payload[i >> 3] = static_cast<char>(payload[i >> 3] | (1 << (i & 7)));
    }
  }
  const std::uint64_t size = game_.tier_size(tier);
  TierHeader header;
  header.game = std::string(G::kName);
  header.variant = game_.variant();
  header.size = game_.size();
  header.board = game_.board_name();
  header.options = spec_.options;
  header.tier = name;
  header.tier_id = tier;
  header.count = size;
  header.encoding = options_.encoding;
  header.stats = stats.ToJson(options_.encoding == Encoding::kDtw8);
  if (absl::Status s = WriteTierFile(store_->tier_path(name), header, payload, options_.durable);
      !s.ok()) {
    return s;
  }
  store_->Put(std::make_shared<const TierTable>(tier, size, options_.encoding, std::move(payload)));
  return absl::OkStatus();
}

template <TierGame G>
void RetroSolver<G>::PrintProgress(std::uint64_t k, std::uint64_t tiers, const std::string& name,
                                   std::uint64_t size, double secs, double elapsed,
                                   std::uint64_t run_positions, std::uint64_t done_positions,
                                   std::uint64_t positions) const {
  const double rate = elapsed > 0 ? run_positions / elapsed : 0;
  const double eta = rate > 0 ? (positions - done_positions) / rate : 0;
  std::fprintf(stderr,
               "retro: tier %llu/%llu %s  %llu positions in %.2f s (%.2f M/s)  done %.1f%%  "
               "ETA %s  mem %.0f MB\n",
               static_cast<unsigned long long>(k + 1), static_cast<unsigned long long>(tiers),
               name.c_str(), static_cast<unsigned long long>(size), secs,
               secs > 0 ? size / secs / 1e6 : 0.0,
               100.0 * done_positions / std::max<std::uint64_t>(positions, 1),
               FormatDuration(eta).c_str(), PeakMemoryMb());
}

template <TierGame G>
absl::StatusOr<nlohmann::json> RetroSolver<G>::BuildStats(const std::vector<Tier>& tiers,
                                                          const std::vector<TierStats>& per_tier,
                                                          double seconds_this_run) {
  const bool distances = options_.encoding == Encoding::kDtw8;
  // Seconds per tier from the progress log (earlier runs included).
  absl::flat_hash_map<std::string, double> seconds;
  double total_seconds = 0;
  if (absl::StatusOr<LogLines> log = ReadLogLines(options_.dir + "/progress.jsonl"); log.ok()) {
    for (const std::string& l : log->lines) {
      nlohmann::json j = nlohmann::json::parse(l, nullptr, false);
      if (j.is_discarded() || !j.contains("tier")) continue;
      seconds[j["tier"].get<std::string>()] = j.value("seconds", 0.0);
    }
  }
  TierStats total;
  nlohmann::json tier_rows = nlohmann::json::array();
  for (std::uint64_t k = 0; k < tiers.size(); ++k) {
    TierStats t = per_tier[k];
    t.longest_win_tier = tiers[k];
    t.longest_win_order = k;
    total.Merge(t);
    const std::string name = game_.tier_name(tiers[k]);
    const double s = seconds.contains(name) ? seconds[name] : 0.0;
    total_seconds += s;
    if (options_.tier_stats == "full") {
      nlohmann::json row = t.ToJson(distances);
      row["tier"] = name;
      row["seconds"] = s;
      tier_rows.push_back(std::move(row));
    } else if (options_.tier_stats == "brief") {
      tier_rows.push_back({{"tier", name}, {"positions", t.positions}, {"seconds", s}});
    }
  }
  nlohmann::json j = RecordHeader(game_, "retro_stats");
  j.update(total.ToJson(distances));
  j["selection"] = options_.selection;
  j["encoding"] = std::string(EncodingName(options_.encoding));
  j["tier_count"] = tiers.size();
  if (options_.tier_stats != "none") j["tiers"] = std::move(tier_rows);
  j["tier_stats"] = options_.tier_stats;
  j["seconds"] = total_seconds;
  j["seconds_this_run"] = seconds_this_run;
  j["positions_per_second"] = total_seconds > 0 ? total.positions / total_seconds : 0.0;
  j["threads"] = options_.threads;
  j["peak_memory_mb"] = PeakMemoryMb();
  j["finished_positions"] = {{"side_to_move_0", total.no_move[0]},
                             {"side_to_move_1", total.no_move[1]}};
  if (distances && total.longest_win >= 0) {
    Position pos;
    game_.unrank(total.longest_win_tier, total.longest_win_index, pos);
    j["longest_win"] = {{"plies", total.longest_win},
                        {"position", game_.position_string(pos)},
                        {"side_to_move", total.longest_win_side},
                        {"tier", game_.tier_name(total.longest_win_tier)}};
  }
  // The start position, when the tables cover it (or its children).
  TableLookup<G> lookup(
      game_, store_, std::make_shared<const absl::flat_hash_set<Tier>>(tiers.begin(), tiers.end()));
  const Position start = game_.start();
  absl::StatusOr<std::optional<Outcome>> v = lookup.Value(start);
  if (!v.ok()) return v.status();
  j["start"] = nullptr;
  if (v->has_value()) {
    const Outcome o = **v;
    j["start"] = {{"position", game_.position_string(start)},
                  {"result", std::string(ResultName(o.result))},
                  {"side_to_move", game_.side_to_move(start)},
                  {"plies", distances ? nlohmann::json(o.plies) : nlohmann::json()}};
  }
  j["provenance"] = Provenance();
  return j;
}

}  // namespace tav::retro
