// Bitboard kernels for Othello-family games on N x N boards (N <= 8).
//
// Squares are bits row * 8 + col (a1 = bit 0, h1 = bit 7, a8 = bit 56); a
// smaller board occupies the low-left N x N corner of the 8x8 frame, and the
// squares outside it are simply never occupied. Every kernel here works on
// "player" stones P, "capturable" stones C (the opponent's in Othello, the
// opponent's and the neutral ones in Desdemona) and the board mask, so one set
// of shifts serves both games and every size.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "core/bits.h"

namespace tav::reversi {

inline constexpr u64 kNotFileA = 0xfefefefefefefefeULL;  // excludes column a
inline constexpr u64 kNotFileH = 0x7f7f7f7f7f7f7f7fULL;  // excludes column h

constexpr u64 BoardMask(int n) {
  u64 row = (n >= 8) ? 0xffULL : ((u64{1} << n) - 1);
  u64 mask = 0;
  for (int r = 0; r < n; ++r) mask |= row << (8 * r);
  return mask;
}

// A square's distances a <= b to the two nearest edges of the N x N board,
// each capped at 3 (on 8x8 the centre squares have 3 and 3): the key of
// the square tables that rank squares by position (corner (0,0), C (0,1),
// X (1,1), ...): the move order's square values and the small solver's
// square classes.
struct EdgeDistances {
  int a, b;
};
constexpr EdgeDistances EdgeDistancesOf(int n, int sq) {
  const int r = sq / 8, c = sq % 8;
  const int dr = std::min(std::min(r, n - 1 - r), 3), dc = std::min(std::min(c, n - 1 - c), 3);
  return {std::min(dr, dc), std::max(dr, dc)};
}

// Legal move squares for P against capturable stones C on `empty` squares.
// Parallel-prefix (Kogge-Stone) propagation in the eight directions: each
// direction grows runs of capturable stones adjacent to P, doubling the run
// length per step, then the square just beyond a run is a move if it is empty.
// Horizontal and diagonal steps must not wrap from column h into column a (or
// back): restricting the *capturable* stones to columns b..g is enough, since
// a run never needs to cross an edge.
//
// LegalMovesScalar grows the four direction pairs one after another;
// LegalMoves (below) grows all four at once in the lanes of one AVX2
// register (variable shifts), a third of the instructions: perft spends most
// of its time here. The two must agree on every input (reversi_test).
inline u64 LegalMovesScalar(u64 P, u64 C, u64 empty) {
  const u64 Ch = C & 0x7e7e7e7e7e7e7e7eULL;
  u64 moves = 0;

  auto grow = [&](u64 inner, int shift) {
    // Stones of `inner` reachable from P through a contiguous run, shift > 0 up.
    u64 run_up = inner & (P << shift);
    u64 run_dn = inner & (P >> shift);
    const u64 pair_up = inner & (inner << shift);
    const u64 pair_dn = inner & (inner >> shift);
    run_up |= inner & (run_up << shift);
    run_dn |= inner & (run_dn >> shift);
    run_up |= pair_up & (run_up << (2 * shift));
    run_dn |= pair_dn & (run_dn >> (2 * shift));
    run_up |= pair_up & (run_up << (2 * shift));
    run_dn |= pair_dn & (run_dn >> (2 * shift));
    moves |= (run_up << shift) | (run_dn >> shift);
  };
  grow(Ch, 1);  // east / west
  grow(C, 8);   // north / south
  grow(Ch, 7);  // north-west / south-east
  grow(Ch, 9);  // north-east / south-west
  return moves & empty;
}

#if defined(__AVX2__)
inline u64 LegalMoves(u64 P, u64 C, u64 empty) {
  const auto Ch = static_cast<long long>(C & 0x7e7e7e7e7e7e7e7eULL);
  // Lanes 0..3: the step 1 (E/W), 8 (N/S), 7 (NW/SE), 9 (NE/SW) of the scalar grow().
  const __m256i shift = _mm256_set_epi64x(9, 7, 8, 1);
  const __m256i shift2 = _mm256_add_epi64(shift, shift);
  const __m256i inner = _mm256_set_epi64x(Ch, Ch, static_cast<long long>(C), Ch);
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(P));
  __m256i run_up = _mm256_and_si256(inner, _mm256_sllv_epi64(p, shift));
  __m256i run_dn = _mm256_and_si256(inner, _mm256_srlv_epi64(p, shift));
  const __m256i pair_up = _mm256_and_si256(inner, _mm256_sllv_epi64(inner, shift));
  const __m256i pair_dn = _mm256_and_si256(inner, _mm256_srlv_epi64(inner, shift));
  run_up = _mm256_or_si256(run_up, _mm256_and_si256(inner, _mm256_sllv_epi64(run_up, shift)));
  run_dn = _mm256_or_si256(run_dn, _mm256_and_si256(inner, _mm256_srlv_epi64(run_dn, shift)));
  run_up = _mm256_or_si256(run_up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(run_up, shift2)));
  run_dn = _mm256_or_si256(run_dn, _mm256_and_si256(pair_dn, _mm256_srlv_epi64(run_dn, shift2)));
  run_up = _mm256_or_si256(run_up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(run_up, shift2)));
  run_dn = _mm256_or_si256(run_dn, _mm256_and_si256(pair_dn, _mm256_srlv_epi64(run_dn, shift2)));
  const __m256i moves =
      _mm256_or_si256(_mm256_sllv_epi64(run_up, shift), _mm256_srlv_epi64(run_dn, shift));
  const __m128i half =
      _mm_or_si128(_mm256_castsi256_si128(moves), _mm256_extracti128_si256(moves, 1));
  return static_cast<u64>(_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half)))) &
         empty;
}
#else
inline u64 LegalMoves(u64 P, u64 C, u64 empty) { return LegalMovesScalar(P, C, empty); }
#endif

