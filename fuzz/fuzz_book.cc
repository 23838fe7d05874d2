// Opening-book files (book/book.h). The input is parsed twice: as it is, and
// with its two checksums recomputed, so that the fuzzer also reaches the
// record checks behind them (a random mutation almost never keeps an FNV-1a
// checksum right). Checked: an accepted book of the current version
// serializes to exactly the bytes it was read from (the format has one
// encoding of each book); an older version (read, never written) serializes
// to a current-version book that reads back to the same bytes.
#include <cstring>
#include <string>

#include "book/book.h"
#include "fuzz_util.h"

namespace {

using tav::fuzz::Require;

std::uint32_t U32At(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= std::uint32_t{static_cast<unsigned char>(s[at + i])} << (8 * i);
  return v;
}

void PutU64At(std::string& s, std::size_t at, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) s[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// The book layout's checksums made right: payload checksum at byte 32, the
// header's in its last 8 bytes (book.h). Unchanged when too short for them.
std::string FixChecksums(std::string bytes) {
  if (bytes.size() < 40) return bytes;
  const std::uint32_t header_bytes = U32At(bytes, 12);
  if (header_bytes < 40 || header_bytes > bytes.size()) return bytes;
  PutU64At(bytes, 32, tav::book::Fnv1a64(std::string_view(bytes).substr(header_bytes)));
  PutU64At(bytes, header_bytes - 8,
           tav::book::Fnv1a64(std::string_view(bytes).substr(0, header_bytes - 8)));
  return bytes;
}

void Check(const std::string& bytes) {
  auto book = tav::book::Parse(bytes, "book.tvb");
  if (!book.ok()) return tav::fuzz::RequireMessage(book.status());
  const std::string out = tav::book::Serialize(*book);
  if (U32At(bytes, 8) == tav::book::kVersion) {
    Require(out == bytes, "an accepted book does not serialize to the bytes it was read from");
  }
  auto again = tav::book::Parse(out, "again");
  Require(again.ok(), "a serialized book does not parse");
  Require(tav::book::Serialize(*again) == out, "a serialized book does not serialize to itself");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(tav::fuzz::AsText(data, size));
  Check(bytes);
  const std::string fixed = FixChecksums(bytes);
  if (fixed != bytes) Check(fixed);
  return 0;
}
