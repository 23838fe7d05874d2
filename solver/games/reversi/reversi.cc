// Othello/Desdemona: construction, notation, position strings and diagrams.
#include "games/reversi/reversi.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/game_options.h"
#include "core/strings.h"

namespace tav::reversi {

template <bool kNeutrals>
absl::StatusOr<ReversiGame<kNeutrals>> ReversiGame<kNeutrals>::Create(const GameSpec& spec) {
  const int n = spec.size == 0 ? 8 : spec.size;
  if (n != 4 && n != 6 && n != 8) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --size=", spec.size, " for ", AV(kName), ": must be 4, 6 or 8"));
  }
  bool misere = false;
  if (spec.variant.empty() || spec.variant == "standard") {
    misere = false;
  } else if (kNeutrals && spec.variant == "misere") {
    misere = true;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown --variant='", spec.variant, "' for ",
                                                   AV(kName), ": expected ",
                                                   kNeutrals ? "standard or misere" : "standard"));
  }
  absl::StatusOr<std::vector<GameOption>> options = ParseGameOptions(spec.options);
  if (!options.ok()) return options.status();
  if (absl::Status s = NoOtherGameOptions(*options, kName); !s.ok()) return s;
  return ReversiGame(n, misere);
}

namespace {

// Move ordering weights (Edax's fast endgame ordering has the same ranks):
// the opponent's mobility decides, then our stable corner stones, then the
// opponent's potential mobility, then the square's type and region parity.
#ifdef TAV_TUNE
int Tune(const char* name, int def) {
  const char* v = getenv(name);
  return v ? atoi(v) : def;
}
const int kWeightMobility = Tune("W_MOB", 1 << 15);
const int kWeightCornerStability = Tune("W_CS", 1 << 11);
const int kWeightPotentialMobility = Tune("W_PM", 1 << 5);
const int kWeightParity = Tune("W_PAR", 4);
const int kWeightSquare = Tune("W_SQ", 1);
#else
constexpr int kWeightMobility = 1 << 15;
constexpr int kWeightCornerStability = 1 << 11;
constexpr int kWeightPotentialMobility = 1 << 5;
constexpr int kWeightParity = 4;
constexpr int kWeightSquare = 1;
#endif

// The squares next to any stone of b (8-neighbourhood).
u64 Adjacent(u64 b) {
  const u64 h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
  const u64 row = b | h;
  return h | (row << 8) | (row >> 8);
}

}  // namespace

template <bool kNeutrals>
std::array<std::int8_t, 64> ReversiGame<kNeutrals>::SquareValues(int n) {
  // By distance to the nearest edges (a <= b): corners best, then A-squares
  // and edges, X- and C-squares next to a corner worst (Edax's 8x8 table,
  // J.C. Weill's square values, extended to any N).
  static constexpr std::int8_t kByDistance[4][4] = {
      {18, 4, 16, 12}, {4, 2, 6, 8}, {16, 6, 14, 10}, {12, 8, 10, 0}};
  std::array<std::int8_t, 64> values{};
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const EdgeDistances d = EdgeDistancesOf(n, r * 8 + c);
      values[r * 8 + c] = kByDistance[d.a][d.b];
    }
  }
  return values;
}

template <bool kNeutrals>
int ReversiGame<kNeutrals>::order_score(const Position& parent, Move m,
                                        const Position& child) const {
  if (m == kPass) return 0;
  if (!kNeutrals && child.player == 0) return 1 << 30;  // wipe-out: the game is won
  const u64 empty = Empty(child);
  const u64 mine = child.opponent;  // we just moved
  const u64 replies = LegalMoves(child.player, Capturable(child), empty);
  const int mobility = PopCount(replies) + PopCount(replies & corners_);
  const u64 potential = Adjacent(mine) & empty;
  const int potential_mobility = PopCount(potential) + PopCount(potential & corners_);
  // Misere Desdemona: stable stones and good squares are liabilities.
  const int corner_stability = (misere_ ? -1 : 1) * PopCount(CornerStable(mine));
  int score = kWeightMobility * (36 - mobility) + kWeightCornerStability * corner_stability +
              kWeightPotentialMobility * (36 - potential_mobility) +
              (misere_ ? -kWeightSquare : kWeightSquare) * square_value_[m];
  // m's region had an odd number of empties before m (one count, not OddRegions()'s four).
  if (PopCount(Empty(parent) & geometry_.quadrant_of[m]) & 1) score += kWeightParity;
  return score;
}

template <bool kNeutrals>
int ReversiGame<kNeutrals>::evaluate(const Position& p) const {
  const int mobility = PopCount(MoveMask(p)) - PopCount(OpponentMoveMask(p));
  const int corners = PopCount(p.player & corners_) - PopCount(p.opponent & corners_);
  const int squares = n_ * n_;
  return std::clamp(mobility + (misere_ ? -4 : 4) * corners, -squares, squares);
}

