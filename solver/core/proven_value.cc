#include "core/proven_value.h"

#include <algorithm>
#include <climits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/strings.h"

namespace tav {

Value ExactValue(int v) { return {ValueKind::kExact, v, BoundSide::kNone, 0, v, v}; }

Value WldValue(int sign, int max_value) {
  sign = (sign > 0) - (sign < 0);
  const int lower = sign > 0 ? 1 : sign == 0 ? 0 : -max_value;
  const int upper = sign < 0 ? -1 : sign == 0 ? 0 : max_value;
  return {ValueKind::kWld, sign, BoundSide::kNone, 0, lower, upper};
}

Value LowerBound(int v, int max_value) {
  return {ValueKind::kBound, v, BoundSide::kLower, 0, v, max_value};
}

Value UpperBound(int v, int max_value) {
  return {ValueKind::kBound, v, BoundSide::kUpper, 0, -max_value, v};
}

Value HeuristicValue(int estimate, int depth, int max_value) {
  return {ValueKind::kHeuristic, estimate, BoundSide::kNone, depth, -max_value, max_value};
}

Value Negate(const Value& v) {
  Value out = v;
  out.value = -v.value;
  out.lower = -v.upper;
  out.upper = -v.lower;
  if (v.bound == BoundSide::kLower) out.bound = BoundSide::kUpper;
  if (v.bound == BoundSide::kUpper) out.bound = BoundSide::kLower;
  return out;
}

namespace {

int Rank(ValueKind k) { return static_cast<int>(k); }

}  // namespace

Value Backup(std::span<const Value> children, int max_value, int* best) {
  ValueKind weakest = ValueKind::kExact;
  int lower = INT_MIN, upper = INT_MIN;
  int min_heuristic_depth = INT_MAX;
  for (const Value& child : children) {
    const Value v = Negate(child);
    weakest = std::max(weakest, v.kind, [](ValueKind a, ValueKind b) { return Rank(a) < Rank(b); });
    lower = std::max(lower, v.lower);
    upper = std::max(upper, v.upper);
    if (v.kind == ValueKind::kHeuristic)
      min_heuristic_depth = std::min(min_heuristic_depth, v.depth);
  }

  Value out;
  out.lower = lower;
  out.upper = upper;
  // The child realising the value: for a bound, the one that proves the
  // lower limit; otherwise the best point value, ties to stronger knowledge.
  int best_index = 0;
  for (int i = 1; i < static_cast<int>(children.size()); ++i) {
    const Value a = Negate(children[i]), b = Negate(children[best_index]);
    const int ka = weakest == ValueKind::kBound ? a.lower : a.value;
    const int kb = weakest == ValueKind::kBound ? b.lower : b.value;
    if (ka > kb || (ka == kb && Rank(a.kind) < Rank(b.kind))) best_index = i;
  }
  if (best != nullptr) *best = best_index;

  if (lower == upper) {  // a point interval is exact knowledge, whatever proved it
    out.kind = ValueKind::kExact;
    out.value = lower;
    return out;
  }
  switch (weakest) {
    case ValueKind::kExact:  // unreachable: exact children give a point interval
    case ValueKind::kWld:
      out.kind = ValueKind::kWld;
      out.value = lower > 0 ? 1 : upper < 0 ? -1 : 0;
      return out;
    case ValueKind::kBound:
      out.kind = ValueKind::kBound;
      if (upper == max_value || lower > -max_value) {
        out.bound = BoundSide::kLower;
        out.value = lower;
      } else {
        out.bound = BoundSide::kUpper;
        out.value = upper;
      }
      return out;
    case ValueKind::kHeuristic:
      out.kind = ValueKind::kHeuristic;
      out.value = -children[best_index].value;
      out.depth = min_heuristic_depth == INT_MAX ? 0 : min_heuristic_depth + 1;
      return out;
  }
  return out;
}

bool Stronger(const Value& a, const Value& b) {
  if (a.kind != b.kind) return Rank(a.kind) < Rank(b.kind);
  switch (a.kind) {
    case ValueKind::kHeuristic:
      return a.depth > b.depth;
    case ValueKind::kBound:
      return a.lower >= b.lower && a.upper <= b.upper && (a.lower != b.lower || a.upper != b.upper);
    default:
      return false;
  }
}

std::optional<std::string> ProvenResult(const Value& v) {
  if (v.lower > 0) return "win";
  if (v.upper < 0) return "loss";
  if (v.lower == 0 && v.upper == 0) return "draw";
  return std::nullopt;
}

std::string_view KindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kExact:
      return "exact";
    case ValueKind::kWld:
      return "wld";
    case ValueKind::kBound:
      return "bound";
    case ValueKind::kHeuristic:
      return "heuristic";
  }
  return "?";
}

