// Othello and Desdemona rules: published numbers, the seed's example line, a
// differential test against the array-based reference, round trips, bad input.
#include <gtest/gtest.h>

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

#include "conformance.h"
#include "core/natural_order.h"
#include "core/perft.h"
#include "core/setup.h"
#include "games/reversi/reversi.h"
#include "reference_reversi.h"

namespace tav {
namespace {

using reversi::Desdemona;
using reversi::Othello;

GameSpec Spec(const char* game, int size, const char* variant = "") {
  return GameSpec{game, variant, size, ""};
}

template <class G>
std::vector<std::string> SortedMoveNames(const G& game, const typename G::Position& pos) {
  typename G::MoveList list;
  game.generate_moves(pos, list);
  std::vector<std::string> names;
  for (auto m : list) names.push_back(game.move_string(pos, m));
  std::sort(names.begin(), names.end(), NaturalLess);
  return names;
}

TEST(OthelloPerft, MatchesPublishedCountsFromStartToDepth10) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const std::uint64_t published[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284};
  for (int d = 1; d <= 10; ++d) {
    EXPECT_EQ(Perft(game, game.start(), d), published[d - 1]) << "depth " << d;
  }
}

TEST(OthelloStart, HasWhiteOnD4E5AndBlackOnE4D5) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const std::string s = game.position_string(game.start());
  auto at = [&](const char* sq) { return s[(sq[1] - '1') * 8 + (sq[0] - 'a')]; };
  EXPECT_EQ(at("d4"), 'O');
  EXPECT_EQ(at("e5"), 'O');
  EXPECT_EQ(at("e4"), 'X');
  EXPECT_EQ(at("d5"), 'X');
  EXPECT_EQ(s.back(), 'X');
  const Othello small = *Othello::Create(Spec("othello", 4));
  EXPECT_EQ(small.position_string(small.start()), "-----OX--XO----- X");
}

TEST(DesdemonaSeed, ExampleLineGivesTheSeedsMovesAndColours) {
  const Desdemona game = *Desdemona::Create(Spec("desdemona", 8));
  auto pos = game.start();
  using V = std::vector<std::string>;
  EXPECT_EQ(SortedMoveNames(game, pos), (V{"c4", "d3", "e6", "f5"}));
  pos = *PlayMoves(game, pos, "d3");
  auto cell = [&](const char* sq) {
    return game.position_string(pos)[(sq[1] - '1') * 8 + (sq[0] - 'a')];
  };
  EXPECT_EQ(cell("d4"), 'N');  // the captured white stone turns neutral
  EXPECT_EQ(SortedMoveNames(game, pos), (V{"c3", "c5", "e3"}));
  pos = *PlayMoves(game, pos, "e3");
  EXPECT_EQ(cell("e4"), 'N');
  EXPECT_EQ(SortedMoveNames(game, pos), (V{"f3", "f5"}));
  pos = *PlayMoves(game, pos, "f3");
  EXPECT_EQ(cell("e4"), 'X');  // the captured neutral stone turns black
  EXPECT_EQ(cell("e3"), 'N');
  EXPECT_EQ(SortedMoveNames(game, pos), (V{"c3", "c5", "e2"}));
  pos = *PlayMoves(game, pos, "e2");
  EXPECT_EQ(cell("e3"), 'O');
  EXPECT_EQ(cell("e4"), 'N');
}

// Plays random games with both engines in lock step, comparing the legal
// moves, every resulting position and the final scores.
std::vector<std::string> SortedRefMoves(const testing::RefReversi& ref) {
  std::vector<std::string> moves = ref.Moves();
  std::sort(moves.begin(), moves.end(), NaturalLess);
  return moves;
}

template <class G>
void DifferentialPlayouts(const G& game, bool desdemona, int positions, std::uint64_t seed) {
  SplitMix64 rng(seed);
  int checked = 0;
  while (checked < positions) {
    auto pos = game.start();
    auto ref = testing::RefReversi::FromString(game.position_string(pos), game.size(), desdemona);
    while (true) {
      ++checked;
      const std::vector<std::string> moves = SortedMoveNames(game, pos);
      ASSERT_EQ(moves, SortedRefMoves(ref)) << game.position_string(pos);
      if (moves.empty()) {
        ASSERT_EQ(game.final_value(pos), ref.FinalValue(game.misere()));
        break;
      }
      // Every child must agree, not only the one we continue with.
      for (const std::string& m : moves) {
        auto child = pos;
        game.play(child, *game.parse_move(pos, m));
        auto ref_child = ref;
        ref_child.Play(m);
        ASSERT_EQ(game.position_string(child), ref_child.ToString()) << "after " << m;
      }
      const std::string& pick = moves[rng.Below(moves.size())];
      game.play(pos, *game.parse_move(pos, pick));
      ref.Play(pick);
    }
  }
}

