// The tier interface: what a game must add to the Game concept (core/game.h)
// to be solved by the retrograde tier solver (retro/solver.h).
//
// The position space is cut into *tiers* (Prairie: one per buffalo
// configuration; a chess endgame: one per material signature) such that
// every move leads to a tier that is solved earlier, or stays in its own
// tier. Each tier has a position *index*: a bijection (perfect index) or an
// injection with a few holes (near-perfect) between its positions and
// 0 .. tier_size-1. The solver walks the tiers in order, computes every
// position's value from its children's stored values, and writes one file
// per tier, so only a tier and its children need to be in memory.
//
// Values are the Game's, and only win/loss(-draw)-distance games are solved
// (G::kWinLossDistance, game.h): a value +(kDistanceBase - d) is a win in d
// plies for the side to move, -(kDistanceBase - d) a loss in d plies, 0 a
// draw.
//
// ---------------------------------------------------------------------------
// REQUIRED (besides Game and kWinLossDistance)
//   using Tier = std::uint64_t-like id   (G::Tier, an unsigned integer type)
//   std::string tier_name(Tier) const;
//       Unique, file-name safe ("77777-" for Prairie); used for file names.
//   absl::StatusOr<std::vector<Tier>> tiers(std::string_view selection) const;
//       The tiers to solve, in solving order: every child tier of a listed
//       tier (mapped to its canonical tier) is listed before it. `selection`
//       is game-specific ("" = every tier; Prairie: "buffalo<=2"); the list
//       must be closed under child_tiers. Only canonical tiers are listed.
//   void child_tiers(Tier, std::vector<Tier>& out) const;
//       Every other tier that one move can reach (not necessarily canonical).
//   std::uint64_t tier_size(Tier) const;
//   bool in_tables(const Position&) const;
//       False for positions outside every tier (finished games may be in or
//       out; special positions such as Prairie's extra-move first turn are
//       out). Only positions with in_tables() are ranked.
//   Tier tier_of(const Position&) const;
//   std::uint64_t rank(Tier, const Position&) const;    // index within the tier
//   bool unrank(Tier, std::uint64_t index, Position&) const;
//       Fills the position of an index; false for a hole (near-perfect index).
//
// OPTIONAL (fallback in brackets)
//   std::vector<std::uint64_t> tier_layers(Tier) const;
//       The ends of consecutive index ranges ("layers") such that every move
//       that stays in the tier goes from a layer to an earlier one (Prairie:
//       layer 0 buffalo to move, layer 1 light to move). The solver finishes
//       a layer before it starts the next. [one layer: the whole tier]
//   static constexpr bool kAcyclicLayers = true;
//       No in-tier move stays within its layer, so each layer is solved in a
//       single parallel pass. Otherwise the solver iterates a layer by
//       distance (retrograde levels), which handles in-layer cycles and
//       leaves draws. [false]
//   bool unrank_next(Tier, std::uint64_t index, Position& p) const;
//       Like unrank, given that p holds the position of index - 1: lets the
//       solver walk a run of indexes incrementally. [unrank]
//   bool same_tier(const Position& a, const Position& b) const;
//       A cheap test that two indexable positions lie in the same tier; the
//       solver uses it to skip tier_of for children that stay in the tier.
//       [tier_of(a) == tier_of(b)]
//   template <class F> void for_each_tier_predecessor(const Position& q, F&& visit) const;
//   bool generate_tier_exits(const Position& p, MoveList& exits) const;
//       Together (and with kAcyclicLayers): visit(p) for every position p of
//       q's tier from which one move leads to q -- each exactly the moves
//       taken back, in later layers than q's (Prairie, q with the buffalo to
//       move: light's non-capturing moves undone; with light to move, none);
//       and the moves of p that leave its tier (Prairie: every buffalo move,
//       light's captures), returning whether p has any move at all. With
//       them the wl1 solver works a tier forwards and backwards: once a
//       layer is solved, each of its lost positions makes its predecessors
//       wins, and a later position not made a win reads only the children
//       its exits reach (its children in the tier are all won). A lost
//       position of the later layer, which reads every child otherwise,
//       then reads only its exits. [every child read forwards]
//   std::pair<Tier, int> canonical_tier(Tier) const;
//       The representative of the tier's symmetry class and the symmetry s
//       (an index for Game::transform) that maps the tier's positions into
//       it. Only canonical tiers are stored. [the tier itself, identity]
//   std::pair<int, int> value_bounds_given(const Position&, std::optional<int> result) const;
//       Admissible bounds on the value (game.h value_bounds) when the side to
//       move's result (+1 win, -1 loss, nullopt unknown) is known from
//       elsewhere: endgame tables in forward search (retro/with_tables.h).
//       [value_bounds, narrowed to the known side of zero]
//   bool shares_tables_with(const G& db_game) const;
//       Whether a database of db_game (built from its manifest's spec: same
//       game and size) answers this game's positions: each position in its
//       tiers has the value there that it has here. The database is then
//       read as db_game's (its tiers and index), this game's positions
//       looked up in it (Prairie: any variant of the same width, since a
//       variant only moves the start). [the same variant and options]
// ---------------------------------------------------------------------------
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "core/game_options.h"

