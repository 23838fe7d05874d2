// The game interface: what a game must provide to be searched, solved,
// explored and driven from the `tav` CLI.
//
// A game is a *value type* G holding its configuration (board size, variant,
// piece list) and any precomputed tables. It is built once by
// `G::Create(const GameSpec&)` and then only read, so one object may be shared
// by every search thread. Positions are small trivially-copyable values that
// the search copies (copy-make: `Position child = pos; game.play(child, m);`),
// so no game needs unmake. All generic code (perft, the alpha-beta solver, the
// explorer, the conformance test) is a template over G, constrained by the
// concept `Game` below: there are no virtual calls in any hot loop.
//
// Members are marked REQUIRED or OPTIONAL. Generic code detects OPTIONAL
// members with `if constexpr (requires ...)` and falls back as stated.
//
// ---------------------------------------------------------------------------
// REQUIRED types
//   Position  Trivially copyable, equality comparable. Holds everything that
//             decides the game's future: board, hands, side to move, flags.
//   Move      Trivially copyable, equality comparable, small (<= 8 bytes).
//   MoveList  A container of Move with clear(), push_back(Move), size(),
//             operator[] and begin()/end(). FixedMoveList (move_list.h) is the
//             usual choice; a game with huge branching may use its own.
//
// REQUIRED constants
//   static constexpr std::string_view kName;  // "othello": the --game name
//   static constexpr int kMaxValue;           // every final value v has |v| <= kMaxValue
//
// REQUIRED members
//   static absl::StatusOr<G> Create(const GameSpec&);
//       Validates variant, size and options (GameSpec::options, parsed by the
//       game: core/game_options.h); an InvalidArgument status names the bad field.
//   std::string variant() const;       // canonical variant name, e.g. "standard"
//   int size() const;                  // --size as the game understands it
//   std::string board_name() const;    // e.g. "8x8", "11x7"
//   Position start() const;
//   void generate_moves(const Position&, MoveList&) const;
//       Clears the list and fills it with every legal move, each exactly once
//       (the perft notion of "distinct move"). A forced pass is one move,
//       `pass_move()`. The list is empty if and only if the game is over.
//   void play(Position&, Move) const;  // applies a move from generate_moves
//   Move pass_move() const;            // the value used for a forced pass
//   bool is_over(const Position&) const;
//   int final_value(const Position&) const;
//       Score of a finished game for the side to move (negamax convention).
//   int side_to_move(const Position&) const;  // 0: the player who moves first
//                                             // (black, dark, buffalo), 1: the other
//   std::uint64_t hash(const Position&) const;
//       Equal positions have equal hashes; bits well mixed (the TT uses the low
//       bits as index). Positions whose futures are identical up to colour
//       (e.g. Othello with the same stones for mover/opponent) may share a hash
//       only if they also share every value the solver computes.
//   std::string position_string(const Position&) const;   // one line, RULES.md format
//   absl::StatusOr<Position> parse_position(std::string_view) const;
//       Exact inverse of position_string; rejects anything malformed or
//       impossible with one message naming what is wrong.
//   std::string move_string(const Position&, Move) const;  // notation, "pass" for a pass
//   absl::StatusOr<Move> parse_move(const Position&, std::string_view) const;
//       Parses notation and checks legality in that position.
//   std::string diagram(const Position&) const;  // multi-line board drawing
//   int symmetry_count() const;  // >= 1; transform 0 is the identity
//   Position transform(const Position&, int symmetry) const;
//       Symmetric image of a position: same value, same number of moves.
//
// OPTIONAL members (fallback in brackets)
//   std::string options() const;
//       The options the game was created with, printed back canonically
//       (core/game_options.h): Create(spec with these options) builds an
//       equal game. Every file that names a game carries it. [""]
//   int count_moves(const Position&) const;
//       == generate_moves(...).size(), faster; perft's last ply. [generate]
//   int remaining(const Position&) const;
//       A measure of the work left (empties, squares in hand, ...) that
//       strictly decreases along every move except passes; the TT records it as
//       an entry's "depth" for replacement, and special solvers key on it. [0]
//   static constexpr int kRemainingPerSquare;
//       How many units of remaining() make one "empty square" of work, the
//       scale of the search's tunables (search/options.h) and of the table's
//       8-bit depth. Cathedral needs 4 units per free square for remaining()
//       to decrease strictly through captures. SearchWork() divides. [1]
//   static constexpr SearchTuning kSearchTuning;
//       The game's own thresholds for the solver's optional techniques
//       (search/options.h, SearchParams), where the defaults tuned on Othello
//       do not suit its trees; -1 keeps a default. [all defaults]
//   int order_score(const Position& parent, Move, const Position& child) const;
//       Higher is searched first (after the TT move). [generation order]
//   std::pair<int, int> value_bounds(const Position&) const;
//       Admissible [lower, upper] bounds on the final value for the side to
//       move (stability, pieces that can no longer fit); used for cutoffs.
//       [-kMaxValue, kMaxValue]
//   std::pair<int, int> value_bounds(const Position&, int alpha, int beta) const;
//       Admissible bounds for a search node with window (alpha, beta): they
//       may be looser than value_bounds(p) where no tighter bound would fall
//       outside the window, so a costly bound is computed only where it can
//       cut. [value_bounds(p)]
//   int evaluate(const Position&) const;
//       Heuristic value for depth-limited search (explorer `--mode=search`),
//       in the units of final_value. [0]
//   int quick_evaluate(const Position&) const;
//       A cheaper estimate of evaluate() (a learned evaluation's: the
//       handmade one), with which the selective search picks the children
//       it evaluates one ply above the horizon (search/selective.h). [every
//       child evaluated]
//   int sort_search_remaining() const;
//       At and above this remaining(), the exact solver orders children by a
//       shallow search with evaluate() (order_score only breaking ties)
//       rather than by order_score alone; a tuning hint for games whose
//       evaluate() knows more than their order_score(). [never]
//   int learned_sort_search_remaining() const;
//       The same with a learned evaluation (eval/evaluation.h), which may
//       make sort searches pay where the handmade one did not (Othello).
//       [sort_search_remaining()]
//   int sort_search_depth() const;
//       The plies of those sort searches (search::SearchParams
//       sort_search_depth, where the caller leaves it at its default). [2]
//   int learned_sort_search_depth() const;
//       The same with a learned evaluation. [sort_search_depth()]
//   int sort_search_blend() const;
//       How many order_score() units one unit of a sort search's value is
//       worth in the children's order (search::SearchParams
//       sort_search_blend); 0: the value decides, order_score() only breaks
//       ties. [0]
//   int learned_sort_search_blend() const;
//       The same with a learned evaluation. [sort_search_blend()]
//   int aspiration_window() const;
//       Exact solves search the root in a window of +-this around the
//       presearch's value, widened where it fails (search::SearchParams
//       aspiration_window); for evaluations whose values estimate the
//       game's. [0: the full window]
//   int learned_aspiration_window() const;
//       The same with a learned evaluation. [aspiration_window()]
//   static constexpr bool kSolveOrderedByLearnedEvaluation;
//       Whether `tav solve` without --eval orders its exact solves by the
//       learned evaluation built in for the board (handmade where none is):
//       true where that has been measured to save nodes and time. [false]
//   Move transform_move(const Position&, Move, int symmetry) const;
//       The image of a move under a symmetry. [moves are mapped by comparing
//       children]
//   static constexpr int kSmallSolverRemaining;
//   int solve_small(const Position&, int alpha, int beta, std::uint64_t& nodes) const;
//       A special solver for positions with remaining() <= kSmallSolverRemaining
//       (Edax's last-4-empties solvers): a fail-soft alpha-beta value of the
//       position within (alpha, beta). [generic search to the end]
//   static constexpr bool kWinLossDistance = true;
//       The game has no score, only win/loss and the distance to the end
//       (Prairie). final_value returns -kDistanceBase (the side to move has
//       lost), +kDistanceBase (won) or 0 (draw), and kMaxValue must equal
//       kDistanceBase. The solver backs values up one ply at a time toward
//       zero (v_parent = -v_child, then moved 1 toward 0), so a value
//       +(kDistanceBase - d) means "wins in d plies" and -(kDistanceBase - d)
//       "loses in d plies": the winner hurries, the loser delays. [false]
//   std::optional<int> probe(const Position&) const;
//       An exact value known without search (endgame tables), in the solver's
//       units (the distance encoding above for kWinLossDistance games); the
//       solver treats a position with a value as a leaf. [nullopt]
//   nlohmann::json explore_annotations(const Position&) const;
//       Game-specific extras of the explorer's position records, a JSON
//       object (data/README.md, `annotations`); e.g. Cathedral's square and
//       notation of the Cathedral piece. [empty object]
// ---------------------------------------------------------------------------
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/status/statusor.h"

