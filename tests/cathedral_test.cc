// Cathedral rules: the counts of RULES.md, perft against the independent
// array-based reference (reference_cathedral.h), the seed's example game,
// hand-built positions for each rule, notation and position strings.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "conformance.h"
#include "core/game_options.h"
#include "core/hash.h"
#include "core/perft.h"
#include "core/setup.h"
#include "core/symmetry.h"
#include "games/cathedral/cathedral.h"
#include "reference_cathedral.h"

namespace tav {
namespace {

using cathedral::Cathedral;
using cathedral::kDark;
using cathedral::kLight;
namespace ref = reference_cathedral;

// Sanitizer builds run the same checks on smaller workloads (the reference
// engine allocates a lot, which AddressSanitizer makes ~20 times slower).
#if defined(__SANITIZE_ADDRESS__)
constexpr int kLighter = 1;
#else
constexpr int kLighter = 0;
#endif

Cathedral Make(int size, const char* variant = "classic", const char* pieces = "") {
  absl::StatusOr<Cathedral> game = Cathedral::Create(
      GameSpec{"cathedral", variant, size, JoinGameOptions({{"pieces", pieces}})});
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

Cathedral::Position Play(const Cathedral& game, std::string_view moves) {
  absl::StatusOr<Cathedral::Position> pos = PlayMoves(game, game.start(), moves);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : game.start();
}

Cathedral::Position Parse(const Cathedral& game, std::string_view text) {
  absl::StatusOr<Cathedral::Position> pos = game.parse_position(text);
  EXPECT_TRUE(pos.ok()) << pos.status();
  return pos.ok() ? *pos : game.start();
}

// A board drawn as the diagram shows it (top row first, row 1 last) turned
// into the position string's index order (row 1 first).
std::string Board(const std::vector<std::string>& rows_top_first) {
  std::string out;
  for (auto it = rows_top_first.rbegin(); it != rows_top_first.rend(); ++it) out += *it;
  return out;
}

// The character of square `name` ("a1") in a position string.
char At(const Cathedral& game, const Cathedral::Position& pos, std::string_view name) {
  const int col = name[0] - 'a', row = std::stoi(std::string(name.substr(1))) - 1;
  return game.position_string(pos)[row * game.size() + col];
}

// "S:a2,a3": the engine's move in the reference's key format.
std::string EngineKey(const Cathedral& game, const Cathedral::Position& pos, Cathedral::Move m) {
  auto part = [&](std::uint16_t placement) {
    const int type = game.TypeOf(placement);
    std::string out(1, type == cathedral::kCathedralType ? 'Y' : cathedral::kTypeLetters[type]);
    out += ':';
    std::vector<std::string> names;
    // Index order of the reference: row-major from a1 (sorted by row, then column).
    std::vector<std::pair<int, int>> squares;
    cathedral::ForEachSquare(game.PlacementMask(placement), [&](int sq) {
      squares.push_back({game.tables().row(sq), game.tables().col(sq)});
    });
    std::sort(squares.begin(), squares.end());
    for (auto [r, c] : squares) {
      std::string name(1, static_cast<char>('a' + c));
      name += std::to_string(r + 1);
      names.push_back(name);
    }
    return out + absl::StrJoin(names, ",");
  };
  (void)pos;
  if (m == game.pass_move()) return "pass";
  if (m.building == Cathedral::Move::kNone) return part(m.cathedral);
  if (m.cathedral == Cathedral::Move::kNone) return part(m.building);
  return part(m.cathedral) + "+" + part(m.building);
}

std::vector<std::string> EngineKeys(const Cathedral& game, const Cathedral::Position& pos) {
  Cathedral::MoveList moves;
  game.generate_moves(pos, moves);
  std::vector<std::string> keys;
  for (auto m : moves) keys.push_back(EngineKey(game, pos, m));
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<std::string> ReferenceKeys(const ref::State& s) {
  std::vector<std::string> keys;
  for (const ref::Move& m : ref::LegalMoves(s)) keys.push_back(ref::Key(s.n, m));
  std::sort(keys.begin(), keys.end());
  return keys;
}

// ---- The counts of RULES.md ---------------------------------------------------------

TEST(CathedralCounts, PlacementsPerPieceOnTheEmpty10x10Board) {
  const Cathedral game = Make(10);
  const std::string letters = "VSLNPMZOCTAY";
  const int expected[] = {100, 180, 324, 160, 81, 288, 144, 64, 288, 256, 256, 224};
  const ref::State empty = ref::Start(10, false, "");
  for (int type = 0; type <= cathedral::kCathedralType; ++type) {
    SCOPED_TRACE(std::string(1, letters[type]));
    for (int owner : {kDark, kLight}) {
      int engine = 0;
      for (int o : game.tables().of_type[owner][type]) {
        engine += PopCount(game.tables().orientations[o].on_board);
      }
      EXPECT_EQ(engine, expected[type]);
      // The reference counts distinct square sets over all rotations; its
      // pocket rule is off because the letter is checked as a non-first building.
      ref::State s = empty;
      s.first_done = {true, true};
      EXPECT_EQ(static_cast<int>(ref::PlacementsOf(s, owner, letters[type]).size()),
                expected[type]);
    }
  }
}

TEST(CathedralCounts, TheChiralPiecesAreMirrorImagesNotRotations) {
  const Cathedral game = Make(10);
  for (int type : {cathedral::kZ, cathedral::kA}) {
    std::set<std::string> dark, light;
    for (int o : game.tables().of_type[kDark][type]) {
      dark.insert(game.placement_squares(cathedral::Placement(o, 0)));
    }
    for (int o : game.tables().of_type[kLight][type]) {
      light.insert(game.placement_squares(cathedral::Placement(o, 0)));
    }
    for (const std::string& squares : dark) EXPECT_EQ(light.count(squares), 0u) << squares;
  }
}

TEST(CathedralCounts, TwoHundredTwentyFourCathedralPlacementsIn56RotationClasses) {
  const Cathedral game = Make(10);
  EXPECT_EQ(Perft(game, game.start(), 1), 224u);
  Cathedral::MoveList moves;
  game.generate_moves(game.start(), moves);
  std::set<std::string> classes;
  for (auto m : moves) {
    auto child = game.start();
    game.play(child, m);
    classes.insert(game.position_string(Canonicalize(game, child).position));
  }
  EXPECT_EQ(classes.size(), 56u);
}

TEST(CathedralCounts, DarkHas1720PlacementsAnd1648FirstBuildingsBesideTheCentralCathedral) {
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yne7");
  EXPECT_EQ(game.placement_squares(game.parse_move(game.start(), "Yne7")->cathedral),
            "e4 e5 d6 e6 f6 e7");
  int by_shape_and_square = 0;
  const u128 free = game.Free(pos, kDark);
  for (int type = 0; type < cathedral::kTypes; ++type) {
    for (int o : game.tables().of_type[kDark][type]) {
      by_shape_and_square += PopCount(game.Anchors(o, free, /*first=*/false));
    }
  }
  EXPECT_EQ(by_shape_and_square, 1720);
  EXPECT_EQ(game.count_moves(pos), 1648);

  ref::State s = ref::Start(10, false, "VVSSLLNPMZOCTA");
  ref::Move y;
  ASSERT_TRUE(ref::ParseMove(s, "Yne7", y));
  ref::Play(s, y);
  EXPECT_EQ(ref::LegalMoves(s).size(), 1648u);
  s.first_done[kDark] = true;  // the same placements without the first-building rule
  EXPECT_EQ(ref::LegalMoves(s).size(), 1720u);
}

// ---- Perft against the reference -----------------------------------------------

struct PerftCase {
  int size;
  const char* variant;
  const char* pieces;
  int depth;
};

void ExpectPerftMatchesReference(const PerftCase& c) {
  SCOPED_TRACE(absl::StrCat(c.size, "x", c.size, " ", c.variant, " ", c.pieces));
  const Cathedral game = Make(c.size, c.variant, c.pieces);
  const ref::State start = ref::Start(c.size, std::string(c.variant) == "lehmann", game.pieces());
  for (int d = 1; d <= c.depth; ++d) {
    EXPECT_EQ(Perft(game, game.start(), d), ref::Perft(start, d)) << "depth " << d;
  }
}

TEST(CathedralPerft, FiveByFiveMatchesTheReference) {
  ExpectPerftMatchesReference({5, "classic", "", 4 - kLighter});
  ExpectPerftMatchesReference({5, "lehmann", "", 2});
  ExpectPerftMatchesReference({5, "classic", "VVSLNP", 3 - kLighter});
}

TEST(CathedralPerft, SixToEightMatchTheReference) {
  ExpectPerftMatchesReference({6, "classic", "", 3 - kLighter});
  ExpectPerftMatchesReference({6, "lehmann", "", 2 - kLighter});
  ExpectPerftMatchesReference({7, "classic", "", 2});
  ExpectPerftMatchesReference({7, "lehmann", "", 1});
  ExpectPerftMatchesReference({8, "classic", "", 2});
  ExpectPerftMatchesReference({8, "lehmann", "", 1});
}

TEST(CathedralPerft, FromTheClassic10x10StartIs224Then383988) {
  // Depth 2 is also checked against the reference above; this pins the numbers.
  const Cathedral game = Make(10);
  EXPECT_EQ(Perft(game, game.start(), 1), 224u);
  EXPECT_EQ(Perft(game, game.start(), 2), ref::Perft(ref::Start(10, false, game.pieces()), 2));
}

// ---- Random playouts against the reference ------------------------------------------

// What the random games went through, so a test can insist that they
// exercised the rare rules too.
struct Events {
  int captures = 0, cathedral_captures = 0, passes = 0, claims = 0, games = 0;
};

// Plays random games on both engines, checking at every position that the
// position strings and the sets of legal moves agree, and at the end the score.
Events DifferentialPlayouts(const Cathedral& game, int playouts, std::uint64_t seed) {
  Events events;
  SplitMix64 rng(seed);
  for (int i = 0; i < playouts; ++i) {
    auto pos = game.start();
    ref::State s = ref::Start(game.size(), game.lehmann(), game.pieces());
    for (int ply = 0; ply < 200; ++ply) {
      EXPECT_EQ(game.position_string(pos), ref::PositionString(s)) << "ply " << ply;
      Cathedral::MoveList moves;
      game.generate_moves(pos, moves);
      // The compound turn on big boards has ~10^5 moves: the reference's
      // generator is too slow for it, so only its chosen move is compared.
      if (moves.size() < 20000) {
        EXPECT_EQ(EngineKeys(game, pos), ReferenceKeys(s)) << game.position_string(pos);
      }
      EXPECT_EQ(game.is_over(pos), ref::IsOver(s));
      if (moves.size() == 0) {
        EXPECT_EQ(game.final_value(pos), ref::FinalValue(s));
        ++events.games;
        break;
      }
      // Half the moves are random, half greedy for claims and captures (the
      // engine's move ordering), so that the games capture often.
      auto m = moves[rng.Below(moves.size())];
      if (rng.Below(2) == 0) {
        int best = -1;
        for (auto candidate : moves) {
          auto child = pos;
          game.play(child, candidate);
          const int score =
              game.order_score(pos, candidate, child) * 64 + static_cast<int>(rng.Below(64));
          if (score > best) best = score, m = candidate;
        }
      }
      ref::Move rm;
      EXPECT_TRUE(ref::ParseMove(s, game.move_string(pos, m), rm)) << game.move_string(pos, m);
      EXPECT_EQ(ref::Key(s.n, rm), EngineKey(game, pos, m));
      if (::testing::Test::HasFailure()) return events;
      const auto before = pos;
      game.play(pos, m);
      ref::Play(s, rm);
      const int mover = before.to_move;
      events.passes += m == game.pass_move();
      events.captures += pos.hand_squares[mover ^ 1] > before.hand_squares[mover ^ 1];
      events.cathedral_captures += before.cathedral_state == cathedral::kCathedralOnBoard &&
                                   pos.cathedral_state == cathedral::kCathedralGone;
      events.claims += PopCount(pos.territory[mover]) > PopCount(before.territory[mover]);
    }
  }
  return events;
}

TEST(CathedralDifferential, RandomGamesAgreeWithTheReferenceOnSmallBoards) {
  Events total;
  for (const Events& e :
       {DifferentialPlayouts(Make(5), 100, 1), DifferentialPlayouts(Make(5, "lehmann"), 100, 2),
        DifferentialPlayouts(Make(6), 50, 3), DifferentialPlayouts(Make(6, "lehmann"), 50, 4),
        DifferentialPlayouts(Make(7), 10 - 5 * kLighter, 5),
        DifferentialPlayouts(Make(7, "lehmann", "VSLNPMZOCTA"), 5 - 3 * kLighter, 6)}) {
    total.captures += e.captures;
    total.cathedral_captures += e.cathedral_captures;
    total.passes += e.passes;
    total.claims += e.claims;
    total.games += e.games;
  }
  EXPECT_EQ(total.games, 315 - 8 * kLighter);
  // The games went through every rule, not just placements.
  EXPECT_GT(total.claims, 200);
  EXPECT_GT(total.captures, 40);
  EXPECT_GT(total.cathedral_captures, 5);
  EXPECT_GT(total.passes, 50);
  std::printf("random games: %d claims, %d captures, %d Cathedral captures, %d passes\n",
              total.claims, total.captures, total.cathedral_captures, total.passes);
}

TEST(CathedralDifferential, RandomGamesAgreeWithTheReferenceOnBigBoards) {
  DifferentialPlayouts(Make(8), 5 - 3 * kLighter, 7);
  DifferentialPlayouts(Make(10), 4 - 3 * kLighter, 8);
  DifferentialPlayouts(Make(10, "lehmann"), 2 - kLighter, 9);
}

// ---- The seed's example game ----------------------------------------------------------

TEST(CathedralSeed, ExampleGameCoversExactlyTheListedSquares) {
  const Cathedral game = Make(10);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"Yni4", "i1 i2 h3 i3 j3 i4"}, {"See5", "d5 e5"},          {"Sna3", "a2 a3"},
      {"Tna4", "c2 b3 c3 a4 b4"},    {"Ceh4", "g2 h2 g3 g4 h4"}, {"Mef6", "f5 f6 g6 f7"},
      {"Aej6", "h5 h6 i6 j6 i7"},
  };
  auto pos = game.start();
  for (const auto& [move, squares] : expected) {
    absl::StatusOr<Cathedral::Move> m = game.parse_move(pos, move);
    ASSERT_TRUE(m.ok()) << move << ": " << m.status();
    EXPECT_EQ(
        game.placement_squares(m->building != Cathedral::Move::kNone ? m->building : m->cathedral),
        squares)
        << move;
    EXPECT_EQ(game.move_string(pos, *m), move);
    game.play(pos, *m);
  }
  // Light's Academy is light's chirality: dark's would cover other squares.
  EXPECT_EQ(At(game, pos, "h5"), 'A');
  EXPECT_EQ(At(game, pos, "i7"), 'A');
}

TEST(CathedralSeed, DarksInnClaimsTheCornerAndCapturesLightsStable) {
  const Cathedral game = Make(10);
  const auto before = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6");
  const auto after = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6 Lse1");
  EXPECT_EQ(game.placement_squares(game.parse_move(before, "Lse1")->building), "e1 d2 e2");
  std::set<std::string> dark_territory;
  for (int r = 1; r <= 10; ++r) {
    for (char c = 'a'; c <= 'j'; ++c) {
      std::string sq(1, c);
      sq += std::to_string(r);
      if (At(game, after, sq) == '-') dark_territory.insert(sq);
    }
  }
  EXPECT_EQ(dark_territory, (std::set<std::string>{"a1", "a2", "a3", "b1", "b2", "c1", "d1"}));
  EXPECT_EQ(after.count(kLight, cathedral::kS), before.count(kLight, cathedral::kS) + 1);
  EXPECT_EQ(after.hand_squares[kLight], before.hand_squares[kLight] + 2);
}

TEST(CathedralSeed, LightsTavernCapturesTheCathedralAndClaimsTwelveSquares) {
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6 Lse1 Vng1");
  std::set<std::string> light_territory;
  for (int r = 1; r <= 10; ++r) {
    for (char c = 'a'; c <= 'j'; ++c) {
      std::string sq(1, c);
      sq += std::to_string(r);
      if (At(game, pos, sq) == '+') light_territory.insert(sq);
    }
  }
  EXPECT_EQ(light_territory, (std::set<std::string>{"h1", "h3", "i1", "i2", "i3", "i4", "i5", "j1",
                                                    "j2", "j3", "j4", "j5"}));
  EXPECT_EQ(pos.cathedral_state, cathedral::kCathedralGone);
  EXPECT_EQ(pos.cathedral, 0);
}

// ---- One hand-built position per rule -------------------------------------------------

TEST(CathedralRules, DiagonalGapsLeak) {
  // Light's Taverns on a2 and b1 touch only at a corner: a1 still reaches b2.
  const Cathedral game = Make(5, "classic", "VVVS");
  const auto open = Play(game, "Ync5 Sne2 Vna2 Vne5 Vnb1");
  EXPECT_EQ(At(game, open, "a1"), '.');
  // Closing the gap with b2 encloses a1.
  const auto closed = Play(game, "Ync5 Sne2 Vna2 Vne5 Vnb1 Vnd1 Vnb2");
  EXPECT_EQ(At(game, closed, "a1"), '+');
}

// Light walls a2 b2 c2 c1 around the corner a1 b1 of a 5x5 board; the
// Cathedral is gone, dark's Stable stands on e1 e2.
std::string CornerPocket(const char* row1) {
  return Board({".....", ".....", ".....", "VV..s", row1});
}

TEST(CathedralRules, TwoEnemyBuildingsInARegionBlockTheClaim) {
  const Cathedral game = Make(5, "classic", "VVVVVS");
  const auto start = Parse(game, CornerPocket("vv..s") + " VVVS VVV light both gone");
  const auto pos = PlayMoves(game, start, "Vnc2 Vne5 Vnc1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(At(game, *pos, "a1"), 'v');
  EXPECT_EQ(At(game, *pos, "b1"), 'v');
  EXPECT_EQ(pos->hand_squares[kDark], start.hand_squares[kDark] - 1);  // only e5 left the hand
}

TEST(CathedralRules, ALoneEnemyBuildingIsCapturedAndGoesBackToItsOwner) {
  const Cathedral game = Make(5, "classic", "VVVVVS");
  const auto start = Parse(game, CornerPocket("v...s") + " VVVS VVVV light both gone");
  const auto pos = PlayMoves(game, start, "Vnc2 Vne5 Vnc1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(At(game, *pos, "a1"), '+');  // the captured Tavern's square is light's now
  EXPECT_EQ(At(game, *pos, "b1"), '+');
  EXPECT_EQ(pos->count(kDark, cathedral::kV), 4);  // 4 - e5 + the captured one
  // The returned Tavern can be placed again, but not in light's territory.
  EXPECT_TRUE(game.parse_move(*pos, "Vnd4").ok());
  const auto into_territory = game.parse_move(*pos, "Vna1");
  ASSERT_FALSE(into_territory.ok());
  EXPECT_NE(into_territory.status().message().find("light's territory"), std::string::npos)
      << into_territory.status();
}

TEST(CathedralRules, TheCathedralPlusOneEnemyBuildingBlockTheClaim) {
  // The seed's game, but dark puts a Tavern on j1 before light's Vng1: the
  // region then holds the Cathedral and a dark building, so nothing happens.
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6 Lse1 Vna10 Vnj1 Vng1");
  EXPECT_EQ(pos.cathedral_state, cathedral::kCathedralOnBoard);
  EXPECT_EQ(At(game, pos, "i1"), 'Y');
  EXPECT_EQ(At(game, pos, "j1"), 'v');
  EXPECT_EQ(At(game, pos, "h1"), '.');
  EXPECT_EQ(At(game, pos, "j5"), '.');
}

TEST(CathedralRules, ACapturedCathedralNeverReturns) {
  const Cathedral game = Make(10);
  auto pos = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6 Lse1 Vng1");
  ASSERT_EQ(pos.cathedral_state, cathedral::kCathedralGone);
  const auto again = game.parse_move(pos, "Ynb10");
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("no longer in hand"), std::string::npos);
  SplitMix64 rng(11);
  for (;;) {
    Cathedral::MoveList moves;
    game.generate_moves(pos, moves);
    for (auto m : moves) EXPECT_EQ(m.cathedral, Cathedral::Move::kNone);
    EXPECT_EQ(pos.cathedral, 0);
    EXPECT_EQ(game.position_string(pos).find('Y'), std::string::npos);
    if (moves.size() == 0) break;
    game.play(pos, moves[rng.Below(moves.size())]);
  }
  EXPECT_EQ(pos.cathedral_state, cathedral::kCathedralGone);
}

TEST(CathedralRules, AFirstBuildingMayNotMakeAPocketButALaterOneClaimsIt) {
  const Cathedral game = Make(10);
  const auto first = Play(game, "Yne7");
  const auto pocket = game.parse_move(first, "Lsb1");  // b1 b2 a2 would shut in a1
  ASSERT_FALSE(pocket.ok());
  EXPECT_NE(pocket.status().message().find("first building"), std::string::npos) << pocket.status();
  EXPECT_EQ(game.placement_squares(*game.ParseSpelling(kDark, "Lsb1")), "b1 a2 b2");
  const auto later = Play(game, "Yne7 Lna10 Vnj10 Lsb1");
  EXPECT_EQ(At(game, later, "a1"), '-');
  // Light's first building is bound by the same rule.
  const auto light_first = game.parse_move(Play(game, "Yne7 Lna10"), "Lsb1");
  EXPECT_FALSE(light_first.ok());
}

// Dark holds only an Infirmary (O), which fits nowhere, so dark must pass;
// light's Tavern on b1 then captures dark's Tavern on a1, which goes back to
// dark's hand, and dark moves again.
TEST(CathedralRules, APassedPlayerComesBackWhenACaptureReturnsAPiece) {
  const Cathedral game = Make(5, "classic", "VVVVVVO");
  const auto start =
      Parse(game, Board({"vvO..", ".OOO.", "..O..", "VVVVV", "v.vvv"}) + " V O dark both gone");
  Cathedral::MoveList moves;
  game.generate_moves(start, moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(game.move_string(start, moves[0]), "pass");
  EXPECT_FALSE(game.parse_move(start, "Vnd4").ok());  // no Tavern in hand
  const auto pos = PlayMoves(game, start, "pass Vnb1");
  ASSERT_TRUE(pos.ok()) << pos.status();
  EXPECT_EQ(pos->count(kDark, cathedral::kV), 1);
  EXPECT_EQ(At(game, *pos, "a1"), '+');
  game.generate_moves(*pos, moves);
  ASSERT_GT(moves.size(), 0u);
  EXPECT_NE(game.move_string(*pos, moves[0]), "pass");
  EXPECT_FALSE(game.is_over(*pos));
}

TEST(CathedralRules, PassingIsNeverVoluntary) {
  const Cathedral game = Make(10);
  const auto pass = game.parse_move(Play(game, "Yne7"), "pass");
  ASSERT_FALSE(pass.ok());
  EXPECT_NE(pass.status().message().find("only when no placement"), std::string::npos);
}

// Neither side can place: light keeps an Infirmary (5), dark a Tavern and an
// Infirmary (6); dark's only room is light's territory.
TEST(CathedralRules, TheScoreAtTheEndIsTheOpponentsUnplacedSquaresMinusOwn) {
  const Cathedral game = Make(5, "classic", "VVVVVO");
  const std::string board = Board({"V+++V", "+v+V+", "++v++", "+V+v+", "V+++v"});
  const auto light = Parse(game, board + " O VO light both gone");
  EXPECT_TRUE(game.is_over(light));
  EXPECT_EQ(game.count_moves(light), 0);
  EXPECT_EQ(game.final_value(light), 6 - 5);
  const auto dark = Parse(game, board + " O VO dark both gone");
  EXPECT_TRUE(game.is_over(dark));
  EXPECT_EQ(game.final_value(dark), 5 - 6);
}

// ---- Variants ---------------------------------------------------------------------------

TEST(CathedralLehmann, DarkBuildsFirstThenLightPlacesCathedralAndBuildingAsOnePly) {
  const Cathedral game = Make(10, "lehmann");
  const auto start = game.start();
  EXPECT_EQ(game.side_to_move(start), kDark);
  EXPECT_FALSE(game.parse_move(start, "Yne7").ok());
  const auto after_dark = Play(game, "Vna10");
  const auto compound = game.parse_move(after_dark, "Ynf5+Sna3");
  ASSERT_TRUE(compound.ok()) << compound.status();
  EXPECT_EQ(game.move_string(after_dark, *compound), "Ynf5+Sna3");
  const auto only_cathedral = game.parse_move(after_dark, "Ynf5");
  ASSERT_FALSE(only_cathedral.ok());
  EXPECT_NE(only_cathedral.status().message().find("together"), std::string::npos);
  auto pos = after_dark;
  game.play(pos, *compound);
  EXPECT_EQ(game.side_to_move(pos), kDark);
  EXPECT_EQ(At(game, pos, "f5"), 'Y');
  EXPECT_EQ(At(game, pos, "a3"), 'S');
  // Light's building in the compound turn is its first: no pockets.
  EXPECT_FALSE(game.parse_move(after_dark, "Ynf5+Lsb1").ok());
  // One ply per (Cathedral, building) pair.
  Cathedral::MoveList moves;
  game.generate_moves(after_dark, moves);
  EXPECT_EQ(static_cast<int>(moves.size()), game.count_moves(after_dark));
  EXPECT_GT(moves.size(), 200000u);
}

TEST(CathedralLehmann, OnFiveByFiveACathedralThatFitsNowhereStaysOutOfTheGame) {
  // Dark's Bridge through the centre leaves no room for the Cathedral.
  const Cathedral game = Make(5, "lehmann");
  const auto pos = Play(game, "Nnc4");
  Cathedral::MoveList moves;
  game.generate_moves(pos, moves);
  ASSERT_GT(moves.size(), 0u);
  for (auto m : moves) EXPECT_EQ(m.cathedral, Cathedral::Move::kNone);
  auto child = pos;
  game.play(child, moves[0]);
  EXPECT_EQ(child.cathedral_state, cathedral::kCathedralGone);
}

TEST(CathedralVariants, SizesAndPieceLists) {
  EXPECT_EQ(Make(10).pieces(), "VVSSLLNPMZOCTA");
  EXPECT_EQ(Make(8).pieces(), "VVSSLLPMZC");
  EXPECT_EQ(Make(7).pieces(), "VSLNPMZ");
  EXPECT_EQ(Make(6).pieces(), "VSLPC");
  EXPECT_EQ(Make(5).pieces(), "VSLN");
  EXPECT_EQ(Make(10).listed_squares(), 47);
  EXPECT_EQ(Make(8).listed_squares(), 29);
  EXPECT_EQ(Make(7).listed_squares(), 21);
  EXPECT_EQ(Make(6).listed_squares(), 15);
  EXPECT_EQ(Make(5).listed_squares(), 9);
  EXPECT_EQ(Make(9, "classic", "VSLN").pieces(), "VSLN");
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 9, ""}).ok());
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 4, ""}).ok());
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 11, ""}).ok());
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "woods", 10, ""}).ok());
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 10, "pieces=VQ"}).ok());
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 10, "pieces=VY"}).ok());
  EXPECT_FALSE(
      Cathedral::Create(GameSpec{"cathedral", "", 10, "pieces=OOOOOOOOOOOOOOOOOOOOO"}).ok());
}

