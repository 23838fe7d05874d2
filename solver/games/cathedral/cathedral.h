// Cathedral (RULES.md, "Cathedral"): classic and Lehmann variants, boards
// 5x5 .. 10x10, any per-player piece list.
//
// Representation (see tables.h for the board layout): a Position is a handful
// of u128 boards — each player's buildings, four bit planes holding the type
// of every building square, each player's territory (empty squares only), the
// Cathedral — plus hands as packed 4-bit counts. Storing the *type of each
// square* instead of a list of pieces makes the position independent of how a
// block of touching same-type buildings splits into pieces; that split never
// matters, because two touching buildings of one owner always share a region
// of the opponent's complement and so can never be captured one at a time.
//
// Moves: all placements of one orientation are found at once by ANDing the
// free squares shifted by each cell's offset; territory and capture are found
// by 8-connected flood fills of whole u128 boards (tables.h: Fill8). After
// every building the mover's complement is split into regions and each region
// is judged exactly as RULES.md words it (no incremental shortcut, so even a
// hand-made position is scored by the letter of the rules).
//
// Players: kDark = 0 (the first player: places the first building) and kLight
// = 1. In the classic game light moves first, placing only the Cathedral, so
// the start position has side_to_move() == 1.
//
// Symmetry. The 4 rotations of the board are exact symmetries and are the
// transforms offered to generic code (symmetry_count() == 4). A reflection
// turns light's Abbey/Academy into dark's, so it is a symmetry of the value
// only together with swapping the colours (and the side to move). Generic code
// assumes a transform keeps the side to move (records give the value from the
// first player's view), so the reflection is not offered as a transform;
// MirrorSwap() exposes it for tests and for callers that want to merge the
// two colour-mirrored openings themselves.
//
// Position string (one line, fields separated by single spaces):
//   <board> <light hand> <dark hand> <to move> <first buildings> <cathedral>
//   board:  N*N characters in the order a1 b1 .. (row 1 first, as RULES.md's
//           common convention), one per square: '.' free, '+' light's
//           territory, '-' dark's territory, 'Y' the Cathedral, a building
//           type letter V S L N P M Z O C T A in upper case for light's
//           buildings and lower case for dark's.
//   hands:  the type letters still in hand, in the order VSLNPMZOCTA, or '-'.
//   to move: 'light' or 'dark'.
//   first buildings: who has placed a first building: 'none', 'dark',
//           'light' or 'both'.
//   cathedral: 'hand' (still to be placed), 'board', or 'gone' (captured).
// Example (5x5, classic start):
//   "......................... VSLN VSLN light none hand"
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <memory>
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
#include "games/cathedral/move_list.h"
#include "games/cathedral/pieces.h"
#include "games/cathedral/tables.h"
#include "nlohmann/json.hpp"

namespace tav::cathedral {

enum CathedralState : std::uint8_t {
  kCathedralInHand = 0,
  kCathedralOnBoard = 1,
  kCathedralGone = 2
};

struct Position {
  std::array<u128, 2> buildings{};  // [kDark], [kLight]
  std::array<u128, 4> type_bits{};  // bit i of each building square's type
  std::array<u128, 2> territory{};  // empty squares claimed by [kDark], [kLight]
  u128 cathedral = 0;               // the Cathedral's squares while on the board
  // Zobrist keys of the position turned by 0, 1, 2, 3 quarter turns; the
  // hash is the least of them, so rotated positions share table entries.
  std::array<std::uint64_t, 4> keys{};
  std::array<std::uint64_t, 2> hand{};  // 4-bit count per type, type t at bits 4t..4t+3
  std::array<std::uint8_t, 2> hand_squares{};
  std::uint8_t to_move = kLight;
  std::uint8_t first_placed = 0;  // bit p: player p has placed its first building
  std::uint8_t cathedral_state = kCathedralInHand;
  std::array<std::uint8_t, 3> unused{};
  friend bool operator==(const Position&, const Position&) = default;

