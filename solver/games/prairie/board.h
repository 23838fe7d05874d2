// Prairie board geometry: the middle-area bitboard and square numbering.
//
// The board is W columns (3..11) by 7 rows, row 1 at the bottom. Light pieces
// live only in the middle area (rows 2..6), so the hot data is one 64-bit
// bitboard of that area with a fixed row stride of 12: bit (row-2)*12 + col.
// The stride is larger than every width, so the column(s) right of the board
// act as a guard: a sliding dog that steps off the east or west edge lands on
// a bit outside the valid mask and stops, with no per-step column test.
//
// Notation squares ("b7", "f4") number the whole board with the same stride:
// square (row-1)*12 + col, rows 1..7, so a middle-area square is bit sq-12.
#pragma once

#include <cstdint>
#include <string>

#include "core/bits.h"

namespace tav::prairie {

inline constexpr int kRows = 7;
inline constexpr int kMinWidth = 3;
inline constexpr int kMaxWidth = 11;
inline constexpr int kStride = 12;
inline constexpr int kMiddleRows = 5;                             // rows 2..6
inline constexpr int kMiddleBits = kMiddleRows * kStride;         // 60
inline constexpr int kTopRowShift = (kMiddleRows - 1) * kStride;  // row 6 starts at bit 48

// The squares of the middle area that exist on a board of `width` columns.
constexpr u64 MiddleMask(int width) {
  u64 mask = 0;
  for (int r = 0; r < kMiddleRows; ++r) mask |= ((u64{1} << width) - 1) << (r * kStride);
  return mask;
}
constexpr u64 RowMask(int width, int row) {  // row 2..6
  return ((u64{1} << width) - 1) << ((row - 2) * kStride);
}

constexpr int MiddleBit(int row, int col) { return (row - 2) * kStride + col; }
constexpr int BitRow(int bit) { return bit / kStride + 2; }
constexpr int BitCol(int bit) { return bit % kStride; }

constexpr int Square(int row, int col) { return (row - 1) * kStride + col; }
constexpr int SquareRow(int sq) { return sq / kStride + 1; }
constexpr int SquareCol(int sq) { return sq % kStride; }

inline std::string SquareName(int sq) {
  const char name[3] = {static_cast<char>('a' + SquareCol(sq)),
                        static_cast<char>('0' + SquareRow(sq)), 0};
  return name;
}

// Shifts of a middle-area bitboard by a signed bit offset.
template <int kDelta>
constexpr u64 Shift(u64 b) {
  if constexpr (kDelta >= 0) {
    return b << kDelta;
  } else {
    return b >> -kDelta;
  }
}

// The eight queen/king directions as bit offsets.
inline constexpr int kDirections[8] = {+1,          -1,          +kStride,     -kStride,
                                       kStride + 1, kStride - 1, -kStride + 1, -kStride - 1};

// Squares reached by sliding from `from` in direction kDelta over `empty`
// (Kogge-Stone occluded fill: kSteps doublings cover 2^kSteps - 1 squares
// before the last shift), without a branch per square.
template <int kDelta, int kSteps>
constexpr u64 RayAttacks(u64 from, u64 empty) {
  u64 gen = from, pro = empty;
  gen |= pro & Shift<kDelta>(gen);
  pro &= Shift<kDelta>(pro);
  gen |= pro & Shift<2 * kDelta>(gen);
  if constexpr (kSteps >= 3) {
    pro &= Shift<2 * kDelta>(pro);
    gen |= pro & Shift<4 * kDelta>(gen);
  }
  if constexpr (kSteps >= 4) {
    pro &= Shift<4 * kDelta>(pro);
    gen |= pro & Shift<8 * kDelta>(gen);
  }
  return Shift<kDelta>(gen) & empty;
}

// A dog's moves: rows are up to 11 squares (10 steps), columns and
// diagonals at most 5 (4 steps) in the middle area.
constexpr u64 QueenAttacks(u64 from, u64 empty) {
  return RayAttacks<1, 4>(from, empty) | RayAttacks<-1, 4>(from, empty) |
         RayAttacks<kStride, 2>(from, empty) | RayAttacks<-kStride, 2>(from, empty) |
         RayAttacks<kStride + 1, 2>(from, empty) | RayAttacks<kStride - 1, 2>(from, empty) |
         RayAttacks<-kStride + 1, 2>(from, empty) | RayAttacks<-kStride - 1, 2>(from, empty);
}

// Every square one king step from a square in `b`, restricted to `valid`.
constexpr u64 KingSpread(u64 b, u64 valid) {
  const u64 spread = (b << 1) | (b >> 1) | (b << kStride) | (b >> kStride) | (b << (kStride + 1)) |
                     (b << (kStride - 1)) | (b >> (kStride - 1)) | (b >> (kStride + 1));
  return spread & valid;
}

}  // namespace tav::prairie
