// A deliberately simple, array-based Othello/Desdemona rules engine for
// differential testing. It shares no code with solver/games/reversi: squares
// are walked one step at a time, exactly as RULES.md words the rules.
#pragma once

#include <string>
#include <vector>

namespace tav::testing {

struct RefReversi {
  int n = 8;
  bool desdemona = false;
  // cells[r][c] in 'X', 'O', 'N', '-'; row 0 is row 1.
  std::vector<std::string> cells;
  char to_move = 'X';

  static RefReversi FromString(const std::string& s, int n, bool desdemona) {
    RefReversi b;
    b.n = n;
    b.desdemona = desdemona;
    for (int r = 0; r < n; ++r) b.cells.push_back(s.substr(r * n, n));
    b.to_move = s.back();
    return b;
  }
  std::string ToString() const {
    std::string out;
    for (const auto& row : cells) out += row;
    return out + " " + to_move;
  }
  static char Other(char side) { return side == 'X' ? 'O' : 'X'; }
  bool Capturable(char cell, char side) const {
    return cell == Other(side) || (desdemona && cell == 'N');
  }
  // Squares captured by `side` playing on (r, c), empty if the move is illegal.
  std::vector<std::pair<int, int>> Captures(int r, int c, char side) const {
    std::vector<std::pair<int, int>> all;
    if (cells[r][c] != '-') return all;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        std::vector<std::pair<int, int>> line;
        int rr = r + dr, cc = c + dc;
        while (rr >= 0 && rr < n && cc >= 0 && cc < n && Capturable(cells[rr][cc], side)) {
          line.push_back({rr, cc});
          rr += dr;
          cc += dc;
        }
        if (!line.empty() && rr >= 0 && rr < n && cc >= 0 && cc < n && cells[rr][cc] == side) {
          all.insert(all.end(), line.begin(), line.end());
        }
      }
    }
    return all;
  }
  static std::string SquareName(int r, int c) {
    std::string name(1, static_cast<char>('a' + c));
    name += std::to_string(r + 1);
    return name;
  }
  // Legal moves of the side to move as names ("d3"), in board order; "pass" if
  // only the opponent can move; empty if the game is over.
  std::vector<std::string> Moves() const {
    std::vector<std::string> out;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        if (!Captures(r, c, to_move).empty()) out.push_back(SquareName(r, c));
    if (out.empty()) {
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
          if (!Captures(r, c, Other(to_move)).empty()) return {"pass"};
    }
    return out;
  }
  void Play(const std::string& move) {
    if (move != "pass") {
      const int c = move[0] - 'a', r = std::stoi(move.substr(1)) - 1;
      for (auto [rr, cc] : Captures(r, c, to_move)) {
        char& cell = cells[rr][cc];
        if (!desdemona) {
          cell = to_move;
        } else {
          cell = (cell == 'N') ? to_move : 'N';
        }
      }
      cells[r][c] = to_move;
    }
    to_move = Other(to_move);
  }
  // Final score for the side to move, by RULES.md's table.
  int FinalValue(bool misere) const {
    int mine = 0, theirs = 0, empty = 0;
    for (const auto& row : cells)
      for (char cell : row) {
        mine += cell == to_move;
        theirs += cell == Other(to_move);
        empty += cell == '-';
      }
    if (desdemona) return misere ? theirs - mine : mine - theirs;
    if (mine > theirs) return mine - theirs + empty;
    if (mine < theirs) return mine - theirs - empty;
    return 0;
  }
};

}  // namespace tav::testing
