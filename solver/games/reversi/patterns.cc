// The patterns of a learned pattern evaluation: "reversi-patterns-v1" (8x8
// Othello) and "desdemona-patterns-v1" (8x8 Desdemona, below).
//
// Design (Buro's Logistello, kept by Edax): the value of a position is a sum
// of table entries, one per pattern instance, each indexed by the contents
// of a fixed set of squares (empty, own, opponent: 3^k entries for k
// squares), so that the evaluation learns what an edge or a corner region is
// worth as a whole (an edge that wedges, an unbalanced edge, a corner that
// can be taken) instead of adding up counts. The eleven patterns:
//   edge_2x      an edge and its two X-squares (10 squares, 3^10 entries)
//   corner_3x3   the 3x3 block at a corner (9)
//   corner_2x5   the 2x5 block at a corner along an edge (10), 8 instances
//   line_2, line_3, line_4  the second, third and fourth row from an edge
//   diag_8 .. diag_4        the diagonals of 8 down to 4 squares
// 46 instances in all: each pattern's instances are its distinct images (as
// sets of squares) under the 8 symmetries of the board (bitboard.h
// TransformSquare), with the squares in the transformed order, so that one
// table serves every orientation. A configuration and its mirror image
// along a pattern's own axis (an edge read from the other corner) are two
// entries, which Edax folds into one: the evaluation is as symmetric as its
// training data, not by construction. The trade-off: about 172 K entries per
// phase need hundreds of thousands of labelled positions before they say
// more than the 27 counted features (features.cc), which the model keeps
// beside them; an entry no training position reached stays 0.
//
// Cost: per instance two BMI2 pext gathers and two lookups in a 2^k table
// (a loop over the squares without BMI2).
//
// Desdemona ("desdemona-patterns-v1", 8x8) has a fourth square state, the
// neutral stone (capturable by both sides, counted for nobody), which no
// reading as empty or as a stone keeps: its entries are base-4 numbers
// (empty 0, own 1, opponent 2, neutral 3), and so that a table of 4^k
// entries stays trainable and in the cache its shapes have at most 8
// squares: the edge without X-squares, the corner 3x3 without its inner
// corner, a 2x4 corner block, and the same rows and diagonals (46
// instances, 480,512 entries).
//
// Only 8x8 boards have them (pattern_set() is empty otherwise).
#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "games/reversi/reversi.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tav::reversi {
namespace {

struct PatternShape {
  std::string name;
  std::vector<int> squares;  // in one orientation, square = 8 * row + column
};

std::vector<int> Squares(std::initializer_list<std::pair<int, int>> row_col) {
  std::vector<int> s;
  for (const auto& [r, c] : row_col) s.push_back(8 * r + c);
  return s;
}

std::vector<int> Row(int r) {
  std::vector<int> s;
  for (int c = 0; c < 8; ++c) s.push_back(8 * r + c);
  return s;
}

std::vector<int> Diagonal(int length) {
  std::vector<int> s;
  for (int i = 0; i < length; ++i) s.push_back(8 * i + (8 - length) + i);
  return s;
}

// The rows 2-4 from an edge and the diagonals of 8 down to 4 squares, which
// both games' sets end with, after `shapes`.
std::vector<PatternShape> WithLinesAndDiagonals(std::vector<PatternShape> shapes) {
  for (int r = 1; r <= 3; ++r) shapes.push_back({absl::StrCat("line_", r + 1), Row(r)});
  for (int length = 8; length >= 4; --length) {
    shapes.push_back({absl::StrCat("diag_", length), Diagonal(length)});
  }
  return shapes;
}

// Othello's shapes (base 3).
std::vector<PatternShape> OthelloShapes() {
  std::vector<int> edge = Row(0);
  edge.push_back(9);
  edge.push_back(14);
  return WithLinesAndDiagonals({
      {"edge_2x", edge},
      {"corner_3x3",
       Squares({{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}})},
      {"corner_2x5",
       Squares({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}})},
  });
}

// Desdemona's shapes (base 4, at most 8 squares).
std::vector<PatternShape> DesdemonaShapes() {
  return WithLinesAndDiagonals({
      {"edge", Row(0)},
      {"corner_3x3_8", Squares({{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}})},
      {"corner_2x4", Squares({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}})},
  });
}

int Power(int base, int k) {
  int p = 1;
  while (k-- > 0) p *= base;
  return p;
}

// One instance: the offset of its pattern's table among all entries, its
// squares (the first the most significant digit), their mask, and `digits`,
// which maps the instance's stones of one kind gathered in ascending square
// order (BMI2 pext of the mask) to their part of the index: the sum of
// base^(k-1-i) over its i-th squares holding one (k squares). An own stone
// counts once, an opponent's twice, a neutral one three times.
struct Instance {
  std::uint32_t offset = 0;
  std::vector<int> squares;
  u64 mask = 0;
  std::vector<std::uint16_t> digits;
};

