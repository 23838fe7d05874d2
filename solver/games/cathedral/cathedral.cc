// Cathedral: construction, move generation, and playing a move (placement,
// territory, capture).
#include "games/cathedral/cathedral.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/game_options.h"
#include "core/strings.h"

namespace tav::cathedral {

absl::StatusOr<Cathedral> Cathedral::Create(const GameSpec& spec) {
  const int n = spec.size == 0 ? 10 : spec.size;
  if (n < 5 || n > 10) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --size=", spec.size, " for cathedral: must be 5..10"));
  }
  bool lehmann = false;
  if (spec.variant.empty() || spec.variant == "classic") {
    lehmann = false;
  } else if (spec.variant == "lehmann") {
    lehmann = true;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown --variant='", spec.variant,
                                                   "' for cathedral: expected classic or lehmann"));
  }
  absl::StatusOr<std::vector<GameOption>> options = ParseGameOptions(spec.options);
  if (!options.ok()) return options.status();
  const std::string given = TakeGameOption(*options, "pieces");
  if (absl::Status s = NoOtherGameOptions(*options, kName); !s.ok()) return s;
  std::string_view pieces = given;
  if (pieces.empty()) {
    pieces = DefaultPieces(n);
    if (pieces.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "RULES.md gives no default piece list for --size=", n, ": give one with --pieces"));
    }
  }
  std::uint64_t list = 0;
  int squares = 0;
  for (char c : pieces) {
    const int type = TypeOfLetter(c);
    if (type < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad --pieces='", given, "': '", std::string(1, c),
                       c == 'Y' || c == 'y' ? "' is the Cathedral, which is not in a player's list"
                                            : "' is not a piece letter (V S L N P M Z O C T A)"));
    }
    if ((list >> (4 * type) & 15) == 15) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad --pieces='", given, "': at most 15 of one piece"));
    }
    list += std::uint64_t{1} << (4 * type);
    squares += kTypeSize[type];
  }
  if (squares > kMaxValue) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --pieces='", given, "': ", squares, " squares, at most ", kMaxValue));
  }
  Cathedral game(TablesForSize(n), lehmann, list);
  game.custom_pieces_ = !given.empty() && game.pieces() != DefaultPieces(n);
  return game;
}

std::string Cathedral::options() const {
  return custom_pieces_ ? JoinGameOptions({{"pieces", pieces()}}) : "";
}

std::string Cathedral::board_name() const { return absl::StrCat(size(), "x", size()); }

std::string Cathedral::pieces() const {
  std::string out;
  for (int t = 0; t < kTypes; ++t) out.append(listed(t), kTypeLetters[t]);
  return out;
}

Position Cathedral::start() const {
  Position p;
  p.hand = {list_, list_};
  p.hand_squares = {static_cast<std::uint8_t>(list_squares_),
                    static_cast<std::uint8_t>(list_squares_)};
  p.to_move = lehmann_ ? kDark : kLight;
  p.cathedral_state = kCathedralInHand;
  XorAll(p, tables_->key_cathedral_state[kCathedralInHand] ^
                (p.to_move == kLight ? tables_->key_light_to_move : 0));
  return p;
}

// ---- Move generation ----------------------------------------------------------

Move* Cathedral::WriteBuildings(const Position& p, int player, u128 free, std::uint16_t cathedral,
                                Move* out) const {
  const Tables& t = *tables_;
  const bool first = !(p.first_placed >> player & 1);
  for (int type = 0; type < kTypes; ++type) {
    if (p.count(player, type) == 0) continue;
    const TypeOrientations& orients = t.orients[player][type];
    for (int i = 0; i < orients.count; ++i) {
      const int o = orients.ids[i];
      const std::uint16_t base = Placement(o, 0);
      ForEachSquare(Anchors(o, free, first), [&](int anchor) {
        out->building = static_cast<std::uint16_t>(base | anchor);
        out->cathedral = cathedral;
        ++out;
      });
    }
  }
  return out;
}

