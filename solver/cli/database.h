// Opening a `tav retro` database (--db=DIR): the one way every command does
// it (probe, verify, crosscheck, and the forward searches' tables of
// solve --db and prove --db).
//
// Design: a database is refused as a whole, before any search, lookup or
// sampling, when it is incomplete or not what its manifest says: opening
// reads the manifest, checks that its tier and position counts are the
// game's for its selection (an edited manifest), and reads the header of
// every tier file of the selection (a missing, truncated or foreign file,
// named). Payload checksums are checked when a tier is loaded
// (retro/tier_store.h), because reading every payload up front would cost
// as much as `tav verify`; a damaged payload is therefore reported when the
// search first needs it. Errors are the store's: NotFound for a missing file,
// DataLoss for a damaged one, both exit status 2.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "retro/lookup.h"
#include "retro/manifest.h"
#include "retro/tier_file.h"
#include "retro/tier_game.h"
#include "retro/tier_store.h"

namespace tav::cli {

// --db and --memory-mb: the directory (required), its manifest and the cache
// budget. Errors: missing --db, no or a bad manifest.
struct DatabaseFlags {
  std::string dir;
  retro::Manifest manifest;
  std::uint64_t memory_bytes = 0;
};
absl::StatusOr<DatabaseFlags> DatabaseFromFlags();

// A database opened for `game` (built from the manifest's spec): the tier
// store and the tiers of its selection, every file's header checked.
template <retro::TierGame G>
struct Database {
  std::string dir;
  retro::Manifest manifest;
  std::vector<typename G::Tier> tiers;  // the selection's canonical tiers, solving order
  std::shared_ptr<const absl::flat_hash_set<typename G::Tier>> tier_set;
  std::shared_ptr<retro::TierStore> store;

  // A lookup for which a missing tier of the selection is an error, never
  // "not in the tables".
  retro::TableLookup<G> Lookup(const G& game) const {
    return retro::TableLookup<G>(game, store, tier_set);
  }
};

template <retro::TierGame G>
absl::StatusOr<Database<G>> OpenDatabase(const G& game, const std::string& dir,
                                         const retro::Manifest& manifest,
                                         std::uint64_t memory_bytes) {
  Database<G> db;
  db.dir = dir;
  db.manifest = manifest;
  absl::StatusOr<std::vector<typename G::Tier>> tiers = game.tiers(manifest.selection);
  if (!tiers.ok()) return tiers.status();
  db.tiers = std::move(*tiers);
  std::uint64_t positions = 0;
  for (const auto& t : db.tiers) positions += game.tier_size(t);
  if (manifest.tiers != db.tiers.size() || manifest.positions != positions) {
    return absl::DataLossError(absl::StrCat(
        retro::ManifestPath(dir), " says ", manifest.tiers, " tiers and ", manifest.positions,
        " positions, but its selection '", manifest.selection, "' of ", manifest.board, " has ",
        db.tiers.size(), " tiers and ", positions, " positions (an edited manifest?)"));
  }
  db.tier_set = std::make_shared<const absl::flat_hash_set<typename G::Tier>>(db.tiers.begin(),
                                                                              db.tiers.end());
  db.store = std::make_shared<retro::TierStore>(
      dir,
      retro::TierIdentity{std::string(G::kName), game.size(), game.board_name(), manifest.encoding},
      memory_bytes);
  for (const auto& t : db.tiers) {
    const std::string path = db.store->tier_path(game.tier_name(t));
    absl::StatusOr<retro::TierHeader> header = retro::ReadTierHeader(path);
    if (!header.ok()) {
      if (absl::IsNotFound(header.status())) {
        return absl::NotFoundError(
            absl::StrCat(header.status().message(), " (", dir,
                         " is incomplete: run its tav retro command again to finish it)"));
      }
      return header.status();
    }
    if (absl::Status s = db.store->CheckHeader(*header, t, game.tier_size(t), path); !s.ok()) {
      return s;
    }
  }
  return db;
}

}  // namespace tav::cli