namespace tav::retro {

template <class G>
concept TierGame = Game<G> && WinLossDistanceGame<G> && std::unsigned_integral<typename G::Tier> &&
    requires(const G& g, typename G::Tier t, const typename G::Position& cpos,
             typename G::Position& pos, std::uint64_t index, std::string_view text,
             std::vector<typename G::Tier>& tier_list) {
  { g.tier_name(t) } -> std::convertible_to<std::string>;
  { g.tiers(text) } -> std::same_as<absl::StatusOr<std::vector<typename G::Tier>>>;
  {g.child_tiers(t, tier_list)};
  { g.tier_size(t) } -> std::convertible_to<std::uint64_t>;
  { g.in_tables(cpos) } -> std::convertible_to<bool>;
  { g.tier_of(cpos) } -> std::same_as<typename G::Tier>;
  { g.rank(t, cpos) } -> std::convertible_to<std::uint64_t>;
  { g.unrank(t, index, pos) } -> std::convertible_to<bool>;
};

template <class G>
concept HasTierLayers = requires(const G& g, typename G::Tier t) {
  { g.tier_layers(t) } -> std::convertible_to<std::vector<std::uint64_t>>;
};
template <class G>
concept HasAcyclicLayers = requires {
  requires G::kAcyclicLayers;
};
template <class G>
concept HasUnrankNext = requires(const G& g, typename G::Tier t, typename G::Position& p) {
  { g.unrank_next(t, std::uint64_t{0}, p) } -> std::convertible_to<bool>;
};
template <class G>
concept HasSameTier = requires(const G& g, const typename G::Position& p) {
  { g.same_tier(p, p) } -> std::convertible_to<bool>;
};
template <class G>
concept HasTierPredecessors = requires(const G& g, const typename G::Position& p,
                                       typename G::MoveList& moves) {
  {g.for_each_tier_predecessor(p, [](const typename G::Position&) {})};
  { g.generate_tier_exits(p, moves) } -> std::convertible_to<bool>;
};
template <class G>
concept HasCanonicalTier = requires(const G& g, typename G::Tier t) {
  { g.canonical_tier(t) } -> std::same_as<std::pair<typename G::Tier, int>>;
};

template <class G>
concept HasSharesTables = requires(const G& g) {
  { g.shares_tables_with(g) } -> std::convertible_to<bool>;
};

// Whether db_game's database answers `game`'s positions (shares_tables_with).
template <TierGame G>
bool SharesTables(const G& game, const G& db_game) {
  if constexpr (HasSharesTables<G>) {
    return game.shares_tables_with(db_game);
  } else {
    return game.variant() == db_game.variant() && GameOptions(game) == GameOptions(db_game);
  }
}

template <TierGame G>
std::vector<std::uint64_t> TierLayers(const G& game, typename G::Tier tier) {
  if constexpr (HasTierLayers<G>) {
    return game.tier_layers(tier);
  } else {
    return {game.tier_size(tier)};
  }
}

template <TierGame G>
std::pair<typename G::Tier, int> CanonicalTier(const G& game, typename G::Tier tier) {
  if constexpr (HasCanonicalTier<G>) {
    return game.canonical_tier(tier);
  } else {
    return {tier, 0};
  }
}

}  // namespace tav::retro
