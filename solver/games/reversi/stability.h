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

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

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
// the board (`outside`, treated as stable neighbours of every colour): the
// least fixed point above, started from `seed`, a set of stones of `own`
// already known to be stable, or none. (Seeded with EdgeStableStones below it
// is the reference the tests hold StableStones8x8 to.)
inline u64 StableStones(u64 own, const FullLines& full, u64 outside, u64 seed = 0) {
  u64 stable = seed;
  for (;;) {
    const u64 s = stable | outside;
    const u64 h = (s << 1) | (s >> 1) | kFileA | kFileH | full.horizontal;
    const u64 v = (s << 8) | (s >> 8) | kRank1 | kRank8 | full.vertical;
    const u64 d9 = (s << 9) | (s >> 9) | kFileA | kFileH | kRank1 | kRank8 | full.diagonal9;
    const u64 d7 = (s << 7) | (s >> 7) | kFileA | kFileH | kRank1 | kRank8 | full.diagonal7;
    const u64 next = seed | (own & h & v & d9 & d7);
    if (next == stable) return stable;
    stable = next;
  }
}

// ---- Othello on the full 8x8 board: exact edge stability as a seed ----------
//
// A stone on an edge can only be flipped along that edge (every other line
// through it ends there), so whether it is stable is a question about the
// edge's eight squares alone: can some sequence of stones placed on the
// edge's empty squares, by either side in any order, flip it? The answer
// for each of the 3^8 edge patterns is computed once (EdgeStabilityTable);
// it sees stones the fixed point above misses (an edge run closed by a stone
// of the other colour on both sides, say) and saves the iterations in which
// the fixed point would creep along the edges from the corners, which is
// most of its cost in the endgame solver. Seeding the fixed point with truly
// stable stones keeps its argument sound. Not for Desdemona, where neutral
// stones are capturable by both sides (a third kind of stone on the edge),
// nor for boards smaller than 8x8.

// kBase3[b]: the 8-bit mask b read as base-3 digits (bit i -> 3^i).
struct Base3Table {
  std::array<std::uint16_t, 256> value{};
  constexpr Base3Table() {
    for (int b = 0; b < 256; ++b) {
      int v = 0, power = 1;
      for (int i = 0; i < 8; ++i, power *= 3) v += (b >> i & 1) * power;
      value[b] = static_cast<std::uint16_t>(v);
    }
  }
};
inline constexpr Base3Table kBase3{};

// stable[pattern]: the squares of an 8-square edge whose stones no sequence
// of placements on the edge can flip; pattern = base3(player) + 2 * base3(opponent).
struct EdgeStabilityTable {
  std::array<std::uint8_t, 6561> stable{};
  EdgeStabilityTable() {
    std::array<std::uint8_t, 6561> unstable{};
    std::array<int, 8> state{};
    // Patterns with fewer empty squares first: a placement fills one.
    for (int empties = 0; empties <= 8; ++empties) {
      for (int pattern = 0; pattern < 6561; ++pattern) {
        int rest = pattern, count = 0, occupied = 0;
        for (int i = 0; i < 8; ++i, rest /= 3) {
          state[i] = rest % 3;
          if (state[i] == 0)
            ++count;
          else
            occupied |= 1 << i;
        }
        if (count != empties) continue;
        unstable[pattern] = static_cast<std::uint8_t>(UnstableSquares(state, unstable) & occupied);
        stable[pattern] = static_cast<std::uint8_t>(occupied & ~unstable[pattern]);
      }
    }
  }

 private:
  // Squares flipped by a placement of either colour on an empty square, or
  // later in the position it leads to.
  static int UnstableSquares(const std::array<int, 8>& state,
                             const std::array<std::uint8_t, 6561>& unstable) {
    static constexpr int kPower[8] = {1, 3, 9, 27, 81, 243, 729, 2187};
    int result = 0;
    for (int e = 0; e < 8; ++e) {
      if (state[e] != 0) continue;
      for (int colour = 1; colour <= 2; ++colour) {
        std::array<int, 8> next = state;
        next[e] = colour;
        int flipped = 0;
        for (int step : {1, -1}) {
          int j = e + step, run = 0;
          while (j >= 0 && j < 8 && state[j] == 3 - colour) {
            run |= 1 << j;
            j += step;
          }
          if (j >= 0 && j < 8 && state[j] == colour) flipped |= run;
        }
        int index = 0;
        for (int i = 0; i < 8; ++i) {
          if (flipped >> i & 1) next[i] = colour;
          index += next[i] * kPower[i];
        }
        result |= flipped | unstable[index];
      }
    }
    return result;
  }
};

