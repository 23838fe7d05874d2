// Counting the stones a move on the last empty square of a full 8x8 board
// would flip, without making the move.
//
// With one empty square x left on an 8x8 board every other square holds a
// stone, so the stones of one side determine the other's: a player's flips on
// each of the four lines through x depend only on which squares of that line
// are the player's. Each line is gathered into an 8-bit pattern (BMI2 pext,
// one instruction per line) and a 2 KiB table gives the flips of that line
// for x's place in it. Four loads and adds replace the eight-ray flip mask and
// its population count of Flips() (bitboard.h): the last empty is a third of
// an Othello endgame's nodes. Edax counts the last flip the same way, with its
// own tables; this is written from the rule alone.
//
// Only for Othello on the full 8x8 frame: on smaller boards the squares off
// the board are empty, and in Desdemona a count cannot tell captured enemy
// stones (which turn neutral) from captured neutral ones (which turn ours).
// Without BMI2 the count falls back to PopCount(Flips()).
#pragma once

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/bits.h"
#include "games/reversi/bitboard.h"

namespace tav::reversi {

// Per square: the masks of its four lines (row, column, a1-h8 and a8-h1
// diagonals) and its index within each line, counted from the line's lowest
// square.
struct LastFlipLines {
  std::array<std::array<u64, 4>, 64> mask{};
  std::array<std::array<std::uint8_t, 4>, 64> place{};
  constexpr LastFlipLines() {
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      for (int i = 0; i < 64; ++i) {
        const int ri = i / 8, ci = i % 8;
        const bool on[4] = {ri == r, ci == c, ri - ci == r - c, ri + ci == r + c};
        for (int line = 0; line < 4; ++line) {
          if (!on[line]) continue;
          mask[sq][line] |= u64{1} << i;
          if (i < sq) ++place[sq][line];
        }
      }
    }
  }
};

// kLastFlipCount[k][pattern]: the stones flipped on one line by the player
// whose stones are `pattern` when playing its square k, every other square of
// the line holding an opponent's stone. Bits beyond a short diagonal's end are
// 0, so a run reaching them brackets nothing, as at the board's edge.
struct LastFlipCountTable {
  std::array<std::array<std::uint8_t, 256>, 8> count{};
  constexpr LastFlipCountTable() {
    for (int k = 0; k < 8; ++k) {
      for (int pattern = 0; pattern < 256; ++pattern) {
        int total = 0;
        for (int step : {1, -1}) {
          int run = 0, j = k + step;
          while (j >= 0 && j < 8 && !(pattern >> j & 1)) {
            ++run;
            j += step;
          }
          if (j >= 0 && j < 8) total += run;
        }
        count[k][pattern] = static_cast<std::uint8_t>(total);
      }
    }
  }
};

inline constexpr LastFlipLines kLastFlipLines{};
inline constexpr LastFlipCountTable kLastFlipCount{};

// The number of stones P flips by playing x, the only empty square of a full
// 8x8 board (P's stones are `P`; every other square but x is the opponent's).
inline int CountLastFlips(int x, u64 P) {
#if defined(__BMI2__)
  const auto& mask = kLastFlipLines.mask[x];
  const auto& place = kLastFlipLines.place[x];
  return kLastFlipCount.count[place[0]][_pext_u64(P, mask[0])] +
         kLastFlipCount.count[place[1]][_pext_u64(P, mask[1])] +
         kLastFlipCount.count[place[2]][_pext_u64(P, mask[2])] +
         kLastFlipCount.count[place[3]][_pext_u64(P, mask[3])];
#else
  return PopCount(Flips(x, P, ~(P | Bit(x))));
#endif
}

}  // namespace tav::reversi
