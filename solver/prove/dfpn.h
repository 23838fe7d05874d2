// Depth-first proof-number search (df-pn, Nagai 2002) for win/loss games:
// proves or disproves "the side to move wins" without computing distances.
// Used to prove full-board Prairie positions with endgame tables at the
// leaves, where the exact solver's distance search cannot finish.
//
// Negamax form: for a node n whose side to move we call the mover,
//   pn(n) = min over children c of dn(c)     (one child lost for its mover)
//   dn(n) = sum over children c of pn(c)     (every child must be won)
// A finished game is (pn, dn) = (inf, 0); a position the game knows the
// result of without search (its probe: tables, static rules) is (0, inf) or
// (inf, 0). New leaves start at the game's estimate where it has one
// (proof_numbers below: how far each side looks from its win, the df-pn+
// idea of a heuristic initialisation), else at (1, number of moves)
// (mobility: a mover with few moves is easy to disprove). Child thresholds
// use Pawlewicz's 1+epsilon trick to limit re-expansions.
//
// A second opinion. The proof a run finds depends on two choices that do not
// affect its soundness: the order children are kept in (the most proving
// child is the first of those with the least number, so the order breaks
// every tie) and the new leaves' numbers. DfpnOptions::order = kReversed and
// init = kUnit (every new leaf (1, 1), plain df-pn) make the search grow
// another tree, through other positions in another order: a proof found
// both ways has been found twice, by searches that share only the rules
// (and the table code) -- the independent re-proof of a result.
//
// Transpositions. In a game where moves commute (Prairie: the pieces move
// independently), one position is reached along many paths and the sum in
// dn(n) counts its work once per path: numbers swell and mislead the search
// away from positions that are in truth cheap. DfpnOptions::numbers = kWeak
// replaces the sum by Ueda et al.'s weak proof number (2008),
//   dn(n) = max over open children of pn(c) + (number of open children - 1),
// which never counts a shared subtree twice at one node (it may undercount:
// it only steers the search, soundness never depends on the numbers).
//
// Scored games. A game with a score (Cathedral) has no win/loss of its own;
// DfpnOptions::goal = {P, T} asks the binary question "does player P end
// with a final value of at least T (its own view, the game's units)?". A
// finished game is then a win for whichever mover that answer favours (P if
// it reached T, the other side otherwise), and no position is a draw.
// Proving ">= T" and disproving ">= T + 1" proves the exact value T: the
// margins of a scored game by a method that shares no code with the
// alpha-beta solver. The game's own estimates (probe_result, proof_numbers)
// speak of its win/loss, not of T, so they are not used; an exact probe()
// is, compared with T.
//
// The games solved here are acyclic (Prairie: every move lowers
// remaining()), so there is no graph-history interaction to handle.
//
// Hooks, detected like game.h's OPTIONAL members:
//   std::optional<int> probe_result(const Position&) const;   // +1 win, -1 loss
//   std::optional<int> probe(const Position&) const;          // exact value
//   std::pair<std::uint32_t, std::uint32_t> proof_numbers(const Position&) const;
//       a new leaf's (pn, dn) for the side to move, each at least 1 and small
//       (far below kInf): LeafInit::kEvaluation
// probe_result is preferred (it may know results whose distance it does not).
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "core/game.h"

