// Prairie (Prateria, Buffalo, Bison), RULES.md: widths 3..11, the handicap
// and extra-move variants, and any set of empty columns.
//
// Representation. Buffalo never leave their column, and light pieces never
// leave the middle area (rows 2..6), so a position is
//   - dogs:    a middle-area bitboard (the dogs are interchangeable),
//   - herd:    the buffalo standing in the middle area, same layout,
//   - top:     the buffalo still on row 7, one bit per column,
//   - home:    a buffalo that reached row 1 (the game is over),
//   - cowboy:  its middle-area bit index,
//   - the side to move, and `extra`, the buffalo steps still to make in the
//     extra-move variants' first turn (0 in every other position).
// Everything hot is a few shifts and masks on two words (board.h).
//
// Values: the game is win/loss with distance (kWinLossDistance, game.h). The
// side to move has lost in every finished position: the buffalo side when it
// cannot move, light after a buffalo reached row 1. Light always has a move
// (RULES.md; the retrograde tables re-check it for every position they
// index), so a light stalemate never occurs; the engine would score it as a
// loss for light, the usual "no legal move loses".
//
// The extra-move first turn is one compound move: the multiset of columns
// advanced (two orders reaching the same position are the same move), so
// every position after the first turn is an ordinary position of the game.
// It is only ever the start's turn: all buffalo stand on row 7 and light on
// row 2, so its 2..4 steps reach row 3 at most and can be neither blocked nor
// end the game.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/bits.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/move_list.h"
#include "games/prairie/board.h"
#include "games/prairie/index.h"

namespace tav::prairie {

struct Position {
  u64 dogs = 0;
  u64 herd = 0;
  std::uint16_t top = 0;
  std::uint16_t home = 0;
  std::uint8_t cowboy = 0;
  std::uint8_t light_to_move = 0;
  std::uint8_t extra = 0;
  std::uint8_t unused = 0;  // keeps every byte a member (no padding in hashes or files)
  // top .. unused form one 8-byte word (PrairieGame::small_fields).
  friend bool operator==(const Position&, const Position&) = default;
};

// A move in 32 bits. Single moves: from and to squares (board.h numbering)
// and the kind. Compound moves (extra variants): the advanced columns, sorted,
// four bits each, and their number.
struct Move {
  std::uint32_t bits = 0;
  friend bool operator==(Move, Move) = default;

  enum Kind : std::uint32_t { kBuffalo = 0, kDog = 1, kCowboy = 2, kCapture = 3 };
  static constexpr std::uint32_t kCompoundFlag = 1u << 31;

  static constexpr Move Single(Kind kind, int from_sq, int to_sq) {
    return Move{static_cast<std::uint32_t>(from_sq) | static_cast<std::uint32_t>(to_sq) << 7 |
                static_cast<std::uint32_t>(kind) << 14};
  }
  bool compound() const { return bits & kCompoundFlag; }
  int from() const { return bits & 0x7f; }
  int to() const { return (bits >> 7) & 0x7f; }
  Kind kind() const { return static_cast<Kind>((bits >> 14) & 3); }
  // Compound moves: the i-th advanced column (sorted), and how many.
  int steps() const { return (bits >> 16) & 7; }
  int column(int i) const { return (bits >> (4 * i)) & 0xf; }
};

// 1001 compound first moves on 11 columns with 4 steps (multisets of 4
// columns); ordinary positions have at most 4 x 18 + 8 light moves.
using MoveList = FixedMoveList<Move, 1024>;

class PrairieGame {
 public:
  using Position = prairie::Position;
  using Move = prairie::Move;
  using MoveList = prairie::MoveList;

  static constexpr std::string_view kName = "prairie";
  static constexpr bool kWinLossDistance = true;
  static constexpr int kMaxValue = kDistanceBase;

  static absl::StatusOr<PrairieGame> Create(const GameSpec& spec);

  // --- configuration ---------------------------------------------------------
  std::string variant() const { return variant_; }
  int size() const { return width_; }
  int width() const { return width_; }
  std::string board_name() const { return std::to_string(width_) + "x7"; }
  int dog_count() const { return dogs_; }
  int extra_steps() const { return extra_; }          // 0, or 2..4 in the extraN variants
  std::uint16_t columns() const { return columns_; }  // columns that start with a buffalo
  std::string empty_columns() const;                  // "a,k"; "" for none
  // "empty-columns=..." when they were given (game.h options()).
  std::string options() const;
  u64 valid() const { return valid_; }

  Position start() const;