TEST(CathedralOptions, PrintedBackCanonicallyAndRebuildTheSameGame) {
  // The options text is the game's own: default lists print nothing, a custom
  // list prints in VSLNPMZOCTA order, and the printed text builds the same game.
  EXPECT_EQ(Make(10).options(), "");
  EXPECT_EQ(Make(7, "classic", "VSLNPMZ").options(), "");  // the 7x7 default, given
  const Cathedral custom = Make(9, "classic", "NLSV");
  EXPECT_EQ(custom.options(), "pieces=VSLN");
  const Cathedral again = *Cathedral::Create(GameSpec{"cathedral", "classic", 9, custom.options()});
  EXPECT_EQ(again.pieces(), custom.pieces());
  const absl::Status unknown =
      Cathedral::Create(GameSpec{"cathedral", "", 10, "empty-columns=a"}).status();
  EXPECT_NE(unknown.message().find("--empty-columns does not apply to cathedral"),
            std::string::npos)
      << unknown;
  const absl::Status twice =
      Cathedral::Create(GameSpec{"cathedral", "", 10, "pieces=V;pieces=S"}).status();
  EXPECT_NE(twice.message().find("given twice"), std::string::npos) << twice;
  EXPECT_FALSE(Cathedral::Create(GameSpec{"cathedral", "", 10, "pieces"}).ok());
}