int Cathedral::CountBuildings(const Position& p, int player, u128 free) const {
  const Tables& t = *tables_;
  const bool first = !(p.first_placed >> player & 1);
  int count = 0;
  for (int type = 0; type < kTypes; ++type) {
    if (p.count(player, type) == 0) continue;
    const TypeOrientations& orients = t.orients[player][type];
    for (int i = 0; i < orients.count; ++i) count += PopCount(Anchors(orients.ids[i], free, first));
  }
  return count;
}

bool Cathedral::AnyBuilding(const Position& p, int player, u128 free) const {
  const Tables& t = *tables_;
  const bool first = !(p.first_placed >> player & 1);
  for (int type = 0; type < kTypes; ++type) {
    if (p.count(player, type) == 0) continue;
    const TypeOrientations& orients = t.orients[player][type];
    for (int i = 0; i < orients.count; ++i) {
      if (Anchors(orients.ids[i], free, first) != 0) return true;
    }
  }
  return false;
}

// Light's Cathedral turn. Classic: the Cathedral alone. Lehmann: the
// Cathedral and light's first building together. RULES.md does not say what
// happens when that turn cannot be made in full, which happens only on tiny
// boards (5x5: dark's Bridge through the centre leaves no room for the
// Cathedral). We settle it as the seeds' pass rule reads — a player passes
// only when none of *their own* pieces can be placed, and the Cathedral is
// neutral: light places as much of the turn as fits, the Cathedral first. If
// no building fits beside any Cathedral placement, light places the Cathedral
// alone; if the Cathedral fits nowhere, it stays out of the game (as if
// captured) and light places a building alone.
Cathedral::CathedralTurn Cathedral::CathedralTurnOf(const Position& p) const {
  const u128 free = Free(p, kLight);
  bool cathedral_fits = false;
  const TypeOrientations& cathedral = tables_->orients[kDark][kCathedralType];
  for (int i = 0; i < cathedral.count; ++i) {
    const int o = cathedral.ids[i];
    const u128 anchors = Anchors(o, free, false);
    cathedral_fits |= anchors != 0;
    if (!lehmann_) continue;
    bool pair = false;
    ForEachSquare(anchors, [&](int anchor) {
      pair = pair || AnyBuilding(p, kLight, free & ~(tables_->orientations[o].mask << anchor));
    });
    if (pair) return CathedralTurn::kCompound;
  }
  if (!lehmann_) return cathedral_fits ? CathedralTurn::kCathedralOnly : CathedralTurn::kNone;
  if (cathedral_fits) return CathedralTurn::kCathedralOnly;
  return AnyBuilding(p, kLight, free) ? CathedralTurn::kBuildingOnly : CathedralTurn::kNone;
}

bool Cathedral::HasPlacement(const Position& p, int player) const {
  if (p.cathedral_state == kCathedralInHand && player == kLight) {
    return CathedralTurnOf(p) != CathedralTurn::kNone;
  }
  return AnyBuilding(p, player, Free(p, player));
}

void Cathedral::generate_moves(const Position& p, MoveList& list) const {
  list.clear();
  const int me = p.to_move;
  const u128 free = Free(p, me);
  Move* end = list.grow(tables_->max_building_moves);
  const TypeOrientations& cathedral = tables_->orients[kDark][kCathedralType];
  switch (TurnOf(p)) {
    case CathedralTurn::kNormal:
    case CathedralTurn::kBuildingOnly:
      end = WriteBuildings(p, me, free, Move::kNone, end);
      break;
    case CathedralTurn::kCathedralOnly:
      for (int i = 0; i < cathedral.count; ++i) {
        const int o = cathedral.ids[i];
        ForEachSquare(Anchors(o, free, false), [&](int anchor) {
          *end++ = Move{Move::kNone, Placement(o, anchor)};
        });
      }
      break;
    case CathedralTurn::kCompound:
      for (int i = 0; i < cathedral.count; ++i) {
        const int o = cathedral.ids[i];
        ForEachSquare(Anchors(o, free, false), [&](int anchor) {
          const std::uint16_t c = Placement(o, anchor);
          list.set_size(end - list.begin());
          end = list.grow(tables_->max_building_moves);
          end = WriteBuildings(p, me, free & ~PlacementMask(c), c, end);
        });
      }
      break;
    case CathedralTurn::kNone:
      break;
  }
  list.set_size(end - list.begin());
  if (list.empty() && HasPlacement(p, me ^ 1)) list.push_back(pass_move());
}