// Rays from every square in the eight directions, excluding the square itself.
// Directions 0..3 go to higher bit indices (E, N, NE, NW), 4..7 to lower ones;
// each square's eight rays fill one 64-byte line (two 256-bit vectors).
struct alignas(64) RayTable {
  std::array<std::array<u64, 8>, 64> ray{};
  constexpr RayTable() {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    for (int sq = 0; sq < 64; ++sq) {
      for (int d = 0; d < 8; ++d) {
        u64 mask = 0;
        int r = sq / 8 + dr[d], c = sq % 8 + dc[d];
        while (r >= 0 && r < 8 && c >= 0 && c < 8) {
          mask |= u64{1} << (r * 8 + c);
          r += dr[d];
          c += dc[d];
        }
        ray[sq][d] = mask;
      }
    }
  }
};
inline constexpr RayTable kRays{};

// Stones of C flipped by P playing on `sq` (0 if the move is illegal).
// Along each ray the first square that is not capturable decides: if it is
// P's, everything before it flips. Squares outside an N x N board are never
// occupied, so they end a ray like an empty square.
//
// FlipsScalar walks the eight rays one by one; Flips (below) does the same
// four rays at a time in AVX2 registers, without a branch, and is the one
// the engine uses (the endgame solver calls it tens of millions of times a
// second). The two must agree on every input (reversi_test).
inline u64 FlipsScalar(int sq, u64 P, u64 C) {
  const auto& rays = kRays.ray[sq];
  u64 flips = 0;
  for (int d = 0; d < 4; ++d) {  // toward higher bits: first blocker is the lowest bit
    const u64 ray = rays[d];
    const u64 blockers = ray & ~C;
    const u64 first = blockers & (0 - blockers);
    if (first & P) flips |= ray & (first - 1);
  }
  for (int d = 4; d < 8; ++d) {  // toward lower bits: first blocker is the highest bit
    const u64 ray = rays[d];
    const u64 blockers = ray & ~C;
    if (blockers == 0) continue;
    const u64 first = u64{1} << HighestBit(blockers);
    if (first & P) flips |= ray & ~((first << 1) - 1);
  }
  return flips;
}

