// Endgame tables in forward search: `WithTables<G>` is the game G with a
// solved database (`tav retro`, --db=DIR) answering its probe hooks.
//
// Design: a game stays an immutable value that knows nothing of retro/; the
// tables are added from above, by a wrapper type that *is* a G (it derives
// from G, so every REQUIRED and OPTIONAL member and constant of game.h is
// G's own, with no forwarding code and no virtual calls) and hides three
// hooks with table-aware versions:
//
//   probe(p)         G's probe (static rules), else the table's exact value
//                    (dtw8 tables only: wl1 tables hold no distance);
//   probe_result(p)  G's probe_result, else the table's win/loss (either
//                    encoding), for proof search (prove/dfpn.h);
//   value_bounds(p)  G's value_bounds_given(p, probe_result(p)) when G has it
//                    (the bounds of a position whose result is known; Prairie:
//                    the side of zero and the distance limit), else G's
//                    value_bounds narrowed to the known side of zero.
//
// Generic code instantiated for WithTables<G> calls these statically: the
// trade-off is one more instantiation of the search per game with tables,
// paid only by games that have them (TierGame). Positions outside the
// database (other tiers, in_tables() false) are simply not found.
//
// `Tables<G>` is the shared, thread-safe view of one database: a TableLookup
// with a cache bounded by `memory_bytes`, probe and hit counters, and the
// first error met (a damaged tier file), after which it answers nothing and
// callers report the error when the search ends.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "retro/lookup.h"
#include "retro/manifest.h"
#include "retro/tier_game.h"
#include "retro/tier_store.h"
#include "retro/value_code.h"

namespace tav::retro {

template <TierGame G>
class Tables {
 public:
  using Position = typename G::Position;

  // Opens DIR; its manifest must describe a database of the same game and
  // size as `game`, whose game (made from the manifest's spec) shares its
  // tables with `game` (SharesTables; FailedPrecondition otherwise). The
  // database is read as its own game's: a variant's positions are looked up
  // by the tiers and index the database was built with.
  static absl::StatusOr<std::shared_ptr<const Tables>> Open(const G& game, const std::string& dir,
                                                            std::uint64_t memory_bytes) {
    absl::StatusOr<Manifest> manifest = ReadManifest(dir);
    if (!manifest.ok()) return manifest.status();
    if (manifest->spec.game != G::kName || manifest->spec.size != game.size()) {
      return absl::FailedPreconditionError(
          absl::StrCat("--db=", dir, " holds ", manifest->spec.game, " ", manifest->board,
                       " tables, not ", std::string(G::kName), " ", game.board_name()));
    }
    absl::StatusOr<G> db_game = G::Create(manifest->spec);
    if (!db_game.ok()) return db_game.status();
    if (!SharesTables(game, *db_game)) {
      return absl::FailedPreconditionError(
          absl::StrCat("--db=", dir, " holds tables of the ", db_game->variant(), " game",
                       manifest->spec.options.empty() ? "" : " (" + manifest->spec.options + ")",
                       ", which do not answer the positions of the ", game.variant(), " game"));
    }
    auto tables = std::shared_ptr<Tables>(new Tables());
    tables->manifest_ = *manifest;
    auto store =
        std::make_shared<TierStore>(dir,
                                    TierIdentity{std::string(G::kName), db_game->size(),
                                                 db_game->board_name(), manifest->encoding},
                                    memory_bytes);
    auto tier_set = TableLookup<G>::TierSet(*db_game, manifest->selection);
    if (!tier_set.ok()) return tier_set.status();
    tables->lookup_ = std::make_unique<TableLookup<G>>(*db_game, store, *tier_set);
    return std::shared_ptr<const Tables>(tables);
  }

  // The exact value (game.h scale) from dtw8 tables; nullopt outside the
  // tables, and always for wl1 tables.
  std::optional<int> Probe(const Position& p) const {
    if (!has_distances()) return std::nullopt;
    std::optional<Outcome> o = Find(p);
    if (!o) return std::nullopt;
    return ToGameValue(*o);
  }
  // +1 win / -1 loss for the side to move, from either encoding.
  std::optional<int> ProbeResult(const Position& p) const {
    std::optional<Outcome> o = Find(p);
    if (!o) return std::nullopt;
    return o->result;
  }