int Cathedral::count_moves(const Position& p) const {
  const int me = p.to_move;
  const u128 free = Free(p, me);
  const TypeOrientations& cathedral = tables_->orients[kDark][kCathedralType];
  int count = 0;
  switch (TurnOf(p)) {
    case CathedralTurn::kNormal:
    case CathedralTurn::kBuildingOnly:
      count = CountBuildings(p, me, free);
      break;
    case CathedralTurn::kCathedralOnly:
      for (int i = 0; i < cathedral.count; ++i) {
        count += PopCount(Anchors(cathedral.ids[i], free, false));
      }
      break;
    case CathedralTurn::kCompound:
      for (int i = 0; i < cathedral.count; ++i) {
        const int o = cathedral.ids[i];
        ForEachSquare(Anchors(o, free, false), [&](int anchor) {
          count += CountBuildings(p, me, free & ~PlacementMask(Placement(o, anchor)));
        });
      }
      break;
    case CathedralTurn::kNone:
      break;
  }
  if (count == 0 && HasPlacement(p, me ^ 1)) return 1;
  return count;
}

// ---- Playing a move ------------------------------------------------------------

void Cathedral::PlaceCathedral(Position& p, std::uint16_t placement) const {
  const Tables& t = *tables_;
  const u128 mask = PlacementMask(placement);
  p.cathedral = mask;
  XorSquares(p, mask, t.key_cathedral);
  XorAll(p, t.key_cathedral_state[p.cathedral_state] ^ t.key_cathedral_state[kCathedralOnBoard]);
  p.cathedral_state = kCathedralOnBoard;
  // The Cathedral claims nothing (RULES.md, Play 4).
}

void Cathedral::PlaceBuilding(Position& p, int player, std::uint16_t placement) const {
  const Tables& t = *tables_;
  const int o = OrientationOf(placement), anchor = AnchorOf(placement);
  const Orientation& orient = t.orientations[o];
  const u128 mask = orient.mask << anchor;
  const int type = orient.type;
  p.buildings[player] |= mask;
  for (int i = 0; i < 4; ++i) {
    if (type >> i & 1) p.type_bits[i] |= mask;
  }
  if (const u128 built_on = p.territory[player] & mask; built_on != 0) {
    XorSquares(p, built_on, t.key_territory[player]);
    p.territory[player] &= ~mask;
  }
  p.hand[player] -= std::uint64_t{1} << (4 * type);
  p.hand_squares[player] = static_cast<std::uint8_t>(p.hand_squares[player] - kTypeSize[type]);
  for (int s = 0; s < 4; ++s) p.keys[s] ^= t.key_placement[s][player][o * 128 + anchor];
  if (!(p.first_placed >> player & 1)) {
    // A first building claims nothing (RULES.md, Play 4); its placement was
    // already restricted to ones that leave the rest of the board one region.
    p.first_placed |= static_cast<std::uint8_t>(1 << player);
    XorAll(p, t.key_first_placed[player]);
    return;
  }
  Claim(p, player);
}

