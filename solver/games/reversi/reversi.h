// Othello and Desdemona on N x N boards (N = 4, 6, 8), RULES.md.
//
// Both games are one engine, ReversiGame<kNeutrals>: Desdemona is Othello in
// which captured enemy stones turn neutral and captured neutral stones turn
// the mover's, so the only differences are what counts as capturable, how a
// capture recolours, and the final score. Making the difference a template
// parameter keeps the neutral board out of Othello's hot loop entirely.
//
// A Position is stored relative to the side to move (player / opponent /
// neutral bitboards, as Edax does), plus the side's colour for I/O. The hash
// ignores the colour: values are always for the side to move and the rules
// are colour-blind, so two colour-swapped boards have the same value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/bits.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/move_list.h"
#include "core/strings.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/endgame.h"
#include "games/reversi/stability.h"

namespace tav::reversi {

struct Position {
  u64 player = 0;         // stones of the side to move
  u64 opponent = 0;       // stones of the other side
  u64 neutral = 0;        // neutral stones (Desdemona; always 0 in Othello)
  u64 white_to_move = 0;  // 0: black (X) to move, 1: white (O); a full word, so no padding
  friend bool operator==(const Position&, const Position&) = default;
};

using Move = std::uint8_t;  // a square 0..63 (row * 8 + col), or kPass
inline constexpr Move kPass = 64;

template <bool kNeutrals>
class ReversiGame {
 public:
  using Position = reversi::Position;
  using Move = reversi::Move;
  // A move is an empty square, so 60 bounds the list on 8x8 (a pass is alone).
  using MoveList = FixedMoveList<Move, 64>;

  static constexpr std::string_view kName = kNeutrals ? "desdemona" : "othello";
  static constexpr int kMaxValue = 64;

  static absl::StatusOr<ReversiGame> Create(const GameSpec& spec);

  std::string variant() const { return misere_ ? "misere" : "standard"; }
  int size() const { return n_; }
  std::string board_name() const { return std::to_string(n_) + "x" + std::to_string(n_); }
  u64 board_mask() const { return mask_; }
  bool misere() const { return misere_; }

  Position start() const;

  // Capturable stones for the side to move.
  static u64 Capturable(const Position& p) {
    return kNeutrals ? (p.opponent | p.neutral) : p.opponent;
  }
  u64 Empty(const Position& p) const { return mask_ & ~(p.player | p.opponent | p.neutral); }
  u64 MoveMask(const Position& p) const { return LegalMoves(p.player, Capturable(p), Empty(p)); }
  u64 OpponentMoveMask(const Position& p) const {
    const u64 capturable = kNeutrals ? (p.player | p.neutral) : p.player;
    return LegalMoves(p.opponent, capturable, Empty(p));
  }

  void generate_moves(const Position& p, MoveList& list) const {
    list.clear();
    const u64 moves = MoveMask(p);
    for (int sq : SetBits(moves)) list.push_back(static_cast<Move>(sq));
    if (moves == 0 && OpponentMoveMask(p) != 0) list.push_back(kPass);
  }

  int count_moves(const Position& p) const {
    const u64 moves = MoveMask(p);
    if (moves) return PopCount(moves);
    return OpponentMoveMask(p) ? 1 : 0;
  }

  Move pass_move() const { return kPass; }

  void play(Position& p, Move m) const {
    if (m != kPass) {
      const u64 flips = Flips(m, p.player, Capturable(p));
      const u64 placed = Bit(m);
      if constexpr (kNeutrals) {
        // Captured enemy stones turn neutral, captured neutral stones turn ours.
        const u64 mine = p.player | placed | (flips & p.neutral);
        const u64 neutral = (p.neutral & ~flips) | (flips & p.opponent);
        p.neutral = neutral;
        p.player = p.opponent & ~flips;
        p.opponent = mine;
      } else {
        const u64 mine = p.player | placed | flips;
        p.player = p.opponent & ~flips;
        p.opponent = mine;
      }
    } else {
      const u64 t = p.player;
      p.player = p.opponent;
      p.opponent = t;
    }
    p.white_to_move ^= 1;
  }

