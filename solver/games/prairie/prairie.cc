// Prairie: construction, move generation, notation, strings and diagrams.
#include "games/prairie/prairie.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/game_options.h"
#include "core/strings.h"

namespace tav::prairie {
namespace {

// The handicap variants' empty columns, named for the 11-wide board in
// RULES.md ({f}, {a,k}, {a,f,k}, {a,b,j,k}) and generalised to narrower ones
// the same way: the centre column floor(W/2), the two edges, the two pairs
// of edge columns.
std::vector<int> HandicapColumns(int n, int width) {
  const int centre = width / 2, last = width - 1;
  switch (n) {
    case 1:
      return {centre};
    case 2:
      return {0, last};
    case 3:
      return {0, centre, last};
    default:
      return {0, 1, last - 1, last};
  }
}

absl::StatusOr<std::vector<int>> ParseColumns(std::string_view text, int width) {
  std::vector<int> cols;
  for (absl::string_view token :
       absl::StrSplit(AV(text), absl::ByAnyChar(", "), absl::SkipEmpty())) {
    const int col =
        token.size() == 1 ? std::tolower(static_cast<unsigned char>(token[0])) - 'a' : -1;
    if (col < 0 || col >= width) {
      return absl::InvalidArgumentError(absl::StrCat(
          "bad --empty-columns: '", token, "' is not a column of the ", width, "-wide board (a..",
          std::string(1, static_cast<char>('a' + width - 1)), ")"));
    }
    if (std::find(cols.begin(), cols.end(), col) != cols.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad --empty-columns: column '", token, "' is listed twice"));
    }
    cols.push_back(col);
  }
  if (cols.empty()) {
    return absl::InvalidArgumentError("bad --empty-columns: no column given (e.g. a,k)");
  }
  return cols;
}

}  // namespace

absl::StatusOr<PrairieGame> PrairieGame::Create(const GameSpec& spec) {
  PrairieGame g;
  g.width_ = spec.size == 0 ? kMaxWidth : spec.size;
  if (g.width_ < kMinWidth || g.width_ > kMaxWidth) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --size=", spec.size, " for prairie: the width must be 3..11"));
  }
  absl::StatusOr<std::vector<GameOption>> options = ParseGameOptions(spec.options);
  if (!options.ok()) return options.status();
  const std::string given_empty = TakeGameOption(*options, "empty-columns");
  if (absl::Status s = NoOtherGameOptions(*options, kName); !s.ok()) return s;

  int handicap = 0;
  const std::string& v = spec.variant;
  if (v.empty() || v == "standard") {
    g.variant_ = "standard";
  } else if (v.size() == 9 && v.rfind("handicap", 0) == 0 && v[8] >= '1' && v[8] <= '4') {
    handicap = v[8] - '0';
    g.variant_ = v;
  } else if (v.size() == 6 && v.rfind("extra", 0) == 0 && v[5] >= '2' && v[5] <= '4') {
    g.extra_ = v[5] - '0';
    g.variant_ = v;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --variant='", v,
                     "' for prairie: expected standard, handicap1..handicap4 or extra2..extra4"));
  }

  std::vector<int> empty;
  if (!given_empty.empty()) {
    g.custom_empty_ = true;
    absl::StatusOr<std::vector<int>> cols = ParseColumns(given_empty, g.width_);
    if (!cols.ok()) return cols.status();
    if (handicap && static_cast<int>(cols->size()) != handicap) {
      return absl::InvalidArgumentError(absl::StrCat("bad --empty-columns='", given_empty,
                                                     "': ", g.variant_, " plays with ", handicap,
                                                     " empty column(s), not ", cols->size()));
    }
    empty = *cols;
  } else if (handicap) {
    empty = HandicapColumns(handicap, g.width_);
    std::vector<int> sorted = empty;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--variant=", g.variant_, " needs a wider board than ", g.width_, " columns"));
    }
  }
  g.columns_ = static_cast<std::uint16_t>((1u << g.width_) - 1);
  for (int c : empty) g.columns_ &= static_cast<std::uint16_t>(~(1u << c));
  if (g.columns_ == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--variant=", g.variant_, " with these empty columns leaves no buffalo on the ", g.width_,
        "-wide board"));
  }
  g.mirror_ok_ = true;
  for (int c = 0; c < g.width_; ++c) {
    g.mirror_ok_ &= ((g.columns_ >> c) & 1) == ((g.columns_ >> (g.width_ - 1 - c)) & 1);
  }
  g.dogs_ = g.width_ == 3 ? 2 : g.width_ == 4 ? 3 : 4;
  g.valid_ = MiddleMask(g.width_);
  for (int b = 0; b < kMiddleBits; ++b) {
    g.king_[b] = (g.valid_ >> b) & 1 ? KingSpread(Bit(b), g.valid_) : 0;
  }
  return g;
}

