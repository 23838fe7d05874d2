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

// The word loop of Checksum64, for data that arrives in pieces (a table saved
// as it is read): Add each 64-bit word in order, then Finish with a last word
// that closes the sequence (Checksum64: the tail bytes and their count; a
// stream of whole records: the record count). The seed is mixed into the start
// state; Checksum64 seeds with the byte count, which a stream knows only at
// its end, so a stream seeds with 0.
class WordChecksum {
 public:
  explicit constexpr WordChecksum(std::uint64_t seed = 0) : h_(0x243f6a8885a308d3ULL ^ seed) {}
  constexpr void Add(std::uint64_t word) { h_ = Mix64(h_ ^ word) + 0x9e3779b97f4a7c15ULL; }
  constexpr std::uint64_t Finish(std::uint64_t last) const { return Mix64(h_ ^ last); }

 private:
  std::uint64_t h_;
};

// A 64-bit checksum of a file's bytes (Mix64 over 8-byte words): tables and
// checkpoints record it to detect damage, not tampering. Its values are in
// committed checksums: it must not change.
inline std::uint64_t Checksum64(std::string_view bytes) {
  WordChecksum sum(bytes.size());
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    sum.Add(w);
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  return sum.Finish(tail ^ (bytes.size() - i));
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