namespace tav::prove {

inline constexpr std::uint32_t kInf = 0x3fffffff;

template <class G>
concept HasProbeResult = requires(const G& g, const typename G::Position& p) {
  { g.probe_result(p) } -> std::same_as<std::optional<int>>;
};

template <class G>
concept HasProofNumbers = requires(const G& g, const typename G::Position& p) {
  { g.proof_numbers(p) } -> std::same_as<std::pair<std::uint32_t, std::uint32_t>>;
};

// The result for the side to move (+1 win, -1 loss, 0 a draw) of a position
// the game decides without search: a finished game by its final_value, else
// by probe_result where the game has one, else by the sign of its probe;
// nullopt when none of them knows. The prover's leaves and the check of its
// lines (line_check.h) both decide positions by this.
template <Game G>
std::optional<int> DecidedResult(const G& game, const typename G::Position& p) {
  if (game.is_over(p)) {
    const int v = game.final_value(p);
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  }
  if constexpr (HasProbeResult<G>) {
    return game.probe_result(p);
  } else if constexpr (HasProbe<G>) {
    if (const std::optional<int> v = game.probe(p)) return *v > 0 ? 1 : *v < 0 ? -1 : 0;
  }
  return std::nullopt;
}

enum class Proof { kWin, kLoss, kUnknown };  // for the side to move at the root

inline const char* ProofName(Proof p) {
  return p == Proof::kWin ? "win" : p == Proof::kLoss ? "loss" : "unknown";
}

// The child order and the leaves' initial numbers (see "A second opinion").
enum class ChildOrder { kGenerated, kReversed };
// kEvaluation: the game's proof_numbers(), mobility for a game without one.
enum class LeafInit { kEvaluation, kMobility, kUnit };
// How dn(n) combines the children's pn (see "Transpositions").
enum class Combine { kSum, kWeak };

inline const char* ChildOrderName(ChildOrder o) {
  return o == ChildOrder::kReversed ? "reversed" : "generated";
}
inline const char* LeafInitName(LeafInit i) {
  return i == LeafInit::kUnit ? "unit" : i == LeafInit::kMobility ? "mobility" : "evaluation";
}
inline const char* CombineName(Combine c) { return c == Combine::kWeak ? "weak" : "sum"; }

// "Does `player` end with a final value of at least `at_least`?"
struct Goal {
  int player = 0;
  int at_least = 0;
};

struct DfpnOptions {
  std::uint64_t tt_mb = 1024;
  ChildOrder order = ChildOrder::kGenerated;
  LeafInit init = LeafInit::kEvaluation;
  Combine numbers = Combine::kSum;
  // Scored games: the question asked instead of the game's own win/loss
  // (see "Scored games"); nullopt: the game's win/loss.
  std::optional<Goal> goal;
  std::uint64_t max_nodes = 0;  // 0 = no limit
  double max_seconds = 0;       // 0 = no limit
  double epsilon = 0.25;
  double progress_seconds = 0;  // > 0: a progress line on stderr this often
  // Optional: asked every 1024 nodes whether to stop (an interrupt); the
  // proof then ends kUnknown with stats().stopped, as when a budget runs out.
  std::function<bool()> interrupted;
  // Optional: called from inside the search every checkpoint_seconds (and
  // never concurrently with a change to the table), so the caller can save
  // the table (ForEachEntry) for a run killed later to resume from.
  std::function<void()> checkpoint;
  double checkpoint_seconds = 0;
};

struct DfpnStats {
  std::uint64_t nodes = 0;       // MID calls (interior visits)
  std::uint64_t expansions = 0;  // children generated
  std::uint64_t probes = 0, probe_hits = 0;
  std::uint64_t tt_hits = 0, tt_stores = 0;
  double seconds = 0;
  std::uint32_t root_pn = 1, root_dn = 1;  // kept current during the search
  int max_depth = 0;
  bool stopped = false;  // a budget ran out or the run was interrupted
};

// One position of an unfinished proof's frontier line (DfpnProver::Frontier):
// the move that reached it, its numbers for its mover (from the table, or a
// new leaf's when `in_table` is false) and how many of its moves lead to
// positions already decided (proven or disproven).
template <class Move>
struct FrontierStep {
  Move move;
  std::uint32_t pn = 0, dn = 0;
  bool in_table = false;
  int moves = 0, decided = 0;
};

// One stored position of the table, as a checkpoint keeps it.
struct DfpnEntry {
  std::uint64_t key = 0;
  std::uint32_t pn = 0, dn = 0;
  std::uint64_t work = 0;  // nodes spent below (proven entries: + 2^40)
};

template <Game G>
class DfpnProver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  DfpnProver(const G& game, DfpnOptions options) : game_(game), options_(Resolved(options)) {
    std::uint64_t buckets = std::max<std::uint64_t>(1, (options_.tt_mb << 20) / sizeof(Bucket));
    const std::uint64_t pow2 = std::bit_floor(buckets);
    table_.assign(pow2, Bucket{});
    mask_ = pow2 - 1;
  }

