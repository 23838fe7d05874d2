// A deliberately simple Prairie rules engine for differential testing. It
// shares no code with solver/games/prairie: the board is a grid of
// characters, and every rule is walked square by square as RULES.md words it.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace tav::testing {

struct RefPrairie {
  int w = 11;
  std::vector<std::string> rows;  // rows[0] is row 1; 'B', 'C', 'D', '-'
  char to_move = 'B';

  static RefPrairie FromString(const std::string& s) {
    RefPrairie b;
    const size_t space = s.find(' ');
    b.w = static_cast<int>(space / 7);
    for (int r = 0; r < 7; ++r) b.rows.push_back(s.substr(r * b.w, b.w));
    b.to_move = s[space + 1];
    return b;
  }
  std::string ToString() const {
    std::string out;
    for (const auto& row : rows) out += row;
    return out + " " + to_move;
  }
  static std::string Name(int row, int col) {  // row, col from 0
    return std::string(1, static_cast<char>('a' + col)) + std::to_string(row + 1);
  }
  bool InMiddle(int row, int col) const { return row >= 1 && row <= 5 && col >= 0 && col < w; }
  bool BuffaloHome() const { return rows[0].find('B') != std::string::npos; }

  // Every legal move in notation ("b7-b6", "f4xe5").
  std::vector<std::string> Moves() const {
    std::vector<std::string> out;
    if (BuffaloHome()) return out;
    if (to_move == 'B') {
      for (int r = 1; r < 7; ++r) {
        for (int c = 0; c < w; ++c) {
          if (rows[r][c] == 'B' && rows[r - 1][c] == '-')
            out.push_back(Name(r, c) + "-" + Name(r - 1, c));
        }
      }
      return out;
    }
    for (int r = 1; r <= 5; ++r) {
      for (int c = 0; c < w; ++c) {
        if (rows[r][c] == 'D') {
          for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
              if (!dr && !dc) continue;
              for (int rr = r + dr, cc = c + dc; InMiddle(rr, cc) && rows[rr][cc] == '-';
                   rr += dr, cc += dc) {
                out.push_back(Name(r, c) + "-" + Name(rr, cc));
              }
            }
          }
        } else if (rows[r][c] == 'C') {
          for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
              const int rr = r + dr, cc = c + dc;
              if ((!dr && !dc) || !InMiddle(rr, cc)) continue;
              if (rows[rr][cc] == '-') out.push_back(Name(r, c) + "-" + Name(rr, cc));
              if (rows[rr][cc] == 'B') out.push_back(Name(r, c) + "x" + Name(rr, cc));
            }
          }
        }
      }
    }
    return out;
  }

  // Plays a single move given in notation (assumed legal).
  void Play(const std::string& m) {
    const int c1 = m[0] - 'a', r1 = m[1] - '1', c2 = m[3] - 'a', r2 = m[4] - '1';
    rows[r2][c2] = rows[r1][c1];
    rows[r1][c1] = '-';
    to_move = to_move == 'B' ? 'L' : 'B';
  }

  // The extra variants' first turn: the distinct boards after `steps`
  // buffalo steps in a row (light does not move in between).
  std::set<std::string> FirstTurnResults(int steps) const {
    std::set<std::string> out;
    if (steps == 0) {
      RefPrairie b = *this;
      b.to_move = 'L';
      out.insert(b.ToString());
      return out;
    }
    for (const std::string& m : Moves()) {
      RefPrairie b = *this;
      b.Play(m);
      b.to_move = 'B';
      for (const std::string& s : b.FirstTurnResults(steps - 1)) out.insert(s);
    }
    return out;
  }
};

}  // namespace tav::testing