// ---- Notation ---------------------------------------------------------------------------

TEST(CathedralNotation, EverySpellingOfASquareSetIsOneMoveWithOneCanonicalName) {
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yne7");
  const auto a = game.parse_move(pos, "Pna2"), b = game.parse_move(pos, "Peb2"),
             c = game.parse_move(pos, "Psb1"), d = game.parse_move(pos, "pWA1");
  ASSERT_TRUE(a.ok() && b.ok() && c.ok() && d.ok());
  EXPECT_TRUE(*a == *b && *b == *c && *c == *d);
  EXPECT_EQ(game.move_string(pos, *d), "Pna2");
  // The Stable: n on a3 and s on a2 are the same two squares.
  EXPECT_EQ(game.move_string(pos, *game.parse_move(pos, "Ssa2")), "Sna3");
  // Every legal move's name is unique and parses back to it.
  Cathedral::MoveList moves;
  game.generate_moves(pos, moves);
  std::set<std::string> names;
  for (auto m : moves) {
    const std::string name = game.move_string(pos, m);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_TRUE(*game.parse_move(pos, name) == m) << name;
  }
}

TEST(CathedralNotation, BadMovesSayWhatIsWrong) {
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yne7 Lna10");
  auto error = [&](const char* move) {
    const auto m = game.parse_move(pos, move);
    EXPECT_FALSE(m.ok()) << move;
    return std::string(m.status().message());
  };
  EXPECT_NE(error("Qna1").find("unknown piece letter 'Q'"), std::string::npos);
  EXPECT_NE(error("Vxa1").find("bad orientation 'x'"), std::string::npos);
  EXPECT_NE(error("Vnk1").find("bad square 'k1'"), std::string::npos);
  EXPECT_NE(error("Vna11").find("bad square"), std::string::npos);
  EXPECT_NE(error("Vna0").find("bad square"), std::string::npos);
  EXPECT_NE(error("Nna1").find("off the board"), std::string::npos);
  EXPECT_NE(error("Vne7").find("e7 already covered"), std::string::npos);
  EXPECT_NE(error("Ynj1").find("Cathedral"), std::string::npos);
  EXPECT_NE(error("V").find("not a move"), std::string::npos);
  EXPECT_NE(error("Yna1+Vnj1").find("lehmann"), std::string::npos);
  // Light has one Bridge; after placing it, none is left.
  const auto after = Play(game, "Yne7 Lna10 Nnj3 Vna1");
  const auto again = game.parse_move(after, "Nnh3");
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("no Bridge (N) left in hand"), std::string::npos)
      << again.status();
}