template <bool kNeutrals>
Position ReversiGame<kNeutrals>::start() const {
  // White on the diagonal from the lower-left centre square (d4 on 8x8) to the
  // upper-right one (e5); black on the other diagonal. Black moves first.
  const int lo = n_ / 2 - 1, hi = n_ / 2;
  Position p;
  p.opponent = Bit(lo * 8 + lo) | Bit(hi * 8 + hi);  // white
  p.player = Bit(lo * 8 + hi) | Bit(hi * 8 + lo);    // black
  p.white_to_move = 0;
  return p;
}

template <bool kNeutrals>
std::string ReversiGame<kNeutrals>::square_name(int sq) const {
  return absl::StrCat(std::string(1, static_cast<char>('a' + sq % 8)), sq / 8 + 1);
}

template <bool kNeutrals>
absl::StatusOr<int> ReversiGame<kNeutrals>::parse_square(std::string_view text) const {
  if (text.size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat("'", std::string(text),
                                                   "' is not a square (expected a1..",
                                                   square_name((n_ - 1) * 8 + n_ - 1), ")"));
  }
  const int col = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const int row = text[1] - '1';
  if (col < 0 || col >= n_ || row < 0 || row >= n_) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text), "' is not a square of the ", board_name(),
                     " board (a1..", square_name((n_ - 1) * 8 + n_ - 1), ")"));
  }
  return row * 8 + col;
}

template <bool kNeutrals>
std::string ReversiGame<kNeutrals>::move_string(const Position&, Move m) const {
  return m == kPass ? "pass" : square_name(m);
}

template <bool kNeutrals>
absl::StatusOr<Move> ReversiGame<kNeutrals>::parse_move(const Position& p,
                                                        std::string_view text) const {
  const u64 moves = MoveMask(p);
  if (absl::EqualsIgnoreCase(absl::string_view(text.data(), text.size()), "pass")) {
    if (moves != 0) return absl::InvalidArgumentError("illegal move 'pass': a move is available");
    if (OpponentMoveMask(p) == 0) {
      return absl::InvalidArgumentError("illegal move 'pass': the game is over");
    }
    return kPass;
  }
  absl::StatusOr<int> sq = parse_square(text);
  if (!sq.ok()) return sq.status();
  if (!(moves & Bit(*sq))) {
    const bool occupied = ((p.player | p.opponent | p.neutral) & Bit(*sq)) != 0;
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move '", std::string(text),
                     "': ", occupied ? "the square is occupied" : "it captures nothing"));
  }
  return static_cast<Move>(*sq);
}

template <bool kNeutrals>
std::string ReversiGame<kNeutrals>::position_string(const Position& p) const {
  const u64 black = p.white_to_move ? p.opponent : p.player;
  const u64 white = p.white_to_move ? p.player : p.opponent;
  std::string out;
  out.reserve(n_ * n_ + 2);
  for (int r = 0; r < n_; ++r) {
    for (int c = 0; c < n_; ++c) {
      const u64 b = Bit(r * 8 + c);
      out += (black & b) ? 'X' : (white & b) ? 'O' : (p.neutral & b) ? 'N' : '-';
    }
  }
  out += p.white_to_move ? " O" : " X";
  return out;
}

template <bool kNeutrals>
absl::StatusOr<Position> ReversiGame<kNeutrals>::parse_position(std::string_view text) const {
  if (text.find(';') != std::string_view::npos) return parse_obf(text);
  std::vector<absl::string_view> parts =
      absl::StrSplit(absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size())),
                     absl::ByAnyChar(" \t"), absl::SkipEmpty());
  const size_t want = static_cast<size_t>(n_ * n_);
  if (parts.size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected ", want, " board characters, a space and the side to move (X or O); got ",
        parts.size(), " field(s)"));
  }
  if (parts[0].size() != want) {
    return absl::InvalidArgumentError(absl::StrCat(
        "board has ", parts[0].size(), " characters, expected ", want, " for ", board_name()));
  }
  u64 black = 0, white = 0, neutral = 0;
  for (size_t i = 0; i < want; ++i) {
    const u64 b = Bit(static_cast<int>(i / n_) * 8 + static_cast<int>(i % n_));
    switch (parts[0][i]) {
      case 'X':
        black |= b;
        break;
      case 'O':
        white |= b;
        break;
      case '-':
        break;
      case 'N':
        if (kNeutrals) {
          neutral |= b;
          break;
        }
        [[fallthrough]];
      default:
        return absl::InvalidArgumentError(
            absl::StrCat("bad character '", std::string(1, parts[0][i]), "' at board index ", i,
                         " (", square_name(static_cast<int>(i / n_) * 8 + static_cast<int>(i % n_)),
                         "); expected X, O", kNeutrals ? ", N" : "", " or -"));
    }
  }
  Position p;
  p.neutral = neutral;
  if (parts[1] == "X") {
    p.player = black, p.opponent = white, p.white_to_move = 0;
  } else if (parts[1] == "O") {
    p.player = white, p.opponent = black, p.white_to_move = 1;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("bad side to move '", std::string(parts[1]), "': expected X or O"));
  }
  return p;
}