  const Manifest& manifest() const { return manifest_; }
  bool has_distances() const { return manifest_.encoding == Encoding::kDtw8; }
  std::uint64_t probes() const { return probes_; }
  std::uint64_t hits() const { return hits_; }
  // The first error met while probing, if any.
  absl::Status error() const {
    std::lock_guard<std::mutex> lock(error_mutex_);
    return error_;
  }

 private:
  Tables() = default;

  std::optional<Outcome> Find(const Position& p) const {
    if (failed_.load(std::memory_order_relaxed)) return std::nullopt;
    probes_.fetch_add(1, std::memory_order_relaxed);
    absl::StatusOr<std::optional<Outcome>> v = lookup_->Lookup(p);
    if (!v.ok()) {
      std::lock_guard<std::mutex> lock(error_mutex_);
      if (!failed_.exchange(true)) error_ = v.status();
      return std::nullopt;
    }
    if (v->has_value()) hits_.fetch_add(1, std::memory_order_relaxed);
    return *v;
  }

  Manifest manifest_;
  std::unique_ptr<TableLookup<G>> lookup_;
  mutable std::atomic<std::uint64_t> probes_{0}, hits_{0};
  mutable std::atomic<bool> failed_{false};
  mutable std::mutex error_mutex_;
  mutable absl::Status error_;
};

// The OPTIONAL hooks probe_result (prove/dfpn.h) and value_bounds_given
// (tier_game.h).
template <class G>
concept HasProbeResultHook = requires(const G& g, const typename G::Position& p) {
  { g.probe_result(p) } -> std::same_as<std::optional<int>>;
};
template <class G>
concept HasValueBoundsGiven = requires(const G& g, const typename G::Position& p,
                                       std::optional<int> r) {
  { g.value_bounds_given(p, r) } -> std::same_as<std::pair<int, int>>;
};

template <TierGame G>
class WithTables : public G {
 public:
  using Position = typename G::Position;

  WithTables(const G& game, std::shared_ptr<const Tables<G>> tables)
      : G(game), tables_(std::move(tables)) {}

  // The Game concept's constructor: G without tables (probes find nothing).
  static absl::StatusOr<WithTables> Create(const GameSpec& spec) {
    absl::StatusOr<G> game = G::Create(spec);
    if (!game.ok()) return game.status();
    return WithTables(*game, nullptr);
  }

  // Opens DIR (Tables::Open) for `game`.
  static absl::StatusOr<WithTables> Open(const G& game, const std::string& dir,
                                         std::uint64_t memory_bytes) {
    absl::StatusOr<std::shared_ptr<const Tables<G>>> tables =
        Tables<G>::Open(game, dir, memory_bytes);
    if (!tables.ok()) return tables.status();
    return WithTables(game, *tables);
  }

  const G& base() const { return *this; }
  // Null for a game made by Create().
  const Tables<G>* tables() const { return tables_.get(); }

  std::optional<int> probe(const Position& p) const {
    if constexpr (HasProbe<G>) {
      if (std::optional<int> v = G::probe(p)) return v;
    }
    return tables_ ? tables_->Probe(p) : std::nullopt;
  }

  std::optional<int> probe_result(const Position& p) const {
    if constexpr (HasProbeResultHook<G>) {
      if (std::optional<int> r = G::probe_result(p)) return r;
    }
    return tables_ ? tables_->ProbeResult(p) : std::nullopt;
  }

  std::pair<int, int> value_bounds(const Position& p) const {
    if constexpr (HasValueBoundsGiven<G>) {
      return G::value_bounds_given(p, probe_result(p));
    } else {
      std::pair<int, int> b{-G::kMaxValue, G::kMaxValue};
      if constexpr (HasValueBounds<G>) b = G::value_bounds(p);
      if (std::optional<int> r = probe_result(p)) {
        if (*r > 0) b.first = std::max(b.first, 1);
        if (*r < 0) b.second = std::min(b.second, -1);
      }
      return b;
    }
  }

 private:
  std::shared_ptr<const Tables<G>> tables_;
};

// True for WithTables<G> (the CLI reports their statistics).
template <class T>
inline constexpr bool kHasTables = false;
template <class G>
inline constexpr bool kHasTables<WithTables<G>> = true;

}  // namespace tav::retro
