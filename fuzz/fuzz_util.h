// Shared pieces of the fuzz targets (fuzz/fuzz_*.cc).
//
// A target feeds libFuzzer's bytes to one parser and checks, beyond "no
// crash, no sanitizer report", the properties a parser promises where they
// are cheap: whatever it accepts prints back to text that parses to the same
// value (a round trip), and whatever it rejects comes with a message. A
// broken property aborts, which libFuzzer reports like a crash and saves as
// crash-<sha1>: rerun `build-fuzz/fuzz_X crash-<sha1>` to see the message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace tav::fuzz {

// Aborts with `what` unless `ok`: a broken parser property.
inline void Require(bool ok, std::string_view what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz property broken: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

// A rejection must say what is wrong.
inline void RequireMessage(const absl::Status& s) {
  Require(!s.ok() && !s.message().empty(), "an error without a message");
}

inline std::string_view AsText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The first byte chooses one of `n` configurations ('0' is the first, so a
// corpus file stays readable text); the rest is the parser's input.
inline std::size_t Choice(std::string_view& text, std::size_t n) {
  if (text.empty()) return 0;
  const std::size_t k = static_cast<unsigned char>(text[0] - '0') % n;
  text.remove_prefix(1);
  return k;
}

}  // namespace tav::fuzz
