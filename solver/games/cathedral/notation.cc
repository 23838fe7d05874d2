// Cathedral move notation (RULES.md, "Move notation"):
//   <letter><orientation><square>   e.g. "See5": the Stable's picture turned
//   90 degrees clockwise (e) with its active square on e5 = {e5, d5};
//   "pass"; and Lehmann's compound turn "Y..+X..", e.g. "Ynf5+Sna3".
// A (piece, squares) pair has several spellings when a shape is symmetric;
// move_string prints the canonical one, the first of n, e, s, w that gives the
// squares, and parse_move accepts them all.
#include <algorithm>
#include <cctype>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/strings.h"
#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

constexpr std::string_view kRotations = "nesw";

std::string PieceName(int type) {
  if (type == kCathedralType) return "the Cathedral (Y)";
  return absl::StrCat("a ", AV(kTypeNames[type]), " (", std::string(1, kTypeLetters[type]), ")");
}

std::string PlayerName(int player) { return player == kLight ? "light" : "dark"; }

}  // namespace

std::string Cathedral::square_name(int sq) const {
  return absl::StrCat(std::string(1, static_cast<char>('a' + tables_->col(sq))),
                      tables_->row(sq) + 1);
}

std::string Cathedral::placement_squares(std::uint16_t placement) const {
  std::vector<std::string> names;
  ForEachSquare(PlacementMask(placement), [&](int sq) { names.push_back(square_name(sq)); });
  return absl::StrJoin(names, " ");
}

std::string Cathedral::Spell(std::uint16_t placement) const {
  const Orientation& orient = tables_->orientations[OrientationOf(placement)];
  const char letter = orient.type == kCathedralType ? kCathedralLetter : kTypeLetters[orient.type];
  return absl::StrCat(std::string(1, letter), std::string(1, kRotations[orient.rotation]),
                      square_name(AnchorOf(placement) + orient.active));
}

std::string Cathedral::move_string(const Position&, Move m) const {
  if (m.building == Move::kNone && m.cathedral == Move::kNone) return "pass";
  if (m.building == Move::kNone) return Spell(m.cathedral);
  if (m.cathedral == Move::kNone) return Spell(m.building);
  return absl::StrCat(Spell(m.cathedral), "+", Spell(m.building));
}

// One <letter><orientation><square> as `owner` would place it: the placement,
// or why the text names none (bad letter, orientation, square, off the board).
absl::StatusOr<std::uint16_t> Cathedral::ParseSpelling(int owner, std::string_view text) const {
  const Tables& t = *tables_;
  if (text.size() < 3) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", AV(text),
                     "' is not a move: expected <piece letter><n|e|s|w><square> (e.g. See5) "
                     "or pass"));
  }
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  const int type = letter == kCathedralLetter ? kCathedralType : TypeOfLetter(letter);
  if (type < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown piece letter '", std::string(1, text[0]),
                     "' (expected V S L N P M Z O C T A, or Y for the Cathedral)"));
  }
  const size_t rotation =
      kRotations.find(static_cast<char>(std::tolower(static_cast<unsigned char>(text[1]))));
  if (rotation == std::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad orientation '", std::string(1, text[1]), "' (expected n, e, s or w)"));
  }
  const std::string_view square = text.substr(2);
  const int col = std::tolower(static_cast<unsigned char>(square[0])) - 'a';
  int row = 0;
  bool digits = square.size() >= 2 && square.size() <= 3;
  for (size_t i = 1; i < square.size() && digits; ++i) {
    digits = std::isdigit(static_cast<unsigned char>(square[i])) != 0;
    row = row * 10 + (square[i] - '0');
  }
  if (!digits || col < 0 || col >= t.n || row < 1 || row > t.n) {
    return absl::InvalidArgumentError(absl::StrCat("bad square '", AV(square), "' (the ",
                                                   board_name(), " board has a1..",
                                                   square_name(t.square(t.n - 1, t.n - 1)), ")"));
  }
  --row;
  const Spelling& sp = t.spelling[owner][type][rotation];
  for (int i = 0; i < sp.cells; ++i) {
    const int x = col + sp.dx[i], y = row + sp.dy[i];
    if (x < 0 || x >= t.n || y < 0 || y >= t.n) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", AV(text), "' puts ", PieceName(type), " off the board"));
    }
  }
  const int anchor = t.square(col - sp.active_dx, row - sp.active_dy);
  return Placement(sp.orientation, anchor);
}