std::string PrairieGame::column_list(std::uint16_t cols) const {
  std::vector<std::string> names;
  for (int c = 0; c < width_; ++c) {
    if ((cols >> c) & 1) names.emplace_back(1, static_cast<char>('a' + c));
  }
  return absl::StrJoin(names, ",");
}

std::string PrairieGame::options() const {
  return custom_empty_ ? JoinGameOptions({{"empty-columns", empty_columns()}}) : "";
}

std::string PrairieGame::empty_columns() const {
  return column_list(static_cast<std::uint16_t>(((1u << width_) - 1) & ~columns_));
}

Position PrairieGame::start() const {
  Position p;
  p.top = columns_;
  const int centre = width_ / 2;
  p.cowboy = static_cast<std::uint8_t>(MiddleBit(2, centre));
  for (int d : {-2, -1, 1, 2}) {
    if (centre + d >= 0 && centre + d < width_) p.dogs |= Bit(MiddleBit(2, centre + d));
  }
  p.extra = static_cast<std::uint8_t>(extra_);
  return p;
}

int PrairieGame::buffalo_row(const Position& p, int col) const {
  if ((p.top >> col) & 1) return 7;
  if ((p.home >> col) & 1) return 1;
  const u64 column = p.herd & (u64{0x001001001001001} << col);
  return column ? BitRow(LowestBit(column)) : 0;
}

int PrairieGame::remaining(const Position& p) const {
  int steps = 6 * std::popcount(p.top);
  for (int row = 2; row <= 6; ++row) steps += (row - 1) * PopCount(p.herd & RowMask(width_, row));
  return 2 * steps + p.light_to_move;
}

bool PrairieGame::unrank_next(Tier t, std::uint64_t index, Position& p) const {
  // Next dog set in colex order (the successor of a k-subset as a bit mask).
  const u64 free = valid_ & ~p.herd;
  const u64 rest = free & ~Bit(p.cowboy);
  const u64 x = Extract(p.dogs, rest);
  const u64 fill = x | (x - 1);
  const u64 next = (fill + 1) | (((~fill & (fill + 1)) - 1) >> (LowestBit(x) + 1));
  if (next < (u64{1} << (PopCount(free) - 1))) {
    p.dogs = Deposit(next, rest);
    return true;
  }
  return unrank(t, index, p);  // the cowboy (or the side) moves on: rare
}

bool PrairieGame::light_can_move(const Position& p) const {
  if (king_[p.cowboy] & ~p.dogs) return true;
  const u64 empty = valid_ & ~(p.dogs | p.herd | Bit(p.cowboy));
  return (KingSpread(p.dogs, valid_) & empty) != 0;
}

