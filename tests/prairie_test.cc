// Prairie rules: RULES.md's move counts, one hand-built position per rule,
// the variants, notation, the conformance test and a differential test
// against the array-based reference engine (reference_prairie.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "conformance.h"
#include "core/game_options.h"
#include "core/natural_order.h"
#include "core/perft.h"
#include "core/setup.h"
#include "games/prairie/prairie.h"
#include "reference_prairie.h"

namespace tav {
namespace {

using prairie::PrairieGame;
using Position = PrairieGame::Position;

PrairieGame Make(int width = 11, const char* variant = "", const char* empty = "") {
  absl::StatusOr<PrairieGame> g = PrairieGame::Create(
      GameSpec{"prairie", variant, width, JoinGameOptions({{"empty-columns", empty}})});
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

std::vector<std::string> MoveNames(const PrairieGame& game, const Position& pos) {
  PrairieGame::MoveList list;
  game.generate_moves(pos, list);
  std::vector<std::string> names;
  for (auto m : list) names.push_back(game.move_string(pos, m));
  std::sort(names.begin(), names.end(), NaturalLess);
  return names;
}

// A position from rows written top (row 7) to bottom (row 1), as drawn.
Position FromRows(const PrairieGame& game, std::vector<std::string> top_down, char side) {
  std::string s;
  for (auto it = top_down.rbegin(); it != top_down.rend(); ++it) s += *it;
  s += ' ';
  s += side;
  absl::StatusOr<Position> p = game.parse_position(s);
  EXPECT_TRUE(p.ok()) << p.status() << " for " << s;
  return p.ok() ? *p : game.start();
}

// ---- RULES.md's known facts ------------------------------------------------------

TEST(PrairieStart, BuffaloSideHasElevenMoves) {
  const PrairieGame game = Make();
  EXPECT_EQ(MoveNames(game, game.start()).size(), 11u);
  EXPECT_EQ(game.position_string(game.start()),
            "-----------"
            "---DDCDD---"
            "-----------"
            "-----------"
            "-----------"
            "-----------"
            "BBBBBBBBBBB B");
}

TEST(PrairieStart, LightWouldHave55MovesSplitAsRulesSay) {
  const PrairieGame game = Make();
  Position pos = game.start();
  pos.light_to_move = 1;
  const std::vector<std::string> moves = MoveNames(game, pos);
  EXPECT_EQ(moves.size(), 55u);
  std::map<std::string, int> by_piece;
  for (const std::string& m : moves) ++by_piece[m.substr(0, 2)];
  EXPECT_EQ(by_piece["d2"], 14);
  EXPECT_EQ(by_piece["e2"], 12);
  EXPECT_EQ(by_piece["g2"], 12);
  EXPECT_EQ(by_piece["h2"], 14);
  EXPECT_EQ(by_piece["f2"], 3);  // the cowboy
}

TEST(PrairieStart, LightMovesAfterEachFirstBuffaloMoveMatchRules) {
  const PrairieGame game = Make();
  const int expected[11] = {54, 55, 54, 53, 54, 55, 54, 53, 54, 55, 54};
  for (int c = 0; c < 11; ++c) {
    const std::string move = absl::StrCat(std::string(1, static_cast<char>('a' + c)), "7-",
                                          std::string(1, static_cast<char>('a' + c)), "6");
    const Position pos = *PlayMoves(game, game.start(), move);
    EXPECT_EQ(MoveNames(game, pos).size(), static_cast<size_t>(expected[c])) << move;
    EXPECT_EQ(CountMoves(game, pos), expected[c]) << move;
  }
}

TEST(PrairieStart, NarrowBoardsPlaceCowboyAtCentreAndDogsWithinTwo) {
  EXPECT_EQ(Make(3).position_string(Make(3).start()), "---DCD------------BBB B");
  EXPECT_EQ(Make(4).position_string(Make(4).start()), "----DDCD----------------BBBB B");
  EXPECT_EQ(Make(5).position_string(Make(5).start()), "-----DDCDD--------------------BBBBB B");
  EXPECT_EQ(Make(6).position_string(Make(6).start()).substr(6, 6), "-DDCDD");
  EXPECT_EQ(Make(3).dog_count(), 2);
  EXPECT_EQ(Make(4).dog_count(), 3);
  for (int w = 5; w <= 11; ++w) EXPECT_EQ(Make(w).dog_count(), 4);
}

// ---- one position per rule ---------------------------------------------------------

TEST(PrairieRules, BuffaloOnRowTwoCannotBeStoppedExceptByCapture) {
  const PrairieGame game = Make(5);
  // Buffalo on c2 with the cowboy far away: whatever light does, c2-c1 follows.
  const Position pos =
      FromRows(game, {"B---B", "-----", "-----", "----C", "DD-DD", "--B--", "-----"}, 'L');
  PrairieGame::MoveList moves;
  game.generate_moves(pos, moves);
  ASSERT_GT(moves.size(), 0u);
  for (auto m : moves) {
    Position child = pos;
    game.play(child, m);
    const std::vector<std::string> replies = MoveNames(game, child);
    EXPECT_NE(std::find(replies.begin(), replies.end(), "c2-c1"), replies.end())
        << game.move_string(pos, m);
    Position after = child;
    game.play(after, *game.parse_move(child, "c2-c1"));
    EXPECT_TRUE(game.is_over(after));
    EXPECT_EQ(game.final_value(after), -kDistanceBase);  // light to move, and lost
    EXPECT_TRUE(MoveNames(game, after).empty());
  }
  EXPECT_EQ(game.static_value(pos), -(kDistanceBase - 2));
  // With the cowboy next to it, light can capture: no static verdict.
  const Position near =
      FromRows(game, {"B---B", "-----", "-----", "-----", "DDCDD", "--B--", "-----"}, 'L');
  EXPECT_EQ(game.static_value(near), std::nullopt);
  const std::vector<std::string> light = MoveNames(game, near);
  EXPECT_NE(std::find(light.begin(), light.end(), "c3xc2"), light.end());
}

TEST(PrairieRules, BuffaloSideWithNoMoveLoses) {
  const PrairieGame game = Make(5);
  // Every buffalo has a light piece right below it.
  const Position blocked =
      FromRows(game, {"B----", "D--B-", "-B-D-", "-D---", "----B", "---DC", "-----"}, 'B');
  EXPECT_TRUE(game.is_over(blocked));
  EXPECT_EQ(game.final_value(blocked), -kDistanceBase);
  EXPECT_EQ(CountMoves(game, blocked), 0);
  // Every buffalo captured.
  const Position none =
      FromRows(game, {"-----", "-----", "--C--", "-----", "-----", "DD-DD", "-----"}, 'B');
  EXPECT_TRUE(game.is_over(none));
  // One unblocked buffalo keeps the game going.
  const Position one =
      FromRows(game, {"B----", "D--B-", "-B-D-", "-D---", "----B", "--CD-", "-----"}, 'B');
  EXPECT_TRUE(game.is_over(one) == false);
  EXPECT_EQ(MoveNames(game, one), (std::vector<std::string>{"e3-e2"}));
}

TEST(PrairieRules, CowboyCapturesBuffaloDogsNever) {
  const PrairieGame game = Make(5);
  const Position pos =
      FromRows(game, {"B-B-B", "-----", "-B---", "-DC--", "-----", "D--DD", "-----"}, 'L');
  const std::vector<std::string> moves = MoveNames(game, pos);
  auto has = [&](const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  };
  EXPECT_TRUE(has("c4xb5"));
  EXPECT_FALSE(has("c4-b5"));
  EXPECT_FALSE(has("b4-b5"));  // a dog cannot move onto a buffalo
  EXPECT_FALSE(has("b4xb5"));
  Position after = *PlayMoves(game, pos, "c4xb5");
  EXPECT_EQ(game.buffalo_count(after), 3);
  EXPECT_EQ(game.position_string(after).substr(4 * 5, 5), "-C---");
  // Capturing is optional: the cowboy may also just step.
  EXPECT_TRUE(has("c4-c5"));
}

TEST(PrairieRules, LightPiecesStayBetweenTheRivers) {
  const PrairieGame game = Make(5);
  // Cowboy on row 6 under buffalo on row 7, dogs on row 2 above an empty row 1.
  const Position pos =
      FromRows(game, {"BBBBB", "--C--", "-----", "-----", "-----", "DD-DD", "-----"}, 'L');
  for (const std::string& m : MoveNames(game, pos)) {
    EXPECT_NE(m[4], '1') << m;
    EXPECT_NE(m[4], '7') << m;
  }
  // The row-7 buffalo next to the cowboy cannot be captured; c7 is blocked.
  Position buffalo = pos;
  buffalo.light_to_move = 0;
  const std::vector<std::string> steps = MoveNames(game, buffalo);
  EXPECT_EQ(steps, (std::vector<std::string>{"a7-a6", "b7-b6", "d7-d6", "e7-e6"}));
  EXPECT_FALSE(game.parse_position("--C--"
                                   "-----"
                                   "-----"
                                   "-----"
                                   "-----"
                                   "DD-DD"
                                   "BBBBB L")
                   .ok());
  EXPECT_FALSE(game.parse_position("-----"
                                   "-----"
                                   "-----"
                                   "-----"
                                   "-----"
                                   "DD-DD"
                                   "BBCBB L")
                   .ok());
}

TEST(PrairieRules, DogsSlideLikeQueensWithoutJumping) {
  const PrairieGame game = Make(5);
  const Position pos =
      FromRows(game, {"-----", "--B--", "D---D", "--D--", "-----", "C---D", "-----"}, 'L');
  std::vector<std::string> from_c4;
  for (const std::string& m : MoveNames(game, pos)) {
    if (m.substr(0, 2) == "c4") from_c4.push_back(m);
  }
  // c5 only upward (c6 holds a buffalo), full row, diagonals to the edges,
  // down to c2; e2 (a dog) and the corner squares behind it not reachable.
  EXPECT_EQ(from_c4,
            (std::vector<std::string>{"c4-a4", "c4-a6", "c4-b3", "c4-b4", "c4-b5", "c4-c2", "c4-c3",
                                      "c4-c5", "c4-d3", "c4-d4", "c4-d5", "c4-e4", "c4-e6"}));
}

TEST(PrairieRules, LightAlwaysHasAMoveOnEveryNarrowBoardPosition) {
  // Exhaustively over every buffalo configuration and light placement of the
  // 3- and 4-wide boards, through the tier index (every index is a position).
  for (int w : {3, 4}) {
    const PrairieGame game = Make(w);
    std::uint64_t checked = 0;
    const std::vector<PrairieGame::Tier> tiers = game.tiers("").value();
    for (PrairieGame::Tier t : tiers) {
      const std::uint64_t half = game.tier_size(t) / 2;
      for (std::uint64_t i = half; i < 2 * half; ++i) {
        Position p;
        ASSERT_TRUE(game.unrank(t, i, p));
        ASSERT_EQ(p.light_to_move, 1);
        ASSERT_GT(CountMoves(game, p), 0) << game.position_string(p);
        ++checked;
      }
    }
    EXPECT_GT(checked, 0u);
  }
}

// ---- variants ---------------------------------------------------------------------------

TEST(PrairieVariants, HandicapsEmptyTheMirrorSymmetricColumns) {
  const std::map<std::string, std::string> expected = {{"handicap1", "BBBBB-BBBBB"},
                                                       {"handicap2", "-BBBBBBBBB-"},
                                                       {"handicap3", "-BBBB-BBBB-"},
                                                       {"handicap4", "--BBBBBBB--"}};
  for (const auto& [variant, top] : expected) {
    const PrairieGame game = Make(11, variant.c_str());
    const std::string s = game.position_string(game.start());
    EXPECT_EQ(s.substr(66, 11), top) << variant;
    EXPECT_EQ(game.symmetry_count(), 2);
  }
  const PrairieGame custom = Make(11, "", "a,b");
  EXPECT_EQ(custom.position_string(custom.start()).substr(66, 11), "--BBBBBBBBB");
  EXPECT_EQ(custom.symmetry_count(), 1);  // the column set is not mirror-symmetric
  EXPECT_EQ(custom.empty_columns(), "a,b");
  EXPECT_EQ(custom.options(), "empty-columns=a,b");
  EXPECT_EQ(Make(11, "handicap1").options(), "");  // the variant's own empty column
  EXPECT_EQ(Make(11, "", "k,a").options(), "empty-columns=a,k");
}

TEST(PrairieVariants, ExtraFirstTurnIsOneCompoundMovePerReachablePlacement) {
  // Multisets of k columns out of 11: C(11 + k - 1, k).
  const std::map<int, size_t> expected = {{2, 66}, {3, 286}, {4, 1001}};
  for (const auto& [k, count] : expected) {
    const PrairieGame game = Make(11, absl::StrCat("extra", k).c_str());
    const Position start = game.start();
    PrairieGame::MoveList moves;
    game.generate_moves(start, moves);
    EXPECT_EQ(moves.size(), count) << k;
    // Distinct children, and exactly the reference's set of boards.
    std::set<std::string> children;
    for (auto m : moves) {
      Position c = start;
      game.play(c, m);
      EXPECT_EQ(c.light_to_move, 1);
      EXPECT_EQ(c.extra, 0);
      children.insert(game.position_string(c));
    }
    EXPECT_EQ(children.size(), count);
    const auto ref = testing::RefPrairie::FromString(game.position_string(start));
    EXPECT_EQ(children, ref.FirstTurnResults(k)) << k;
  }
}

TEST(PrairieVariants, ExtraMoveOrderDoesNotMatter) {
  const PrairieGame game = Make(11, "extra2");
  const Position start = game.start();
  auto a = game.parse_move(start, "a7-a6+b7-b6");
  auto b = game.parse_move(start, "b7-b6+a7-a6");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_TRUE(*a == *b);
  EXPECT_EQ(game.move_string(start, *a), "a7-a6+b7-b6");
  auto twice = game.parse_move(start, "a7-a6+a6-a5");
  ASSERT_TRUE(twice.ok()) << twice.status();
  EXPECT_EQ(game.move_string(start, *twice), "a7-a6+a6-a5");
  EXPECT_FALSE(game.parse_move(start, "a7-a6").ok());              // too few steps
  EXPECT_FALSE(game.parse_move(start, "a7-a6+a7-a6").ok());        // a7 is empty by then
  EXPECT_FALSE(game.parse_move(start, "a7-a6+b7-b6+c7-c6").ok());  // too many
  // After the first turn play alternates with single moves.
  const Position after = *PlayMoves(game, start, "a7-a6+a6-a5 d2-d3 b7-b6");
  EXPECT_EQ(after.light_to_move, 1);
  // The start placement parses back to the compound turn in this variant only.
  EXPECT_EQ(game.parse_position(game.position_string(start))->extra, 2);
  EXPECT_EQ(Make().parse_position(game.position_string(start))->extra, 0);
}

// ---- notation, strings, bad input ----------------------------------------------------------

TEST(PrairieNotation, MovesAndCapturesRoundTrip) {
  const PrairieGame game = Make(5);
  const Position pos =
      FromRows(game, {"B-B-B", "-----", "-B---", "-DC--", "-----", "D--DD", "-----"}, 'L');
  EXPECT_EQ(game.move_string(pos, *game.parse_move(pos, "c4xb5")), "c4xb5");
  EXPECT_EQ(game.move_string(pos, *game.parse_move(pos, "A2-A3")), "a2-a3");
  EXPECT_NE(game.parse_move(pos, "c4-b5").status().message().find("write it with x"),
            std::string::npos);
  EXPECT_NE(game.parse_move(pos, "c4xc5").status().message().find("captures nothing"),
            std::string::npos);
  EXPECT_NE(game.parse_move(pos, "c3-c4").status().message().find("no light piece"),
            std::string::npos);
  EXPECT_NE(game.parse_move(pos, "a2-a1").status().message().find("rows 2..6"), std::string::npos);
  EXPECT_FALSE(game.parse_move(pos, "z9-a1").ok());
  EXPECT_FALSE(game.parse_move(pos, "c4").ok());
}

TEST(PrairieBadInput, ImpossiblePositionsAreRejectedWithAReason) {
  const PrairieGame game = Make(3);
  // 3-wide boards: rows 1, 2, 7 given; rows 3..6 empty unless `middle` says.
  auto board = [](const std::string& r1, const std::string& r2, const std::string& r7,
                  const std::string& side, const std::string& middle = "------------") {
    return r1 + r2 + middle + r7 + " " + side;
  };
  auto error = [&](const std::string& s) {
    absl::StatusOr<Position> p = game.parse_position(s);
    EXPECT_FALSE(p.ok()) << s;
    return p.ok() ? std::string() : std::string(p.status().message());
  };
  auto has = [](const std::string& message, const std::string& needle) {
    return message.find(needle) != std::string::npos;
  };
  ASSERT_TRUE(game.parse_position(board("---", "DCD", "BBB", "B")).ok());
  EXPECT_TRUE(
      has(error(board("---", "DCD", "BBB", "B", "B-----------")), "two buffalo in column a"));
  EXPECT_TRUE(has(error(board("D--", "-CD", "BBB", "B")), "beyond a river"));
  EXPECT_TRUE(has(error(board("---", "-CD", "BBD", "B")), "beyond a river"));
  EXPECT_TRUE(has(error(board("B--", "DCD", "-BB", "B")), "row 1"));
  EXPECT_TRUE(has(error(board("BB-", "DCD", "--B", "L")), "two buffalo on row 1"));
  EXPECT_TRUE(has(error(board("---", "DDD", "BBB", "B")), "0 cowboys"));
  EXPECT_TRUE(has(error(board("---", "DCC", "BBB", "B")), "2 cowboys"));
  EXPECT_TRUE(has(error(board("---", "-CD", "BBB", "B")), "1 dogs"));
  EXPECT_TRUE(has(error(board("---", "DCD", "BBB", "X")), "side to move"));
  EXPECT_TRUE(has(error(board("---", "DCD", "BBBB", "B")), "characters"));
  EXPECT_TRUE(has(error(board("---", "DCD", "BBQ", "B")), "bad character 'Q'"));
  EXPECT_TRUE(has(error("---DCD"), "field"));
  // A finished game (a buffalo home, light to move) is a legal position.
  const absl::StatusOr<Position> over = game.parse_position(board("B--", "DCD", "-BB", "L"));
  ASSERT_TRUE(over.ok()) << over.status();
  EXPECT_TRUE(game.is_over(*over));
  // A buffalo in a column the variant leaves empty.
  const PrairieGame h = Make(11, "handicap1");
  std::string s = h.position_string(h.start());
  s[66 + 5] = 'B';
  EXPECT_TRUE(has(std::string(h.parse_position(s).status().message()), "is empty in handicap1"));
}

TEST(PrairieBadInput, BadVariantsAndSizes) {
  auto create = [](const char* variant, int size, const char* empty = "") {
    return PrairieGame::Create(
               GameSpec{"prairie", variant, size, JoinGameOptions({{"empty-columns", empty}})})
        .status();
  };
  EXPECT_FALSE(create("handicap5", 11).ok());
  EXPECT_FALSE(create("extra1", 11).ok());
  EXPECT_FALSE(create("extra5", 11).ok());
  EXPECT_FALSE(create("bison", 11).ok());
  EXPECT_FALSE(create("", 2).ok());
  EXPECT_FALSE(create("", 12).ok());
  EXPECT_FALSE(create("handicap4", 3).ok());  // no buffalo left / columns collide
  EXPECT_FALSE(create("", 5, "f").ok());      // no column f on 5 columns
  EXPECT_FALSE(create("", 5, "a,a").ok());
  EXPECT_FALSE(create("", 3, "a,b,c").ok());
  EXPECT_FALSE(create("handicap2", 11, "a").ok());  // wrong number of columns
  EXPECT_TRUE(create("handicap2", 11, "b,j").ok());
  EXPECT_TRUE(create("extra3", 5, "a").ok());
}

// ---- conformance and the reference engine --------------------------------------------------

class PrairieByWidth : public ::testing::TestWithParam<int> {};

TEST_P(PrairieByWidth, PassesConformance) {
  testing::CheckConformance(Make(GetParam()), 60, 31 + GetParam());
}

TEST_P(PrairieByWidth, VariantsPassConformance) {
  const int w = GetParam();
  testing::CheckConformance(Make(w, "extra3"), 10, 41 + w);
  if (w >= 5) testing::CheckConformance(Make(w, "handicap2"), 10, 51 + w);
  if (w >= 5) testing::CheckConformance(Make(w, "", "b"), 10, 61 + w);
}

void CompareWithReference(const PrairieGame& game, const Position& pos) {
  const std::string text = game.position_string(pos);
  const auto ref = testing::RefPrairie::FromString(text);
  std::vector<std::string> ref_moves = ref.Moves();
  std::sort(ref_moves.begin(), ref_moves.end(), NaturalLess);
  const std::vector<std::string> moves = MoveNames(game, pos);
  ASSERT_EQ(moves, ref_moves) << text;
  ASSERT_EQ(game.is_over(pos), ref_moves.empty()) << text;
  for (const std::string& m : moves) {
    Position child = pos;
    game.play(child, *game.parse_move(pos, m));
    testing::RefPrairie ref_child = ref;
    ref_child.Play(m);
    ASSERT_EQ(game.position_string(child), ref_child.ToString()) << text << " after " << m;
  }
}

TEST_P(PrairieByWidth, MatchesReferenceAlongRandomGames) {
  const PrairieGame game = Make(GetParam());
  SplitMix64 rng(71 + GetParam());
  for (int positions = 0; positions < 3000;) {
    Position pos = game.start();
    while (true) {
      ++positions;
      ASSERT_NO_FATAL_FAILURE(CompareWithReference(game, pos));
      PrairieGame::MoveList moves;
      game.generate_moves(pos, moves);
      if (moves.size() == 0) break;
      game.play(pos, moves[rng.Below(moves.size())]);
    }
  }
}

TEST_P(PrairieByWidth, MatchesReferenceOnRandomPlacements) {
  // Random legal placements, including crowded ones playouts rarely reach.
  const PrairieGame game = Make(GetParam());
  const int w = GetParam();
  SplitMix64 rng(81 + w);
  for (int i = 0; i < 3000; ++i) {
    std::string board(7 * w, '-');
    for (int c = 0; c < w; ++c) {
      if (rng.Below(4) != 0) board[(1 + rng.Below(6)) * w + c] = 'B';  // rows 2..7
    }
    auto place = [&](char piece) {
      while (true) {
        const int sq = static_cast<int>(w + rng.Below(5 * w));
        if (board[sq] == '-') {
          board[sq] = piece;
          return;
        }
      }
    };
    place('C');
    for (int d = 0; d < game.dog_count(); ++d) place('D');
    const std::string text = board + (rng.Below(2) ? " L" : " B");
    absl::StatusOr<Position> pos = game.parse_position(text);
    ASSERT_TRUE(pos.ok()) << pos.status() << " " << text;
    ASSERT_NO_FATAL_FAILURE(CompareWithReference(game, *pos));
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, PrairieByWidth, ::testing::Range(3, 12),
                         [](const auto& info) { return absl::StrCat("W", info.param); });

TEST(PrairieSymmetry, MirrorMapsStartMovesOntoEachOther) {
  const PrairieGame game = Make();
  const Position a = *PlayMoves(game, game.start(), "a7-a6");
  const Position k = *PlayMoves(game, game.start(), "k7-k6");
  EXPECT_TRUE(game.transform(a, 1) == k);
  EXPECT_EQ(
      game.move_string(game.start(), game.transform_move(
                                         game.start(), *game.parse_move(game.start(), "b7-b6"), 1)),
      "j7-j6");
}

TEST(PrairiePerft, MatchesReferenceTreeCountsOnFiveColumns) {
  // perft by the reference engine, to depth 4 from the start.
  const PrairieGame game = Make(5);
  std::function<std::uint64_t(const testing::RefPrairie&, int)> ref_perft =
      [&](const testing::RefPrairie& b, int depth) -> std::uint64_t {
    const auto moves = b.Moves();
    if (moves.empty()) return 1;
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const auto& m : moves) {
      auto c = b;
      c.Play(m);
      n += ref_perft(c, depth - 1);
    }
    return n;
  };
  const auto ref = testing::RefPrairie::FromString(game.position_string(game.start()));
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(Perft(game, game.start(), d), ref_perft(ref, d)) << d;
}

// remaining() is the search's bound on the plies left: 2 x the buffalo steps
// still to row 1, + 1 with light to move. (Renamed from
// BoundsTheGameLengthByTenWidthPlusOne, which only compared the start with
// 12w.) It must fall along every move, so no game outlasts it, and at the
// start it must cover the rules' longest game, 10 x width + 1 plies.
TEST(PrairieRemaining, FallsAlongEveryMoveAndCoversTheLongestGameFromTheStart) {
  for (int w : {3, 7, 11}) {
    const PrairieGame game = Make(w);
    const int start = game.remaining(game.start());
    EXPECT_EQ(start, 2 * 6 * w);  // every buffalo 6 steps from row 1, buffalo to move
    EXPECT_GE(start, 10 * w + 1);
    SplitMix64 rng(5 + w);
    int longest = 0;
    for (int g = 0; g < 300; ++g) {
      Position p = game.start();
      int plies = 0;
      PrairieGame::MoveList moves;
      for (game.generate_moves(p, moves); moves.size() > 0; game.generate_moves(p, moves)) {
        const int before = game.remaining(p);
        game.play(p, moves[rng.Below(moves.size())]);
        ASSERT_LT(game.remaining(p), before) << game.position_string(p);
        ASSERT_GE(game.remaining(p), 0) << game.position_string(p);
        ++plies;
      }
      longest = std::max(longest, plies);
    }
    EXPECT_LE(longest, start) << w;
    EXPECT_LE(longest, 10 * w + 1) << w;  // RULES.md, on the games played
  }
}

}  // namespace
}  // namespace tav
