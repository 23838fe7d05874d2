// The property check behind the three game targets (fuzz_reversi.cc,
// fuzz_cathedral.cc, fuzz_prairie.cc): the game's position string and move
// notation parsers, as game.h states them.
//
// Input: one line, a position string; each further line, a move to parse in
// the position reached so far (played when legal). Checked:
//   - parse_position accepts or says why; what it accepts prints back
//     (position_string) to text that parses to the same position, with the
//     same hash, and prints the same text again (canonical form);
//   - every generated move's notation parses back to that move;
//   - a move parse_move accepts is one of the generated moves, and its
//     notation parses back to it; playing it gives a position whose string
//     round-trips too.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "fuzz_util.h"

namespace tav::fuzz {

template <class G>
void CheckRoundTrip(const G& game, const typename G::Position& pos) {
  const std::string text = game.position_string(pos);
  auto again = game.parse_position(text);
  Require(again.ok(), "position_string's output does not parse");
  Require(*again == pos, "position_string -> parse_position changes the position");
  Require(game.hash(*again) == game.hash(pos), "a round-tripped position hashes differently");
  Require(game.position_string(*again) == text, "position_string is not canonical");
}

template <class G>
void CheckGeneratedMoves(const G& game, const typename G::Position& pos) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  Require((moves.size() == 0) == game.is_over(pos), "no moves exactly when the game is over");
  for (const auto& m : moves) {
    auto back = game.parse_move(pos, game.move_string(pos, m));
    Require(back.ok() && *back == m, "a generated move's notation does not parse back to it");
  }
}

template <class G>
void FuzzPositionAndMoves(const G& game, std::string_view text) {
  const std::size_t eol = std::min(text.find('\n'), text.size());
  auto pos = game.parse_position(text.substr(0, eol));
  if (!pos.ok()) return RequireMessage(pos.status());
  CheckRoundTrip(game, *pos);
  CheckGeneratedMoves(game, *pos);
  text.remove_prefix(std::min(eol + 1, text.size()));
  for (int ply = 0; !text.empty() && ply < 64; ++ply) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    auto m = game.parse_move(*pos, line);
    if (!m.ok()) {
      RequireMessage(m.status());
      continue;
    }
    typename G::MoveList moves;
    game.generate_moves(*pos, moves);
    Require(std::find(moves.begin(), moves.end(), *m) != moves.end(),
            "parse_move accepted a move generate_moves does not list");
    auto back = game.parse_move(*pos, game.move_string(*pos, *m));
    Require(back.ok() && *back == *m, "an accepted move's notation does not parse back to it");
    game.play(*pos, *m);
    CheckRoundTrip(game, *pos);
  }
}

}  // namespace tav::fuzz