  bool is_over(const Position& p) const { return MoveMask(p) == 0 && OpponentMoveMask(p) == 0; }

  // Othello: disc difference, empties to the winner (WOF rule, FFO scores).
  // Desdemona: stones of each colour, neutral stones and empties count for
  // nobody; misere negates.
  int final_value(const Position& p) const {
    const int mine = PopCount(p.player), theirs = PopCount(p.opponent);
    if constexpr (kNeutrals) {
      return misere_ ? theirs - mine : mine - theirs;
    } else {
      const int empties = n_ * n_ - mine - theirs;
      if (mine > theirs) return mine - theirs + empties;
      if (mine < theirs) return mine - theirs - empties;
      return 0;
    }
  }

  int side_to_move(const Position& p) const { return static_cast<int>(p.white_to_move); }
  int remaining(const Position& p) const { return PopCount(Empty(p)); }

  std::uint64_t hash(const Position& p) const {
    std::uint64_t h = Mix64(p.player ^ 0x5851f42d4c957f2dULL);
    h = Mix64(h ^ p.opponent);
    if constexpr (kNeutrals) h = Mix64(h ^ p.neutral ^ 0x14057b7ef767814fULL);
    return h;
  }

  // ---- Solver hooks (game.h OPTIONAL members; see endgame.h, stability.h) ----

  // The last empties are solved by EndgameSolver: no table, parity ordering.
  static constexpr int kSmallSolverRemaining = 7;
  // Othello probes every child's table entry (ETC) from 10 empties up, not
  // 12: FFO #40-#49 (learned ordering, one thread, 512 MiB) 1.0413 G nodes
  // against 1.0563 G at 12, 1.0468 G at 11, 1.0198 G at 8 (which costs more
  // time in probes than it saves), and no more CPU time than at 12.
  static constexpr SearchTuning kSearchTuning{.etc_min_work = kNeutrals ? -1 : 10};
  int solve_small(const Position& p, int alpha, int beta, std::uint64_t& nodes) const {
    const u64 empty = Empty(p);
    if constexpr (kNeutrals) {
      if (misere_) {
        return EndgameSolver<true, true>(geometry_).Solve(p.player, p.opponent, p.neutral, empty,
                                                          alpha, beta, nodes);
      }
      return EndgameSolver<true, false>(geometry_).Solve(p.player, p.opponent, p.neutral, empty,
                                                         alpha, beta, nodes);
    } else {
      return EndgameSolver<false, false>(geometry_).Solve(p.player, p.opponent, 0, empty, alpha,
                                                          beta, nodes);
    }
  }

  // Move ordering: fastest first (fewest replies for the opponent, corners
  // counting double), then corners and odd-parity regions.
  int order_score(const Position& parent, Move m, const Position& child) const;

  // Stable stones bound the final score: the opponent keeps at least its
  // stable stones, so the mover scores at most squares - 2 * stable(opponent).
  std::pair<int, int> value_bounds(const Position& p) const {
    const u64 outside = ~mask_;
    const FullLines full = ComputeFullLines(p.player | p.opponent | p.neutral | outside);
    return BoundsFromStable(
        PopCount(StableStonesOf<kNeutrals>(p.player, p.opponent, full, outside)),
        PopCount(StableStonesOf<kNeutrals>(p.opponent, p.player, full, outside)));
  }
  // value_bounds() from the mover's and the opponent's stable-stone counts
  // (features() counts them too and hands the bounds back).
  std::pair<int, int> BoundsFromStable(int mine, int theirs) const {
    const int squares = n_ * n_;
    if (kNeutrals && misere_) return {2 * theirs - squares, squares - 2 * mine};
    return {2 * mine - squares, squares - 2 * theirs};
  }

  // A rough heuristic for depth-limited search and move ordering, in discs:
  // mobility and corners (no learned weights).
  int evaluate(const Position& p) const;

