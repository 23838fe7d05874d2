// Cathedral position strings (format in cathedral.h) and board diagrams.
#include <array>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/strings.h"
#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

constexpr std::string_view kFirstNames[4] = {"none", "dark", "light", "both"};
constexpr std::string_view kCathedralStates[3] = {"hand", "board", "gone"};

char LightLetter(int type) { return kTypeLetters[type]; }
char DarkLetter(int type) { return absl::ascii_tolower(kTypeLetters[type]); }

absl::Status Bad(std::string_view what) { return absl::InvalidArgumentError(std::string(what)); }

}  // namespace

std::array<std::uint64_t, 4> Cathedral::ComputeKeys(const Position& p) const {
  const Tables& t = *tables_;
  std::uint64_t common = t.key_cathedral_state[p.cathedral_state];
  if (p.to_move == kLight) common ^= t.key_light_to_move;
  for (int player = 0; player < 2; ++player) {
    if (p.first_placed >> player & 1) common ^= t.key_first_placed[player];
  }
  std::array<std::uint64_t, 4> keys;
  for (int s = 0; s < 4; ++s) {
    const auto& image = t.rotated[s];
    std::uint64_t key = common;
    for (int player = 0; player < 2; ++player) {
      ForEachSquare(p.buildings[player],
                    [&](int sq) { key ^= t.key_building[player][TypeAt(p, sq)][image[sq]]; });
      ForEachSquare(p.territory[player],
                    [&](int sq) { key ^= t.key_territory[player][image[sq]]; });
    }
    ForEachSquare(p.cathedral, [&](int sq) { key ^= t.key_cathedral[image[sq]]; });
    keys[s] = key;
  }
  return keys;
}

std::string Cathedral::position_string(const Position& p) const {
  const Tables& t = *tables_;
  std::string out;
  for (int r = 0; r < t.n; ++r) {
    for (int c = 0; c < t.n; ++c) {
      const int sq = t.square(c, r);
      const u128 b = Bit128(sq);
      char ch = '.';
      if (p.buildings[kLight] & b) {
        ch = LightLetter(TypeAt(p, sq));
      } else if (p.buildings[kDark] & b) {
        ch = DarkLetter(TypeAt(p, sq));
      } else if (p.cathedral & b) {
        ch = kCathedralLetter;
      } else if (p.territory[kLight] & b) {
        ch = '+';
      } else if (p.territory[kDark] & b) {
        ch = '-';
      }
      out += ch;
    }
  }
  for (int player : {kLight, kDark}) {
    out += ' ';
    const size_t before = out.size();
    for (int type = 0; type < kTypes; ++type) out.append(p.count(player, type), kTypeLetters[type]);
    if (out.size() == before) out += '-';
  }
  absl::StrAppend(&out, " ", p.to_move == kLight ? "light" : "dark", " ",
                  AV(kFirstNames[p.first_placed & 3]), " ",
                  AV(kCathedralStates[p.cathedral_state]));
  return out;
}

