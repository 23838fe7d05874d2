// Cathedral board symmetries: the 4 rotations, and the reflection that is a
// symmetry only together with swapping the colours (see cathedral.h).
#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

u128 MapSquares(u128 bits, const std::array<std::uint8_t, 128>& image) {
  u128 out = 0;
  ForEachSquare(bits, [&](int sq) { out |= Bit128(image[sq]); });
  return out;
}

}  // namespace

Position Cathedral::transform(const Position& p, int symmetry) const {
  if (symmetry == 0) return p;
  const auto& image = tables_->rotated[symmetry];
  Position q = p;
  for (int i = 0; i < 2; ++i) {
    q.buildings[i] = MapSquares(p.buildings[i], image);
    q.territory[i] = MapSquares(p.territory[i], image);
  }
  for (int i = 0; i < 4; ++i) q.type_bits[i] = MapSquares(p.type_bits[i], image);
  q.cathedral = MapSquares(p.cathedral, image);
  q.key = ComputeKey(q);
  return q;
}

Move Cathedral::transform_move(const Position& p, Move m, int symmetry) const {
  const auto& image = tables_->rotated[symmetry];
  auto map = [&](std::uint16_t placement, int owner) -> std::uint16_t {
    if (placement == Move::kNone) return placement;
    const auto [o, anchor] =
        tables_->Find(owner, TypeOf(placement), MapSquares(PlacementMask(placement), image));
    return Placement(o, anchor);
  };
  return Move{map(m.building, p.to_move), map(m.cathedral, kDark)};
}

Position Cathedral::MirrorSwap(const Position& p) const {
  std::array<std::uint8_t, 128> image{};
  const Tables& t = *tables_;
  for (int r = 0; r < t.n; ++r) {
    for (int c = 0; c < t.n; ++c)
      image[t.square(c, r)] = static_cast<std::uint8_t>(t.square(t.n - 1 - c, r));
  }
  Position q = p;
  for (int i = 0; i < 2; ++i) {
    q.buildings[i] = MapSquares(p.buildings[i ^ 1], image);
    q.territory[i] = MapSquares(p.territory[i ^ 1], image);
    q.hand[i] = p.hand[i ^ 1];
    q.hand_squares[i] = p.hand_squares[i ^ 1];
  }
  for (int i = 0; i < 4; ++i) q.type_bits[i] = MapSquares(p.type_bits[i], image);
  q.cathedral = MapSquares(p.cathedral, image);
  q.to_move = p.to_move ^ 1;
  q.first_placed = static_cast<std::uint8_t>((p.first_placed & 1) << 1 | (p.first_placed >> 1 & 1));
  q.key = ComputeKey(q);
  return q;
}

}  // namespace tav::cathedral