// ---- Position strings ---------------------------------------------------------------

TEST(CathedralPositionString, StartAndSeedPositionsRoundTrip) {
  const Cathedral small = Make(5);
  EXPECT_EQ(small.position_string(small.start()),
            "......................... VSLN VSLN light none hand");
  const Cathedral lehmann = Make(5, "lehmann");
  EXPECT_EQ(lehmann.position_string(lehmann.start()),
            "......................... VSLN VSLN dark none hand");
  const Cathedral game = Make(10);
  const auto pos = Play(game, "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6 Lse1 Vng1");
  const std::string text = game.position_string(pos);
  const auto back = game.parse_position(text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(*back == pos);
  EXPECT_EQ(game.hash(*back), game.hash(pos));
}

TEST(CathedralPositionString, MalformedStringsAreRejectedWithAReason) {
  const Cathedral game = Make(5, "classic", "VVVVVS");
  auto error = [&](const std::string& text) {
    const auto p = game.parse_position(text);
    EXPECT_FALSE(p.ok()) << text;
    return std::string(p.status().message());
  };
  const std::string ok = CornerPocket("v...s");
  ASSERT_TRUE(game.parse_position(ok + " VVVS VVVV light both gone").ok());
  EXPECT_NE(error(ok + " VVVS VVVV light both").find("expected 6 fields"), std::string::npos);
  EXPECT_NE(error("..... VVVS VVVV light both gone").find("board has 5 characters"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...?") + " VVVS VVVV light both gone").find("bad character '?'"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVV light both gone").find("dark's hand"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVVQ light both gone").find("bad piece letter"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVVV blue both gone").find("side to move"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVVV light light gone").find("first building"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVVV light both lost").find("Cathedral field"),
            std::string::npos);
  EXPECT_NE(error(CornerPocket("v...s") + " VVVS VVVV light both board").find("not one Cathedral"),
            std::string::npos);
  // A lone 's' square is not a whole Stable.
  EXPECT_NE(
      error(Board({".....", ".....", ".....", "VV...", "v...s"}) + " VVVS VVVVS light both gone")
          .find("whole pieces"),
      std::string::npos);
  // The Cathedral in hand only at the start.
  EXPECT_NE(error(ok + " VVVS VVVV light both hand").find("at its start"), std::string::npos);
}

TEST(CathedralPositionString, TouchingStablesOfOneOwnerNeedNoSplitToBeKnown) {
  // Two dark Stables side by side make a 2x2 block: split either way it is
  // the same position (they can never be captured one at a time).
  const Cathedral game = Make(5, "classic", "SSV");
  const auto pos =
      Parse(game, Board({".....", ".....", ".....", "ss...", "ss..V"}) + " SS V light both gone");
  EXPECT_EQ(pos.count(kDark, cathedral::kS), 0);
  EXPECT_EQ(game.position_string(pos),
            Board({".....", ".....", ".....", "ss...", "ss..V"}) + " SS V light both gone");
}

// ---- Conformance ------------------------------------------------------------------------

TEST(CathedralConformance, RandomPlayoutsOnEveryDefaultBoard) {
  testing::CheckConformance(Make(5), 30, 21);
  testing::CheckConformance(Make(5, "lehmann"), 30, 22);
  testing::CheckConformance(Make(6), 12, 23);
  testing::CheckConformance(Make(6, "lehmann"), 12, 24);
  testing::CheckConformance(Make(7), 6, 25);
  testing::CheckConformance(Make(8), 4, 26);
  testing::CheckConformance(Make(10), 2, 27);
  testing::CheckConformance(Make(9, "classic", "VVSSLLNPMZO"), 2, 28);
}

TEST(CathedralConformance, TheLehmann10x10GameWithoutSymmetryChecks) {
  // Symmetry checks on the compound turn would play its ~380,000 moves 8 times.
  testing::CheckConformance(Make(10, "lehmann"), 1, 29, /*check_symmetry=*/false);
}

}  // namespace
}  // namespace tav