std::string_view BoundName(BoundSide side) {
  switch (side) {
    case BoundSide::kLower:
      return "lower";
    case BoundSide::kUpper:
      return "upper";
    case BoundSide::kNone:
      break;
  }
  return "";
}

absl::StatusOr<ValueKind> ParseKind(std::string_view name) {
  for (ValueKind k :
       {ValueKind::kExact, ValueKind::kWld, ValueKind::kBound, ValueKind::kHeuristic}) {
    if (KindName(k) == name) return k;
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown value kind '", AV(name), "'"));
}

absl::StatusOr<BoundSide> ParseBound(std::string_view name) {
  if (name == "lower") return BoundSide::kLower;
  if (name == "upper") return BoundSide::kUpper;
  if (name.empty()) return BoundSide::kNone;
  return absl::InvalidArgumentError(absl::StrCat("unknown bound side '", AV(name), "'"));
}

absl::Status Validate(const Value& v, int max_value) {
  auto bad = [&](std::string_view why) {
    return absl::DataLossError(absl::StrCat("inconsistent ", AV(KindName(v.kind)), " value ",
                                            v.value, " [", v.lower, ", ", v.upper, "]: ", AV(why)));
  };
  if (Rank(v.kind) > Rank(ValueKind::kHeuristic)) return bad("unknown kind");
  if (v.lower > v.upper) return bad("empty interval");
  if (v.lower < -max_value || v.upper > max_value) return bad("interval outside the game's range");
  if ((v.kind == ValueKind::kBound) != (v.bound != BoundSide::kNone)) {
    return bad("bound side set on a non-bound value or missing");
  }
  if (v.kind != ValueKind::kHeuristic && v.depth != 0) return bad("depth on a proven value");
  switch (v.kind) {
    case ValueKind::kExact:
      if (v.lower != v.value || v.upper != v.value) return bad("interval is not the value");
      break;
    case ValueKind::kWld:
      if (v.value == 1    ? v.lower < 1
          : v.value == 0  ? (v.lower != 0 || v.upper != 0)
          : v.value == -1 ? v.upper > -1
                          : true) {
        return bad("not a win/draw/loss consistent with its interval");
      }
      break;
    case ValueKind::kBound:
      if ((v.bound == BoundSide::kLower ? v.lower : v.upper) != v.value) {
        return bad("the bound is not the interval's end");
      }
      break;
    case ValueKind::kHeuristic:
      if (v.depth < 0) return bad("negative depth");
      break;
  }
  return absl::OkStatus();
}

std::string Describe(const Value& v) {
  switch (v.kind) {
    case ValueKind::kExact:
      return absl::StrFormat("%+d (exact)", v.value);
    case ValueKind::kWld:
      return absl::StrCat(v.value > 0 ? "win" : v.value < 0 ? "loss" : "draw", " (wld)");
    case ValueKind::kBound:
      return absl::StrFormat("%s %+d (bound)", v.bound == BoundSide::kLower ? ">=" : "<=", v.value);
    case ValueKind::kHeuristic:
      return absl::StrFormat("%+d (heuristic, depth %d)", v.value, v.depth);
  }
  return "?";
}

}  // namespace tav
