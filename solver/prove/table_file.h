// The file of a df-pn checkpoint (tav prove --out): the prover's table, so
// that a proof killed at any moment resumes from its last checkpoint with
// every proof and disproof number it had stored.
//
//   line 1   "tav dfpn table 1"
//   line 2   a JSON header: the game (core/record_header.h fields), the
//            position proved, `entries`, `payload_bytes` and `checksum`
//            (Checksum64 of the payload, core/hash.h)
//   payload  `entries` records of 24 bytes: key (u64), pn (u32), dn (u32),
//            work (u64), in the machine's byte order (little-endian here)
//
// Design. The table is the proof's whole state: df-pn recomputes everything
// else from the root, so saving the stored entries (not the recursion) is
// enough, and a table saved in the middle of the search is as good as one
// saved between iterations (every entry is numbers some finished visit
// computed). The file is written atomically (core/atomic_file.h), so a kill
// during a save leaves the previous checkpoint. Trade-off: a save writes the
// whole table (24 bytes an entry: a full 1 GiB table is about 1 GiB), so
// saves are spaced by the caller to a small share of the run's time.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/hash.h"
#include "nlohmann/json.hpp"
#include "prove/dfpn.h"

namespace tav::prove {

inline constexpr char kTableMagic[] = "tav dfpn table 1";
inline constexpr std::size_t kTableRecordBytes = 24;

// A table file in two parts, the magic and JSON header lines (`head`) and
// the entries (`payload`), written one after the other
// (WriteFileAtomically's parts form): a full table is gigabytes, and putting
// the lines in front of it would move all of it.
struct SerializedDfpnTable {
  std::string head;
  std::string payload;
};

// The file of `header` (game and position fields; entries, payload_bytes and
// checksum are filled in here) and every entry of `prover`.
template <class Prover>
SerializedDfpnTable SerializeDfpnTable(nlohmann::json header, const Prover& prover) {
  std::uint64_t entries = 0;
  prover.ForEachEntry([&](const DfpnEntry&) { ++entries; });
  SerializedDfpnTable file;
  file.payload.reserve(entries * kTableRecordBytes);
  prover.ForEachEntry([&](const DfpnEntry& e) {
    char record[kTableRecordBytes];
    std::memcpy(record, &e.key, 8);
    std::memcpy(record + 8, &e.pn, 4);
    std::memcpy(record + 12, &e.dn, 4);
    std::memcpy(record + 16, &e.work, 8);
    file.payload.append(record, kTableRecordBytes);
  });
  header["entries"] = file.payload.size() / kTableRecordBytes;
  header["payload_bytes"] = file.payload.size();
  header["checksum"] = Checksum64(file.payload);
  file.head = absl::StrCat(kTableMagic, "\n", header.dump(), "\n");
  return file;
}

struct DfpnTableFile {
  nlohmann::json header;
  std::string_view payload;  // into the bytes parsed
};

// Splits and checks a table file's bytes; DataLoss naming `path` if it is not
// one or is damaged (truncated, checksum mismatch).
inline absl::StatusOr<DfpnTableFile> ParseDfpnTable(std::string_view bytes,
                                                    const std::string& path) {
  auto damaged = [&](const std::string& why) {
    return absl::DataLossError(absl::StrCat("damaged df-pn table ", path, ": ", why));
  };
  const std::size_t first = bytes.find('\n');
  if (first == std::string_view::npos || bytes.substr(0, first) != std::string_view(kTableMagic)) {
    return damaged(absl::StrCat("its first line is not '", kTableMagic, "'"));
  }
  const std::size_t second = bytes.find('\n', first + 1);
  if (second == std::string_view::npos) return damaged("no header line");
  DfpnTableFile file;
  file.header = nlohmann::json::parse(bytes.substr(first + 1, second - first - 1), nullptr,
                                      /*allow_exceptions=*/false);
  if (!file.header.is_object() || !file.header.contains("payload_bytes") ||
      !file.header.contains("checksum") || !file.header["payload_bytes"].is_number_unsigned() ||
      !file.header["checksum"].is_number_unsigned()) {
    return damaged("the header line is not a table header");
  }
  file.payload = bytes.substr(second + 1);
  const std::uint64_t expected = file.header["payload_bytes"].get<std::uint64_t>();
  if (file.payload.size() != expected || expected % kTableRecordBytes != 0) {
    return damaged(absl::StrCat(file.payload.size(), " payload bytes, the header says ", expected));
  }
  if (Checksum64(file.payload) != file.header["checksum"].get<std::uint64_t>()) {
    return damaged("checksum mismatch");
  }
  return file;
}

// Puts every entry of a parsed file back into `prover`; how many.
template <class Prover>
std::uint64_t RestoreDfpnTable(const DfpnTableFile& file, Prover& prover) {
  std::uint64_t count = 0;
  for (std::size_t at = 0; at + kTableRecordBytes <= file.payload.size();
       at += kTableRecordBytes, ++count) {
    DfpnEntry e;
    std::memcpy(&e.key, file.payload.data() + at, 8);
    std::memcpy(&e.pn, file.payload.data() + at + 8, 4);
    std::memcpy(&e.dn, file.payload.data() + at + 12, 4);
    std::memcpy(&e.work, file.payload.data() + at + 16, 8);
    prover.Restore(e);
  }
  return count;
}

}  // namespace tav::prove
