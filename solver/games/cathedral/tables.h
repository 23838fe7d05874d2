// Precomputed geometry of one Cathedral board size: every distinct
// orientation of every shape with the squares where it fits, the first-
// building (no pocket) placements, the notation's spellings, the rotation
// symmetries and the Zobrist keys.
//
// Board layout. Square (col c, row r), both from 0, is bit r * stride + c of a
// u128 with stride = N + 1: every row is followed by one padding bit that is
// never part of the board. The padding makes the 8-neighbour dilation of the
// flood fill a plain OR of four shifts (a bit shifted across the row end lands
// on padding and is masked away), so no per-column masks are needed. 10 rows
// of 11 bits fit in 110 bits.
//
// A placement is (orientation, anchor): the orientation's cells are stored as a
// mask whose lowest cell is bit 0, and the anchor is the square of that lowest
// cell, so the placed mask is `mask << anchor` and every placement of a
// (shape, set of squares) pair has exactly one encoding. Legal anchors for all
// placements of an orientation come out of a few shifts and ANDs of the free
// squares (see Cathedral::generate_moves), the way Othello engines compute
// all legal moves at once.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/bits.h"
#include "games/cathedral/pieces.h"

namespace tav::cathedral {

inline constexpr int kCathedralType = kTypes;  // shape/type index of the Cathedral
inline constexpr int kMaxCells = 6;

struct Orientation {
  u128 mask = 0;       // cells relative to the lowest cell (bit 0 set)
  u128 on_board = 0;   // anchors at which every cell is on the board
  u128 no_pocket = 0;  // on_board anchors whose placement leaves the rest of an
                       // empty board one 8-connected region (first buildings)
  std::array<std::uint8_t, kMaxCells> offsets{};  // bit offsets of the cells, offsets[0] == 0
  std::array<std::int8_t, kMaxCells> dx{}, dy{};  // the same cells as (column, row) steps
  std::uint8_t cells = 0;
  std::uint8_t type = 0;      // 0..10, or kCathedralType
  std::uint8_t owner = 0;     // kDark/kLight; for non-chiral types both owners share it
  std::uint8_t rotation = 0;  // the canonical notation orientation: 0 n, 1 e, 2 s, 3 w
  std::uint8_t active = 0;    // bit offset of the active square from the lowest cell
};

// The anchors among `candidates` (o.on_board, or o.no_pocket for a first
// building) at which orientation `o` fits on the `free` squares.
inline u128 FittingAnchors(const Orientation& o, u128 candidates, u128 free) {
  u128 anchors = candidates & free;
  for (int i = 1; i < o.cells; ++i) anchors &= free >> o.offsets[i];
  return anchors;
}

// How one notation spelling <type><rotation> maps to an orientation.
struct Spelling {
  int orientation = -1;
  std::array<std::int8_t, kMaxCells> dx{}, dy{};  // cells relative to the active square
  int cells = 0;
  int active_dx = 0, active_dy = 0;  // active square relative to the lowest cell
};

// The distinct orientations of one (owner, type), as a flat array for the
// move generator's inner loop.
struct TypeOrientations {
  std::uint8_t count = 0;
  std::array<std::uint8_t, 4> ids{};
};

struct Tables {
  int n = 10;
  int stride = 11;
  u128 board = 0;  // the N x N squares

  std::vector<Orientation> orientations;
  // Distinct orientations per owner and type (building types 0..10; index
  // kCathedralType holds the Cathedral's, the same for both owners).
  std::array<std::array<std::vector<int>, kTypes + 1>, 2> of_type;
  std::array<std::array<TypeOrientations, kTypes + 1>, 2> orients;  // the same, flat
  std::array<std::array<std::array<Spelling, 4>, kTypes + 1>, 2>
      spelling;  // [owner][type][rotation]
  // Most building moves a player can ever have (all placements of all types).
  int max_building_moves = 0;