template <bool kNeutrals>
absl::StatusOr<Position> ReversiGame<kNeutrals>::parse_obf(std::string_view text) const {
  const auto bad = [](auto... why) {
    return absl::InvalidArgumentError(absl::StrCat("bad .obf position: ", why...));
  };
  if (kNeutrals || n_ != 8) {
    return bad("the Edax .obf form (with ';') is for 8x8 Othello, not ", AV(kName), " ",
               board_name());
  }
  const absl::string_view all = AV(text);
  const size_t semicolon = all.find(';');
  // Step 1. "board side": normalised to the RULES.md form and parsed as one.
  std::vector<absl::string_view> head =
      absl::StrSplit(absl::StripAsciiWhitespace(all.substr(0, semicolon)), absl::ByAnyChar(" \t"),
                     absl::SkipEmpty());
  if (head.size() != 2 || head[0].size() != 64) {
    return bad("expected 64 squares, a space, the side to move (X or O) and ';'");
  }
  std::string rules(head[0]);
  for (size_t i = 0; i < rules.size(); ++i) {
    const char c = rules[i];
    if (c == 'X' || c == 'x' || c == '*') {
      rules[i] = 'X';
    } else if (c == 'O' || c == 'o') {
      rules[i] = 'O';
    } else if (c == '-' || c == '.') {
      rules[i] = '-';
    } else {
      return bad("bad character '", std::string(1, c), "' at board index ", i,
                 "; expected X, *, O, - or .");
    }
  }
  const char side = static_cast<char>(std::toupper(static_cast<unsigned char>(head[1][0])));
  if (head[1].size() != 1 || (side != 'X' && side != 'O' && head[1] != "*")) {
    return bad("bad side to move '", head[1], "': expected X or O");
  }
  absl::StrAppend(&rules, " ", side == 'O' ? "O" : "X");
  absl::StatusOr<Position> p = parse_position(rules);
  if (!p.ok()) return p.status();
  // Step 2. The "move:score;" pairs: well formed, legal, in range.
  for (absl::string_view pair : absl::StrSplit(all.substr(semicolon + 1), ';')) {
    pair = absl::StripAsciiWhitespace(pair);
    if (pair.empty()) continue;
    const size_t colon = pair.find(':');
    int score = 0;
    absl::string_view number =
        colon == absl::string_view::npos ? "" : absl::StripAsciiWhitespace(pair.substr(colon + 1));
    absl::ConsumePrefix(&number, "+");
    if (colon == absl::string_view::npos || !absl::SimpleAtoi(number, &score) || score < -64 ||
        score > 64) {
      return bad("'", pair, "' is not 'move:score' with a score in -64..64");
    }
    const absl::string_view move = absl::StripAsciiWhitespace(pair.substr(0, colon));
    absl::StatusOr<Move> m = parse_move(*p, absl::EqualsIgnoreCase(move, "ps")
                                                ? std::string_view("pass")
                                                : std::string_view(move.data(), move.size()));
    if (!m.ok()) return bad("'", pair, "': ", m.status().message());
  }
  return p;
}

template <bool kNeutrals>
std::string ReversiGame<kNeutrals>::diagram(const Position& p) const {
  const u64 black = p.white_to_move ? p.opponent : p.player;
  const u64 white = p.white_to_move ? p.player : p.opponent;
  const u64 moves = MoveMask(p);
  std::string out = "  ";
  for (int c = 0; c < n_; ++c)
    absl::StrAppend(&out, " ", std::string(1, static_cast<char>('a' + c)));
  out += "\n";
  for (int r = 0; r < n_; ++r) {  // row 1 at the top, as Othello players draw it
    absl::StrAppend(&out, r + 1 < 10 ? " " : "", r + 1);
    for (int c = 0; c < n_; ++c) {
      const u64 b = Bit(r * 8 + c);
      const char ch = (black & b)       ? 'X'
                      : (white & b)     ? 'O'
                      : (p.neutral & b) ? 'N'
                      : (moves & b)     ? '*'
                                        : '.';
      absl::StrAppend(&out, " ", std::string(1, ch));
    }
    out += "\n";
  }
  absl::StrAppend(&out,
                  is_over(p)        ? "game over"
                  : p.white_to_move ? "O (white) to move"
                                    : "X (black) to move",
                  "   X ", PopCount(black), "  O ", PopCount(white));
  if (kNeutrals) absl::StrAppend(&out, "  N ", PopCount(p.neutral));
  absl::StrAppend(&out, "  empty ", remaining(p), "\n");
  if (!is_over(p)) out += "(* marks the legal moves)\n";
  return out;
}

template class ReversiGame<false>;
template class ReversiGame<true>;

static_assert(Game<Othello>);
static_assert(Game<Desdemona>);

}  // namespace tav::reversi