// Random boards that need not be reachable: stresses edge wrap-around and
// long lines that playouts rarely produce.
template <class G>
void DifferentialRandomBoards(const G& game, bool desdemona, int positions, std::uint64_t seed) {
  SplitMix64 rng(seed);
  const int n = game.size();
  for (int i = 0; i < positions; ++i) {
    std::string s;
    const int fill = 20 + static_cast<int>(rng.Below(75));  // percent of squares occupied
    for (int k = 0; k < n * n; ++k) {
      if (static_cast<int>(rng.Below(100)) >= fill) {
        s += '-';
      } else {
        const int kind = static_cast<int>(rng.Below(desdemona ? 3 : 2));
        s += "XON"[kind];
      }
    }
    s += rng.Below(2) ? " O" : " X";
    auto pos = game.parse_position(s);
    ASSERT_TRUE(pos.ok()) << pos.status();
    auto ref = testing::RefReversi::FromString(s, n, desdemona);
    ASSERT_EQ(SortedMoveNames(game, *pos), SortedRefMoves(ref)) << s;
    for (const std::string& m : ref.Moves()) {
      auto child = *pos;
      game.play(child, *game.parse_move(*pos, m));
      auto ref_child = ref;
      ref_child.Play(m);
      ASSERT_EQ(game.position_string(child), ref_child.ToString()) << s << " after " << m;
    }
    if (ref.Moves().empty()) {
      ASSERT_EQ(game.final_value(*pos), ref.FinalValue(game.misere()));
    }
  }
}

class ReversiBySize : public ::testing::TestWithParam<int> {};

TEST_P(ReversiBySize, OthelloMatchesReferenceOn10000PlayoutPositions) {
  DifferentialPlayouts(*Othello::Create(Spec("othello", GetParam())), false, 10000, 11);
}
TEST_P(ReversiBySize, DesdemonaMatchesReferenceOn10000PlayoutPositions) {
  DifferentialPlayouts(*Desdemona::Create(Spec("desdemona", GetParam())), true, 10000, 12);
}
TEST_P(ReversiBySize, DesdemonaMisereScoresMatchReference) {
  DifferentialPlayouts(*Desdemona::Create(Spec("desdemona", GetParam(), "misere")), true, 2000, 13);
}
TEST_P(ReversiBySize, OthelloMatchesReferenceOn10000RandomBoards) {
  DifferentialRandomBoards(*Othello::Create(Spec("othello", GetParam())), false, 10000, 14);
}
TEST_P(ReversiBySize, DesdemonaMatchesReferenceOn10000RandomBoards) {
  DifferentialRandomBoards(*Desdemona::Create(Spec("desdemona", GetParam())), true, 10000, 15);
}
TEST_P(ReversiBySize, OthelloPassesConformance) {
  testing::CheckConformance(*Othello::Create(Spec("othello", GetParam())), 100, 21);
}
TEST_P(ReversiBySize, DesdemonaPassesConformance) {
  testing::CheckConformance(*Desdemona::Create(Spec("desdemona", GetParam())), 100, 22);
}
INSTANTIATE_TEST_SUITE_P(Sizes, ReversiBySize, ::testing::Values(4, 6, 8),
                         [](const auto& info) { return absl::StrCat("N", info.param); });

TEST(ReversiSymmetry, TheFourOpeningMovesAreImagesOfEachOther) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const auto after_d3 = *PlayMoves(game, game.start(), "d3");
  std::set<std::string> images;
  for (int s = 0; s < 8; ++s) images.insert(game.position_string(game.transform(after_d3, s)));
  for (const char* m : {"c4", "f5", "e6"}) {
    EXPECT_TRUE(images.count(game.position_string(*PlayMoves(game, game.start(), m)))) << m;
  }
  // All four openings share one canonical form.
  const auto canonical = Canonicalize(game, after_d3).position;
  for (const char* m : {"c4", "f5", "e6"}) {
    EXPECT_TRUE(Canonicalize(game, *PlayMoves(game, game.start(), m)).position == canonical);
  }
}