  int count(int player, int type) const {
    return static_cast<int>(hand[player] >> (4 * type) & 15);
  }
};

// A building placement is (orientation << 7 | anchor), see tables.h; kNone
// marks a missing part. A classic Cathedral move has only `cathedral`, a
// Lehmann compound turn both, a pass neither.
struct Move {
  static constexpr std::uint16_t kNone = 0xFFFF;
  std::uint16_t building = kNone;
  std::uint16_t cathedral = kNone;
  friend bool operator==(const Move&, const Move&) = default;
};

inline constexpr std::uint16_t Placement(int orientation, int anchor) {
  return static_cast<std::uint16_t>(orientation << 7 | anchor);
}
inline constexpr int OrientationOf(std::uint16_t placement) { return placement >> 7; }
inline constexpr int AnchorOf(std::uint16_t placement) { return placement & 127; }

class Cathedral {
 public:
  using Position = cathedral::Position;
  using Move = cathedral::Move;
  using MoveList = SpillMoveList<Move, 2200>;

  static constexpr std::string_view kName = "cathedral";
  // |value| <= a player's listed squares; Create() caps each list at 100.
  static constexpr int kMaxValue = 100;

  static absl::StatusOr<Cathedral> Create(const GameSpec& spec);

  // ---- Configuration ---------------------------------------------------------
  std::string variant() const { return lehmann_ ? "lehmann" : "classic"; }
  bool lehmann() const { return lehmann_; }
  int size() const { return tables_->n; }
  std::string board_name() const;
  const Tables& tables() const { return *tables_; }
  // The per-player piece list, as type letters in VSLNPMZOCTA order.
  std::string pieces() const;
  // "pieces=..." when the list is not the board's default (game.h options()).
  std::string options() const;
  int listed(int type) const { return static_cast<int>(list_ >> (4 * type) & 15); }
  int listed_squares() const { return list_squares_; }

  Position start() const;

  // ---- Moves -------------------------------------------------------------------
  void generate_moves(const Position& p, MoveList& list) const;
  int count_moves(const Position& p) const;
  void play(Position& p, Move m) const;
  Move pass_move() const { return Move{}; }
  bool is_over(const Position& p) const {
    return !HasPlacement(p, p.to_move) && !HasPlacement(p, p.to_move ^ 1);
  }
  int final_value(const Position& p) const {
    return p.hand_squares[p.to_move ^ 1] - p.hand_squares[p.to_move];
  }
  int side_to_move(const Position& p) const { return p.to_move; }

  // Work left: 4 x (free squares that are nobody's territory) + pieces in
  // both hands (the Cathedral counted while in hand). It strictly decreases
  // along every non-pass move of a game, although captures give pieces back:
  // a building placed in its owner's territory captures nothing (the regions
  // it splits hold no enemy piece) and leaves the hand; a building placed on
  // s free squares captures at most one piece per region it borders, and a
  // polyomino of s squares borders at most 4s separate regions (a single
  // square at most 4: its 8 neighbours alternate wall, region, wall ...), so
  // 4s outweighs them. Small enough (<= 429 on 10x10) to serve as the search's
  // measure of work, in the same spirit as Othello's empty squares.
  int remaining(const Position& p) const {
    const u128 free = tables_->board & ~Occupied(p) & ~p.territory[0] & ~p.territory[1];
    return 4 * PopCount(free) + PiecesInHand(p.hand[0]) + PiecesInHand(p.hand[1]) +
           (p.cathedral_state == kCathedralInHand ? 1 : 0);
  }
  // The search's work is remaining() / 4, about one unit per free square.
  static constexpr int kRemainingPerSquare = 4;
  // Probing every child in the table first (enhanced transposition cutoffs)
  // costs more than it saves with Cathedral's hundreds of children, and a
  // shallow sorting search would need an evaluation: both only at the top of
  // a 10x10 tree.
  // The presearch (iterative deepening with evaluate() before an exact solve)
  // is off: Cathedral games are short, so its deeper iterations would be
  // whole solves.
  static constexpr SearchTuning kSearchTuning = {
      .etc_min_work = 60, .sort_search_min_work = 90, .presearch_min_work = 1000};
  // Sum of the 4-bit counts (at most 15 x 11 = 165).
  static int PiecesInHand(std::uint64_t hand) {
    const std::uint64_t bytes =
        (hand & 0x0F0F0F0F0F0F0F0FULL) + (hand >> 4 & 0x0F0F0F0F0F0F0F0FULL);
    return static_cast<int>((bytes * 0x0101010101010101ULL) >> 56);
  }