  // --- moves -------------------------------------------------------------------
  u64 light(const Position& p) const { return p.dogs | Bit(p.cowboy); }
  // Buffalo that can step down: middle ones whose square below is not light
  // (row 1 is always free), and row-7 ones whose row-6 square is free.
  u64 movable_herd(const Position& p) const { return p.herd & ~(light(p) << kStride); }
  std::uint16_t movable_top(const Position& p) const {
    return static_cast<std::uint16_t>(p.top & ~(light(p) >> kTopRowShift));
  }

  void generate_moves(const Position& p, MoveList& list) const;
  int count_moves(const Position& p) const;
  void play(Position& p, Move m) const;
  Move pass_move() const { return Move{0xffffffffu}; }  // never generated: no passing

  bool is_over(const Position& p) const {
    if (p.home) return true;
    if (!p.light_to_move) return movable_herd(p) == 0 && movable_top(p) == 0;
    return !light_can_move(p);
  }
  // The side to move has lost in every finished position (see the top).
  int final_value(const Position&) const { return -kDistanceBase; }
  int side_to_move(const Position& p) const { return p.light_to_move; }

  // Strictly decreases along every move: 2 x (buffalo steps left to row 1) +
  // (light to move).
  int remaining(const Position& p) const;

  std::uint64_t hash(const Position& p) const {
    return Mix64(Mix64(Mix64(p.dogs ^ 0x9e3779b97f4a7c15ULL) ^ p.herd) ^ small_fields(p));
  }

  // --- notation ----------------------------------------------------------------
  std::string position_string(const Position& p) const;
  absl::StatusOr<Position> parse_position(std::string_view text) const;
  std::string move_string(const Position& p, Move m) const;
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const;
  std::string diagram(const Position& p) const;

  // --- symmetry: the left-right mirror, when the column set allows it ----------
  int symmetry_count() const { return mirror_ok_ ? 2 : 1; }
  Position transform(const Position& p, int symmetry) const {
    return symmetry == 0 ? p : mirror(p);
  }
  Move transform_move(const Position& p, Move m, int symmetry) const;
  Position mirror(const Position& p) const;
  int mirror_column(int col) const { return width_ - 1 - col; }

  // --- search hooks ------------------------------------------------------------
  // Captures, then buffalo steps (the furthest advanced first), then the rest.
  int order_score(const Position& parent, Move m, const Position& child) const;
  // Exact values known without search: the immediate wins of buffalo on row
  // 2 (static_value). Endgame tables add theirs from outside the game
  // (retro::WithTables, retro/with_tables.h).
  std::optional<int> probe(const Position& p) const { return static_value(p); }
  // A buffalo on row 2 with the buffalo side to move wins in 1; two of them,
  // or one the cowboy cannot reach, with light to move, win in 2.
  std::optional<int> static_value(const Position& p) const;
  // Win/loss (+1/-1) known without search: static_value, plus a buffalo on
  // row 3 that can step to row 2 out of the cowboy's reach (buffalo to
  // move). For proof search (prove/dfpn.h), which needs no distances.
  std::optional<int> probe_result(const Position& p) const { return static_result(p); }
  // Initial proof and disproof numbers of a new df-pn leaf (prove/dfpn.h),
  // for the side to move: how far each side looks from its win. The buffalo
  // side's distance is the lowest buffalo's row (the steps it still needs,
  // plus one), light's the number of buffalo that can still move (light
  // wins when none can); the mover's own is weighted 3 to the other's 2.
  // Measured against df-pn+ mobility numbers, on the starts: W = 6 proven in
  // 95,564 nodes against 307,625, W = 7 in 6.4 M against 18.5 M (weights
  // 1:1, 2:1 and 3:1 for the mover, or counting every buffalo instead of the
  // movable ones, gave 6.8-11.6 M on W = 7).
  std::pair<std::uint32_t, std::uint32_t> proof_numbers(const Position& p) const {
    const std::uint32_t buffalo =
        p.herd ? static_cast<std::uint32_t>(BitRow(LowestBit(p.herd))) : 7;
    const std::uint32_t light = static_cast<std::uint32_t>(
        std::max(1, std::popcount(movable_top(p)) + PopCount(movable_herd(p))));
    return p.light_to_move ? std::pair{3 * light, 2 * buffalo} : std::pair{3 * buffalo, 2 * light};
  }
  std::optional<int> static_result(const Position& p) const;
  // Admissible bounds on the value (game.h): value_bounds_given with the
  // result probe_result knows.
  std::pair<int, int> value_bounds(const Position& p) const {
    return value_bounds_given(p, probe_result(p));
  }
  // The game ends within max_plies(p) plies, and when the result is known
  // (static rules, or win/loss tables through retro::WithTables) the bounds
  // keep only that side of zero, which lets the exact solver find distances
  // with win/loss tables (retro/tier_game.h).
  std::pair<int, int> value_bounds_given(const Position& p, std::optional<int> result) const;
  // 2 x (steps the buffalo can still make to row 2) + 1, + 1 with light to move.
  int max_plies(const Position& p) const;