void PrairieGame::generate_moves(const Position& p, MoveList& list) const {
  list.clear();
  if (p.home) return;
  if (!p.light_to_move) {
    if (p.extra) {
      generate_compound(p, list);
      return;
    }
    for (int c : SetBits(movable_top(p))) {
      list.push_back(Move::Single(Move::kBuffalo, Square(7, c), Square(6, c)));
    }
    for (int b : SetBits(movable_herd(p))) {
      list.push_back(Move::Single(Move::kBuffalo, b + kStride, b));
    }
    return;
  }
  // The cowboy first: captures and blocks near the herd decide most
  // positions, and the retrograde solver's win/loss pass stops at the first
  // winning move.
  for (int t : SetBits(king_[p.cowboy] & ~p.dogs)) {
    const Move::Kind kind = (p.herd >> t) & 1 ? Move::kCapture : Move::kCowboy;
    list.push_back(Move::Single(kind, p.cowboy + kStride, t + kStride));
  }
  const u64 empty = valid_ & ~(p.dogs | p.herd | Bit(p.cowboy));
  for (int d : SetBits(p.dogs)) {
    for (int t : SetBits(QueenAttacks(Bit(d), empty))) {
      list.push_back(Move::Single(Move::kDog, d + kStride, t + kStride));
    }
  }
}

bool PrairieGame::generate_tier_exits(const Position& p, MoveList& exits) const {
  if (!p.light_to_move) {
    generate_moves(p, exits);
    return exits.size() > 0;
  }
  exits.clear();
  for (int t : SetBits(king_[p.cowboy] & p.herd)) {
    exits.push_back(Move::Single(Move::kCapture, p.cowboy + kStride, t + kStride));
  }
  return exits.size() > 0 || light_can_move(p);
}

namespace {
// Squares reached by sliding from every square of `from` one step at a time
// in direction kDelta over `empty`, summed over all steps (the rays of
// different dogs never overlap: a ray stops at the next dog).
template <int kDelta>
int RayCount(u64 from, u64 empty) {
  int n = 0;
  for (u64 ray = Shift<kDelta>(from) & empty; ray; ray = Shift<kDelta>(ray) & empty) {
    n += PopCount(ray);
  }
  return n;
}
}  // namespace

int PrairieGame::count_moves(const Position& p) const {
  if (p.home) return 0;
  if (!p.light_to_move) {
    if (p.extra) {
      MoveList list;
      generate_compound(p, list);
      return static_cast<int>(list.size());
    }
    return PopCount(movable_herd(p)) + std::popcount(movable_top(p));
  }
  const u64 empty = valid_ & ~(p.dogs | p.herd | Bit(p.cowboy));
  return RayCount<1>(p.dogs, empty) + RayCount<-1>(p.dogs, empty) +
         RayCount<kStride>(p.dogs, empty) + RayCount<-kStride>(p.dogs, empty) +
         RayCount<kStride + 1>(p.dogs, empty) + RayCount<kStride - 1>(p.dogs, empty) +
         RayCount<-kStride + 1>(p.dogs, empty) + RayCount<-kStride - 1>(p.dogs, empty) +
         PopCount(king_[p.cowboy] & ~p.dogs);
}

// The multisets of `extra` columns whose buffalo can make that many steps
// without meeting a light piece or reaching row 1 (see prairie.h: from the
// start neither can happen).
void PrairieGame::generate_compound(const Position& p, MoveList& list) const {
  const int n = std::min<int>(p.extra, 4);
  std::array<int, kMaxWidth> reach{};  // steps each column's buffalo can make
  std::vector<int> cols;
  const u64 light_bits = light(p);
  for (int c = 0; c < width_; ++c) {
    const int row = buffalo_row(p, c);
    if (row < 3) continue;
    int steps = 0;
    while (steps < n && row - steps - 1 >= 2 &&
           !((light_bits >> MiddleBit(row - steps - 1, c)) & 1)) {
      ++steps;
    }
    if (steps > 0) {
      reach[c] = steps;
      cols.push_back(c);
    }
  }
  std::array<int, kMaxWidth> chosen{};
  auto recurse = [&](auto&& self, int depth, size_t first, std::array<int, kMaxWidth>& used) {
    if (depth >= n) {
      std::uint32_t bits = Move::kCompoundFlag | static_cast<std::uint32_t>(n) << 16;
      for (int i = 0; i < n; ++i) bits |= static_cast<std::uint32_t>(chosen[i]) << (4 * i);
      list.push_back(Move{bits});
      return;
    }
    for (size_t i = first; i < cols.size(); ++i) {
      const int c = cols[i];
      if (used[c] == reach[c]) continue;
      ++used[c];
      chosen[depth] = c;
      self(self, depth + 1, i, used);
      --used[c];
    }
  };
  std::array<int, kMaxWidth> used{};
  recurse(recurse, 0, 0, used);
}

