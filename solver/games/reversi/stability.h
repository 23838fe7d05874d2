// Stable stones: stones that no sequence of moves can ever capture.
//
// A stone can only be captured along one of the four lines through it
// (row, column, two diagonals), and only by a move on an empty square of that
// line bracketing a contiguous run of capturable stones containing it. So a
// stone is stable if, on each of its four lines, the line is full, or one of
// its two neighbours on the line is off the board or a stable stone of the
// same colour (a bracketing run would have to contain that neighbour, which
// cannot be captured). The same argument holds in Desdemona, where neutral
// stones are capturable by both sides and therefore never count as stable
// neighbours. The stable set is the least fixed point of that rule, reached by
// iterating from the empty set; it is a subset of the truly stable stones
// (edge patterns that need look-ahead are missed), which is all an admissible
// bound needs.
#pragma once

#include "core/bits.h"

namespace tav::reversi {

inline constexpr u64 kFileA = 0x0101010101010101ULL;
inline constexpr u64 kFileH = 0x8080808080808080ULL;
inline constexpr u64 kRank1 = 0x00000000000000ffULL;
inline constexpr u64 kRank8 = 0xff00000000000000ULL;

// Squares (of the 8x8 frame) whose line in each direction has no empty square.
// `filled` counts every square outside the N x N board as filled, so lines end
// at the board's edge.
struct FullLines {
  u64 horizontal, vertical, diagonal9, diagonal7;
};

inline FullLines ComputeFullLines(u64 filled) {
  FullLines f;
  u64 h = filled;
  h &= h >> 4;
  h &= h >> 2;
  h &= h >> 1;
  f.horizontal = (h & kFileA) * 0xff;
  u64 v = filled;
  v &= (v >> 32) | (v << 32);
  v &= (v >> 16) | (v << 48);
  v &= (v >> 8) | (v << 56);
  f.vertical = v;  // every byte is the AND of all rows
  // Diagonals: spread the empty squares along each diagonal both ways
  // (doubling steps), then the full squares are the rest.
  const u64 empty = ~filled;
  u64 e9 = empty;  // direction +9 (north-east) and -9
  e9 |= ((e9 << 9) & ~kFileA) | ((e9 >> 9) & ~kFileH);
  e9 |= ((e9 << 18) & ~(kFileA | kFileA << 1)) | ((e9 >> 18) & ~(kFileH | kFileH >> 1));
  e9 |= ((e9 << 36) & 0xf0f0f0f0f0f0f0f0ULL) | ((e9 >> 36) & 0x0f0f0f0f0f0f0f0fULL);
  f.diagonal9 = ~e9;
  u64 e7 = empty;  // direction +7 (north-west) and -7
  e7 |= ((e7 << 7) & ~kFileH) | ((e7 >> 7) & ~kFileA);
  e7 |= ((e7 << 14) & ~(kFileH | kFileH >> 1)) | ((e7 >> 14) & ~(kFileA | kFileA << 1));
  e7 |= ((e7 << 28) & 0x0f0f0f0f0f0f0f0fULL) | ((e7 >> 28) & 0xf0f0f0f0f0f0f0f0ULL);
  f.diagonal7 = ~e7;
  return f;
}

// The stable stones of `own`, given the full lines and the squares outside
// the board (`outside`, treated as stable neighbours of every colour).
inline u64 StableStones(u64 own, const FullLines& full, u64 outside) {
  u64 stable = 0;
  for (;;) {
    const u64 s = stable | outside;
    const u64 h = (s << 1) | (s >> 1) | kFileA | kFileH | full.horizontal;
    const u64 v = (s << 8) | (s >> 8) | kRank1 | kRank8 | full.vertical;
    const u64 d9 = (s << 9) | (s >> 9) | kFileA | kFileH | kRank1 | kRank8 | full.diagonal9;
    const u64 d7 = (s << 7) | (s >> 7) | kFileA | kFileH | kRank1 | kRank8 | full.diagonal7;
    const u64 next = own & h & v & d9 & d7;
    if (next == stable) return stable;
    stable = next;
  }
}

}  // namespace tav::reversi