  // --- tiers (retro/tier_game.h): one tier per buffalo configuration ---------------
  // A tier id holds 3 bits per column: 0 no buffalo, else 8 - its row (row 7
  // is 1, row 2 is 6). Within a tier the index is
  //   side x (f x C(f-1, dogs)) + cowboy x C(f-1, dogs) + rank of the dog set,
  // f the free middle squares, the cowboy counted among them and the dogs
  // ranked as a combination (colex order) of the squares left: a perfect
  // index. Layer 0 is the buffalo side to move, layer 1 light: light's
  // non-capturing moves stay in the tier and lead to layer 0; every buffalo
  // move and capture leaves it for a tier that is solved earlier (tiers go
  // by fewer buffalo first, then by more advanced herds first).
  using Tier = std::uint64_t;
  static constexpr bool kAcyclicLayers = true;
  std::string tier_name(Tier t) const;
  absl::StatusOr<Tier> parse_tier(std::string_view name) const;
  // selection: "" (every configuration) or "buffalo<=N".
  absl::StatusOr<std::vector<Tier>> tiers(std::string_view selection) const;
  void child_tiers(Tier t, std::vector<Tier>& out) const;
  std::uint64_t tier_size(Tier t) const;
  std::vector<std::uint64_t> tier_layers(Tier t) const;
  std::pair<Tier, int> canonical_tier(Tier t) const;
  // The small fields (top .. unused) as one 64-bit word, read or written at
  // once: after byte-sized stores, a word-sized read of them misses store
  // forwarding and stalls, so hot code writes them whole.
  static std::uint64_t small_fields(const Position& p);
  static void set_small_fields(Position& p, std::uint64_t w);

  bool in_tables(const Position& p) const {
    return (small_fields(p) & 0x00ff0000ffff0000ULL) == 0;  // no buffalo home, no extra steps
  }
  bool same_tier(const Position& a, const Position& b) const {
    return a.herd == b.herd && a.top == b.top;
  }
  Tier tier_of(const Position& p) const;
  std::uint64_t rank(Tier t, const Position& p) const;
  bool unrank(Tier t, std::uint64_t index, Position& p) const;
  // p holds index - 1 of tier t: the next position, incrementally.
  bool unrank_next(Tier t, std::uint64_t index, Position& p) const;
  Tier mirror_tier(Tier t) const;
  // The wl1 solver's backward step (retro/tier_game.h). With the buffalo to
  // move, q's predecessors in its tier are light's non-capturing moves taken
  // back: a dog's slide and the cowboy's step are their own reverse, over the
  // same empty squares, so they are light's non-capturing moves from q. With
  // light to move there are none: every buffalo step changes the tier.
  template <class F>
  void for_each_tier_predecessor(const Position& q, F&& visit) const;
  // The moves that leave p's tier (every buffalo step, light's captures);
  // whether p has any move at all.
  bool generate_tier_exits(const Position& p, MoveList& exits) const;

  // Any Prairie database of this width answers this game's positions (retro/tier_game.h):
  // the rules after the start are the same in every variant (an empty column is a captured
  // buffalo; the extra-move first turn is never in the tables), so a position's value is.
  bool shares_tables_with(const PrairieGame& db_game) const { return db_game.width_ == width_; }

  // Buffalo per column: 0 none, else its row (1..7).
  int buffalo_row(const Position& p, int col) const;
  int buffalo_count(const Position& p) const {
    return PopCount(p.herd) + std::popcount(p.top) + std::popcount(p.home);
  }

 private:
  PrairieGame() = default;

  bool light_can_move(const Position& p) const;
  void generate_compound(const Position& p, MoveList& list) const;
  std::string column_list(std::uint16_t columns) const;