  Proof Prove(const Position& root) {
    start_ = std::chrono::steady_clock::now();
    stats_ = DfpnStats{};
    stop_ = false;
    next_checkpoint_ = options_.checkpoint_seconds;
    next_progress_ = options_.progress_seconds;  // the first line after one period
    std::uint32_t pn = 1, dn = 1;
    if (!Known(root, pn, dn)) {
      Mid(root, game_.hash(root), kInf, kInf, 0, pn, dn);
    }
    stats_.root_pn = pn;
    stats_.root_dn = dn;
    stats_.stopped = stop_;
    stats_.seconds = Elapsed();
    if (pn == 0) return Proof::kWin;
    if (dn == 0) return Proof::kLoss;
    return Proof::kUnknown;
  }

  const DfpnStats& stats() const { return stats_; }
  // Budgets and callbacks for the next Prove (the table keeps its size).
  void set_options(const DfpnOptions& options) { options_ = Resolved(options); }
  // The options in force: init is never kEvaluation for a game without
  // proof_numbers() (it is kMobility there).
  const DfpnOptions& options() const { return options_; }
  static DfpnOptions Resolved(DfpnOptions o) {
    if (o.init == LeafInit::kEvaluation && (!HasProofNumbers<G> || o.goal)) {
      o.init = LeafInit::kMobility;
    }
    return o;
  }

  // The table's stored entries, for a checkpoint (prove/table_file.h).
  template <class F>
  void ForEachEntry(F&& f) const {
    for (const Bucket& b : table_) {
      for (const Entry& e : b.e) {
        if (e.work) f(DfpnEntry{e.key, e.pn, e.dn, e.work});
      }
    }
  }
  // Puts an entry of a checkpoint back (before Prove): a resumed proof
  // starts from every number the interrupted one had stored. A table of
  // another size takes them too (the same replacement rule decides).
  void Restore(const DfpnEntry& e) {
    Insert(e.key, e.pn, e.dn, std::max<std::uint64_t>(e.work, 1));
  }
  std::uint64_t tt_entries() const { return table_.size() * kWays; }