// Why `owner` may not place `placement` on the board of p now (or OK).
absl::Status Cathedral::CheckPlacement(const Position& p, int owner, std::uint16_t placement,
                                       u128 also_blocked) const {
  const int type = TypeOf(placement);
  const u128 mask = PlacementMask(placement);
  const std::string what =
      absl::StrCat("'", Spell(placement), "' (", placement_squares(placement), ")");
  if (type != kCathedralType && p.count(owner, type) == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "illegal move ", what, ": ", PlayerName(owner), " has no ", AV(kTypeNames[type]), " (",
        std::string(1, kTypeLetters[type]), ") left in hand"));
  }
  const u128 occupied = (Occupied(p) | also_blocked) & mask;
  if (occupied != 0) {
    std::vector<std::string> names;
    ForEachSquare(occupied, [&](int sq) { names.push_back(square_name(sq)); });
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move ", what, ": ", absl::StrJoin(names, " "), " already covered"));
  }
  const u128 enemy = p.territory[owner ^ 1] & mask;
  if (enemy != 0) {
    std::vector<std::string> names;
    ForEachSquare(enemy, [&](int sq) { names.push_back(square_name(sq)); });
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move ", what, ": ", absl::StrJoin(names, " "), " ",
                     enemy & (enemy - 1) ? "are " : "is ", PlayerName(owner ^ 1), "'s territory"));
  }
  if (type != kCathedralType && !(p.first_placed >> owner & 1) &&
      !(tables_->orientations[OrientationOf(placement)].no_pocket >> AnchorOf(placement) & 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("illegal move ", what,
                     ": a player's first building may not divide the rest of the board"
                     " into two or more regions"));
  }
  return absl::OkStatus();
}

absl::StatusOr<Move> Cathedral::parse_move(const Position& p, std::string_view raw) const {
  const absl::string_view stripped = absl::StripAsciiWhitespace(AV(raw));
  const std::string_view text(stripped.data(), stripped.size());
  const int me = p.to_move;
  // Legality is checked rule by rule rather than by searching the legal move
  // list, which for Lehmann's compound turn has some 380,000 moves.
  if (absl::EqualsIgnoreCase(AV(text), "pass")) {
    if (HasPlacement(p, me)) {
      return absl::InvalidArgumentError(
          "illegal move 'pass': passing is allowed only when no placement is possible");
    }
    if (!HasPlacement(p, me ^ 1)) {
      return absl::InvalidArgumentError("illegal move 'pass': the game is over");
    }
    return pass_move();
  }
  const CathedralTurn turn = TurnOf(p);
  Move move;
  const size_t plus = text.find('+');
  if (plus != std::string_view::npos) {
    if (turn != CathedralTurn::kCompound) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", AV(text),
                       "': a Cathedral-plus-building turn (Y..+X..) is only light's first turn "
                       "in the lehmann variant"));
    }
    absl::StatusOr<std::uint16_t> cathedral = ParseSpelling(me, text.substr(0, plus));
    if (!cathedral.ok()) return cathedral.status();
    absl::StatusOr<std::uint16_t> building = ParseSpelling(me, text.substr(plus + 1));
    if (!building.ok()) return building.status();
    if (TypeOf(*cathedral) != kCathedralType || TypeOf(*building) == kCathedralType) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", AV(text), "': the compound turn is the Cathedral then a building, Y..+X.."));
    }
    if (absl::Status s = CheckPlacement(p, me, *cathedral, 0); !s.ok()) return s;
    if (absl::Status s = CheckPlacement(p, me, *building, PlacementMask(*cathedral)); !s.ok()) {
      return s;
    }
    move = Move{*building, *cathedral};
  } else {
    absl::StatusOr<std::uint16_t> placement = ParseSpelling(me, text);
    if (!placement.ok()) return placement.status();
    const bool is_cathedral = TypeOf(*placement) == kCathedralType;
    if (turn == CathedralTurn::kCompound) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", AV(text),
                       "': in the lehmann variant light's first turn places the Cathedral and a "
                       "building together, e.g. Ynf5+Sna3"));
    }
    if (turn == CathedralTurn::kCathedralOnly && !is_cathedral) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", AV(text), "': light must place the Cathedral (Y..) this turn"));
    }
    if (turn != CathedralTurn::kCathedralOnly && is_cathedral) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", AV(text), "': the Cathedral ",
          p.cathedral_state != kCathedralInHand  ? "is no longer in hand"
          : turn == CathedralTurn::kBuildingOnly ? "fits nowhere and stays out of the game"
                                                 : "is placed by light"));
    }
    if (absl::Status s = CheckPlacement(p, me, *placement, 0); !s.ok()) return s;
    move = is_cathedral ? Move{Move::kNone, *placement} : Move{*placement, Move::kNone};
  }
  return move;
}

}  // namespace tav::cathedral
