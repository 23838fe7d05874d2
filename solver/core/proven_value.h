// Values of explored positions and what kind of knowledge each one is: the
// vocabulary shared by the explorer (explore/) and opening books (book/),
// which sit on different layers, so it lives here below both.
//
// An opening exploration mixes values of different strength: a position may
// be solved exactly, solved win/draw/loss only, bounded (a proven lower or
// upper limit on the exact value), or only searched to a fixed depth with a
// heuristic evaluation. Every value carries its kind, and combining values
// (minimax backup over the opening tree, merging books) must never claim more
// than the inputs prove.
//
// Internally every value also carries its *proven interval* [lower, upper] on
// the exact game value (in the game's units, for the side to move):
//
//   kind        value              proven interval
//   exact       v                  [v, v]
//   wld         -1 / 0 / +1        [-M, -1] / [0, 0] / [1, M]     (M = kMaxValue)
//   bound       v, side lower      [v, M]   (or tighter, see below)
//               v, side upper      [-M, v]
//   heuristic   estimate v, depth  [-M, M]  unless a backup proved more
//
// Backup (negamax over the children of an explored position) works on the
// intervals, which is always sound: the parent's interval is
// [max_i -upper_i, max_i -lower_i]. The kind is then the weakest of the
// children's kinds (an exact parent needs exact children; one heuristic
// child makes the parent heuristic), except that an interval collapsed to a
// point is exact whatever produced it. A heuristic parent still keeps any
// proven interval (e.g. one exactly solved winning child proves a lower
// bound), reported in the records' `lower`/`upper` keys.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tav {

// Ordered from strongest to weakest knowledge (book merges keep the stronger).
enum class ValueKind : std::uint8_t { kExact = 0, kWld = 1, kBound = 2, kHeuristic = 3 };
enum class BoundSide : std::uint8_t { kNone = 0, kLower = 1, kUpper = 2 };

struct Value {
  ValueKind kind = ValueKind::kHeuristic;
  int value = 0;                       // see the table above
  BoundSide bound = BoundSide::kNone;  // kind == kBound only
  int depth = 0;                       // kind == kHeuristic: search depth in plies
  int lower = 0, upper = 0;            // proven interval on the exact value

  friend bool operator==(const Value&, const Value&) = default;
};

// The value of one move (in the game's notation) of an explored position.
struct MoveValue {
  std::string move;
  Value value;
};

// Constructors that fill the proven interval consistently. `max_value` is
// the game's kMaxValue.
Value ExactValue(int v);
Value WldValue(int sign, int max_value);  // sign: -1, 0 or +1
Value LowerBound(int v, int max_value);
Value UpperBound(int v, int max_value);
Value HeuristicValue(int estimate, int depth, int max_value);

// The same value seen by the other player (negamax).
Value Negate(const Value& v);

// The value of a position from the values of its children (each for the
// child's side to move, i.e. the opponent), by the rules in the header
// comment. `children` must not be empty. `best` receives the index of the
// child that realises the value: the highest negated point value, ties to the
// strongest kind, then the first.
Value Backup(std::span<const Value> children, int max_value, int* best = nullptr);

// True when `a` is stronger knowledge than `b`: a stronger kind, or the same
// kind and deeper (heuristic) / tighter (bound) / equal otherwise -> false.
bool Stronger(const Value& a, const Value& b);

// Result of the side to move implied by the proven interval: "win", "draw",
// "loss", or nullopt when the interval does not decide it.
std::optional<std::string> ProvenResult(const Value& v);

// Names as written in records: "exact", "wld", "bound", "heuristic";
// "lower", "upper" (empty for kNone).
std::string_view KindName(ValueKind kind);
std::string_view BoundName(BoundSide side);
absl::StatusOr<ValueKind> ParseKind(std::string_view name);
absl::StatusOr<BoundSide> ParseBound(std::string_view name);

// Checks the internal consistency of a value read from a file (the interval
// agrees with the kind, the bound side is set only for bounds, ...).
absl::Status Validate(const Value& v, int max_value);

// e.g. "+4 (exact)", "win (wld)", ">= +2 (bound)", "+7 (heuristic, depth 3)".
std::string Describe(const Value& v);

}  // namespace tav