// ---- notation ------------------------------------------------------------------

std::string PrairieGame::move_string(const Position& p, Move m) const {
  if (m == pass_move()) return "pass";
  if (m.compound()) {
    std::array<int, kMaxWidth> row{};
    for (int c = 0; c < width_; ++c) row[c] = buffalo_row(p, c);
    std::vector<std::string> steps;
    for (int i = 0; i < m.steps(); ++i) {
      const int c = m.column(i);
      steps.push_back(
          absl::StrCat(SquareName(Square(row[c], c)), "-", SquareName(Square(row[c] - 1, c))));
      --row[c];
    }
    return absl::StrJoin(steps, "+");
  }
  return absl::StrCat(SquareName(m.from()), m.kind() == Move::kCapture ? "x" : "-",
                      SquareName(m.to()));
}

absl::StatusOr<Move> PrairieGame::parse_move(const Position& p, std::string_view text) const {
  const std::string original(text);
  const std::string lower = absl::AsciiStrToLower(AV(text));
  auto bad = [&](const std::string& why) {
    return absl::InvalidArgumentError(absl::StrCat("illegal move '", original, "': ", why));
  };
  auto parse_square = [&](absl::string_view s) -> int {
    if (s.size() != 2) return -1;
    const int col = s[0] - 'a', row = s[1] - '0';
    if (col < 0 || col >= width_ || row < 1 || row > kRows) return -1;
    return Square(row, col);
  };
  struct Step {
    int from, to;
    bool capture;
  };
  std::vector<Step> steps;
  for (absl::string_view token : absl::StrSplit(lower, '+')) {
    const size_t sep = token.find_first_of("-x");
    if (sep == absl::string_view::npos || token.size() != 5 || sep != 2) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", original, "' is not a move: expected from-to like b7-b6, or a capture like f4xe5"));
    }
    const int from = parse_square(token.substr(0, 2)), to = parse_square(token.substr(3, 2));
    if (from < 0 || to < 0) {
      return bad(absl::StrCat("not a square of the ", board_name(), " board (a1..",
                              SquareName(Square(kRows, width_ - 1)), ")"));
    }
    steps.push_back({from, to, token[2] == 'x'});
  }
  if (is_over(p)) return bad("the game is over");

  if (p.extra) {
    // The compound first turn: simulate the steps in the order given.
    if (static_cast<int>(steps.size()) != p.extra) {
      return bad(absl::StrCat("the first turn of ", variant_, " is ", p.extra,
                              " buffalo steps joined with '+' (e.g. a7-a6+a6-a5)"));
    }
    Position q = p;
    q.extra = 0;
    std::array<int, 4> cols{};
    for (size_t i = 0; i < steps.size() && i < cols.size(); ++i) {
      const Step& s = steps[i];
      MoveList single;
      generate_moves(q, single);
      const Move step = Move::Single(Move::kBuffalo, s.from, s.to);
      if (s.capture || std::find(single.begin(), single.end(), step) == single.end()) {
        return bad(absl::StrCat("step ", i + 1, " (", SquareName(s.from), "-", SquareName(s.to),
                                ") is not a buffalo step one square down"));
      }
      play(q, step);
      q.light_to_move = 0;
      cols[i] = SquareCol(s.from);
    }
    const int n = std::min<int>(p.extra, 4);
    std::sort(cols.begin(), cols.begin() + n);
    std::uint32_t bits = Move::kCompoundFlag | static_cast<std::uint32_t>(n) << 16;
    for (int i = 0; i < n; ++i) bits |= static_cast<std::uint32_t>(cols[i]) << (4 * i);
    MoveList legal;
    generate_moves(p, legal);
    if (std::find(legal.begin(), legal.end(), Move{bits}) == legal.end()) {
      return bad("not a legal first turn");
    }
    return Move{bits};
  }
  if (steps.size() != 1) return bad("only the first turn of the extra variants joins steps");
  const Step& s = steps[0];
  MoveList moves;
  generate_moves(p, moves);
  for (Move m : moves) {
    if (m.from() != s.from || m.to() != s.to) continue;
    if (s.capture != (m.kind() == Move::kCapture)) {
      return bad(s.capture ? "it captures nothing (write from-to)"
                           : "it captures a buffalo (write it with x, e.g. f4xe5)");
    }
    return m;
  }
  // Explain why.
  const int from_bit = s.from - kStride;
  const bool from_middle = s.from >= kStride && s.from < Square(kRows, 0);
  if (!p.light_to_move) {
    if (buffalo_row(p, SquareCol(s.from)) != SquareRow(s.from)) {
      return bad(
          absl::StrCat("no buffalo on ", SquareName(s.from), " (the buffalo side is to move)"));
    }
    return bad("a buffalo steps one square straight down onto an empty square");
  }
  if (!from_middle || !((light(p) >> from_bit) & 1)) {
    return bad(absl::StrCat("no light piece on ", SquareName(s.from), " (light is to move)"));
  }
  if (s.to < kStride || s.to >= Square(kRows, 0)) {
    return bad("light pieces stay in rows 2..6 (the rivers)");
  }
  return bad(from_bit == p.cowboy
                 ? "the cowboy steps one square onto an empty square or a buffalo, not a dog"
                 : "a dog slides along a row, column or diagonal over empty squares, never "
                   "capturing");
}