  // (pn, dn) of a position from the table, if stored.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> Numbers(const Position& p) const {
    const Entry* e = Find(game_.hash(p));
    if (!e) return std::nullopt;
    return std::pair<std::uint32_t, std::uint32_t>{e->pn, e->dn};
  }

  // How far an unfinished proof has come: from `pos`, the line the search
  // would extend next (each time the most proving child, as Mid picks it),
  // down to a position the table does not hold, a decided one, or max_plies.
  // Each step also says how many of its position's moves are decided already
  // (0 of 0 for a last position that is decided or not in the table).
  std::vector<FrontierStep<Move>> Frontier(Position pos, int max_plies) const {
    std::vector<FrontierStep<Move>> line;
    while (static_cast<int>(line.size()) < max_plies) {
      std::optional<FrontierStep<Move>> pick = Survey(pos, line);
      if (!pick) return line;
      line.push_back(*pick);
      game_.play(pos, pick->move);
      if (!pick->in_table || pick->pn == 0 || pick->dn == 0) return line;
    }
    Survey(pos, line);  // the last open position's counts
    return line;
  }

  // Proven moves from a proven position: the winner's move to a child proven
  // lost, or (for a proven loss) any move; a line of at most max_plies.
  std::vector<Move> ProofLine(Position pos, int max_plies) const {
    std::vector<Move> line;
    for (int ply = 0; ply < max_plies; ++ply) {
      typename G::MoveList moves;
      game_.generate_moves(pos, moves);
      if (moves.size() == 0) break;
      std::optional<Move> pick;
      std::uint32_t best_pn = kInf + 1;
      for (const Move& m : moves) {
        Position child = pos;
        game_.play(child, m);
        std::uint32_t pn = 1, dn = 1;
        if (!KnownConst(child, pn, dn)) {
          const Entry* e = Find(game_.hash(child));
          if (!e) continue;
          pn = e->pn;
          dn = e->dn;
        }
        if (dn == 0) {  // child lost for its mover: the winning move
          pick = m;
          break;
        }
        if (pn < best_pn) {  // the loser's most resistant move: its child is the hardest win
          best_pn = pn;
          pick = m;
        }
      }
      if (!pick) break;
      line.push_back(*pick);
      game_.play(pos, *pick);
    }
    return line;
  }

  // How close an unfinished proof has come to the root: the decided position
  // (proven or disproven by the search, its entry in the table) with the
  // fewest plies from `root`. A breadth-first walk from the root through
  // positions the table holds, expanding at most max_positions of them (a
  // finished game or a probed position is never stored, so those do not
  // count). Found: the line to it and whether its mover wins. Not found:
  // `clear_plies`, the depth through which every stored position was read
  // and none is decided (the whole stored tree when the walk ran out).
  struct Decided {
    bool found = false;
    std::vector<Move> line;
    bool mover_wins = false;
    int clear_plies = 0;
    std::uint64_t expanded = 0;  // positions whose children the walk read
  };
  Decided NearestDecided(const Position& root, std::uint64_t max_positions) const {
    struct Node {
      Position pos;
      std::int64_t parent;  // index in `nodes`, -1 for the root
      Move move;
      int depth;
    };
    std::vector<Node> nodes = {{root, -1, Move{}, 0}};
    absl::flat_hash_set<std::uint64_t> seen = {game_.hash(root)};
    Decided d;
    std::size_t next = 0;
    for (; next < nodes.size() && next < max_positions; ++next) {
      typename G::MoveList moves;
      game_.generate_moves(nodes[next].pos, moves);
      d.expanded = next + 1;
      for (const Move& m : moves) {
        Position child = nodes[next].pos;
        game_.play(child, m);
        const std::uint64_t key = game_.hash(child);
        const Entry* e = seen.insert(key).second ? Find(key) : nullptr;
        if (!e) continue;
        if (e->pn == 0 || e->dn == 0) {
          d.found = true;
          d.mover_wins = e->pn == 0;
          d.line = {m};
          for (auto i = static_cast<std::int64_t>(next); nodes[i].parent >= 0;
               i = nodes[i].parent) {
            d.line.push_back(nodes[i].move);
          }
          std::reverse(d.line.begin(), d.line.end());
          return d;
        }
        nodes.push_back({child, static_cast<std::int64_t>(next), m, nodes[next].depth + 1});
      }
    }
    // Every position up to the first one not expanded has been read (its own depth); with the
    // queue empty, every stored position reachable from the root.
    d.clear_plies = next < nodes.size() ? nodes[next].depth : nodes.back().depth;
    return d;
  }

 private:
  static constexpr int kWays = 4;
  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t pn = 0, dn = 0;
    std::uint64_t work = 0;  // nodes spent below; 0 = empty
  };
  struct Bucket {
    Entry e[kWays];
  };
  struct Child {
    Position pos;
    std::uint64_t key;
    std::uint32_t pn, dn;
  };

  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Brings the key's bucket (two cache lines) toward the cache.
  void Prefetch(std::uint64_t key) const {
    const char* bucket = reinterpret_cast<const char*>(&table_[key & mask_]);
    __builtin_prefetch(bucket);
    __builtin_prefetch(bucket + sizeof(Bucket) - 1);
  }

  const Entry* Find(std::uint64_t key) const {
    const Bucket& b = table_[key & mask_];
    for (const Entry& e : b.e) {
      if (e.work && e.key == key) return &e;
    }
    return nullptr;
  }
  void Store(std::uint64_t key, std::uint32_t pn, std::uint32_t dn, std::uint64_t work) {
    ++stats_.tt_stores;
    // Proven results are worth more than any amount of unfinished work.
    if (pn == 0 || dn == 0) work += std::uint64_t{1} << 40;
    Insert(key, pn, dn, work);
  }
  // Into the key's bucket: its own entry or an empty one, else over the
  // entry with the least work.
  void Insert(std::uint64_t key, std::uint32_t pn, std::uint32_t dn, std::uint64_t work) {
    Bucket& b = table_[key & mask_];
    Entry* victim = &b.e[0];
    for (Entry& e : b.e) {
      if (e.key == key || e.work == 0) {
        victim = &e;
        break;
      }
      if (e.work < victim->work) victim = &e;
    }
    victim->key = key;
    victim->pn = pn;
    victim->dn = dn;
    victim->work = std::max<std::uint64_t>(work, 1);
  }

  // Finished games and probed positions (DecidedResult, or GoalResult for
  // a scored game's threshold); a draw is not a result df-pn can use.
  bool KnownConst(const Position& p, std::uint32_t& pn, std::uint32_t& dn) const {
    const std::optional<int> r = options_.goal ? GoalResult(p) : DecidedResult(game_, p);
    if (!r || *r == 0) return false;
    pn = *r > 0 ? 0 : kInf;
    dn = *r > 0 ? kInf : 0;
    return true;
  }
  bool Known(const Position& p, std::uint32_t& pn, std::uint32_t& dn) {
    ++stats_.probes;
    const bool known = KnownConst(p, pn, dn);
    stats_.probe_hits += known;
    return known;
  }

  // "Scored games": +1 if p's mover wins options_.goal's question, -1 if it
  // loses it, nullopt while the game goes on and no exact probe knows its
  // value.
  std::optional<int> GoalResult(const Position& p) const {
    std::optional<int> value;  // p's mover's view
    if (game_.is_over(p)) {
      value = game_.final_value(p);
    } else if constexpr (HasProbe<G>) {
      value = game_.probe(p);
    }
    if (!value) return std::nullopt;
    const bool goal_mover = game_.side_to_move(p) == options_.goal->player;
    const bool reached = (goal_mover ? *value : -*value) >= options_.goal->at_least;
    return reached == goal_mover ? 1 : -1;
  }

  static std::uint32_t Add(std::uint32_t a, std::uint32_t b) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, std::uint64_t{a} + b));
  }

  void CheckBudget() {
    if ((stats_.nodes & 1023) != 0) return;
    if (options_.max_nodes && stats_.nodes >= options_.max_nodes) stop_ = true;
    const double t = Elapsed();
    if (options_.max_seconds > 0 && t >= options_.max_seconds) stop_ = true;
    if (options_.interrupted && options_.interrupted()) stop_ = true;
    if (options_.checkpoint && options_.checkpoint_seconds > 0 && t >= next_checkpoint_) {
      options_.checkpoint();
      next_checkpoint_ = Elapsed() + options_.checkpoint_seconds;
    }
    if (options_.progress_seconds > 0 && t >= next_progress_) {
      next_progress_ = t + options_.progress_seconds;
      std::uint64_t used = 0;
      for (const Bucket& b : table_) {
        for (const Entry& e : b.e) used += e.work != 0;
        if (&b - table_.data() > 4096) break;
      }
      std::fprintf(stderr, "dfpn: %.0f s  %llu nodes (%.0f k/s)  depth %d  tt %.0f%%\n", t,
                   static_cast<unsigned long long>(stats_.nodes), stats_.nodes / t / 1e3,
                   stats_.max_depth,
                   100.0 * used / (std::min<std::size_t>(table_.size(), 4097) * kWays));
    }
  }

  // A new leaf's numbers (options_.init).
  void InitialNumbers(Child& c) const {
    if constexpr (HasProofNumbers<G>) {
      if (options_.init == LeafInit::kEvaluation) {
        const auto [pn, dn] = game_.proof_numbers(c.pos);
        c.pn = std::clamp<std::uint32_t>(pn, 1, kInf - 1);
        c.dn = std::clamp<std::uint32_t>(dn, 1, kInf - 1);
        return;
      }
    }
    c.pn = 1;
    c.dn = options_.init == LeafInit::kUnit
               ? 1
               : static_cast<std::uint32_t>(std::max(1, CountMoves(game_, c.pos)));
  }

  // Frontier's step at `pos`: sets the counts of line's last step (the move
  // that reached pos) and returns the most proving child, nullopt if none.
  std::optional<FrontierStep<Move>> Survey(const Position& pos,
                                           std::vector<FrontierStep<Move>>& line) const {
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    const int n = static_cast<int>(moves.size());
    std::optional<FrontierStep<Move>> pick;
    int decided = 0;
    for (int k = 0; k < n; ++k) {
      const Move& m = moves[options_.order == ChildOrder::kReversed ? n - 1 - k : k];
      Child c;
      c.pos = pos;
      game_.play(c.pos, m);
      bool in_table = KnownConst(c.pos, c.pn, c.dn);
      if (!in_table) {
        if (const Entry* e = Find(game_.hash(c.pos))) {
          c.pn = e->pn;
          c.dn = e->dn;
          in_table = true;
        } else {
          InitialNumbers(c);
        }
      }
      decided += c.pn == 0 || c.dn == 0;
      if (!pick || c.dn < pick->dn || (c.dn == pick->dn && c.pn < pick->pn)) {
        pick = FrontierStep<Move>{m, c.pn, c.dn, in_table, 0, 0};
      }
    }
    if (!line.empty()) {
      line.back().moves = n;
      line.back().decided = decided;
    }
    return pick;
  }

  void Mid(const Position& pos, std::uint64_t key, std::uint32_t tp, std::uint32_t td, int depth,
           std::uint32_t& pn, std::uint32_t& dn) {
    ++stats_.nodes;
    stats_.max_depth = std::max(stats_.max_depth, depth);
    CheckBudget();
    const std::uint64_t nodes_before = stats_.nodes;
    if (frames_.size() <= static_cast<size_t>(depth)) frames_.resize(depth + 1);
    std::vector<Child>& kids = frames_[depth];
    kids.clear();
    {
      typename G::MoveList moves;
      game_.generate_moves(pos, moves);
      const int n = static_cast<int>(moves.size());
      // Two passes: the children and their keys first, each table bucket
      // prefetched, then their numbers. A bucket is a random line of a
      // gigabyte table, a cache miss per child: looked up at once, the wait
      // for it was most of a Cathedral node's time (80% of Mid's samples).
      for (int k = 0; k < n; ++k) {
        const Move& m = moves[options_.order == ChildOrder::kReversed ? n - 1 - k : k];
        Child c;
        c.pos = pos;
        game_.play(c.pos, m);
        c.key = game_.hash(c.pos);
        Prefetch(c.key);
        kids.push_back(c);
      }
      for (Child& c : kids) {
        ++stats_.expansions;
        if (!Known(c.pos, c.pn, c.dn)) {
          if (const Entry* e = Find(c.key)) {
            ++stats_.tt_hits;
            c.pn = e->pn;
            c.dn = e->dn;
          } else {
            InitialNumbers(c);
          }
        }
      }
    }
    while (true) {
      // The parent's numbers, the most proving child and the runner-up.
      pn = kInf;
      dn = 0;
      std::size_t best = 0;
      std::uint32_t second = kInf, max_pn = 0, open = 0;
      for (std::size_t i = 0; i < kids.size(); ++i) {
        const Child& c = kids[i];
        dn = Add(dn, c.pn);
        max_pn = std::max(max_pn, c.pn);
        open += c.pn != 0;
        if (c.dn < pn || (c.dn == pn && c.pn < kids[best].pn)) {
          second = pn;
          pn = c.dn;
          best = i;
        } else if (c.dn < second) {
          second = c.dn;
        }
      }
      if (options_.numbers == Combine::kWeak) dn = open == 0 ? 0 : Add(max_pn, open - 1);
      if (depth == 0) {  // the root's numbers as they stand, for checkpoints mid-search
        stats_.root_pn = pn;
        stats_.root_dn = dn;
      }
      if (pn >= tp || dn >= td || pn == 0 || dn == 0 || stop_) break;
      Child& c = kids[best];
      // The child's pn may grow until the parent's dn reaches td: by the sum,
      // td less its siblings' share; by the weak rule, td less the count of
      // the other open children (the max is then the child's own pn).
      const std::uint64_t others =
          options_.numbers == Combine::kWeak ? open - 1 : std::uint64_t{dn} - c.pn;
      const std::uint32_t child_tp =
          td >= kInf ? kInf
                     : static_cast<std::uint32_t>(std::min<std::uint64_t>(kInf, td - others));
      std::uint64_t eps =
          second >= kInf ? kInf
                         : static_cast<std::uint64_t>(std::ceil(second * (1.0 + options_.epsilon)));
      eps = std::max<std::uint64_t>(eps, std::uint64_t{second} + 1);
      const std::uint32_t child_td =
          static_cast<std::uint32_t>(std::min<std::uint64_t>({tp, eps, kInf}));
      Mid(c.pos, c.key, child_tp, child_td, depth + 1, c.pn, c.dn);
    }
    Store(key, pn, dn, stats_.nodes - nodes_before + 1);
  }

  G game_;
  DfpnOptions options_;
  std::vector<Bucket> table_;
  std::uint64_t mask_ = 0;
  std::deque<std::vector<Child>> frames_;  // per depth; a deque keeps references valid
  DfpnStats stats_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_;
  double next_progress_ = 0;
  double next_checkpoint_ = 0;
};

}  // namespace tav::prove