absl::StatusOr<Position> Cathedral::parse_position(std::string_view text) const {
  const Tables& t = *tables_;
  const std::vector<absl::string_view> fields = absl::StrSplit(
      absl::StripAsciiWhitespace(AV(text)), absl::ByAnyChar(" \t"), absl::SkipEmpty());
  const size_t squares = static_cast<size_t>(t.n * t.n);
  if (fields.size() != 6) {
    return Bad(absl::StrCat(
        "expected 6 fields: <board of ", squares,
        " squares> <light hand> <dark hand> <light|dark to move> <none|dark|light|both first "
        "buildings> <hand|board|gone Cathedral>; got ",
        fields.size()));
  }
  const absl::string_view board = fields[0];
  if (board.size() != squares) {
    return Bad(absl::StrCat("board has ", board.size(), " characters, expected ", squares, " for ",
                            board_name()));
  }
  Position p;
  std::array<std::array<u128, kTypes>, 2> by_type{};  // [owner][type] squares
  for (size_t i = 0; i < squares; ++i) {
    const int sq = t.square(static_cast<int>(i % t.n), static_cast<int>(i / t.n));
    const u128 b = Bit128(sq);
    const char ch = board[i];
    if (ch == '.') continue;
    if (ch == '+') {
      p.territory[kLight] |= b;
    } else if (ch == '-') {
      p.territory[kDark] |= b;
    } else if (ch == kCathedralLetter) {
      p.cathedral |= b;
    } else if (const int type = TypeOfLetter(ch); type >= 0) {
      const int owner = absl::ascii_isupper(static_cast<unsigned char>(ch)) ? kLight : kDark;
      by_type[owner][type] |= b;
      p.buildings[owner] |= b;
      for (int bit = 0; bit < 4; ++bit) {
        if (type >> bit & 1) p.type_bits[bit] |= b;
      }
    } else {
      return Bad(absl::StrCat("bad character '", std::string(1, ch), "' at board index ", i, " (",
                              square_name(sq),
                              "); expected . + - Y or a piece letter (upper case light, lower "
                              "case dark)"));
    }
  }

  // Every block of one owner's same-type squares must split into whole pieces.
  std::array<std::uint64_t, 2> on_board{};
  for (int owner = 0; owner < 2; ++owner) {
    for (int type = 0; type < kTypes; ++type) {
      u128 rest = by_type[owner][type];
      // Exact cover: the lowest uncovered square is the lowest cell (anchor)
      // of the piece that covers it.
      auto tile = [&](auto&& self, u128 left) -> bool {
        if (left == 0) return true;
        const int anchor = LowestBit(left);
        const TypeOrientations& orients = t.orients[owner][type];
        for (int k = 0; k < orients.count; ++k) {
          const Orientation& o = t.orientations[orients.ids[k]];
          if (!(o.on_board >> anchor & 1)) continue;
          const u128 mask = o.mask << anchor;
          if ((mask & ~left) == 0 && self(self, left & ~mask)) return true;
        }
        return false;
      };
      if (!tile(tile, rest)) {
        const char letter = owner == kLight ? LightLetter(type) : DarkLetter(type);
        return Bad(absl::StrCat("the squares marked '", std::string(1, letter), "' (",
                                owner == kLight ? "light" : "dark", "'s ", AV(kTypeNames[type]),
                                ") do not form whole pieces of that shape"));
      }
      const int count = PopCount(rest) / kTypeSize[type];
      if (count > listed(type)) {
        return Bad(absl::StrCat(owner == kLight ? "light" : "dark", " has ", count, " ",
                                AV(kTypeNames[type]), " (", std::string(1, kTypeLetters[type]),
                                ") on the board but the piece list has ", listed(type)));
      }
      on_board[owner] += static_cast<std::uint64_t>(count) << (4 * type);
    }
  }

  // Hands: exactly the list minus what is on the board.
  for (int k = 0; k < 2; ++k) {
    const int owner = k == 0 ? kLight : kDark;
    const std::string name = owner == kLight ? "light" : "dark";
    const absl::string_view field = fields[1 + k];
    std::uint64_t hand = 0;
    if (field != "-") {
      for (char ch : field) {
        const int type = TypeOfLetter(ch);
        if (type < 0) {
          return Bad(absl::StrCat("bad piece letter '", std::string(1, ch), "' in ", name,
                                  "'s hand '", field, "' (expected V S L N P M Z O C T A or -)"));
        }
        if ((hand >> (4 * type) & 15) == 15) return Bad(absl::StrCat(name, "'s hand is too big"));
        hand += std::uint64_t{1} << (4 * type);
      }
    }
    if (hand + on_board[owner] != list_) {
      return Bad(absl::StrCat(name, "'s hand '", field,
                              "' plus the buildings on the board is not the piece list ",
                              pieces()));
    }
    p.hand[owner] = hand;
    int hand_squares = 0;
    for (int type = 0; type < kTypes; ++type)
      hand_squares += p.count(owner, type) * kTypeSize[type];
    p.hand_squares[owner] = static_cast<std::uint8_t>(hand_squares);
  }

  if (fields[3] == "light") {
    p.to_move = kLight;
  } else if (fields[3] == "dark") {
    p.to_move = kDark;
  } else {
    return Bad(absl::StrCat("bad side to move '", fields[3], "': expected light or dark"));
  }
  int first = -1;
  for (int f = 0; f < 4; ++f) {
    if (fields[4] == AV(kFirstNames[f])) first = f;
  }
  if (first < 0) {
    return Bad(absl::StrCat("bad first-building field '", fields[4],
                            "': expected none, dark, light or both"));
  }
  p.first_placed = static_cast<std::uint8_t>(first);
  for (int owner = 0; owner < 2; ++owner) {
    if (p.buildings[owner] != 0 && !(first >> owner & 1)) {
      return Bad(absl::StrCat(owner == kLight ? "light" : "dark",
                              " has buildings on the board, so its first building is placed: "
                              "the first-building field must say so"));
    }
  }
  int state = -1;
  for (int s = 0; s < 3; ++s) {
    if (fields[5] == AV(kCathedralStates[s])) state = s;
  }
  if (state < 0) {
    return Bad(absl::StrCat("bad Cathedral field '", fields[5], "': expected hand, board or gone"));
  }
  p.cathedral_state = static_cast<std::uint8_t>(state);
  if (state == kCathedralOnBoard) {
    if (t.Find(kDark, kCathedralType, p.cathedral).first < 0) {
      return Bad("the squares marked 'Y' are not one Cathedral");
    }
  } else if (p.cathedral != 0) {
    return Bad(absl::StrCat("the board shows the Cathedral but the Cathedral field says '",
                            fields[5], "'"));
  }
  if (state == kCathedralGone) {
    // Capturing the Cathedral takes a region walled in by its captor, after
    // both first buildings (which may not make pockets); a capture never
    // removes the captor's walls, so they are still on the board.
    if (first != 3 || (p.buildings[kLight] | p.buildings[kDark]) == 0) {
      return Bad(
          "the Cathedral is gone (captured), but a capture needs both first buildings placed "
          "('both') and leaves its captor's buildings on the board");
    }
  }
  if (state == kCathedralInHand) {
    // Only the opening turns have the Cathedral in hand.
    const bool empty = (p.buildings[0] | p.buildings[1] | p.territory[0] | p.territory[1]) == 0;
    if (!lehmann_ && !(empty && p.to_move == kLight && first == 0)) {
      return Bad(
          "with the Cathedral in hand a classic game is at its start: empty board, light "
          "to move, no first buildings");
    }
    if (lehmann_) {
      const bool dark_start = empty && p.to_move == kDark && first == 0;
      const bool light_turn = p.to_move == kLight && first == 1 && p.buildings[kLight] == 0 &&
                              (p.territory[0] | p.territory[1]) == 0;
      if (!dark_start && !light_turn) {
        return Bad(
            "with the Cathedral in hand a lehmann game is at dark's first building or "
            "light's Cathedral-plus-building turn");
      }
    }
  }
  p.keys = ComputeKeys(p);
  return p;
}