  // Desdemona's endgames are ordered better by a 2-ply search with evaluate()
  // than by fastest-first alone (half the nodes on 6x6 at 24 empties);
  // Othello's are not (README "Figures").
  int sort_search_remaining() const { return kNeutrals ? 14 : 1 << 20; }
  // With a learned evaluation (features.cc) Othello's are ordered better by
  // them from 18 empties up: FFO #40-#49 on one thread, 2.21 G nodes and 91 s
  // with the presearch alone, 1.68 G and 78 s with sort searches from 18
  // (1.81 G, 79 s from 20; 1.63 G, 84 s from 16; 2.57 G, 107 s handmade).
  int learned_sort_search_remaining() const { return kNeutrals ? 14 : 18; }
  // Two plies; with a learned evaluation three for Othello: FFO #40-#49 on
  // one thread from 18 empties, the pattern weights of 2026-12-05 1.448 G
  // nodes at two plies, 1.307 G at three, 1.56 G at four; the linear
  // weights before them 1.695 G at two, 1.668 G at three.
  int sort_search_depth() const { return 2; }
  int learned_sort_search_depth() const { return kNeutrals ? 2 : 3; }
  // With the learned evaluation a sort search's disc counts while the
  // opponent's mobility (order_score, 2^15 a move) keeps a say: one move of
  // mobility is worth four discs. FFO #40-#49, one thread, 512 MiB, pattern
  // weights of 2026-12-05: 1.335 G nodes with the value deciding; blends of
  // 2^11 / 2^12 / 6144 / 2^13 / 10240 / 12288 / 2^14 / 2^15 per disc: 1.344 / 1.237 /
  // 1.163 / 1.138 / 1.173 / 1.193 / 1.186 / 1.199 G. Desdemona's pattern
  // weights order well only with mobility deciding more (one move = 16
  // stones): its 36 suite endgames (data/desdemona) 9.813 G nodes with the
  // handmade evaluation, 11.415 G with the learned value deciding, 8.794 /
  // 8.800 / 8.767 / 11.603 G with blends of 2^9 / 2^10 / 2^11 / 2^13.
  int sort_search_blend() const { return 0; }
  int learned_sort_search_blend() const { return kNeutrals ? 1 << 11 : 1 << 13; }
  // The learned evaluation estimates the final disc difference well enough
  // for an aspiration window around the presearch's value: FFO #40-#49
  // (with the blend above and square classes in the small solver) 1.0655 G
  // nodes with the full window, 1.0456 G with +-4, 1.0587 G with +-6
  // (+-1 and +-2 were worse than +-4 without the square classes).
  // Desdemona's estimate is not close enough: its suite took 11.933 G
  // nodes with +-4 against 8.767 G with the full window.
  int aspiration_window() const { return 0; }
  int learned_aspiration_window() const { return kNeutrals ? 0 : 4; }
  // `tav solve` orders by the built-in learned evaluation where the board has
  // one (Othello 8x8: the figures above).
  static constexpr bool kSolveOrderedByLearnedEvaluation = true;

  // ---- Features of a learned evaluation (features.cc; eval/linear_model.h) ----
  // Mobility, potential mobility, frontier, corners, X- and C-squares next to
  // empty corners, edges, stable stones and discs of each side, and global
  // parity, neutral and phase ("empties") features, in stones; features.cc
  // explains them. Invariant under the 8 symmetries of the board. Returns
  // the stable-stone bounds of value_bounds(), computed on the way.
  static constexpr int kFeatureCount = 27;
  std::string_view feature_set() const { return "reversi-v1"; }
  static const std::vector<std::string>& FeatureNames();
  const std::vector<std::string>& feature_names() const { return FeatureNames(); }
  std::optional<std::pair<int, int>> features(const Position& p, std::span<float> out) const;

