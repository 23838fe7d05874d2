// One solved tier on disk.
//
//   line 1   "TAVRETRO 1"                      magic and format version
//   line 2   one JSON object, the header: game, variant, size, board, tier
//            (name), tier_id, count (positions), encoding, payload_bytes,
//            checksum (16 hex digits), stats (the tier's deterministic
//            statistics, retro/tier_stats.h)
//   payload  the encoded values in index order (retro/value_code.h)
//
// The header is text so that `head -2 FILE` says what a file is; nothing in
// it depends on time or thread count, so solving the same tier twice gives
// byte-identical files (a resumed run can be compared with a fresh one).
// Files are written with WriteFileAtomically (temp file + fsync + rename): a
// killed run leaves complete tier files or none.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "retro/value_code.h"

namespace tav::retro {

inline constexpr std::string_view kTierMagic = "TAVRETRO";
inline constexpr int kTierFormatVersion = 1;

struct TierHeader {
  std::string game, variant, board, options;  // options: GameSpec::options
  int size = 0;
  std::string tier;
  std::uint64_t tier_id = 0;
  std::uint64_t count = 0;
  Encoding encoding = Encoding::kDtw8;
  std::uint64_t payload_bytes = 0;
  std::uint64_t checksum = 0;
  nlohmann::json stats;  // per-tier statistics; null if none
};

// The file's bytes: magic line, header (payload_bytes and checksum filled in
// from `payload`), payload.
std::string SerializeTierFile(TierHeader header, std::string_view payload);

// Fills payload_bytes and checksum, then writes atomically: a temporary file
// renamed over `path`, fsync'ed (file and directory) when `durable`. Without
// it (tests) a kill -9 still leaves whole files, a power cut may not.
absl::Status WriteTierFile(const std::string& path, TierHeader header, std::string_view payload,
                           bool durable = true);

struct TierFile {
  TierHeader header;
  std::string payload;
};

// Reads and checks a tier file: magic, version, header fields, payload size
// and checksum. Errors: NotFound (no file), DataLoss (anything damaged).
absl::StatusOr<TierFile> ReadTierFile(const std::string& path);

// ReadTierFile's checks on bytes already in memory; `path` names them in errors.
absl::StatusOr<TierFile> ParseTierFile(std::string_view bytes, const std::string& path);

// The header only (and the file size against payload_bytes); no checksum.
absl::StatusOr<TierHeader> ReadTierHeader(const std::string& path);

}  // namespace tav::retro