std::string Cathedral::diagram(const Position& p) const {
  const Tables& t = *tables_;
  const std::string row_string = position_string(p);
  std::string out = "    ";
  for (int c = 0; c < t.n; ++c)
    absl::StrAppend(&out, " ", std::string(1, static_cast<char>('a' + c)));
  out += "\n";
  for (int r = t.n - 1; r >= 0; --r) {  // row 1 at the bottom, as the seeds draw it
    absl::StrAppend(&out, r + 1 < 10 ? "  " : " ", r + 1, " ");
    for (int c = 0; c < t.n; ++c) {
      absl::StrAppend(&out, " ", std::string(1, row_string[r * t.n + c]));
    }
    out += "\n";
  }
  for (int player : {kLight, kDark}) {
    std::string hand;
    for (int type = 0; type < kTypes; ++type) {
      for (int k = 0; k < p.count(player, type); ++k) {
        absl::StrAppend(&hand, hand.empty() ? "" : " ", std::string(1, kTypeLetters[type]));
      }
    }
    absl::StrAppend(
        &out,
        player == kLight ? "light (upper case, + territory)" : "dark  (lower case, - territory)",
        ": in hand ", hand.empty() ? "nothing" : hand, " (", p.hand_squares[player], " squares)",
        "\n");
  }
  absl::StrAppend(&out, "Cathedral (Y): ",
                  p.cathedral_state == kCathedralInHand    ? "not yet placed"
                  : p.cathedral_state == kCathedralOnBoard ? "on the board"
                                                           : "captured, out of the game",
                  "\n");
  if (is_over(p)) {
    const int light = p.hand_squares[kLight], dark = p.hand_squares[kDark];
    absl::StrAppend(&out, "game over: unplaced squares light ", light, ", dark ", dark, ": ",
                    light == dark  ? "draw"
                    : light < dark ? absl::StrCat("light wins by ", dark - light)
                                   : absl::StrCat("dark wins by ", light - dark),
                    "\n");
  } else {
    MoveList moves;
    generate_moves(p, moves);
    absl::StrAppend(&out, p.to_move == kLight ? "light" : "dark", " to move",
                    moves.size() == 1 && moves[0] == pass_move()
                        ? " (must pass)"
                        : absl::StrCat(" (", moves.size(), " legal moves)"),
                    "\n");
  }
  return out;
}

}  // namespace tav::cathedral
