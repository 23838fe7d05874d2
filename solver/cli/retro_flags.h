// Flags of the retrograde commands (retro, probe, verify), shared with the
// forward solver's --db (endgame tables probed at the leaves).
#pragma once

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"

ABSL_DECLARE_FLAG(std::string, db);
ABSL_DECLARE_FLAG(double, memory_gb);
ABSL_DECLARE_FLAG(std::string, tiers);
ABSL_DECLARE_FLAG(std::string, encoding);

namespace tav::cli {

// --memory-gb in bytes; InvalidArgument unless 0 < value <= 4096.
absl::StatusOr<std::uint64_t> MemoryBytesFromFlag();

}  // namespace tav::cli
