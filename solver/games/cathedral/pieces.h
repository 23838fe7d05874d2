// Cathedral's pieces as RULES.md draws them: letters, sizes, the north-facing
// pictures with their active squares, and the default piece lists per board.
//
// A *type* is what a hand counts and what notation names (V S L N P M Z O C T
// A, 11 types). A *shape* is a type as a particular player owns it: the Abbey
// (Z) and the Academy (A) are chiral, so light's and dark's shapes are mirror
// images, and there are 13 building shapes plus the Cathedral.
#pragma once

#include <array>
#include <string_view>

namespace tav::cathedral {

inline constexpr int kDark = 0;   // places the first building; side_to_move() == 0
inline constexpr int kLight = 1;  // places the Cathedral in the classic game

inline constexpr int kTypes = 11;
enum Type : int { kV, kS, kL, kN, kP, kM, kZ, kO, kC, kT, kA };
inline constexpr std::string_view kTypeLetters = "VSLNPMZOCTA";
inline constexpr std::array<int, kTypes> kTypeSize = {1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5};
inline constexpr std::array<std::string_view, kTypes> kTypeNames = {
    "Tavern", "Stable",    "Inn",    "Bridge", "Square", "Manor",
    "Abbey",  "Infirmary", "Castle", "Tower",  "Academy"};
inline constexpr char kCathedralLetter = 'Y';
inline constexpr int kCathedralSize = 6;

// The pictures of RULES.md, facing north (first row = north = towards the
// higher rows), 'D' the active square, '#' the other squares, '.' nothing.
struct Picture {
  std::array<std::string_view, 4> rows;  // unused rows are empty
};

// Picture of a type as owned by `owner` (only Z and A depend on the owner).
constexpr Picture TypePicture(int type, int owner) {
  switch (type) {
    case kV:
      return {{"D"}};
    case kS:
      return {{"D", "#"}};
    case kL:
      return {{"D.", "##"}};
    case kN:
      return {{"D", "#", "#"}};
    case kP:
      return {{"D#", "##"}};
    case kM:
      return {{".#.", "#D#"}};
    case kZ:
      return owner == kLight ? Picture{{".D#", "##."}} : Picture{{"D#.", ".##"}};
    case kO:
      return {{".D.", "###", ".#."}};
    case kC:
      return {{"D.#", "###"}};
    case kT:
      return {{"D#.", ".##", "..#"}};
    default:  // kA
      return owner == kLight ? Picture{{".D.", "##.", ".##"}} : Picture{{".D.", ".##", "##."}};
  }
}
inline constexpr Picture kCathedralPicture = {{".D.", "###", ".#.", ".#."}};

// Default per-player piece lists (RULES.md, "Smaller boards"), by board size.
// RULES.md gives none for 9x9, so 9x9 needs an explicit --pieces (empty here).
constexpr std::string_view DefaultPieces(int size) {
  switch (size) {
    case 10:
      return "VVSSLLNPMZOCTA";
    case 9:
      return "";
    case 8:
      return "VVSSLLPZMC";
    case 7:
      return "VSLNPMZ";
    case 6:
      return "VSLPC";
    default:
      return "VSLN";  // 5x5
  }
}

constexpr int TypeOfLetter(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (int t = 0; t < kTypes; ++t) {
    if (kTypeLetters[t] == c) return t;
  }
  return -1;
}

}  // namespace tav::cathedral
