// Flags of the retrograde commands (retro, probe, verify, crosscheck), shared
// with the forward searches' --db (endgame tables probed at the leaves).
#pragma once

#include <cstdint>
#include <string>

#include "absl/flags/declare.h"

ABSL_DECLARE_FLAG(std::string, db);
ABSL_DECLARE_FLAG(int, memory_mb);
ABSL_DECLARE_FLAG(std::string, tiers);
ABSL_DECLARE_FLAG(std::string, encoding);

namespace tav::cli {

// --memory-mb in bytes (MiB = 2^20 bytes; ParseFlags has checked the range).
std::uint64_t MemoryBytesFromFlag();

}  // namespace tav::cli
