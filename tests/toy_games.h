// Toy games for testing the generic search on paths Othello does not take:
// the win/loss-distance value scale (Prairie), endgame-table probes, bounds
// hooks, games without remaining() or ordering hooks, and heavy transposition.
//
// DagGame is a random game DAG: level L positions have ids 0..width-1, each
// non-terminal position has 1-4 moves to pseudo-random ids of the next level
// (so many paths meet: transpositions), and a position ends by chance or at
// the last level. Everything is a hash of (seed, level, id), so a game is a
// value and tests are reproducible.
//
// WideGame has a node with more moves than 16 bits can index (a 10x10
// Lehmann Cathedral turn has ~380,000): the transposition table must carry
// such a move index intact. TakeAwayGame transposes at different depths
// (taking 1+1 stones or 2 reaches the same position one ply sooner), which is
// what makes depth-limited values sensitive to what a table already holds.
//
// DagGame's options (template parameters):
//   kDistance   values are +-kDistanceBase / 0 at the ends (kWinLossDistance)
//               instead of scores in [-kScore, kScore]
//   kHooks      provides remaining(), probe() (exact values near the bottom,
//               from its own brute force) and value_bounds() (loose but true)
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/move_list.h"

namespace tav::testing {

struct DagPosition {
  std::uint32_t level = 0;
  std::uint32_t id = 0;
  friend bool operator==(const DagPosition&, const DagPosition&) = default;
};

template <bool kDistance, bool kHooks>
class DagGame {
 public:
  using Position = DagPosition;
  using Move = std::uint8_t;
  using MoveList = FixedMoveList<Move, 8>;
  static constexpr std::string_view kName = "dag";
  static constexpr int kScore = 20;
  static constexpr int kMaxValue = kDistance ? kDistanceBase : kScore;
  static constexpr bool kWinLossDistance = kDistance;

  DagGame(std::uint64_t seed, int levels, int width)
      : seed_(seed), levels_(levels), width_(width) {}

  static absl::StatusOr<DagGame> Create(const GameSpec&) { return DagGame(1, 10, 16); }
  std::string variant() const { return "standard"; }
  int size() const { return width_; }
  std::string board_name() const { return absl::StrCat(levels_, "x", width_); }
  Position start() const { return {0, 0}; }

  void generate_moves(const Position& p, MoveList& list) const {
    list.clear();
    if (Terminal(p)) return;
    const int n = 1 + static_cast<int>(H(p, 1) % 4);
    for (int i = 0; i < n; ++i) list.push_back(static_cast<Move>(i));
  }
  void play(Position& p, Move m) const {
    const std::uint32_t id = static_cast<std::uint32_t>(H(p, 10 + m) % width_);
    p = {p.level + 1, id};
  }
  Move pass_move() const { return 255; }
  bool is_over(const Position& p) const { return Terminal(p); }
  int final_value(const Position& p) const {
    const std::uint64_t h = H(p, 2);
    if constexpr (kDistance) {
      const int r = static_cast<int>(h % 3);
      return r == 0 ? -kDistanceBase : (r == 1 ? 0 : kDistanceBase);
    } else {
      return static_cast<int>(h % (2 * kScore + 1)) - kScore;
    }
  }
  int side_to_move(const Position& p) const { return static_cast<int>(p.level % 2); }
  std::uint64_t hash(const Position& p) const {
    return Mix64(seed_ * 0x9e3779b97f4a7c15ULL ^ (std::uint64_t{p.level} << 32 | p.id));
  }
  std::string position_string(const Position& p) const { return absl::StrCat(p.level, ":", p.id); }
  absl::StatusOr<Position> parse_position(std::string_view text) const {
    std::pair<std::string, std::string> parts =
        absl::StrSplit(absl::string_view(text.data(), text.size()), ':');
    Position p;
    if (!absl::SimpleAtoi(parts.first, &p.level) || !absl::SimpleAtoi(parts.second, &p.id)) {
      return absl::InvalidArgumentError("bad dag position");
    }
    return p;
  }
  std::string move_string(const Position&, Move m) const { return absl::StrCat("m", m); }
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const {
    MoveList list;
    generate_moves(p, list);
    for (Move m : list) {
      if (move_string(p, m) == text) return m;
    }
    return absl::InvalidArgumentError("illegal dag move");
  }
  std::string diagram(const Position& p) const { return position_string(p) + "\n"; }
  int symmetry_count() const { return 1; }
  Position transform(const Position& p, int) const { return p; }

