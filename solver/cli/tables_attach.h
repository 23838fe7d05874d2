// Attaching endgame tables (a `tav retro` database, --db=DIR) to a game so
// that its probe() hook answers from them during forward search. Only games
// with tables have a branch here.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "games/prairie/prairie.h"
#include "games/prairie/tables.h"

namespace tav::cli {

template <class G>
absl::Status AttachTables(G& game, const std::string& db, std::uint64_t memory_bytes) {
  if (db.empty()) return absl::OkStatus();
  if constexpr (std::is_same_v<G, prairie::PrairieGame>) {
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

}  // namespace tav::cli