  // ---- Patterns of a learned pattern evaluation (patterns.cc; eval/linear_model.h) ----
  // Eleven patterns of squares (edges, corner blocks, rows, diagonals) in 46
  // instances, each indexing a table of 3^k entries (Othello) or 4^k
  // (Desdemona, whose neutral stones are a fourth state). 8x8 only:
  // pattern_set() is empty for other boards.
  static constexpr int kPatternCount = 46;
  std::string_view pattern_set() const {
    if (n_ != 8) return "";
    return kNeutrals ? "desdemona-patterns-v1" : "reversi-patterns-v1";
  }
  // The tables (name, entries) in the order their entries are numbered.
  static const std::vector<std::pair<std::string, int>>& PatternTables();
  const std::vector<std::pair<std::string, int>>& pattern_tables() const { return PatternTables(); }
  // out[i] (kPatternCount of them): the number of instance i's entry among
  // the entries of all tables, for the side to move. Only where pattern_set()
  // is not empty.
  void patterns(const Position& p, std::span<std::uint32_t> out) const;
  static int PatternInstanceCount();  // kPatternCount, counted (a test checks)
  // Each instance's squares (8 * row + column), the first the most
  // significant digit of its index (base 3 or 4: empty 0, own 1, opponent
  // 2, neutral 3).
  static std::vector<std::vector<int>> PatternSquares();

  int symmetry_count() const { return 8; }
  Position transform(const Position& p, int s) const {
    return {TransformBoard(p.player, s, n_), TransformBoard(p.opponent, s, n_),
            TransformBoard(p.neutral, s, n_), p.white_to_move};
  }
  Move transform_move(const Position&, Move m, int s) const {
    return m == kPass ? kPass : static_cast<Move>(TransformSquare(m, s, n_));
  }

  std::string position_string(const Position& p) const;
  // The RULES.md string ("X...O- X") and, for 8x8 Othello, an Edax .obf line:
  // 64 squares of X or * (black), O (white), - or . (empty), letters in
  // either case, a space, the side to move, ';', then optional "move:score;"
  // pairs (checked: a legal move, or PS for a pass, and a score within
  // +-64; the values themselves are not used here). Printed back in the
  // RULES.md form.
  absl::StatusOr<Position> parse_position(std::string_view text) const;
  std::string move_string(const Position& p, Move m) const;
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const;
  std::string diagram(const Position& p) const;

  // Square names: "d3" <-> 8 * 2 + 3. Exposed for the CLI and tests.
  std::string square_name(int sq) const;
  absl::StatusOr<int> parse_square(std::string_view text) const;

 private:
  absl::StatusOr<Position> parse_obf(std::string_view text) const;

  ReversiGame(int n, bool misere)
      : n_(n),
        misere_(misere),
        mask_(BoardMask(n)),
        corners_(Bit(0) | Bit(n - 1) | Bit((n - 1) * 8) | Bit((n - 1) * 8 + n - 1)),
        edges_(BoardMask(n) & ~(BoardMask(n - 2) << 9)),
        square_value_(SquareValues(n)),
        geometry_(EndgameGeometry::ForSize(n)) {}

  // Stones of `b` that are corners, or edge squares next to a corner of `b`
  // (a cheap subset of the stable stones, for move ordering).
  u64 CornerStable(u64 b) const { return b & (corners_ | (Adjacent4(b & corners_) & edges_)); }
  static u64 Adjacent4(u64 b) {
    return ((b << 1) & 0xfefefefefefefefeULL) | ((b >> 1) & 0x7f7f7f7f7f7f7f7fULL) | (b << 8) |
           (b >> 8);
  }
  static std::array<std::int8_t, 64> SquareValues(int n);

  int n_ = 8;
  bool misere_ = false;
  u64 mask_ = ~u64{0};
  u64 corners_ = 0;
  u64 edges_ = 0;                               // the board's outer ring
  std::array<std::int8_t, 64> square_value_{};  // ordering bonus by square type
  EndgameGeometry geometry_;
};

using Othello = ReversiGame<false>;
using Desdemona = ReversiGame<true>;

extern template class ReversiGame<false>;
extern template class ReversiGame<true>;

}  // namespace tav::reversi
