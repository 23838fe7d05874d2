// Hash mixing and a small deterministic random generator.
//
// Games either keep an incremental Zobrist key or derive their key from the
// whole board with Mix64; both end in a 64-bit key whose every bit is well
// mixed, because the transposition table takes its index from the low bits and
// verifies with the full key.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace tav {

// The finaliser of MurmurHash3: a bijection on 64-bit words with full avalanche.
constexpr std::uint64_t Mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// Combines words into one key; order matters (HashWords(a, b) != HashWords(b, a)).
constexpr std::uint64_t HashCombine(std::uint64_t seed, std::uint64_t word) {
  return Mix64(seed ^ (word + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

// A 64-bit checksum of a file's bytes (Mix64 over 8-byte words): tables and
// checkpoints record it to detect damage, not tampering.
inline std::uint64_t Checksum64(std::string_view bytes) {
  std::uint64_t h = 0x243f6a8885a308d3ULL ^ bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = Mix64(h ^ w) + 0x9e3779b97f4a7c15ULL;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  return Mix64(h ^ tail ^ (bytes.size() - i));
}

// SplitMix64: tiny, fast, statistically good, and reproducible across
// platforms — used for Zobrist tables, random playouts and test positions.
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) : state_(seed) {}
  constexpr std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0. The modulo bias is below 2^-32 for n < 2^32.
  constexpr std::uint64_t Below(std::uint64_t n) { return Next() % n; }

 private:
  std::uint64_t state_;
};

}  // namespace tav
