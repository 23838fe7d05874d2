// The arithmetic of Prairie's position index: bit deposit/extract (BMI2 when
// the build has it) and the combinatorial number system for dog sets.
#pragma once

#include <array>
#include <cstdint>

#include "core/bits.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tav::prairie {

// Bits 0, 3, 6, ...: one 3-bit digit per column in a tier id.
inline constexpr u64 kColumnDigits = 0x49249249ULL;

// Scatters the low bits of `bits` to the set positions of `mask` (pdep).
inline u64 Deposit(u64 bits, u64 mask) {
#if defined(__BMI2__)
  return _pdep_u64(bits, mask);
#else
  u64 out = 0;
  for (u64 m = mask; m && bits; m &= m - 1, bits >>= 1) {
    if (bits & 1) out |= m & -m;
  }
  return out;
#endif
}

// Gathers the bits of `bits` at the set positions of `mask` (pext).
inline u64 Extract(u64 bits, u64 mask) {
#if defined(__BMI2__)
  return _pext_u64(bits, mask);
#else
  u64 out = 0;
  int k = 0;
  for (u64 m = mask; m; m &= m - 1, ++k) {
    if (bits & m & -m) out |= u64{1} << k;
  }
  return out;
#endif
}

// C(n, k) for n < 64, k <= 4; 0 when k > n or n < 0.
struct BinomialTable {
  std::array<std::array<std::uint64_t, 5>, 64> c{};
  constexpr BinomialTable() {
    for (int n = 0; n < 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 4; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
inline constexpr BinomialTable kBinomial{};

inline std::uint64_t Binomial(int n, int k) { return n < 0 ? 0 : kBinomial.c[n][k]; }

// Colex rank of a set of squares (bit positions): sum of C(p_i, i+1) over the
// set's positions in increasing order.
inline std::uint64_t CombinationRank(u64 set) {
  std::uint64_t r = 0;
  int k = 1;
  for (; set; set &= set - 1, ++k) r += kBinomial.c[LowestBit(set)][k];
  return r;
}

// The set of `k` positions with colex rank `r` (positions below `limit`).
inline u64 CombinationUnrank(std::uint64_t r, int k, int limit) {
  u64 set = 0;
  int p = limit - 1;
  for (; k > 0; --k) {
    while (kBinomial.c[p][k] > r) --p;
    set |= u64{1} << p;
    r -= kBinomial.c[p][k];
    --p;
  }
  return set;
}

}  // namespace tav::prairie
