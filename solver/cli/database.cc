#include "cli/database.h"

#include "absl/flags/flag.h"
#include "cli/retro_flags.h"

namespace tav::cli {

absl::StatusOr<DatabaseFlags> DatabaseFromFlags() {
  DatabaseFlags db;
  db.dir = absl::GetFlag(FLAGS_db);
  if (db.dir.empty()) return absl::InvalidArgumentError("missing --db=DIR (a tav retro database)");
  absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(db.dir);
  if (!manifest.ok()) return manifest.status();
  db.manifest = std::move(*manifest);
  db.memory_bytes = MemoryBytesFromFlag();
  return db;
}

}  // namespace tav::cli
