#include "cli/retro_flags.h"

#include "absl/flags/flag.h"

ABSL_FLAG(std::string, db, "", "directory of a retrograde database (tav retro --out)");
ABSL_FLAG(int, memory_mb, 8192,
          "memory cap for loaded tiers in MiB (2^20 bytes), 1 to the machine's memory");
ABSL_FLAG(std::string, tiers, "",
          "which tiers to solve (game-specific; prairie: buffalo<=N); empty = all");
ABSL_FLAG(std::string, encoding, "dtw8",
          "table encoding: dtw8 (win/loss/draw and distance, 1 byte) or wl1 (win/loss, 1 bit)");

namespace tav::cli {

std::uint64_t MemoryBytesFromFlag() {
  return static_cast<std::uint64_t>(absl::GetFlag(FLAGS_memory_mb)) << 20;
}

}  // namespace tav::cli