  // ---- OPTIONAL hooks, only with kHooks ----
  int remaining(const Position& p) const requires kHooks {
    return levels_ - static_cast<int>(p.level);
  }
  std::optional<int> probe(const Position& p) const requires kHooks {
    if (static_cast<int>(p.level) < levels_ - 2 || H(p, 3) % 2) return std::nullopt;
    return BruteForce(p);
  }
  std::pair<int, int> value_bounds(const Position& p) const requires kHooks {
    if (static_cast<int>(p.level) < levels_ - 4) return {-kMaxValue, kMaxValue};
    const int v = BruteForce(p);
    const int slack_low = static_cast<int>(H(p, 4) % 3), slack_high = static_cast<int>(H(p, 5) % 3);
    return {v - slack_low, v + slack_high};
  }

 private:
  std::uint64_t H(const Position& p, std::uint64_t salt) const {
    return Mix64(hash(p) + salt * 0xda942042e4dd58b5ULL);
  }
  bool Terminal(const Position& p) const {
    return static_cast<int>(p.level) >= levels_ || (p.level > 0 && H(p, 0) % 7 == 0);
  }
  // The game's own exact value (for probe and value_bounds): plain negamax.
  int BruteForce(const Position& p) const {
    if (Terminal(p)) return final_value(p);
    MoveList list;
    generate_moves(p, list);
    int best = -kMaxValue - 1;
    for (Move m : list) {
      Position c = p;
      play(c, m);
      int v = -BruteForce(c);
      if (kDistance && v != 0) v += v > 0 ? -1 : 1;
      best = std::max(best, v);
    }
    return best;
  }

  std::uint64_t seed_;
  int levels_;
  int width_;
};

// A move list on the heap, for the wide node's 70,001 moves.
template <class Move>
class VectorMoveList {
 public:
  void clear() { moves_.clear(); }
  void push_back(Move m) { moves_.push_back(m); }
  std::size_t size() const { return moves_.size(); }
  bool empty() const { return moves_.empty(); }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + moves_.size(); }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + moves_.size(); }

 private:
  std::vector<Move> moves_;
};

// The root (level 0) has two moves, to the wide nodes {1, 0} and {1, 1}, each
// of kWidth moves; every move of a wide node ends the game. In wide node w,
// move BestMove(w) (an index above 65,535, and 65,536 + BestMove(w) would still
// pass a `move < kWidth` check if cut to 16 bits) is the only one worth
// kScore to its mover; the others are worth less. Leaves are {2, w * kWidth + i}.
class WideGame {
 public:
  using Position = DagPosition;
  using Move = std::uint32_t;
  using MoveList = VectorMoveList<Move>;
  static constexpr std::string_view kName = "wide";
  static constexpr int kWidth = 70'001;
  static constexpr int kScore = 20;
  static constexpr int kMaxValue = kScore;

