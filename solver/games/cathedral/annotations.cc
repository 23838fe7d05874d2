// Cathedral extras of explore records (data/README.md): the analysis draws
// its Lehmann heatmaps from them.
//
// The move is read off the six squares: the Latin cross has one square with
// four orthogonal neighbours in the piece (the middle of the bar); of those
// neighbours the tail is the one continued by a second square, the head (the
// active square of the notation, RULES.md) is opposite it, and the direction
// from the middle to the head is the orientation (n: towards row N, e: towards
// the last file, ...). Working from square names keeps this independent of the
// engine's internal square numbering.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

// (file, row) of a square name such as "i4" (file 0 = 'a', row 0 = 1).
std::pair<int, int> SquareCoordinates(const std::string& name) {
  return {name[0] - 'a', std::stoi(name.substr(1)) - 1};
}

}  // namespace

std::string CathedralMoveOfSquares(const std::vector<std::string>& names) {
  std::set<std::pair<int, int>> cells;
  for (const std::string& n : names) cells.insert(SquareCoordinates(n));
  if (cells.size() != 6) return "";
  static constexpr int kDirections[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};  // n e s w
  static constexpr char kNames[4] = {'n', 'e', 's', 'w'};
  for (const auto& [x, y] : cells) {
    int neighbours = 0;
    for (const auto& d : kDirections) neighbours += cells.count({x + d[0], y + d[1]});
    if (neighbours != 4) continue;
    for (int k = 0; k < 4; ++k) {
      const auto& d = kDirections[k];
      const std::pair<int, int> head{x + d[0], y + d[1]};
      const std::pair<int, int> tail2{x - 2 * d[0], y - 2 * d[1]};
      if (!cells.count(tail2)) continue;
      std::string move = "Y";
      move += kNames[k];
      move += static_cast<char>('a' + head.first);
      move += std::to_string(head.second + 1);
      return move;
    }
  }
  return "";
}

nlohmann::json Cathedral::explore_annotations(const Position& pos) const {
  std::vector<std::string> squares;
  if (pos.cathedral_state == kCathedralOnBoard) {
    for (int sq = 0; sq < 128; ++sq) {
      if ((pos.cathedral >> sq) & 1) squares.push_back(square_name(sq));
    }
  }
  const std::string move = squares.empty() ? "" : CathedralMoveOfSquares(squares);
  return {{"cathedral_squares", squares},
          {"cathedral_move", move.empty() ? nlohmann::json(nullptr) : nlohmann::json(move)}};
}

}  // namespace tav::cathedral
