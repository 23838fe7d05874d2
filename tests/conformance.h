// The conformance test every game must pass (modelled on OpenSpiel's
// per-game tests): random playouts from the start, checking on every position
// visited that the game's members agree with each other.
//
// Usage, in a game's test file:
//   TEST(OthelloConformance, RandomPlayouts) {
//     tav::testing::CheckConformance(*Othello::Create(spec), /*playouts=*/200, /*seed=*/1);
//   }
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/hash.h"
#include "core/setup.h"
#include "core/symmetry.h"

namespace tav::testing {

// Hashes of the children of a position, sorted (a multiset fingerprint).
template <Game G>
std::vector<std::uint64_t> ChildHashes(const G& game, const typename G::Position& pos) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  std::vector<std::uint64_t> out;
  for (const auto& m : moves) {
    auto child = pos;
    game.play(child, m);
    out.push_back(game.hash(child));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Checks one position: moves, notation, strings, hashing and symmetry.
template <Game G>
void CheckPosition(const G& game, const typename G::Position& pos, bool check_symmetry) {
  using Position = typename G::Position;
  const std::string text = game.position_string(pos);
  SCOPED_TRACE("position " + text);

  // Position string round trip, and the hash of the re-parsed copy.
  absl::StatusOr<Position> parsed = game.parse_position(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(*parsed == pos);
  EXPECT_EQ(game.hash(*parsed), game.hash(pos));
  EXPECT_EQ(game.position_string(*parsed), text);

  // Moves: non-empty iff not over; count_moves agrees; distinct; a pass only alone.
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  EXPECT_EQ(moves.size() == 0, game.is_over(pos));
  EXPECT_EQ(static_cast<int>(moves.size()), CountMoves(game, pos));
  std::set<std::string> names;
  for (const auto& m : moves) {
    const std::string name = game.move_string(pos, m);
    EXPECT_TRUE(names.insert(name).second) << "duplicate move " << name;
    if (m == game.pass_move()) {
      EXPECT_EQ(moves.size(), 1u) << "a pass must be the only move";
    }
    // Notation round trip.
    absl::StatusOr<typename G::Move> back = game.parse_move(pos, name);
    ASSERT_TRUE(back.ok()) << name << ": " << back.status();
    EXPECT_TRUE(*back == m) << name;
    // remaining() never increases, and strictly decreases except on passes.
    auto child = pos;
    game.play(child, m);
    if constexpr (HasRemaining<G>) {
      if (m == game.pass_move()) {
        EXPECT_LE(game.remaining(child), game.remaining(pos));
      } else {
        EXPECT_LT(game.remaining(child), game.remaining(pos));
      }
    }
  }
  if (game.is_over(pos)) {
    EXPECT_LE(std::abs(game.final_value(pos)), G::kMaxValue);
  }

  if (!check_symmetry) return;
  // Symmetries: transform 0 is the identity; every image has the same
  // number of moves and its children are the images of the children (move
  // generation commutes with the symmetry); canonical forms agree.
  EXPECT_TRUE(game.transform(pos, 0) == pos);
  const Canonical<G> canonical = Canonicalize(game, pos);
  std::vector<std::uint64_t> image_children_of_children;
  for (int s = 0; s < game.symmetry_count(); ++s) {
    const Position image = game.transform(pos, s);
    SCOPED_TRACE("symmetry " + std::to_string(s));
    EXPECT_EQ(CountMoves(game, image), static_cast<int>(moves.size()));
    EXPECT_EQ(game.is_over(image), game.is_over(pos));
    if (game.is_over(pos)) {
      EXPECT_EQ(game.final_value(image), game.final_value(pos));
    }
    std::vector<std::uint64_t> expected;
    for (const auto& m : moves) {
      auto child = pos;
      game.play(child, m);
      expected.push_back(game.hash(game.transform(child, s)));
    }
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(ChildHashes(game, image), expected);
    if constexpr (HasTransformMove<G>) {
      for (const auto& m : moves) {
        auto child = pos;
        game.play(child, m);
        auto image_child = image;
        game.play(image_child, game.transform_move(pos, m, s));
        EXPECT_TRUE(image_child == game.transform(child, s));
      }
    }
    EXPECT_TRUE(Canonicalize(game, image).position == canonical.position);
  }
  EXPECT_TRUE(game.transform(pos, canonical.symmetry) == canonical.position);
}

// Random playouts from the start; every position on the way is checked.
// Returns the number of positions checked.
template <Game G>
int CheckConformance(const G& game, int playouts, std::uint64_t seed, bool check_symmetry = true) {
  SplitMix64 rng(seed);
  int checked = 0;
  for (int i = 0; i < playouts; ++i) {
    auto pos = game.start();
    for (int ply = 0; ply < 10000; ++ply) {
      CheckPosition(game, pos, check_symmetry);
      ++checked;
      if (::testing::Test::HasFatalFailure()) return checked;
      typename G::MoveList moves;
      game.generate_moves(pos, moves);
      if (moves.size() == 0) break;
      game.play(pos, moves[rng.Below(moves.size())]);
    }
    EXPECT_TRUE(game.is_over(pos)) << "playout did not end within 10000 plies";
  }
  return checked;
}

}  // namespace tav::testing
