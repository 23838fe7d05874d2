#include "retro/tier_file.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/atomic_file.h"
#include "core/game_options.h"
#include "core/hash.h"
#include "core/json_fields.h"

namespace tav::retro {
namespace {

std::string MagicLine() { return absl::StrCat(std::string(kTierMagic), " ", kTierFormatVersion); }

nlohmann::json HeaderJson(const TierHeader& h) {
  return {{"game", h.game},
          {"variant", h.variant},
          {"size", h.size},
          {"board", h.board},
          {"options", h.options},
          {"tier", h.tier},
          {"tier_id", h.tier_id},
          {"count", h.count},
          {"encoding", std::string(EncodingName(h.encoding))},
          {"payload_bytes", h.payload_bytes},
          {"checksum", absl::StrFormat("%016x", h.checksum)},
          {"stats", h.stats}};
}

absl::Status Damaged(const std::string& path, const std::string& why) {
  return absl::DataLossError(absl::StrCat("damaged tier file ", path, ": ", why));
}

absl::StatusOr<TierHeader> ParseHeader(const std::string& path, std::string_view magic,
                                       std::string_view json_line) {
  if (magic != MagicLine()) {
    if (magic.substr(0, kTierMagic.size()) == kTierMagic) {
      return Damaged(path, absl::StrCat("format '", std::string(magic), "', this build reads '",
                                        MagicLine(), "'"));
    }
    return Damaged(path, "not a tier file (no TAVRETRO line)");
  }
  nlohmann::json j = nlohmann::json::parse(json_line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Damaged(path, "the header is not JSON");
  TierHeader h;
  try {
    h.game = j.at("game").get<std::string>();
    h.variant = j.at("variant").get<std::string>();
    h.size = JsonIntAt<int>(j, "size");
    h.board = j.at("board").get<std::string>();
    h.options = GameOptionsFromJson(j);
    h.tier = j.at("tier").get<std::string>();
    h.tier_id = JsonIntAt<std::uint64_t>(j, "tier_id");
    h.count = JsonIntAt<std::uint64_t>(j, "count");
    absl::StatusOr<Encoding> enc = ParseEncoding(j.at("encoding").get<std::string>());
    if (!enc.ok()) return Damaged(path, std::string(enc.status().message()));
    h.encoding = *enc;
    h.payload_bytes = JsonIntAt<std::uint64_t>(j, "payload_bytes");
    const std::string sum = j.at("checksum").get<std::string>();
    if (sum.size() != 16 || !std::all_of(sum.begin(), sum.end(), absl::ascii_isxdigit)) {
      return Damaged(path, "bad checksum field (expected 16 hex digits)");
    }
    h.checksum = std::stoull(sum, nullptr, 16);
    h.stats = j.value("stats", nlohmann::json());
  } catch (const std::exception& e) {
    return Damaged(path, absl::StrCat("bad header: ", e.what()));
  }
  if (h.payload_bytes != EncodedBytes(h.encoding, h.count)) {
    return Damaged(path, "payload size does not match the position count");
  }
  return h;
}

// The magic and header lines in front of `payload` (payload_bytes and
// checksum filled in from it).
std::string HeaderLines(TierHeader header, std::string_view payload) {
  header.payload_bytes = payload.size();
  header.checksum = Checksum64(payload);
  return absl::StrCat(MagicLine(), "\n", HeaderJson(header).dump(), "\n");
}

}  // namespace

std::string SerializeTierFile(TierHeader header, std::string_view payload) {
  std::string contents = HeaderLines(std::move(header), payload);
  contents.append(payload.data(), payload.size());
  return contents;
}

absl::Status WriteTierFile(const std::string& path, TierHeader header, std::string_view payload,
                           bool durable) {
  // Written from the caller's payload: no copy of a tier (up to gigabytes)
  // behind the header.
  const std::string lines = HeaderLines(std::move(header), payload);
  return WriteFileAtomically(path, {lines, payload},
                             durable ? Durability::kSynced : Durability::kUnsynced);
}

absl::StatusOr<TierFile> ReadTierFile(const std::string& path) {
  if (!std::filesystem::exists(path))
    return absl::NotFoundError(absl::StrCat("missing tier file ", path));
  absl::StatusOr<std::string> all = ReadWholeFile(path);
  if (!all.ok()) return all.status();
  return ParseTierFile(*all, path);
}

absl::StatusOr<TierFile> ParseTierFile(std::string_view all, const std::string& path) {
  const size_t nl1 = all.find('\n');
  const size_t nl2 = nl1 == std::string::npos ? nl1 : all.find('\n', nl1 + 1);
  if (nl2 == std::string::npos) return Damaged(path, "truncated header");
  absl::StatusOr<TierHeader> h =
      ParseHeader(path, all.substr(0, nl1), all.substr(nl1 + 1, nl2 - nl1 - 1));
  if (!h.ok()) return h.status();
  TierFile file;
  file.header = *h;
  if (all.size() - nl2 - 1 != h->payload_bytes) {
    return Damaged(path, absl::StrCat("payload has ", all.size() - nl2 - 1, " bytes, header says ",
                                      h->payload_bytes));
  }
  file.payload = std::string(all.substr(nl2 + 1));
  if (Checksum64(file.payload) != h->checksum) return Damaged(path, "checksum mismatch");
  return file;
}

absl::StatusOr<TierHeader> ReadTierHeader(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("missing tier file ", path));
  std::string magic, json;
  if (!std::getline(in, magic) || !std::getline(in, json)) return Damaged(path, "truncated header");
  absl::StatusOr<TierHeader> h = ParseHeader(path, magic, json);
  if (!h.ok()) return h.status();
  const std::uint64_t expected = magic.size() + json.size() + 2 + h->payload_bytes;
  std::error_code ec;
  if (std::filesystem::file_size(path, ec) != expected || ec) {
    return Damaged(path, "file size does not match its header");
  }
  return h;
}

}  // namespace tav::retro