std::string PrairieGame::position_string(const Position& p) const {
  std::string out;
  out.reserve(kRows * width_ + 2);
  for (int row = 1; row <= kRows; ++row) {
    for (int col = 0; col < width_; ++col) {
      char ch = '-';
      if (buffalo_row(p, col) == row) {
        ch = 'B';
      } else if (row >= 2 && row <= 6) {
        const int b = MiddleBit(row, col);
        if (b == p.cowboy)
          ch = 'C';
        else if ((p.dogs >> b) & 1)
          ch = 'D';
      }
      out += ch;
    }
  }
  out += p.light_to_move ? " L" : " B";
  return out;
}

absl::StatusOr<Position> PrairieGame::parse_position(std::string_view text) const {
  std::vector<absl::string_view> parts = absl::StrSplit(absl::StripAsciiWhitespace(AV(text)),
                                                        absl::ByAnyChar(" \t"), absl::SkipEmpty());
  const size_t want = static_cast<size_t>(kRows * width_);
  if (parts.size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected ", want, " board characters, a space and the side to move (B or L); got ",
        parts.size(), " field(s)"));
  }
  if (parts[0].size() != want) {
    return absl::InvalidArgumentError(absl::StrCat("board has ", parts[0].size(),
                                                   " characters, expected ", want, " for ",
                                                   board_name(), " (7 rows of ", width_, ")"));
  }
  Position p;
  int cowboys = 0, dogs = 0;
  std::array<int, kMaxWidth> buffalo_at{};  // row of the column's buffalo, 0 none
  for (size_t i = 0; i < want; ++i) {
    const int row = static_cast<int>(i) / width_ + 1, col = static_cast<int>(i) % width_;
    const std::string square = SquareName(Square(row, col));
    const char ch = parts[0][i];
    if (ch == '-') continue;
    if (ch == 'C' || ch == 'D') {
      if (row == 1 || row == kRows) {
        return absl::InvalidArgumentError(
            absl::StrCat("impossible position: a light piece ('", std::string(1, ch), "') on ",
                         square, ", beyond a river; light pieces stay in rows 2..6"));
      }
      const int b = MiddleBit(row, col);
      if (ch == 'C') {
        ++cowboys;
        p.cowboy = static_cast<std::uint8_t>(b);
      } else {
        ++dogs;
        p.dogs |= Bit(b);
      }
      continue;
    }
    if (ch != 'B') {
      return absl::InvalidArgumentError(absl::StrCat("bad character '", std::string(1, ch),
                                                     "' at board index ", i, " (", square,
                                                     "); expected B, C, D or -"));
    }
    if (buffalo_at[col]) {
      return absl::InvalidArgumentError(absl::StrCat("impossible position: two buffalo in column ",
                                                     std::string(1, static_cast<char>('a' + col)),
                                                     " (", SquareName(Square(buffalo_at[col], col)),
                                                     " and ", square,
                                                     "); buffalo never leave their column"));
    }
    if (!((columns_ >> col) & 1)) {
      return absl::InvalidArgumentError(
          absl::StrCat("impossible position: a buffalo on ", square, ", but column ",
                       std::string(1, static_cast<char>('a' + col)), " is empty in ", variant_,
                       " (empty columns ", empty_columns(), ")"));
    }
    buffalo_at[col] = row;
    if (row == 1) {
      p.home |= static_cast<std::uint16_t>(1u << col);
    } else if (row == kRows) {
      p.top |= static_cast<std::uint16_t>(1u << col);
    } else {
      p.herd |= Bit(MiddleBit(row, col));
    }
  }
  if (cowboys != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("impossible position: ", cowboys, " cowboys (C); light has exactly one"));
  }
  if (dogs != dogs_) {
    return absl::InvalidArgumentError(absl::StrCat("impossible position: ", dogs,
                                                   " dogs (D); light has ", dogs_, " on the ",
                                                   board_name(), " board"));
  }
  if (parts[1] == "L") {
    p.light_to_move = 1;
  } else if (parts[1] != "B") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad side to move '", parts[1], "': expected B (buffalo) or L (light)"));
  }
  if (std::popcount(p.home) > 1) {
    return absl::InvalidArgumentError(
        "impossible position: two buffalo on row 1 (the game ends when the first arrives)");
  }
  if (p.home && !p.light_to_move) {
    return absl::InvalidArgumentError(
        "impossible position: a buffalo on row 1 with the buffalo side to move (the game ended "
        "when it arrived, with light to move)");
  }
  // The extra variants' first turn is the start placement with the buffalo
  // side to move (it never recurs: buffalo only advance).
  if (extra_ && !p.light_to_move) {
    Position s = start();
    s.extra = 0;
    if (s == p) p.extra = static_cast<std::uint8_t>(extra_);
  }
  return p;
}