  // The same for all four rotations of a position (see Position::keys): the
  // table then holds one entry for a position and its rotations, which share
  // their value. (A best move stored there is only a hint to the search,
  // which checks every move it plays.)
  std::uint64_t hash(const Position& p) const {
    return Mix64(std::min(std::min(p.keys[0], p.keys[1]), std::min(p.keys[2], p.keys[3])));
  }

  // ---- Notation and strings (notation.cc, position_string.cc) ---------------
  std::string position_string(const Position& p) const;
  absl::StatusOr<Position> parse_position(std::string_view text) const;
  std::string move_string(const Position& p, Move m) const;
  absl::StatusOr<Move> parse_move(const Position& p, std::string_view text) const;
  std::string diagram(const Position& p) const;
  std::string square_name(int sq) const;
  // The squares a move covers ("e5 d5"), for messages and tests.
  std::string placement_squares(std::uint16_t placement) const;
  // The extras of explore records (game.h, annotations.cc): cathedral_squares
  // (the Cathedral's squares while it is on the board, else empty) and
  // cathedral_move (the notation placing it there, null when not on the board).
  nlohmann::json explore_annotations(const Position& p) const;

  // ---- Symmetry (symmetry.cc) -------------------------------------------------
  int symmetry_count() const { return 4; }
  Position transform(const Position& p, int symmetry) const;
  Move transform_move(const Position& p, Move m, int symmetry) const;
  // Reflection in the vertical axis with light and dark swapped (see above).
  Position MirrorSwap(const Position& p) const;

  // ---- Search hooks (bounds.cc, cathedral.cc) --------------------------------------
  int order_score(const Position& parent, Move m, const Position& child) const;
  // Admissible [lower, upper] bounds on the final value for the side to move,
  // from the pieces that can still fit (bounds.cc explains why they hold);
  // lower == upper, the exact value, where the two players' footprints are
  // apart and out of each other's reach (two one-player packing puzzles).
  std::pair<int, int> value_bounds(const Position& p) const;
  // The same, as tight as a search node with window (alpha, beta) needs: the
  // packings are searched in full only where a bound could then fall outside
  // the window (else a quick packing's looser bounds come back).
  std::pair<int, int> value_bounds(const Position& p, int alpha, int beta) const;
  // The same from the squares each side can still reach alone (bounds.cc),
  // without the footprints: admissible, and never tighter than value_bounds.
  // The learned evaluation's features see these, the bounds its weights were
  // fitted to (the footprints came later); its value is clamped into
  // value_bounds all the same.
  std::pair<int, int> reach_bounds(const Position& p) const;
  // Heuristic value for depth-limited search: each side's squares in hand
  // beyond the room it has (its own territory plus half the neutral free
  // squares), opponent's minus own, clamped into value_bounds.
  int evaluate(const Position& p) const;
  // evaluate() without the clamp into value_bounds: popcounts only, ~10 times
  // cheaper, for ranking siblings (search/selective.h). The clamp matters
  // only where few pieces fit, near the end, where the exact solver plays.
  int quick_evaluate(const Position& p) const;

  // ---- Features of a learned evaluation (features.cc; eval/linear_model.h) ----
  // Counts of room, reach, dead and unsafe pieces per side, bounds, phase:
  // features.cc explains them. Invariant under the four rotations.
  static constexpr int kFeatureCount = 39;
  std::string_view feature_set() const { return "cathedral-v1"; }
  static const std::vector<std::string>& FeatureNames();
  const std::vector<std::string>& feature_names() const { return FeatureNames(); }
  // Returns the value_bounds it computed on the way (none while the Cathedral
  // is in hand), so that a learned evaluation clamps without computing them
  // again (eval/evaluation.h); the features hold the reach_bounds.
  std::optional<std::pair<int, int>> features(const Position& p, std::span<float> out) const;

