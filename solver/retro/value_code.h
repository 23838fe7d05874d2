// How the retrograde solver stores a value: the encodings of its tables.
//
//   dtw8  one byte per position: the result and the distance to the end
//         (0 draw; 1..127 a win in that many plies; 128 + d a loss in d
//         plies, d = 0..127). Enough for every game whose longest optimal
//         line is under 128 plies (Prairie: at most 10 x width + 1 = 111).
//   wl1   one bit per position: 1 win, 0 loss for the side to move. No
//         distance and no draws: the solver then computes win/loss only,
//         which also lets it stop at the first losing child.
//
// While a tier is being solved its values are bytes in both encodings (the
// dtw8 codes, or 0/1 for wl1); wl1 packs them into bits when writing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"

namespace tav::retro {

enum class Encoding { kDtw8, kWl1 };

inline std::string_view EncodingName(Encoding e) { return e == Encoding::kDtw8 ? "dtw8" : "wl1"; }

inline absl::StatusOr<Encoding> ParseEncoding(std::string_view name) {
  if (name == "dtw8") return Encoding::kDtw8;
  if (name == "wl1") return Encoding::kWl1;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown encoding '", std::string(name), "': expected dtw8 or wl1"));
}

// Bytes of storage for `count` positions.
inline std::uint64_t EncodedBytes(Encoding e, std::uint64_t count) {
  return e == Encoding::kDtw8 ? count : (count + 7) / 8;
}

inline constexpr int kMaxDtwDistance = 127;

// A value as result and distance: result +1 win, 0 draw, -1 loss for the side
// to move; plies is meaningless for draws and for wl1.
struct Outcome {
  int result = 0;
  int plies = 0;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// --- dtw8 --------------------------------------------------------------------
constexpr std::uint8_t kDtwDraw = 0;
constexpr std::uint8_t DtwWin(int plies) { return static_cast<std::uint8_t>(plies); }
constexpr std::uint8_t DtwLoss(int plies) { return static_cast<std::uint8_t>(128 + plies); }
constexpr Outcome DecodeDtw(std::uint8_t code) {
  if (code == kDtwDraw) return {0, 0};
  if (code < 128) return {+1, code};
  return {-1, code - 128};
}
constexpr std::uint8_t EncodeDtw(Outcome o) {
  return o.result == 0 ? kDtwDraw : o.result > 0 ? DtwWin(o.plies) : DtwLoss(o.plies);
}

// --- wl1 (one byte while solving) ---------------------------------------------
constexpr std::uint8_t kWlLoss = 0;
constexpr std::uint8_t kWlWin = 1;

// --- the game's value scale (game.h, kWinLossDistance) -------------------------
constexpr int ToGameValue(Outcome o) {
  return o.result == 0 ? 0 : o.result * (kDistanceBase - o.plies);
}
constexpr Outcome FromGameValue(int v) {
  if (v == 0) return {0, 0};
  return v > 0 ? Outcome{+1, kDistanceBase - v} : Outcome{-1, kDistanceBase + v};
}

inline const char* ResultName(int result) {
  return result > 0 ? "win" : result < 0 ? "loss" : "draw";
}

}  // namespace tav::retro
