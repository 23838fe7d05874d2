// Values of arbitrary positions from a solved database: finds the tier,
// maps it to its canonical tier, loads that tier (cached, within the store's
// budget) and decodes. Used by `tav probe`, by games' probe() hooks during
// forward search, and for the start position's value in stats.json.
#pragma once

#include <memory>
#include <mutex>
#include <optional>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "retro/tier_game.h"
#include "retro/tier_store.h"

namespace tav::retro {

template <TierGame G>
class TableLookup {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  // `tiers`: the canonical tiers the database holds (game.tiers(selection));
  // a missing file of one of them is an error (NotFound). Without it a
  // missing file just means "not in the tables".
  TableLookup(const G& game, std::shared_ptr<TierStore> store,
              std::shared_ptr<const absl::flat_hash_set<Tier>> tiers = nullptr)
      : game_(game), store_(std::move(store)), tiers_(std::move(tiers)) {}

  // The database's tier set, for the constructor.
  static absl::StatusOr<std::shared_ptr<const absl::flat_hash_set<Tier>>> TierSet(
      const G& game, std::string_view selection) {
    absl::StatusOr<std::vector<Tier>> list = game.tiers(selection);
    if (!list.ok()) return list.status();
    return std::make_shared<const absl::flat_hash_set<Tier>>(list->begin(), list->end());
  }

  const G& game() const { return game_; }
  TierStore& store() const { return *store_; }

  // The stored outcome of a position in the tables; nullopt if the position
  // is not indexed or its tier is not in the database. A damaged tier file is
  // an error.
  absl::StatusOr<std::optional<Outcome>> Lookup(const Position& pos) const {
    if (!game_.in_tables(pos)) return std::optional<Outcome>();
    const auto [canonical, symmetry] = CanonicalTier(game_, game_.tier_of(pos));
    if (tiers_ && !tiers_->contains(canonical)) return std::optional<Outcome>();
    {
      std::lock_guard<std::mutex> lock(absent_mutex_);
      if (absent_.contains(canonical)) return std::optional<Outcome>();
    }
    absl::StatusOr<std::shared_ptr<const TierTable>> table =
        store_->Get(canonical, game_.tier_name(canonical), game_.tier_size(canonical));
    if (!table.ok()) {
      if (absl::IsNotFound(table.status()) && !tiers_) {
        std::lock_guard<std::mutex> lock(absent_mutex_);
        absent_.insert(canonical);
        return std::optional<Outcome>();
      }
      return table.status();
    }
    store_->Trim(store_->budget(), {canonical});
    const Position image = symmetry ? game_.transform(pos, symmetry) : pos;
    return std::optional<Outcome>((*table)->outcome(game_.rank(canonical, image)));
  }

  // Value of a finished position, a position in the tables, or one whose
  // children all are (one ply of search: e.g. Prairie's extra-move first
  // turn). nullopt when neither.
  absl::StatusOr<std::optional<Outcome>> Value(const Position& pos) const {
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    if (moves.size() == 0) return std::optional<Outcome>(FromGameValue(game_.final_value(pos)));
    absl::StatusOr<std::optional<Outcome>> stored = Lookup(pos);
    if (!stored.ok() || stored->has_value() || game_.in_tables(pos)) return stored;
    std::optional<Outcome> best;
    for (const auto& m : moves) {
      Position child = pos;
      game_.play(child, m);
      absl::StatusOr<std::optional<Outcome>> v = ChildValue(child);
      if (!v.ok()) return v.status();
      if (!v->has_value()) return std::optional<Outcome>();
      const Outcome back = Backed(**v);
      if (!best || Better(back, *best)) best = back;
    }
    return best;
  }

  // A child's outcome: finished, or stored.
  absl::StatusOr<std::optional<Outcome>> ChildValue(const Position& child) const {
    if (game_.is_over(child)) {
      return std::optional<Outcome>(FromGameValue(game_.final_value(child)));
    }
    return Lookup(child);
  }

  // The parent's view of a child's outcome, one ply further away.
  static Outcome Backed(Outcome child) { return {-child.result, child.plies + 1}; }
  // Win beats draw beats loss; the quicker win, the slower loss.
  static bool Better(Outcome a, Outcome b) {
    if (a.result != b.result) return a.result > b.result;
    if (a.result > 0) return a.plies < b.plies;
    if (a.result < 0) return a.plies > b.plies;
    return false;
  }

 private:
  G game_;
  std::shared_ptr<TierStore> store_;
  std::shared_ptr<const absl::flat_hash_set<Tier>> tiers_;
  mutable std::mutex absent_mutex_;
  mutable absl::flat_hash_set<Tier> absent_;
};

}  // namespace tav::retro