  // ---- Rules helpers (public for tests, benches and the solver hooks) --------
  u128 Occupied(const Position& p) const { return p.buildings[0] | p.buildings[1] | p.cathedral; }
  // Squares where `player` may build: empty and not the opponent's territory.
  u128 Free(const Position& p, int player) const {
    return tables_->board & ~Occupied(p) & ~p.territory[player ^ 1];
  }
  // Anchors at which orientation `o` fits on the `free` squares.
  u128 Anchors(int o, u128 free, bool first) const {
    const Orientation& orient = tables_->orientations[o];
    return FittingAnchors(orient, first ? orient.no_pocket : orient.on_board, free);
  }
  // Whether `player` could place something if it were their turn.
  bool HasPlacement(const Position& p, int player) const;
  // The most squares `player` can cover with the buildings in hand, each
  // placed inside `area` with no other constraint (packing.cc: the one-player
  // puzzle of the footprint bounds, bounds.cc): low == high, the answer, or,
  // if the search needs more than max_nodes nodes, low < high, the range it
  // lies in. With `enough`, only whether the answer reaches it is asked: the
  // range may come back as soon as low >= enough, or with high == enough - 1
  // once no packing can reach it.
  struct Coverable {
    int low = 0, high = 0;
  };
  Coverable MostCoverable(const Position& p, int player, u128 area, int max_nodes,
                          int enough = INT_MAX) const;
  u128 PlacementMask(std::uint16_t placement) const {
    return tables_->orientations[OrientationOf(placement)].mask << AnchorOf(placement);
  }
  int TypeOf(std::uint16_t placement) const {
    return tables_->orientations[OrientationOf(placement)].type;
  }
  // Notation of one placement, and its parse for `owner` (notation.cc):
  // the placement named, whether or not it is legal now.
  std::string Spell(std::uint16_t placement) const;
  absl::StatusOr<std::uint16_t> ParseSpelling(int owner, std::string_view text) const;
  // Whether `squares`, a set of whole buildings of one owner, is one building:
  // all of one type and as many squares as that type has.
  bool IsOneBuilding(const Position& p, u128 squares) const {
    const int type = TypeAt(p, LowestBit(squares));
    if (PopCount(squares) != kTypeSize[type]) return false;
    for (const u128 plane : p.type_bits) {
      const u128 part = plane & squares;
      if (part != 0 && part != squares) return false;
    }
    return true;
  }
  // Type of the building on square sq (which must hold one).
  int TypeAt(const Position& p, int sq) const {
    int type = 0;
    for (int i = 0; i < 4; ++i) type |= static_cast<int>(p.type_bits[i] >> sq & 1) << i;
    return type;
  }

 private:
  Cathedral(std::shared_ptr<const Tables> tables, bool lehmann, std::uint64_t list)
      : tables_(std::move(tables)), lehmann_(lehmann), list_(list) {
    for (int t = 0; t < kTypes; ++t) list_squares_ += listed(t) * kTypeSize[t];
  }

  // What the mover's turn is: a normal building, or light's Cathedral turn
  // and how much of it fits (cathedral.cc, CathedralTurnOf).
  enum class CathedralTurn { kNormal, kCathedralOnly, kCompound, kBuildingOnly, kNone };
  CathedralTurn CathedralTurnOf(const Position& p) const;
  CathedralTurn TurnOf(const Position& p) const {
    if (p.cathedral_state != kCathedralInHand || p.to_move != kLight) return CathedralTurn::kNormal;
    return CathedralTurnOf(p);
  }
  // Why `owner` may not place `placement` now (squares in `also_blocked`
  // count as covered), or OK.
  absl::Status CheckPlacement(const Position& p, int owner, std::uint16_t placement,
                              u128 also_blocked) const;
  // The Zobrist keys of p computed from scratch (parse_position, transforms).
  std::array<std::uint64_t, 4> ComputeKeys(const Position& p) const;
  // Updates the four keys for `squares` changing state, `keys` giving the
  // key of each square in that state.
  void XorSquares(Position& p, u128 squares, const std::array<std::uint64_t, 128>& keys) const {
    ForEachSquare(squares, [&](int sq) {
      for (int s = 0; s < 4; ++s) p.keys[s] ^= keys[tables_->rotated[s][sq]];
    });
  }
  static void XorAll(Position& p, std::uint64_t key) {
    for (auto& k : p.keys) k ^= key;
  }