std::string PrairieGame::diagram(const Position& p) const {
  const std::string text = position_string(p);
  std::string out = "   ";
  for (int c = 0; c < width_; ++c)
    absl::StrAppend(&out, " ", std::string(1, static_cast<char>('a' + c)));
  out += "\n";
  const std::string river = "    " + std::string(2 * width_ - 1, '~') + "\n";
  for (int row = kRows; row >= 1; --row) {  // row 1 at the bottom, as the seeds draw it
    if (row == 1) out += river;
    absl::StrAppend(&out, "  ", row);
    for (int c = 0; c < width_; ++c) {
      const char ch = text[(row - 1) * width_ + c];
      absl::StrAppend(&out, " ", std::string(1, ch == '-' ? '.' : ch));
    }
    out += "\n";
    if (row == kRows) out += river;
  }
  if (is_over(p)) {
    absl::StrAppend(&out, "game over: ", p.light_to_move ? "the buffalo side" : "light",
                    " has won");
  } else {
    absl::StrAppend(&out, p.light_to_move ? "L (light) to move" : "B (buffalo) to move");
    if (p.extra) absl::StrAppend(&out, ", ", static_cast<int>(p.extra), " steps this turn");
  }
  absl::StrAppend(&out, "   buffalo ", buffalo_count(p), "  dogs ", PopCount(p.dogs), "\n");
  return out;
}

// ---- symmetry -------------------------------------------------------------------

Position PrairieGame::mirror(const Position& p) const {
  Position q = p;
  auto mirror_bits = [&](u64 b) {
    u64 out = 0;
    for (int s : SetBits(b)) out |= Bit(s - 2 * BitCol(s) + width_ - 1);
    return out;
  };
  auto mirror_mask = [&](std::uint16_t m) {
    std::uint16_t out = 0;
    for (int c : SetBits(m)) out |= static_cast<std::uint16_t>(1u << (width_ - 1 - c));
    return out;
  };
  q.dogs = mirror_bits(p.dogs);
  q.herd = mirror_bits(p.herd);
  q.top = mirror_mask(p.top);
  q.home = mirror_mask(p.home);
  q.cowboy = static_cast<std::uint8_t>(p.cowboy - 2 * BitCol(p.cowboy) + width_ - 1);
  return q;
}

