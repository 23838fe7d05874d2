// --db=DIR: endgame tables (a `tav retro` database) answering a game's probe
// hooks during forward search. The game is wrapped (retro::WithTables) rather
// than changed: games know nothing of retro/, and commands are templates that
// run on either type. The database is opened as every command opens one
// (cli/database.h): an incomplete or edited one is refused before the search;
// a damaged payload met during the search is the tables' error(), which the
// command reports when the search ends (TablesUsedBy).
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/database.h"
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
    absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(db);
    if (!manifest.ok()) return manifest.status();
    // The database is opened as its own game's (a variant of `game` may read it:
    // Tables::Open checks that it answers `game`'s positions).
    if (manifest->spec.game == G::kName && manifest->spec.size == game.size()) {
      absl::StatusOr<G> db_game = G::Create(manifest->spec);
      if (!db_game.ok()) return db_game.status();
      if (auto opened = OpenDatabase(*db_game, db, *manifest, memory_bytes); !opened.ok()) {
        return opened.status();
      }
    }  // else Tables::Open names the mismatch
    absl::StatusOr<retro::WithTables<G>> with = retro::WithTables<G>::Open(game, db, memory_bytes);
    if (!with.ok()) return with.status();
    return f(*with);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--db: no endgame tables for --game=", std::string(G::kName)));
  }
}

// What a search made of the tables, for its output.
struct TablesUsed {
  bool attached = false;
  std::uint64_t probes = 0, hits = 0;
  absl::Status error;  // the first damaged file met, if any
};

template <class G>
TablesUsed TablesUsedBy(const G& game) {
  TablesUsed used;
  if constexpr (retro::kHasTables<G>) {
    if (game.tables()) {
      used.attached = true;
      used.probes = game.tables()->probes();
      used.hits = game.tables()->hits();
      used.error = game.tables()->error();
    }
  }
  return used;
}

}  // namespace tav::cli
