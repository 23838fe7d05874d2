// DIR/manifest.json: what a retrograde database is, so that `tav probe`,
// `tav verify` and a resumed `tav retro` rebuild the same game and refuse a
// directory that holds a different one.
//
// One run at a time writes a database directory: LockDatabaseDirectory takes
// DIR/.lock (core/dir_lock.h) for the run's life, so a second `tav retro` on
// the same directory is refused while the first one runs (two writers would
// delete each other's temporary tier files and race on the manifest).
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "core/dir_lock.h"
#include "core/game.h"
#include "nlohmann/json.hpp"
#include "retro/value_code.h"

namespace tav::retro {

inline constexpr int kManifestSchema = 1;

struct Manifest {
  GameSpec spec;          // game, variant, size, options as given to Create
  std::string board;      // e.g. "5x7"
  std::string selection;  // the game's tier selection ("" = every tier)
  Encoding encoding = Encoding::kDtw8;
  std::uint64_t tiers = 0;      // canonical tiers in the database
  std::uint64_t positions = 0;  // positions over those tiers

  nlohmann::json ToJson() const;
  static absl::StatusOr<Manifest> FromJson(const nlohmann::json& j);

  // Same database (ignoring counts)? The message names the first difference.
  absl::Status SameAs(const Manifest& other) const;
};

std::string ManifestPath(const std::string& dir);
absl::StatusOr<Manifest> ReadManifest(const std::string& dir);
absl::Status WriteManifest(const std::string& dir, const Manifest& manifest);

// Creates and locks DIR for one run of the retrograde solver, for the life of
// the returned lock. FailedPrecondition, one line naming DIR: a path that is
// a file, a DIR another run holds, a DIR holding an exploration (tav
// explore's run.json). Nothing is written into DIR but the lock file; under
// the lock, temporary files a killed run left in DIR (NAME.tmp.PID.N) go.
absl::StatusOr<DirLock> LockDatabaseDirectory(const std::string& dir);

}  // namespace tav::retro
