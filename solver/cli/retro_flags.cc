#include "cli/retro_flags.h"

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"

ABSL_FLAG(std::string, db, "", "directory of a retrograde database (tav retro --out)");
ABSL_FLAG(double, memory_gb, 8.0, "memory cap for loaded tiers, in GB (10^9 bytes)");
ABSL_FLAG(std::string, tiers, "",
          "which tiers to solve (game-specific; prairie: buffalo<=N); empty = all");
ABSL_FLAG(std::string, encoding, "dtw8",
          "table encoding: dtw8 (win/loss/draw and distance, 1 byte) or wl1 (win/loss, 1 bit)");

namespace tav::cli {

absl::StatusOr<std::uint64_t> MemoryBytesFromFlag() {
  const double gb = absl::GetFlag(FLAGS_memory_gb);
  if (!(gb > 0) || gb > 4096) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --memory-gb=", gb, ": must be in (0, 4096]"));
  }
  return static_cast<std::uint64_t>(gb * 1e9);
}

}  // namespace tav::cli
