// Statistics of solved positions: the remoteness table (GamesmanOne's
// "wins and losses by distance for each side to move"), the finished
// positions, and the longest win with an example. Deterministic (no timing),
// so they can live in the tier files' headers.
#pragma once

#include <array>
#include <cstdint>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "retro/value_code.h"

namespace tav::retro {

struct TierStats {
  static constexpr int kPlies = kMaxDtwDistance + 1;
  std::uint64_t positions = 0;  // indexed positions (holes excluded)
  std::uint64_t holes = 0;
  // counts[side to move][result + 1][plies]; wl1 counts everything at plies 0.
  std::array<std::array<std::array<std::uint64_t, kPlies>, 3>, 2> counts{};
  std::array<std::uint64_t, 2> no_move{};  // finished positions, by side to move
  // The longest win: the largest distance, then the smallest (tier order, index).
  int longest_win = -1;
  int longest_win_side = 0;
  std::uint64_t longest_win_index = 0;
  std::uint64_t longest_win_tier = 0;
  std::uint64_t longest_win_order = 0;  // position of its tier in the solving order

  void Add(int side, Outcome o) { ++counts[side][o.result + 1][o.plies]; }
  void Merge(const TierStats& other);
  std::uint64_t Count(int side, int result) const;

  // {"positions", "holes", "no_move": [b, l], "remoteness": [{side_to_move,
  // result, plies, count}], "longest_win": {plies, side_to_move, index} | null}.
  // With `distances` false (wl1), plies are null.
  nlohmann::json ToJson(bool distances) const;
  static absl::StatusOr<TierStats> FromJson(const nlohmann::json& j);
};

}  // namespace tav::retro
