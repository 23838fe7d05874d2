// The openings of a match: the positions its games start from, each written
// as the moves from the game's start in the game's notation.
//
// Design. An opening is text (its moves), not a Position, so it travels
// unchanged through run.json, the game records and a work unit sent to
// another machine, and a reader sees what was played. Two sources:
//  - a file, one opening per line, moves space separated; blank lines and
//    lines starting with '#' are skipped. Every move is checked for legality
//    when the file is read, so a bad line is refused before any game is
//    played, with its line number and the move;
//  - random openings: N openings of P uniformly random legal plies, drawn
//    from a seed with std::mt19937_64 (whose output the standard fixes, so the
//    same seed gives the same openings with every compiler), all leading to
//    distinct positions, none ending the game. Trade-off: uniform random
//    plies make unbalanced openings in some games (a random Othello opening
//    may be lost already); the colour swap of every opening pair cancels
//    that in the score, as in engine testing practice.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/game.h"
#include "core/setup.h"
#include "core/strings.h"

namespace tav::match {

using Opening = std::vector<std::string>;  // moves from the start, in notation

// The openings in `text` (the file format above). `source` names the file in
// errors: "SOURCE line N: move K 'X': why". An opening that ends the game is
// refused too (nothing would be left to play), as is a file with no opening.
template <Game G>
absl::StatusOr<std::vector<Opening>> ParseOpenings(const G& game, std::string_view text,
                                                   std::string_view source) {
  std::vector<Opening> openings;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(AV(text), '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line.front() == '#') continue;
    const std::string_view moves(line.data(), line.size());
    absl::StatusOr<typename G::Position> pos = PlayMoves(game, game.start(), moves);
    if (!pos.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(AV(source), " line ", number, ": ", pos.status().message()));
    }
    if (game.is_over(*pos)) {
      return absl::InvalidArgumentError(absl::StrCat(
          AV(source), " line ", number, ": the opening ends the game (nothing left to play)"));
    }
    openings.push_back(SplitMoves(moves));
  }
  if (openings.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(AV(source), " holds no opening"));
  }
  return openings;
}

// `count` random openings of `plies` plies from `seed` (see the top): each a
// distinct position, none over. OutOfRange when fewer distinct positions than
// `count` turn up in 100 draws per opening asked (the game has too few
// openings of that length).
template <Game G>
absl::StatusOr<std::vector<Opening>> RandomOpenings(const G& game, int count, int plies,
                                                    std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Opening> openings;
  absl::flat_hash_set<std::string> seen;  // position strings
  const long long max_draws = 100LL * count + 100;
  for (long long draw = 0; draw < max_draws && static_cast<int>(openings.size()) < count; ++draw) {
    typename G::Position pos = game.start();
    Opening moves;
    typename G::MoveList list;
    for (int ply = 0; ply < plies && !game.is_over(pos); ++ply) {
      game.generate_moves(pos, list);
      // rng() % n: the same on every platform (uniform_int_distribution is not).
      const auto move = list[static_cast<std::size_t>(rng() % list.size())];
      moves.push_back(game.move_string(pos, move));
      game.play(pos, move);
    }
    if (game.is_over(pos) || !seen.insert(game.position_string(pos)).second) continue;
    openings.push_back(std::move(moves));
  }
  if (static_cast<int>(openings.size()) < count) {
    return absl::OutOfRangeError(absl::StrCat("only ", openings.size(), " distinct openings of ",
                                              plies, " plies found for ", count,
                                              " asked; ask fewer or longer openings"));
  }
  return openings;
}

// One opening per line, the file format ParseOpenings reads.
inline std::string OpeningsText(const std::vector<Opening>& openings) {
  std::string out;
  for (const Opening& o : openings) absl::StrAppend(&out, absl::StrJoin(o, " "), "\n");
  return out;
}

}  // namespace tav::match