void Cathedral::RemoveBuilding(Position& p, int owner, u128 squares) const {
  const Tables& t = *tables_;
  const int type = TypeAt(p, LowestBit(squares));
  p.buildings[owner] &= ~squares;
  for (auto& plane : p.type_bits) plane &= ~squares;
  p.hand[owner] += std::uint64_t{1} << (4 * type);
  p.hand_squares[owner] = static_cast<std::uint8_t>(p.hand_squares[owner] + kTypeSize[type]);
  XorSquares(p, squares, t.key_building[owner][type]);
}

// RULES.md, Play 3: the regions of the squares not covered by the player's
// buildings (8-connected, the board edge a wall, the Cathedral never a wall);
// a region holding at most one non-own piece becomes the player's territory,
// capturing that piece. Regions made only of the player's territory are
// skipped: claiming them again changes nothing.
void Cathedral::Claim(Position& p, int player) const {
  const Tables& t = *tables_;
  const int opponent = player ^ 1;
  const u128 area = t.board & ~p.buildings[player];
  u128 todo = area & ~p.territory[player];
  while (todo != 0) {
    const u128 region = Fill8(todo & -todo, area, t.stride);
    todo &= ~region;
    const u128 enemy = region & p.buildings[opponent];
    const u128 cathedral = region & p.cathedral;
    if (enemy != 0) {
      if (cathedral != 0) continue;  // an enemy building and the Cathedral
      // The region holds whole buildings; exactly one is captured.
      if (!IsOneBuilding(p, enemy)) continue;
      RemoveBuilding(p, opponent, enemy);  // back to its owner's hand
    } else if (cathedral != 0) {
      // The Cathedral is captured and leaves the game for good.
      XorSquares(p, p.cathedral, t.key_cathedral);
      XorAll(p, t.key_cathedral_state[kCathedralOnBoard] ^ t.key_cathedral_state[kCathedralGone]);
      p.cathedral = 0;
      p.cathedral_state = kCathedralGone;
    }
    // Every square of the region is empty now and the player's.
    XorSquares(p, region & ~p.territory[player], t.key_territory[player]);
    XorSquares(p, region & p.territory[opponent], t.key_territory[opponent]);
    p.territory[player] |= region;
    p.territory[opponent] &= ~region;
  }
}

void Cathedral::play(Position& p, Move m) const {
  if (m.cathedral != Move::kNone) {
    PlaceCathedral(p, m.cathedral);
  } else if (p.cathedral_state == kCathedralInHand && p.to_move == kLight &&
             m.building != Move::kNone) {
    // The Cathedral fitted nowhere (CathedralTurnOf): it stays out of the game.
    XorAll(p, tables_->key_cathedral_state[kCathedralInHand] ^
                  tables_->key_cathedral_state[kCathedralGone]);
    p.cathedral_state = kCathedralGone;
  }
  if (m.building != Move::kNone) PlaceBuilding(p, p.to_move, m.building);
  p.to_move ^= 1;
  XorAll(p, tables_->key_light_to_move);
}

// ---- Search hooks ----------------------------------------------------------------

// Large pieces first, then moves that take squares from the opponent (the
// building itself where the opponent could have built, and any region
// claimed from the neutral ground or the opponent's territory), captures, and
// new territory. The weights were tuned by node counts of whole 6x6 solves
// and a 7x7 midgame (README, "Figures"); they cut the nodes by about a third
// against "captures, then claims, then size".
int Cathedral::order_score(const Position& parent, Move m, const Position& child) const {
  if (m.building == Move::kNone) return 0;
  const int me = parent.to_move, opponent = me ^ 1;
  const int size = kTypeSize[TypeOf(m.building)];
  const int claimed = PopCount(child.territory[me] & ~parent.territory[me]);
  const int captured = child.hand_squares[opponent] - parent.hand_squares[opponent];
  const int denied = PopCount(Free(parent, opponent)) - PopCount(Free(child, opponent));
  return 8 * size + 4 * denied + 4 * captured + claimed;
}

static_assert(Game<Cathedral>);

}  // namespace tav::cathedral
