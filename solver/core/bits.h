// Bit-twiddling helpers shared by every bitboard game.
//
// 64-bit boards (Othello, Desdemona) use uint64_t directly; boards of up to 128
// squares (Cathedral 10x10, Prairie 11x7) use Bits128, a thin wrapper around
// GCC's unsigned __int128 so that shifts and masks compile to two-register code.
#pragma once

#include <bit>
#include <cstdint>

namespace tav {

using u64 = std::uint64_t;
using u128 = unsigned __int128;

inline int PopCount(u64 b) { return std::popcount(b); }
inline int LowestBit(u64 b) { return std::countr_zero(b); }        // b != 0
inline int HighestBit(u64 b) { return 63 - std::countl_zero(b); }  // b != 0
inline u64 Bit(int square) { return u64{1} << square; }

inline int PopCount(u128 b) {
  return std::popcount(static_cast<u64>(b)) + std::popcount(static_cast<u64>(b >> 64));
}
inline int LowestBit(u128 b) {  // b != 0
  const u64 lo = static_cast<u64>(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<u64>(b >> 64));
}
inline int HighestBit(u128 b) {  // b != 0
  const u64 hi = static_cast<u64>(b >> 64);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<u64>(b));
}
inline u128 Bit128(int square) { return u128{1} << square; }

// Iterates the set bits of a 64- or 128-bit mask, lowest first:
//   for (int sq : SetBits(mask)) ...      for (int sq : SetBits128(mask)) ...
template <class Mask>
class SetBitsOf {
 public:
  explicit SetBitsOf(Mask mask) : mask_(mask) {}
  struct Iterator {
    Mask rest;
    int operator*() const { return LowestBit(rest); }
    Iterator& operator++() {
      rest &= rest - 1;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return rest != other.rest; }
  };
  Iterator begin() const { return {mask_}; }
  Iterator end() const { return {0}; }

 private:
  Mask mask_;
};
using SetBits = SetBitsOf<u64>;
using SetBits128 = SetBitsOf<u128>;

}  // namespace tav