TEST(ReversiSymmetry, SmallBoardTransformsStayOnTheBoard) {
  for (int n : {4, 6}) {
    const Desdemona game = *Desdemona::Create(Spec("desdemona", n));
    const auto pos = *PlayMoves(game, game.start(), n == 4 ? "b1" : "c2 b2");
    for (int s = 0; s < 8; ++s) {
      const auto image = game.transform(pos, s);
      EXPECT_EQ((image.player | image.opponent | image.neutral) & ~game.board_mask(), 0u);
      EXPECT_TRUE(game.parse_position(game.position_string(image)).ok());
    }
  }
}

TEST(ReversiBadInput, PositionStringsNameTheProblem) {
  const Othello othello = *Othello::Create(Spec("othello", 4));
  const Desdemona desdemona = *Desdemona::Create(Spec("desdemona", 4));
  auto message = [](auto status_or) { return std::string(status_or.status().message()); };
  EXPECT_NE(message(othello.parse_position("-----OX--XO---- X")).find("15 characters"),
            std::string::npos);
  EXPECT_NE(message(othello.parse_position("-----OX--XO----? X")).find("bad character '?'"),
            std::string::npos);
  EXPECT_NE(message(othello.parse_position("-----OX--XO----N X")).find("bad character 'N'"),
            std::string::npos);
  EXPECT_TRUE(desdemona.parse_position("-----OX--XO----N X").ok());
  EXPECT_NE(message(othello.parse_position("-----OX--XO----- B")).find("side to move"),
            std::string::npos);
  EXPECT_NE(message(othello.parse_position("-----OX--XO-----")).find("field"), std::string::npos);
  EXPECT_FALSE(othello.parse_position("").ok());
}

// An Edax .obf line of a position, built from its RULES.md string: the same
// board with `*` for black and `.` for empty when `edax_letters`, the side,
// then every legal move with a made-up score.
std::string ObfLine(const Othello& game, const Othello::Position& p, bool edax_letters) {
  std::string line = game.position_string(p);
  if (edax_letters) {
    for (size_t i = 0; i < 64; ++i) line[i] = line[i] == 'X' ? '*' : line[i] == '-' ? '.' : 'o';
    line[65] = static_cast<char>(std::tolower(line[65]));
  }
  line += ";";
  int score = 4;
  for (const std::string& m : SortedMoveNames(game, p)) {
    absl::StrAppend(&line, " ", absl::AsciiStrToUpper(m), ":", score > 0 ? "+" : "", score, ";");
    score -= 2;
  }
  return line;
}

TEST(ReversiObf, EdaxLinesParseToTheSamePositionAsTheRulesString) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const Othello::Position p = *PlayMoves(game, game.start(), "f5 d6 c3 d3 c4");
  for (bool edax_letters : {false, true}) {
    const std::string line = ObfLine(game, p, edax_letters);
    auto parsed = game.parse_position(line);
    ASSERT_TRUE(parsed.ok()) << line << ": " << parsed.status();
    EXPECT_EQ(*parsed, p) << line;
    EXPECT_EQ(game.position_string(*parsed), game.position_string(p));
  }
  // Only the board and side: a bare ';'.
  EXPECT_EQ(*game.parse_position(game.position_string(p) + ";"), p);
}

TEST(ReversiObf, BadPairsAndOtherBoardsAreRejected) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const std::string start = game.position_string(game.start());
  auto message = [](auto status_or) {
    return status_or.ok() ? std::string("accepted") : std::string(status_or.status().message());
  };
  EXPECT_NE(message(game.parse_position(start + "; A1:+0;")).find("'A1:+0'"), std::string::npos);
  EXPECT_NE(message(game.parse_position(start + "; D3;")).find("not 'move:score'"),
            std::string::npos);
  EXPECT_NE(message(game.parse_position(start + "; D3:+99;")).find("-64..64"), std::string::npos);
  EXPECT_NE(message(game.parse_position(start + "; PS:+0;")).find("a move is available"),
            std::string::npos);
  std::string bad_square = start;
  bad_square[0] = '?';
  EXPECT_NE(message(game.parse_position(bad_square + ";")).find("bad character '?'"),
            std::string::npos);
  const Othello small = *Othello::Create(Spec("othello", 6));
  EXPECT_NE(
      message(small.parse_position(small.position_string(small.start()) + ";")).find("8x8 Othello"),
      std::string::npos);
  const Desdemona desdemona = *Desdemona::Create(Spec("desdemona", 8));
  EXPECT_NE(message(desdemona.parse_position(start + ";")).find("8x8 Othello"), std::string::npos);
}

