// Retrograde tier files (retro/tier_file.h). Parsed as they are and with the
// payload checksum recomputed (so the fuzzer gets past it to the header and
// size checks). Checked: an accepted file serializes (SerializeTierFile) to
// a file that parses to the same header and payload.
#include <string>

#include "absl/strings/str_format.h"
#include "core/hash.h"
#include "fuzz_util.h"
#include "retro/tier_file.h"

namespace {

using tav::fuzz::Require;

// Replaces the header's "checksum":"<16 hex>" with the payload's checksum,
// the payload being everything after the second line.
std::string FixChecksum(std::string bytes) {
  const std::size_t nl1 = bytes.find('\n');
  const std::size_t nl2 = nl1 == std::string::npos ? nl1 : bytes.find('\n', nl1 + 1);
  if (nl2 == std::string::npos) return bytes;
  const std::string key = "\"checksum\":\"";
  const std::size_t at = bytes.find(key, nl1);
  if (at == std::string::npos || at + key.size() + 16 > nl2) return bytes;
  const std::string sum =
      absl::StrFormat("%016x", tav::Checksum64(std::string_view(bytes).substr(nl2 + 1)));
  bytes.replace(at + key.size(), 16, sum);
  return bytes;
}

void Check(const std::string& bytes) {
  auto file = tav::retro::ParseTierFile(bytes, "tier.tav");
  if (!file.ok()) return tav::fuzz::RequireMessage(file.status());
  const std::string out = tav::retro::SerializeTierFile(file->header, file->payload);
  auto again = tav::retro::ParseTierFile(out, "again");
  Require(again.ok(), "a serialized tier file does not parse");
  Require(again->payload == file->payload, "the payload changes through a round trip");
  Require(tav::retro::SerializeTierFile(again->header, again->payload) == out,
          "the header changes through a round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(tav::fuzz::AsText(data, size));
  Check(bytes);
  const std::string fixed = FixChecksum(bytes);
  if (fixed != bytes) Check(fixed);
  return 0;
}