  int width_ = 11;
  int dogs_ = 4;
  int extra_ = 0;
  std::uint16_t columns_ = 0;
  bool mirror_ok_ = true;
  bool custom_empty_ = false;  // the empty columns were given, not the variant's
  u64 valid_ = 0;
  std::string variant_ = "standard";
  std::array<u64, kMiddleBits> king_{};  // cowboy neighbourhoods
};

// The small fields (top, home, cowboy, side, extra) are read and written as
// one 64-bit word: after byte-sized stores, the next word-sized read of them
// (in_tables, hash, rank of the child) would miss store forwarding and stall.
inline std::uint64_t PrairieGame::small_fields(const Position& p) {
  std::uint64_t w;
  std::memcpy(&w, reinterpret_cast<const unsigned char*>(&p) + offsetof(Position, top), 8);
  return w;
}
inline void PrairieGame::set_small_fields(Position& p, std::uint64_t w) {
  std::memcpy(reinterpret_cast<unsigned char*>(&p) + offsetof(Position, top), &w, 8);
}

inline void PrairieGame::play(Position& p, Move m) const {
  // Word layout: top 0..15, home 16..31, cowboy 32..39, side 40..47, extra 48..55.
  constexpr std::uint64_t kSide = std::uint64_t{1} << 40;
  constexpr std::uint64_t kExtra = std::uint64_t{0xff} << 48;
  std::uint64_t w = small_fields(p);
  if (m.compound()) {
    for (int i = 0; i < m.steps(); ++i) {
      const int col = m.column(i);
      if (w & (std::uint64_t{1} << col)) {
        w &= ~(std::uint64_t{1} << col);
        p.herd |= Bit(kTopRowShift + col);
      } else {
        const u64 column = p.herd & (u64{0x001001001001001} << col);
        p.herd ^= column | (column >> kStride);  // one row down; row 2 never occurs here
      }
    }
    set_small_fields(p, (w & ~kExtra) ^ kSide);
    return;
  }
  const int from = m.from(), to = m.to();
  switch (m.kind()) {
    case Move::kBuffalo:
      if (from >= Square(kRows, 0)) {
        w &= ~(std::uint64_t{1} << SquareCol(from));
        p.herd |= Bit(to - kStride);
      } else if (to < kStride) {
        p.herd &= ~Bit(from - kStride);
        w |= std::uint64_t{1} << (16 + to);
      } else {
        p.herd ^= Bit(from - kStride) | Bit(to - kStride);
      }
      break;
    case Move::kDog:
      p.dogs ^= Bit(from - kStride) | Bit(to - kStride);
      break;
    case Move::kCapture:
      p.herd &= ~Bit(to - kStride);
      [[fallthrough]];
    case Move::kCowboy:
      w = (w & ~(std::uint64_t{0xff} << 32)) | std::uint64_t(to - kStride) << 32;
      break;
  }
  set_small_fields(p, (w & ~kExtra) ^ kSide);
}

inline PrairieGame::Tier PrairieGame::tier_of(const Position& p) const {
  Tier t = Deposit(p.top, kColumnDigits);  // digit 1: row 7
  for (int row = 6; row >= 2; --row) {
    const u64 bits = (p.herd >> ((row - 2) * kStride)) & 0xfff;
    if (bits) t += Deposit(bits, kColumnDigits) * static_cast<Tier>(8 - row);
  }
  return t;
}

inline std::uint64_t PrairieGame::rank(Tier, const Position& p) const {
  const u64 free = valid_ & ~p.herd;
  const int f = PopCount(free);
  const std::uint64_t per = Binomial(f - 1, dogs_);
  const u64 cowboy = Bit(p.cowboy);
  const std::uint64_t cow = PopCount(free & (cowboy - 1));
  const std::uint64_t side = p.light_to_move ? static_cast<std::uint64_t>(f) * per : 0;
  return side + cow * per + CombinationRank(Extract(p.dogs, free & ~cowboy));
}

template <class F>
void PrairieGame::for_each_tier_predecessor(const Position& q, F&& visit) const {
  if (q.light_to_move) return;
  constexpr std::uint64_t kSide = std::uint64_t{1} << 40;
  constexpr std::uint64_t kCowboy = std::uint64_t{0xff} << 32;
  const std::uint64_t w = small_fields(q) | kSide;
  Position p = q;
  const u64 empty = valid_ & ~(q.dogs | q.herd | Bit(q.cowboy));
  for (int t : SetBits(king_[q.cowboy] & empty)) {
    set_small_fields(p, (w & ~kCowboy) | std::uint64_t(t) << 32);
    visit(static_cast<const Position&>(p));
  }
  set_small_fields(p, w);
  for (int d : SetBits(q.dogs)) {
    for (int t : SetBits(QueenAttacks(Bit(d), empty))) {
      p.dogs = q.dogs ^ (Bit(d) | Bit(t));
      visit(static_cast<const Position&>(p));
    }
  }
}

static_assert(Game<PrairieGame>);
static_assert(sizeof(Position) == 24 && offsetof(Position, top) == 16 &&
              offsetof(Position, unused) == 23);

}  // namespace tav::prairie