TEST(ReversiBadInput, IllegalAndMalformedMovesAreRejected) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  const auto start = game.start();
  EXPECT_FALSE(game.parse_move(start, "z9").ok());
  EXPECT_FALSE(game.parse_move(start, "d").ok());
  EXPECT_FALSE(game.parse_move(start, "d33").ok());
  EXPECT_FALSE(game.parse_move(start, "a1").ok());    // captures nothing
  EXPECT_FALSE(game.parse_move(start, "d4").ok());    // occupied
  EXPECT_FALSE(game.parse_move(start, "pass").ok());  // moves exist
  EXPECT_TRUE(game.parse_move(start, "D3").ok());     // case-insensitive
  const Othello small = *Othello::Create(Spec("othello", 6));
  EXPECT_FALSE(small.parse_move(small.start(), "g1").ok());  // off the 6x6 board
  EXPECT_FALSE(PlayMoves(game, start, "d3 d3").ok());
}

TEST(ReversiBadInput, BadSizesAndVariantsAreRejected) {
  EXPECT_FALSE(Othello::Create(Spec("othello", 5)).ok());
  EXPECT_FALSE(Othello::Create(Spec("othello", 10)).ok());
  EXPECT_FALSE(Othello::Create(Spec("othello", 8, "misere")).ok());
  EXPECT_TRUE(Desdemona::Create(Spec("desdemona", 8, "misere")).ok());
  EXPECT_FALSE(Desdemona::Create(Spec("desdemona", 8, "perdere")).ok());
}

TEST(ReversiPass, ForcedPassIsTheOnlyMoveAndCountsAsAPly) {
  // Black to move has no move but white does: black must pass.
  const Othello game = *Othello::Create(Spec("othello", 4));
  const auto pos = *game.parse_position(
      "OOOO"
      "OOOO"
      "OOX-"
      "---- X");
  EXPECT_EQ(SortedMoveNames(game, pos), std::vector<std::string>{"pass"});
  EXPECT_EQ(Perft(game, pos, 1), 1u);
  auto after = *PlayMoves(game, pos, "pass");
  EXPECT_EQ(game.side_to_move(after), 1);
}

TEST(ReversiScore, EmptiesGoToTheWinnerInOthelloAndToNobodyInDesdemona) {
  const Othello othello = *Othello::Create(Spec("othello", 4));
  const auto pos = *othello.parse_position(
      "XXXX"
      "XXXX"
      "----"
      "---- O");
  ASSERT_TRUE(othello.is_over(pos));
  EXPECT_EQ(othello.final_value(pos), -16);  // white to move, wiped out: 0-8-8
  const Desdemona desdemona = *Desdemona::Create(Spec("desdemona", 4));
  const auto dpos = *desdemona.parse_position(
      "XXXN"
      "OXXX"
      "NNNN"
      "NNNO X");
  ASSERT_TRUE(desdemona.is_over(dpos));
  EXPECT_EQ(desdemona.final_value(dpos), 6 - 2);
  const Desdemona misere = *Desdemona::Create(Spec("desdemona", 4, "misere"));
  const auto mpos = *misere.parse_position(
      "XXXX"
      "XXXX"
      "NNNN"
      "NNNO X");
  ASSERT_TRUE(misere.is_over(mpos));
  EXPECT_EQ(misere.final_value(mpos), 1 - 8);
}

}  // namespace
}  // namespace tav