  static constexpr int BestMove(int wide_node) { return 70'000 - wide_node; }

  static absl::StatusOr<WideGame> Create(const GameSpec&) { return WideGame(); }
  std::string variant() const { return "standard"; }
  int size() const { return kWidth; }
  std::string board_name() const { return "wide"; }
  Position start() const { return {0, 0}; }

  void generate_moves(const Position& p, MoveList& list) const {
    list.clear();
    const int n = p.level == 0 ? 2 : (p.level == 1 ? kWidth : 0);
    for (int i = 0; i < n; ++i) list.push_back(static_cast<Move>(i));
  }
  void play(Position& p, Move m) const {
    p = p.level == 0 ? Position{1, m} : Position{2, p.id * kWidth + m};
  }
  Move pass_move() const { return 0xffffffff; }
  bool is_over(const Position& p) const { return p.level >= 2; }
  // For the side to move at the leaf, the wide node's opponent.
  int final_value(const Position& p) const {
    const int w = static_cast<int>(p.id / kWidth), i = static_cast<int>(p.id % kWidth);
    if (i == BestMove(w)) return -kScore;
    return -static_cast<int>(Mix64(p.id) % kScore);
  }
  int side_to_move(const Position& p) const { return static_cast<int>(p.level % 2); }
  std::uint64_t hash(const Position& p) const {
    return Mix64(std::uint64_t{p.level} << 32 | p.id) | 1;
  }
  std::string position_string(const Position& p) const { return absl::StrCat(p.level, ":", p.id); }
  absl::StatusOr<Position> parse_position(std::string_view) const {
    return absl::UnimplementedError("wide positions are not parsed");
  }
  std::string move_string(const Position&, Move m) const { return absl::StrCat("m", m); }
  absl::StatusOr<Move> parse_move(const Position&, std::string_view) const {
    return absl::UnimplementedError("wide moves are not parsed");
  }
  std::string diagram(const Position& p) const { return position_string(p) + "\n"; }
  int symmetry_count() const { return 1; }
  Position transform(const Position& p, int) const { return p; }
};

// Take 1, 2 or 3 stones from a heap of kStones; whoever takes the last stone
// wins (kScore), and evaluate() is a
// pseudo-random guess, so depth-limited values change with the depth. A
// position (stones left, side to move) is reached at different depths: 1+1+1+1
// and 2+2 stones both give the same side the same heap, two plies apart.
class TakeAwayGame {
 public:
  struct Position {
    int stones = 0;
    int side = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = std::uint8_t;
  using MoveList = VectorMoveList<Move>;
  static constexpr std::string_view kName = "takeaway";
  static constexpr int kStones = 24;
  static constexpr int kScore = 20;
  static constexpr int kMaxValue = kScore;

  static absl::StatusOr<TakeAwayGame> Create(const GameSpec&) { return TakeAwayGame(); }
  std::string variant() const { return "standard"; }
  int size() const { return kStones; }
  std::string board_name() const { return absl::StrCat(kStones); }
  Position start() const { return {kStones, 0}; }

  void generate_moves(const Position& p, MoveList& list) const {
    list.clear();
    for (int take = 1; take <= std::min(3, p.stones); ++take) {
      list.push_back(static_cast<Move>(take));
    }
  }
  void play(Position& p, Move m) const {
    p.stones -= m;
    p.side ^= 1;
  }
  Move pass_move() const { return 0; }
  bool is_over(const Position& p) const { return p.stones == 0; }
  // The side to move has lost: the opponent took the last stone.
  int final_value(const Position&) const { return -kScore; }
  int evaluate(const Position& p) const {
    return static_cast<int>(Mix64(hash(p) + 99) % (2 * kScore - 1)) - (kScore - 1);
  }
  int side_to_move(const Position& p) const { return p.side; }
  std::uint64_t hash(const Position& p) const {
    return Mix64(static_cast<std::uint64_t>(p.stones) << 1 | static_cast<std::uint64_t>(p.side));
  }
  std::string position_string(const Position& p) const {
    return absl::StrCat(p.stones, ":", p.side);
  }
  absl::StatusOr<Position> parse_position(std::string_view text) const {
    std::pair<std::string, std::string> parts =
        absl::StrSplit(absl::string_view(text.data(), text.size()), ':');
    Position p;
    if (!absl::SimpleAtoi(parts.first, &p.stones) || !absl::SimpleAtoi(parts.second, &p.side) ||
        p.stones < 0 || p.stones > kStones || (p.side != 0 && p.side != 1)) {
      return absl::InvalidArgumentError("bad takeaway position");
    }
    return p;
  }
  std::string move_string(const Position&, Move m) const { return absl::StrCat("t", m); }
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const {
    MoveList list;
    generate_moves(p, list);
    for (Move m : list) {
      if (move_string(p, m) == text) return m;
    }
    return absl::InvalidArgumentError("illegal takeaway move");
  }
  std::string diagram(const Position& p) const { return position_string(p) + "\n"; }
  int symmetry_count() const { return 1; }
  Position transform(const Position& p, int) const { return p; }
};

}  // namespace tav::testing