  // Writes the building placements of `player` on `free` to out; returns the end.
  Move* WriteBuildings(const Position& p, int player, u128 free, std::uint16_t cathedral,
                       Move* out) const;
  int CountBuildings(const Position& p, int player, u128 free) const;
  bool AnyBuilding(const Position& p, int player, u128 free) const;
  void PlaceBuilding(Position& p, int player, std::uint16_t placement) const;
  void PlaceCathedral(Position& p, std::uint16_t placement) const;
  void Claim(Position& p, int player) const;
  struct Reach;
  Reach ReachOf(const Position& p, int player) const;
  int UnplacedLowerBound(const Position& p, int player, u128 reach, int room) const;
  // Per type, the count `player` holds in hand if some orientation of it fits
  // inside `area` (packing.cc), else 0: the buildings that could still go there.
  std::array<int, kTypes> FittingCounts(const Position& p, int player, u128 area) const;
  // The squares `player` could cover by some placement legal now (bounds.cc);
  // fitting[type]: the count in hand of a type with such a placement, else 0.
  u128 Footprint(const Position& p, int player, std::array<int, kTypes>* fitting) const;
  // MostCoverable with the buildings counted in `count` (only types that fit
  // somewhere in `area`), packing.cc.
  // `enough`: as for MostCoverable.
  Coverable PackInto(int player, u128 area, const std::array<int, kTypes>& count, int max_nodes,
                     int enough = INT_MAX) const;
  // The squares `attacker`, building on `attacker_footprint` only, can never
  // claim, nor capture a building on (bounds.cc), among the components
  // `seeds` touches.
  u128 SafeFrom(const Position& p, int attacker, u128 attacker_footprint, u128 seeds) const;
  // Bounds on the final value from both players' footprints, exact where they
  // are apart and out of each other's reach (bounds.cc); nullopt before both
  // first buildings. Lazy: see value_bounds(p, alpha, beta).
  // Steps of FootprintBounds (bounds.cc).
  struct Grown;
  Grown GrowHands(const Position& p) const;
  struct PackingAreas;
  PackingAreas AreasOf(const Position& p, const Grown& g) const;
  // Step 3b of FootprintBounds (bounds.cc): the most `x` surely covers with
  // its sure packing and one building more on contested squares, at least
  // sure.low.
  int SureWithOneMore(const Position& p, const Grown& g, const PackingAreas& area, int x,
                      Coverable sure, int max_nodes) const;
  // What Step 3b asks about `x` (bounds.cc), for tests: x's free squares
  // outside its sure packing's area, the components safe from the other side,
  // and the other side's footprint (its grown hand's).
  struct ContestedSquares {
    u128 candidates = 0, safe = 0, reach = 0;
  };
  ContestedSquares ContestedSquaresOf(const Position& p, int x) const;
  ContestedSquares ContestOf(const Position& p, const Grown& g, const PackingAreas& area,
                             int x) const;
  // Whether `x` has a placement of `type` on `candidates` touching `touching`
  // that the opponent's next building (on `reach`) cannot take away: any,
  // if x moves now, else two with no square of `reach` within two of each other.
  bool HasSurvivingPlacement(int x, int type, u128 candidates, u128 touching, u128 reach,
                             bool moves_now) const;
  std::optional<std::pair<int, int>> FootprintBounds(const Position& p, int alpha, int beta,
                                                     bool lazy) const;
  std::pair<int, int> value_bounds(const Position& p, int alpha, int beta, bool lazy) const;
  // value_bounds from reach_bounds already computed.
  std::pair<int, int> Tightened(const Position& p, std::pair<int, int> reach) const;
  void RemoveBuilding(Position& p, int owner, u128 squares) const;

  std::shared_ptr<const Tables> tables_;
  bool lehmann_ = false;
  std::uint64_t list_ = 0;  // per-player list, packed like Position::hand
  int list_squares_ = 0;
  bool custom_pieces_ = false;  // the list was given and differs from the default

  friend class CathedralTestPeer;
};

// The notation of a Cathedral on the given squares (names such as "i4", in
// any order), or "" if they do not form one (annotations.cc).
std::string CathedralMoveOfSquares(const std::vector<std::string>& names);

// The squares that `player`'s buildings counted in `in_hand` cover at some
// place inside `free` (bounds.cc): a footprint, or the part of an area that
// a packing can cover at all. fitting[type]: in_hand[type] if the type fits
// somewhere inside `free`, else 0.
u128 CoveredSquares(const Tables& t, int player, const std::array<int, kTypes>& in_hand, u128 free,
                    std::array<int, kTypes>* fitting);

}  // namespace tav::cathedral
