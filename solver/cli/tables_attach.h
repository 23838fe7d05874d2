// Attaching endgame tables (a `tav retro` database, --db=DIR) to a game so
// that its probe() hook answers from them during forward search. Only games
// with tables have a branch here. The database is opened as every command
// opens one (cli/database.h): an incomplete or edited one is refused before
// the search; a damaged payload met during the search is the tables' error(),
// which the command reports when the search ends.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "cli/database.h"
#include "games/prairie/prairie.h"
#include "games/prairie/tables.h"

namespace tav::cli {

template <class G>
absl::Status AttachTables(G& game, const std::string& db, std::uint64_t memory_bytes) {
  if (db.empty()) return absl::OkStatus();
  if constexpr (std::is_same_v<G, prairie::PrairieGame>) {
    absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(db);
    if (!manifest.ok()) return manifest.status();
    if (manifest->spec.game == G::kName && manifest->spec.size == game.width()) {
      if (auto opened = OpenDatabase(game, db, *manifest, memory_bytes); !opened.ok()) {
        return opened.status();
      }
    }  // else PrairieTables::Open names the mismatch
    absl::StatusOr<std::shared_ptr<const prairie::PrairieTables>> tables =
        prairie::PrairieTables::Open(game, db, memory_bytes);
    if (!tables.ok()) return tables.status();
    game.attach_tables(*tables);
    return absl::OkStatus();
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--db: no endgame tables for --game=", std::string(G::kName)));
  }
}

// What a search made of the attached tables, for its output.
struct TablesUsed {
  bool attached = false;
  std::uint64_t probes = 0, hits = 0;
  absl::Status error;  // the first damaged file met, if any
};

template <class G>
TablesUsed TablesUsedBy(const G& game) {
  TablesUsed used;
  if constexpr (std::is_same_v<G, prairie::PrairieGame>) {
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