namespace tav {

// Value scale of win/loss-distance games (see kWinLossDistance above).
inline constexpr int kDistanceBase = 1000;

// See kSearchTuning above; the fields mirror search::SearchParams, in units
// of SearchWork(), -1 meaning "the solver's default".
struct SearchTuning {
  int bounds_min_work = -1;
  int etc_min_work = -1;
  int sort_search_min_work = -1;
  int presearch_min_work = -1;
  int abdada_min_work = -1;
};

// What the CLI (or a batch record) says about which game to build.
struct GameSpec {
  std::string game;     // --game
  std::string variant;  // --variant; empty means the game's default
  int size = 0;         // --size; 0 means the game's default
  std::string options;  // the game's own options, core/game_options.h; empty: defaults
};

// clang-format 14 flattens requires-expressions; this one is laid out by hand.
// clang-format off
template <class G>
concept Game =
    std::is_trivially_copyable_v<typename G::Position> &&
    std::equality_comparable<typename G::Position> &&
    std::is_trivially_copyable_v<typename G::Move> && std::equality_comparable<typename G::Move> &&
    requires(const G& g, typename G::Position& pos, const typename G::Position& cpos,
             typename G::Move move, typename G::MoveList& list, std::string_view text,
             const GameSpec& spec, int symmetry) {
      { G::kName } -> std::convertible_to<std::string_view>;
      { G::kMaxValue } -> std::convertible_to<int>;
      { G::Create(spec) } -> std::same_as<absl::StatusOr<G>>;
      { g.variant() } -> std::convertible_to<std::string>;
      { g.size() } -> std::convertible_to<int>;
      { g.board_name() } -> std::convertible_to<std::string>;
      { g.start() } -> std::same_as<typename G::Position>;
      { g.generate_moves(cpos, list) };
      { g.play(pos, move) };
      { g.pass_move() } -> std::same_as<typename G::Move>;
      { g.is_over(cpos) } -> std::convertible_to<bool>;
      { g.final_value(cpos) } -> std::convertible_to<int>;
      { g.side_to_move(cpos) } -> std::convertible_to<int>;
      { g.hash(cpos) } -> std::convertible_to<std::uint64_t>;
      { g.position_string(cpos) } -> std::convertible_to<std::string>;
      { g.parse_position(text) } -> std::same_as<absl::StatusOr<typename G::Position>>;
      { g.move_string(cpos, move) } -> std::convertible_to<std::string>;
      { g.parse_move(cpos, text) } -> std::same_as<absl::StatusOr<typename G::Move>>;
      { g.diagram(cpos) } -> std::convertible_to<std::string>;
      { g.symmetry_count() } -> std::convertible_to<int>;
      { g.transform(cpos, symmetry) } -> std::same_as<typename G::Position>;
    };
// clang-format on

// ---- Detection of the OPTIONAL members -------------------------------------

template <class G>
concept HasCountMoves = requires(const G& g, const typename G::Position& p) {
  { g.count_moves(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasRemaining = requires(const G& g, const typename G::Position& p) {
  { g.remaining(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasOrderScore = requires(const G& g, const typename G::Position& p, typename G::Move m) {
  { g.order_score(p, m, p) } -> std::convertible_to<int>;
};
template <class G>
concept HasQuickEvaluate = requires(const G& g, const typename G::Position& p) {
  { g.quick_evaluate(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasValueBounds = requires(const G& g, const typename G::Position& p) {
  {g.value_bounds(p)};
};
template <class G>
concept HasWindowBounds = requires(const G& g, const typename G::Position& p) {
  {g.value_bounds(p, 0, 0)};
};
template <class G>
concept HasEvaluate = requires(const G& g, const typename G::Position& p) {
  { g.evaluate(p) } -> std::convertible_to<int>;
};
template <class G>
concept HasSortSearchHint = requires(const G& g) {
  { g.sort_search_remaining() } -> std::convertible_to<int>;
};
template <class G>
concept HasSortSearchDepth = requires(const G& g) {
  { g.sort_search_depth() } -> std::convertible_to<int>;
};
template <class G>
concept HasSortSearchBlend = requires(const G& g) {
  { g.sort_search_blend() } -> std::convertible_to<int>;
};
template <class G>
concept HasAspirationWindow = requires(const G& g) {
  { g.aspiration_window() } -> std::convertible_to<int>;
};
template <class G>
concept HasTransformMove = requires(const G& g, const typename G::Position& p, typename G::Move m,
                                    int s) {
  { g.transform_move(p, m, s) } -> std::same_as<typename G::Move>;
};
template <class G>
concept HasSmallSolver = requires(const G& g, const typename G::Position& p, int a,
                                  std::uint64_t& n) {
  { G::kSmallSolverRemaining } -> std::convertible_to<int>;
  { g.solve_small(p, a, a, n) } -> std::convertible_to<int>;
};
template <class G>
concept HasProbe = requires(const G& g, const typename G::Position& p) {
  { g.probe(p) } -> std::same_as<std::optional<int>>;
};
template <class G>
concept WinLossDistanceGame = requires {
  requires G::kWinLossDistance;
};

// ---- Small generic conveniences over the REQUIRED members -------------------

template <Game G>
int CountMoves(const G& game, const typename G::Position& pos) {
  if constexpr (HasCountMoves<G>) {
    return game.count_moves(pos);
  } else {
    typename G::MoveList list;
    game.generate_moves(pos, list);
    return static_cast<int>(list.size());
  }
}

template <Game G>
int Remaining(const G& game, const typename G::Position& pos) {
  if constexpr (HasRemaining<G>) {
    return game.remaining(pos);
  } else {
    return 0;
  }
}

// remaining() on the search's scale of work (see kRemainingPerSquare).
template <Game G>
int SearchWork(const G& game, const typename G::Position& pos) {
  if constexpr (requires { G::kRemainingPerSquare; }) {
    return Remaining(game, pos) / G::kRemainingPerSquare;
  } else {
    return Remaining(game, pos);
  }
}

}  // namespace tav
