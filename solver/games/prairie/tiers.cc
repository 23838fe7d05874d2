// Prairie's tiers for the retrograde solver (see prairie.h, retro/tier_game.h).
#include <algorithm>
#include <cmath>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/strings.h"
#include "games/prairie/prairie.h"
#include "retro/tier_game.h"

namespace tav::prairie {
namespace {

int Digit(std::uint64_t t, int col) { return static_cast<int>((t >> (3 * col)) & 7); }

}  // namespace

std::string PrairieGame::tier_name(Tier t) const {
  std::string name;
  for (int c = 0; c < width_; ++c) {
    const int d = Digit(t, c);
    name += d == 0 ? '-' : static_cast<char>('0' + 8 - d);
  }
  return name;
}

absl::StatusOr<PrairieGame::Tier> PrairieGame::parse_tier(std::string_view name) const {
  if (static_cast<int>(name.size()) != width_) {
    return absl::InvalidArgumentError(absl::StrCat("bad tier '", std::string(name), "': expected ",
                                                   width_, " characters (- or a row 2..7)"));
  }
  Tier t = 0;
  for (int c = 0; c < width_; ++c) {
    const char ch = name[c];
    if (ch == '-') continue;
    if (ch < '2' || ch > '7' || !((columns_ >> c) & 1)) {
      return absl::InvalidArgumentError(absl::StrCat("bad tier '", std::string(name),
                                                     "' at column ",
                                                     std::string(1, static_cast<char>('a' + c))));
    }
    t |= static_cast<Tier>(8 - (ch - '0')) << (3 * c);
  }
  return t;
}

PrairieGame::Tier PrairieGame::mirror_tier(Tier t) const {
  Tier m = 0;
  for (int c = 0; c < width_; ++c) m |= static_cast<Tier>(Digit(t, c)) << (3 * (width_ - 1 - c));
  return m;
}

std::pair<PrairieGame::Tier, int> PrairieGame::canonical_tier(Tier t) const {
  if (!mirror_ok_) return {t, 0};
  const Tier m = mirror_tier(t);
  return m < t ? std::pair<Tier, int>{m, 1} : std::pair<Tier, int>{t, 0};
}

absl::StatusOr<std::vector<PrairieGame::Tier>> PrairieGame::tiers(
    std::string_view selection) const {
  int max_buffalo = kMaxWidth;
  if (!selection.empty()) {
    constexpr std::string_view kPrefix = "buffalo<=";
    if (selection.substr(0, kPrefix.size()) != kPrefix ||
        !absl::SimpleAtoi(AV(selection.substr(kPrefix.size())), &max_buffalo) || max_buffalo < 0) {
      return absl::InvalidArgumentError(absl::StrCat("bad --tiers='", std::string(selection),
                                                     "' for prairie: expected buffalo<=N"));
    }
  }
  std::vector<int> cols;
  for (int c = 0; c < width_; ++c) {
    if ((columns_ >> c) & 1) cols.push_back(c);
  }
  // Number of configurations: sum over k <= max of C(n, k) 6^k.
  double count = 0;
  for (int k = 0; k <= std::min<int>(max_buffalo, cols.size()); ++k) {
    double binom = 1;
    for (int i = 0; i < k; ++i) binom = binom * (cols.size() - i) / (i + 1);
    count += binom * std::pow(6.0, k);
  }
  if (count > 5e7) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the ", board_name(), " board has ", static_cast<long long>(count),
        " buffalo configurations (tiers): too many; choose fewer with --tiers=buffalo<=N"));
  }
  struct Item {
    int buffalo, progress;
    Tier t;
  };
  std::vector<Item> items;
  auto recurse = [&](auto&& self, size_t i, Tier t, int buffalo, int progress) -> void {
    if (i == cols.size()) {
      if (canonical_tier(t).first == t) items.push_back({buffalo, progress, t});
      return;
    }
    self(self, i + 1, t, buffalo, progress);
    if (buffalo == max_buffalo) return;
    for (int d = 1; d <= 6; ++d) {
      self(self, i + 1, t | static_cast<Tier>(d) << (3 * cols[i]), buffalo + 1, progress + d);
    }
  };
  recurse(recurse, 0, 0, 0, 0);
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    return std::tie(a.buffalo, b.progress, a.t) < std::tie(b.buffalo, a.progress, b.t);
  });
  std::vector<Tier> out;
  out.reserve(items.size());
  for (const Item& it : items) out.push_back(it.t);
  return out;
}

void PrairieGame::child_tiers(Tier t, std::vector<Tier>& out) const {
  for (int c = 0; c < width_; ++c) {
    const int d = Digit(t, c);
    if (d >= 1 && d <= 5) out.push_back(t + (Tier{1} << (3 * c)));  // one step down
    if (d >= 2) out.push_back(t & ~(Tier{7} << (3 * c)));           // captured
  }
}

std::uint64_t PrairieGame::tier_size(Tier t) const {
  int middle = 0;
  for (int c = 0; c < width_; ++c) middle += Digit(t, c) >= 2;
  const int f = kMiddleRows * width_ - middle;
  return 2 * static_cast<std::uint64_t>(f) * Binomial(f - 1, dogs_);
}

std::vector<std::uint64_t> PrairieGame::tier_layers(Tier t) const {
  const std::uint64_t size = tier_size(t);
  return {size / 2, size};
}

bool PrairieGame::unrank(Tier t, std::uint64_t index, Position& p) const {
  u64 herd = 0;
  std::uint64_t top = 0;
  for (int c = 0; c < width_; ++c) {
    const int d = Digit(t, c);
    if (d == 1)
      top |= std::uint64_t{1} << c;
    else if (d >= 2)
      herd |= Bit(MiddleBit(8 - d, c));
  }
  const u64 free = valid_ & ~herd;
  const int f = PopCount(free);
  const std::uint64_t per = Binomial(f - 1, dogs_);
  const std::uint64_t half = static_cast<std::uint64_t>(f) * per;
  std::uint64_t side = 0;
  if (index >= half) {
    side = 1;
    index -= half;
  }
  const std::uint64_t cow = index / per;
  const u64 cowboy = Deposit(u64{1} << cow, free);
  p.herd = herd;
  p.dogs = Deposit(CombinationUnrank(index % per, dogs_, f - 1), free & ~cowboy);
  // One word for the small fields (see small_fields()): top, cowboy, side.
  set_small_fields(p, top | std::uint64_t(LowestBit(cowboy)) << 32 | side << 40);
  return true;
}

}  // namespace tav::prairie

namespace tav::prairie {
static_assert(retro::TierGame<PrairieGame>);
}  // namespace tav::prairie