#if defined(__AVX2__)
inline u64 Flips(int sq, u64 P, u64 C) {
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(P));
  const __m256i c = _mm256_set1_epi64x(static_cast<long long>(C));
  const __m256i ones = _mm256_set1_epi64x(-1);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i* rays = reinterpret_cast<const __m256i*>(kRays.ray[sq].data());
  // Rays toward higher bits: (C | ~ray) + 1 carries through the squares below
  // and the capturable run, and stops on the first other square of the ray.
  const __m256i up = _mm256_load_si256(rays);
  const __m256i up_first = _mm256_and_si256(
      _mm256_add_epi64(_mm256_or_si256(c, _mm256_xor_si256(up, ones)), _mm256_set1_epi64x(1)), up);
  const __m256i up_outflank = _mm256_and_si256(up_first, p);
  // Everything below the outflanking stone on the ray, if there is one.
  const __m256i up_flips =
      _mm256_andnot_si256(_mm256_cmpeq_epi64(up_outflank, zero),
                          _mm256_and_si256(_mm256_add_epi64(up_outflank, ones), up));
  // Rays toward lower bits: the highest square of the ray that is not
  // capturable decides.
  const __m256i down = _mm256_load_si256(rays + 1);
  __m256i blockers = _mm256_andnot_si256(c, down);
#if defined(__AVX512CD__) && defined(__AVX512VL__)
  const __m256i highest = _mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(1ULL << 63)),
                                            _mm256_lzcnt_epi64(blockers));
#else
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 1));
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 2));
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 4));
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 8));
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 16));
  blockers = _mm256_or_si256(blockers, _mm256_srli_epi64(blockers, 32));
  const __m256i highest = _mm256_andnot_si256(_mm256_srli_epi64(blockers, 1), blockers);
#endif
  const __m256i down_outflank = _mm256_and_si256(highest, p);
  // The ray squares above the outflanking stone: -(outflank << 1).
  const __m256i down_flips =
      _mm256_and_si256(_mm256_sub_epi64(zero, _mm256_slli_epi64(down_outflank, 1)), down);
  const __m256i both = _mm256_or_si256(up_flips, down_flips);
  const __m128i half =
      _mm_or_si128(_mm256_castsi256_si128(both), _mm256_extracti128_si256(both, 1));
  return static_cast<u64>(_mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))));
}
#else
inline u64 Flips(int sq, u64 P, u64 C) { return FlipsScalar(sq, P, C); }
#endif

// ---- The eight symmetries of the square, for a board in the N x N corner ----

inline u64 FlipVertical8(u64 b) { return __builtin_bswap64(b); }  // row r -> 7 - r

inline u64 MirrorHorizontal8(u64 b) {  // column c -> 7 - c
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((b & 0x0f0f0f0f0f0f0f0fULL) << 4);
  return b;
}

inline u64 Transpose8(u64 b) {  // (row, col) -> (col, row)
  u64 t;
  t = 0x0f0f0f0f00000000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));
  b ^= t ^ (t >> 7);
  return b;
}

// Symmetry s in 0..7: bit 0 mirrors columns, bit 1 mirrors rows, bit 2
// transposes (applied last). s = 0 is the identity.
inline u64 TransformBoard(u64 b, int s, int n) {
  if (s & 1) b = MirrorHorizontal8(b) >> (8 - n);
  if (s & 2) b = FlipVertical8(b) >> (8 * (8 - n));
  if (s & 4) b = Transpose8(b);
  return b;
}

inline int TransformSquare(int sq, int s, int n) {
  int r = sq / 8, c = sq % 8;
  if (s & 1) c = n - 1 - c;
  if (s & 2) r = n - 1 - r;
  if (s & 4) {
    const int t = r;
    r = c;
    c = t;
  }
  return r * 8 + c;
}

}  // namespace tav::reversi
