// --db=DIR: endgame tables (a `tav retro` database) answering a game's probe
// hooks during forward search. The game is wrapped (retro::WithTables) rather
// than changed: games know nothing of retro/, and commands are templates that
// run on either type.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "retro/tier_game.h"
#include "retro/with_tables.h"

namespace tav::cli {

// Calls f(game) without --db, f(retro::WithTables<G>) with it; f returns
// absl::Status. InvalidArgument for a game that has no tables (not a
// TierGame), the database's errors otherwise.
template <Game G, class F>
absl::Status WithTablesFromFlag(const G& game, const std::string& db, std::uint64_t memory_bytes,
                                F&& f) {
  if (db.empty()) return f(game);
  if constexpr (retro::TierGame<G>) {
    absl::StatusOr<retro::WithTables<G>> with = retro::WithTables<G>::Open(game, db, memory_bytes);
    if (!with.ok()) return with.status();
    return f(*with);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--db: no endgame tables for --game=", std::string(G::kName)));
  }
}

}  // namespace tav::cli