// Built before main() (a namespace-scope variable: no guard on each use).
inline const EdgeStabilityTable kEdgeStability{};

// The squares of column a (shifted by `file`) as an 8-bit mask, row r -> bit r; and back.
inline unsigned FileToByte(u64 b, int file) {
#if defined(__BMI2__)
  return static_cast<unsigned>(_pext_u64(b, kFileA << file));
#else
  return static_cast<unsigned>((((b >> file) & kFileA) * 0x0102040810204080ULL) >> 56);
#endif
}
inline u64 ByteToFile(unsigned byte, int file) {
#if defined(__BMI2__)
  return _pdep_u64(byte, kFileA << file);
#else
  // Spread bit r to bit 8r (each bit of the byte to its row), then to the file.
  u64 b = byte;
  b = (b | (b << 28)) & 0x0000000f0000000fULL;
  b = (b | (b << 14)) & 0x0003000300030003ULL;
  b = (b | (b << 7)) & 0x0101010101010101ULL;
  return b << file;
#endif
}

// The stones on the four edges that can never be flipped (either colour).
inline u64 EdgeStableStones(u64 P, u64 O) {
  const auto& table = kEdgeStability.stable;
  auto edge = [&](unsigned p, unsigned o) { return table[kBase3.value[p] + 2 * kBase3.value[o]]; };
  u64 stable = edge(P & 0xff, O & 0xff);
  stable |= u64{edge(P >> 56, O >> 56)} << 56;
  stable |= ByteToFile(edge(FileToByte(P, 0), FileToByte(O, 0)), 0);
  stable |= ByteToFile(edge(FileToByte(P, 7), FileToByte(O, 7)), 7);
  return stable;
}

// StableStones() for Othello on the full 8x8 board, seeded with the exact
// edge-stable stones: with the edges settled, only the 36 inner squares are
// left to the fixed point, whose neighbours on every line are on the board
// (no edge masks, no wrap-around), and the inner stones whose four lines are
// full are stable from the start. The same set as StableStones(own, full, 0,
// own & EdgeStableStones(own, theirs)) -- an edge stone that rule adds is
// edge-stable already -- for fewer instructions.
inline u64 StableStones8x8(u64 own, u64 theirs, const FullLines& full) {
  constexpr u64 kInner = 0x007e7e7e7e7e7e00ULL;
  const u64 inner = own & kInner;
  u64 stable = (own & EdgeStableStones(own, theirs)) |
               (inner & full.horizontal & full.vertical & full.diagonal9 & full.diagonal7);
  if (stable == 0) return 0;  // nothing stable to lean on
  for (;;) {
    const u64 h = (stable << 1) | (stable >> 1) | full.horizontal;
    const u64 v = (stable << 8) | (stable >> 8) | full.vertical;
    const u64 d9 = (stable << 9) | (stable >> 9) | full.diagonal9;
    const u64 d7 = (stable << 7) | (stable >> 7) | full.diagonal7;
    const u64 next = stable | (inner & h & v & d9 & d7);
    if (next == stable) return stable;
    stable = next;
  }
}

// The stable stones of `own` against `theirs` on a board whose squares off
// the board are `outside`, the one rule the solver and the evaluation's bounds
// share: on the full 8x8 board of Othello (no neutral stones, nothing
// outside) the fixed point starts from the exact edge-stable stones
// (StableStones8x8); on smaller boards and in Desdemona from nothing (see above).
template <bool kNeutrals>
inline u64 StableStonesOf(u64 own, u64 theirs, const FullLines& full, u64 outside) {
  if constexpr (!kNeutrals) {
    if (outside == 0) return StableStones8x8(own, theirs, full);
  }
  (void)theirs;
  return StableStones(own, full, outside);
}

}  // namespace tav::reversi