  // Rotation symmetries: rotated[s][sq] is the image of square sq under s
  // quarter turns clockwise (only board squares are meaningful).
  std::array<std::array<std::uint8_t, 128>, 4> rotated{};

  // Zobrist keys.
  std::array<std::array<std::array<std::uint64_t, 128>, kTypes>, 2> key_building{};
  std::array<std::uint64_t, 128> key_cathedral{};
  std::array<std::array<std::uint64_t, 128>, 2> key_territory{};
  std::uint64_t key_light_to_move = 0;
  std::array<std::uint64_t, 2> key_first_placed{};
  std::array<std::uint64_t, 3> key_cathedral_state{};
  // Key of a whole placement seen through rotation s (its squares mapped by
  // rotated[s]), [s][owner][orientation * 128 + anchor] (buildings).
  std::array<std::array<std::vector<std::uint64_t>, 2>, 4> key_placement;

  int square(int col, int row) const { return row * stride + col; }
  int col(int sq) const { return sq % stride; }
  int row(int sq) const { return sq / stride; }

  // The orientation of `owner`'s `type` whose cells are `mask` (any
  // translation), with the anchor square; {-1, -1} if the mask is no such piece.
  std::pair<int, int> Find(int owner, int type, u128 mask) const;
};

// Builds (and caches, per size) the tables for an N x N board, 5 <= N <= 10.
std::shared_ptr<const Tables> TablesForSize(int n);

// Calls f(square) for every set bit, lowest first; two 64-bit loops are
// cheaper than clearing bits of a u128.
template <class F>
inline void ForEachSquare(u128 bits, F&& f) {
  for (std::uint64_t lo = static_cast<std::uint64_t>(bits); lo; lo &= lo - 1) {
    f(std::countr_zero(lo));
  }
  for (std::uint64_t hi = static_cast<std::uint64_t>(bits >> 64); hi; hi &= hi - 1) {
    f(64 + std::countr_zero(hi));
  }
}

// Squares 8-connected to `seed` within `area` (seed must lie in area). The
// fill dilates by whole rows and columns at once: each step is four shifts.
// An area inside the low 64 bits (every area of a board up to 7x7: stride 8,
// 56 bits) is filled in one word, which halves each step's work; the fill
// and the territory claims built on it are most of a small-board solve.
inline u128 Fill8(u128 seed, u128 area, int stride) {
  if (static_cast<std::uint64_t>(area >> 64) == 0) {
    const std::uint64_t within = static_cast<std::uint64_t>(area);
    std::uint64_t x = static_cast<std::uint64_t>(seed);
    for (;;) {
      std::uint64_t y = x | (x << 1) | (x >> 1);
      y = (y | (y << stride) | (y >> stride)) & within;
      if (y == x) return x;
      x = y;
    }
  }
  // A u128 shifted by a count known only at run time compiles to a branch or
  // select for counts of 64 and more; here the counts are 1 and the stride
  // (below 64), so the shifts are written on the two words.
  const std::uint64_t area_lo = static_cast<std::uint64_t>(area);
  const std::uint64_t area_hi = static_cast<std::uint64_t>(area >> 64);
  const int back = 64 - stride;
  std::uint64_t lo = static_cast<std::uint64_t>(seed), hi = static_cast<std::uint64_t>(seed >> 64);
  for (;;) {
    const std::uint64_t row_lo = lo | (lo << 1) | (lo >> 1) | (hi << 63);
    const std::uint64_t row_hi = hi | (hi << 1) | (hi >> 1) | (lo >> 63);
    const std::uint64_t next_lo =
        (row_lo | (row_lo << stride) | (row_lo >> stride) | (row_hi << back)) & area_lo;
    const std::uint64_t next_hi =
        (row_hi | (row_hi << stride) | (row_hi >> stride) | (row_lo >> back)) & area_hi;
    if (next_lo == lo && next_hi == hi) return (u128{hi} << 64) | lo;
    lo = next_lo;
    hi = next_hi;
  }
}

}  // namespace tav::cathedral