Instance MakeInstance(int base, std::uint32_t offset, std::vector<int> squares) {
  Instance in;
  in.offset = offset;
  in.squares = std::move(squares);
  const int k = static_cast<int>(in.squares.size());
  for (const int sq : in.squares) in.mask |= Bit(sq);
  // Bit j of a gathered pattern is the j-th lowest square of the mask.
  std::vector<int> weight_of_bit;
  for (int sq = 0; sq < 64; ++sq) {
    if (!(in.mask & Bit(sq))) continue;
    const int i =
        static_cast<int>(std::find(in.squares.begin(), in.squares.end(), sq) - in.squares.begin());
    weight_of_bit.push_back(Power(base, k - 1 - i));
  }
  in.digits.assign(std::size_t{1} << k, 0);
  for (std::size_t bits = 0; bits < in.digits.size(); ++bits) {
    int sum = 0;
    for (int j = 0; j < k; ++j) sum += (bits >> j) & 1 ? weight_of_bit[j] : 0;
    in.digits[bits] = static_cast<std::uint16_t>(sum);
  }
  return in;
}

// A game's patterns: its tables (name, entries) and every instance, those
// of a shape being its distinct images (as square sets) under the 8
// symmetries, in symmetry order.
struct PatternSet {
  std::vector<std::pair<std::string, int>> tables;
  std::vector<Instance> instances;
};

PatternSet MakePatternSet(int base, const std::vector<PatternShape>& shapes) {
  PatternSet set;
  std::uint32_t offset = 0;
  for (const PatternShape& shape : shapes) {
    const int entries = Power(base, static_cast<int>(shape.squares.size()));
    set.tables.emplace_back(shape.name, entries);
    std::set<std::vector<int>> seen;
    for (int s = 0; s < 8; ++s) {
      std::vector<int> image;
      for (const int sq : shape.squares) image.push_back(TransformSquare(sq, s, 8));
      std::vector<int> key = image;
      std::sort(key.begin(), key.end());
      if (seen.insert(key).second) set.instances.push_back(MakeInstance(base, offset, image));
    }
    offset += static_cast<std::uint32_t>(entries);
  }
  return set;
}

template <bool kNeutrals>
const PatternSet& Patterns() {
  static const PatternSet set =
      kNeutrals ? MakePatternSet(4, DesdemonaShapes()) : MakePatternSet(3, OthelloShapes());
  return set;
}

}  // namespace

template <bool kNeutrals>
const std::vector<std::pair<std::string, int>>& ReversiGame<kNeutrals>::PatternTables() {
  return Patterns<kNeutrals>().tables;
}

template <bool kNeutrals>
void ReversiGame<kNeutrals>::patterns(const Position& p, std::span<std::uint32_t> out) const {
  const std::vector<Instance>& instances = Patterns<kNeutrals>().instances;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const Instance& in = instances[i];
#if defined(__BMI2__)
    std::uint32_t index =
        in.digits[_pext_u64(p.player, in.mask)] + 2u * in.digits[_pext_u64(p.opponent, in.mask)];
    if constexpr (kNeutrals) index += 3u * in.digits[_pext_u64(p.neutral, in.mask)];
    out[i] = in.offset + index;
#else
    constexpr std::uint32_t kBase = kNeutrals ? 4 : 3;
    std::uint32_t index = 0;
    for (const int sq : in.squares) {
      std::uint32_t digit = ((p.player >> sq) & 1) | (((p.opponent >> sq) & 1) << 1);
      if constexpr (kNeutrals) digit |= ((p.neutral >> sq) & 1) * 3;
      index = kBase * index + digit;
    }
    out[i] = in.offset + index;
#endif
  }
}

template <bool kNeutrals>
std::vector<std::vector<int>> ReversiGame<kNeutrals>::PatternSquares() {
  std::vector<std::vector<int>> squares;
  for (const Instance& in : Patterns<kNeutrals>().instances) squares.push_back(in.squares);
  return squares;
}

template <bool kNeutrals>
int ReversiGame<kNeutrals>::PatternInstanceCount() {
  return static_cast<int>(Patterns<kNeutrals>().instances.size());
}

template const std::vector<std::pair<std::string, int>>& ReversiGame<false>::PatternTables();
template const std::vector<std::pair<std::string, int>>& ReversiGame<true>::PatternTables();
template void ReversiGame<false>::patterns(const Position&, std::span<std::uint32_t>) const;
template void ReversiGame<true>::patterns(const Position&, std::span<std::uint32_t>) const;
template int ReversiGame<false>::PatternInstanceCount();
template int ReversiGame<true>::PatternInstanceCount();
template std::vector<std::vector<int>> ReversiGame<false>::PatternSquares();
template std::vector<std::vector<int>> ReversiGame<true>::PatternSquares();

}  // namespace tav::reversi