Move PrairieGame::transform_move(const Position&, Move m, int symmetry) const {
  if (symmetry == 0 || m == pass_move()) return m;
  if (m.compound()) {
    std::array<int, 4> cols{};
    const int n = std::min(m.steps(), 4);
    for (int i = 0; i < n; ++i) cols[i] = mirror_column(m.column(i));
    std::sort(cols.begin(), cols.begin() + n);
    std::uint32_t bits = Move::kCompoundFlag | static_cast<std::uint32_t>(n) << 16;
    for (int i = 0; i < n; ++i) bits |= static_cast<std::uint32_t>(cols[i]) << (4 * i);
    return Move{bits};
  }
  auto mirror_sq = [&](int sq) { return sq - 2 * SquareCol(sq) + width_ - 1; };
  return Move::Single(m.kind(), mirror_sq(m.from()), mirror_sq(m.to()));
}

// ---- search hooks ---------------------------------------------------------------

int PrairieGame::order_score(const Position& parent, Move m, const Position& child) const {
  (void)child;
  if (m.compound()) return 0;
  switch (m.kind()) {
    case Move::kCapture:
      return 1000 - 10 * SquareRow(m.to());  // the most advanced buffalo first
    case Move::kBuffalo:
      return 500 - 10 * SquareRow(m.to());
    case Move::kDog: {
      // A dog that stops right below a buffalo blocks it.
      const u64 blocked = (parent.herd >> kStride) | (u64{parent.top} << kTopRowShift);
      return (blocked >> (m.to() - kStride)) & 1 ? 300 - 10 * SquareRow(m.to()) : 0;
    }
    case Move::kCowboy:
      return 100;
  }
  return 0;
}

std::optional<int> PrairieGame::static_value(const Position& p) const {
  if (p.home || p.extra) return std::nullopt;
  const u64 row2 = p.herd & RowMask(width_, 2);
  if (!row2) return std::nullopt;
  if (!p.light_to_move) return kDistanceBase - 1;  // steps to row 1 now
  // Light moves once; a row-2 buffalo left standing steps home next ply.
  if (PopCount(row2) >= 2 || !(king_[p.cowboy] & row2)) return -(kDistanceBase - 2);
  return std::nullopt;
}

std::optional<int> PrairieGame::static_result(const Position& p) const {
  if (std::optional<int> v = static_value(p)) return *v > 0 ? 1 : -1;
  if (p.home || p.extra || p.light_to_move) return std::nullopt;
  // A row-3 buffalo over an empty square the cowboy cannot reach in one step
  // goes to row 2 and then home: light can neither block row 1 nor capture.
  const u64 steps = ((p.herd & RowMask(width_, 3)) >> kStride) & ~light(p);
  if (steps & ~king_[p.cowboy]) return 1;
  return std::nullopt;
}

int PrairieGame::max_plies(const Position& p) const {
  if (p.home) return 0;
  int steps = 5 * std::popcount(p.top);
  for (int row = 3; row <= 6; ++row) steps += (row - 2) * PopCount(p.herd & RowMask(width_, row));
  // Buffalo moves: at most `steps` to row 2 and one home; light's between.
  return 2 * steps + 1 + p.light_to_move;
}

std::pair<int, int> PrairieGame::value_bounds_given(const Position& p,
                                                    std::optional<int> result) const {
  const int near = kDistanceBase - max_plies(p);  // the smallest |value| possible
  if (const std::optional<int> r = result) {
    return *r > 0 ? std::pair<int, int>{near, kDistanceBase - 1}
                  : std::pair<int, int>{-kDistanceBase, -near};
  }
  return {-kDistanceBase, kDistanceBase - 1};
}

}  // namespace tav::prairie