namespace tav {
namespace {

TEST(ReversiFlips, VectorFlipsEqualTheScalarRayWalkOnRandomBoards) {
  SplitMix64 rng(77);
  for (int i = 0; i < 200000; ++i) {
    // Random disjoint P and C with varying densities; sq anywhere (occupied or not).
    const std::uint64_t a = rng.Next(), b = rng.Next(), d = rng.Next();
    const std::uint64_t P = a & (i % 3 ? b : ~b) & d;
    const std::uint64_t C = ~a & (i % 5 ? rng.Next() : ~0ULL);
    const int sq = static_cast<int>(rng.Below(64));
    ASSERT_EQ(reversi::Flips(sq, P, C), reversi::FlipsScalar(sq, P, C))
        << sq << " " << P << " " << C;
  }
}

TEST(ReversiLastFlip, LineTableCountEqualsTheFlipMaskOnFullBoards) {
  SplitMix64 rng(79);
  for (int i = 0; i < 200000; ++i) {
    const int x = static_cast<int>(rng.Below(64));
    // Every square but x is someone's: P's, and the rest the opponent's.
    const std::uint64_t P = (i % 4 ? rng.Next() : rng.Next() & rng.Next()) & ~(1ULL << x);
    const std::uint64_t O = ~P & ~(1ULL << x);
    ASSERT_EQ(reversi::CountLastFlips(x, P), PopCount(reversi::FlipsScalar(x, P, O)))
        << x << " " << P;
  }
}

// Stones the edge-seeded stability (Othello 8x8) calls stable keep their
// colour through random continuations of random games, and include every
// stone the unseeded fixed point finds.
TEST(ReversiStability, EdgeSeededStableStonesNeverFlipInRandomContinuations) {
  const Othello game = *Othello::Create(Spec("othello", 8));
  SplitMix64 rng(80);
  int stable_seen = 0;
  for (int g = 0; g < 300; ++g) {
    auto pos = game.start();
    const int plies = 20 + static_cast<int>(rng.Below(40));
    for (int i = 0; i < plies && !game.is_over(pos); ++i) {
      Othello::MoveList moves;
      game.generate_moves(pos, moves);
      game.play(pos, moves[rng.Below(moves.size())]);
    }
    const reversi::FullLines full = reversi::ComputeFullLines(pos.player | pos.opponent);
    const std::uint64_t mine = reversi::StableStonesOf<false>(pos.player, pos.opponent, full, 0);
    const std::uint64_t theirs = reversi::StableStonesOf<false>(pos.opponent, pos.player, full, 0);
    ASSERT_EQ(reversi::StableStones(pos.player, full, 0) & ~mine, 0u) << game.position_string(pos);
    stable_seen += PopCount(mine | theirs);
    // Colours as seen from the player to move at `pos` (white_to_move flips per ply).
    for (int c = 0; c < 20; ++c) {
      auto q = pos;
      while (!game.is_over(q)) {
        Othello::MoveList moves;
        game.generate_moves(q, moves);
        game.play(q, moves[rng.Below(moves.size())]);
        const bool same_side = q.white_to_move == pos.white_to_move;
        const std::uint64_t first = same_side ? q.player : q.opponent;
        const std::uint64_t second = same_side ? q.opponent : q.player;
        ASSERT_EQ(first & mine, mine) << game.position_string(pos);
        ASSERT_EQ(second & theirs, theirs) << game.position_string(pos);
      }
    }
  }
  EXPECT_GT(stable_seen, 1000);  // the check saw stable stones, not empty sets
}

// The 8x8 fixed point over the inner squares only (StableStones8x8) finds
// exactly the stones of the general one seeded with the same edge-stable
// stones, on boards from sparse to full.
TEST(ReversiStability, InnerSquareFixedPointEqualsTheGeneralOne) {
  SplitMix64 rng(81);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t filled = rng.Next() | (i % 2 ? rng.Next() : 0) | (i % 3 ? rng.Next() : 0);
    const std::uint64_t P = filled & rng.Next();
    const std::uint64_t O = filled & ~P;
    const reversi::FullLines full = reversi::ComputeFullLines(filled);
    ASSERT_EQ(reversi::StableStones8x8(P, O, full),
              reversi::StableStones(P, full, 0, P & reversi::EdgeStableStones(P, O)))
        << P << " " << O;
  }
}

TEST(ReversiMoves, VectorMoveMaskEqualsTheScalarOneOnRandomBoards) {
  SplitMix64 rng(78);
  for (int i = 0; i < 200000; ++i) {
    // Disjoint P and C of varying density; the empty mask is anything outside them.
    const std::uint64_t a = rng.Next(), b = rng.Next(), d = rng.Next();
    const std::uint64_t P = a & (i % 3 ? b : ~b) & (i % 7 ? d : ~0ULL);
    const std::uint64_t C = ~a & (i % 5 ? rng.Next() : ~0ULL);
    const std::uint64_t empty = ~(P | C) & (i % 2 ? ~0ULL : rng.Next());
    ASSERT_EQ(reversi::LegalMoves(P, C, empty), reversi::LegalMovesScalar(P, C, empty))
        << P << " " << C << " " << empty;
  }
}

}  // namespace
}  // namespace tav
