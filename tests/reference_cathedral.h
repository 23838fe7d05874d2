// An independent, deliberately simple Cathedral rules engine for differential
// tests. It shares no code with solver/games/cathedral: pieces are the
// pictures of RULES.md typed in again, the board is an array of squares
// (index = row * n + col), placements are found by walking every square and
// rotation, and regions by a breadth-first flood fill with a queue, following
// RULES.md word by word. Slow and obvious on purpose.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tav::reference_cathedral {

constexpr int kDark = 0, kLight = 1, kNeutral = 2;
const std::string kLetters = "VSLNPMZOCTA";  // hand order

// RULES.md's pictures, facing north; D is the active square.
inline std::vector<std::string> Picture(char letter, int owner) {
  switch (letter) {
    case 'V':
      return {"D"};
    case 'S':
      return {"D", "#"};
    case 'L':
      return {"D.", "##"};
    case 'N':
      return {"D", "#", "#"};
    case 'P':
      return {"D#", "##"};
    case 'M':
      return {".#.", "#D#"};
    case 'Z':
      return owner == kLight ? std::vector<std::string>{".D#", "##."}
                             : std::vector<std::string>{"D#.", ".##"};
    case 'O':
      return {".D.", "###", ".#."};
    case 'C':
      return {"D.#", "###"};
    case 'T':
      return {"D#.", ".##", "..#"};
    case 'A':
      return owner == kLight ? std::vector<std::string>{".D.", "##.", ".##"}
                             : std::vector<std::string>{".D.", ".##", "##."};
    case 'Y':
      return {".D.", "###", ".#.", ".#."};
  }
  return {};
}

inline int SizeOf(char letter) {
  int cells = 0;
  for (const std::string& row : Picture(letter, kDark))
    cells += std::count_if(row.begin(), row.end(), [](char c) { return c != '.'; });
  return cells;
}

// A piece on some squares: the letter and its (at most 6) squares, sorted.
// Fixed-size so that listing thousands of them allocates nothing per item.
struct Placement {
  char letter = 0;
  int count = 0;  // 0: off the board
  std::array<int, 6> squares{};
  auto Tie() const { return std::tie(letter, count, squares); }
  bool operator<(const Placement& o) const { return Tie() < o.Tie(); }
  bool operator==(const Placement& o) const { return Tie() == o.Tie(); }
  const int* begin() const { return squares.data(); }
  const int* end() const { return squares.data() + count; }
};

// A move: one or two placements (Lehmann's compound turn), or a pass (empty).
struct Move {
  std::vector<Placement> parts;  // empty: pass; [Y, X] for the compound turn
  bool operator<(const Move& o) const { return parts < o.parts; }
};

struct Piece {
  int owner = kDark;  // kDark, kLight or kNeutral (the Cathedral)
  char letter = 'V';
  std::vector<int> squares;
};

struct State {
  int n = 10;
  bool lehmann = false;
  std::vector<int> piece_at;   // -1 or an index into pieces
  std::vector<Piece> pieces;   // entries of removed pieces get squares cleared
  std::vector<int> territory;  // -1 nobody, else the owner
  std::array<std::map<char, int>, 2> hand;
  int to_move = kLight;
  std::array<bool, 2> first_done{false, false};
  int cathedral = 0;  // 0 in hand, 1 on the board, 2 gone
};

inline State Start(int n, bool lehmann, const std::string& pieces) {
  State s;
  s.n = n;
  s.lehmann = lehmann;
  s.piece_at.assign(n * n, -1);
  s.territory.assign(n * n, -1);
  for (char c : pieces) {
    s.hand[kDark][c]++;
    s.hand[kLight][c]++;
  }
  s.to_move = lehmann ? kDark : kLight;
  return s;
}

// The cells of `letter` turned `rotation` quarter turns clockwise, as
// (dx, dy) steps from the active square (north is +dy). Cached: the pictures
// are parsed once per (letter, owner, rotation).
inline const std::vector<std::pair<int, int>>& Cells(char letter, int owner, int rotation) {
  static std::array<std::vector<std::pair<int, int>>, 128 * 2 * 4> cache;
  std::vector<std::pair<int, int>>& cached = cache[(letter * 2 + owner) * 4 + rotation];
  if (!cached.empty()) return cached;
  const std::vector<std::string> pic = Picture(letter, owner);
  int ar = 0, ac = 0;
  for (int i = 0; i < static_cast<int>(pic.size()); ++i) {
    for (int j = 0; j < static_cast<int>(pic[i].size()); ++j) {
      if (pic[i][j] == 'D') ar = i, ac = j;
    }
  }
  std::vector<std::pair<int, int>> cells;
  for (int i = 0; i < static_cast<int>(pic.size()); ++i) {
    for (int j = 0; j < static_cast<int>(pic[i].size()); ++j) {
      if (pic[i][j] == '.') continue;
      int dx = j - ac, dy = ar - i;
      for (int k = 0; k < rotation; ++k) {
        const int t = dx;
        dx = dy;
        dy = -t;
      }
      cells.push_back({dx, dy});
    }
  }
  return cached = cells;
}

// The piece `owner` puts down as `letter` turned `rotation` quarter turns
// clockwise with its active square on (col, row); count 0 if off the board.
inline Placement Squares(int n, char letter, int owner, int rotation, int col, int row) {
  Placement out;
  out.letter = letter;
  for (const auto& [dx, dy] : Cells(letter, owner, rotation)) {
    const int x = col + dx, y = row + dy;
    if (x < 0 || x >= n || y < 0 || y >= n) return Placement{letter, 0, {}};
    out.squares[out.count++] = y * n + x;
  }
  for (int i = 1; i < out.count; ++i) {  // insertion sort of at most 6 squares
    for (int j = i; j > 0 && out.squares[j - 1] > out.squares[j]; --j) {
      std::swap(out.squares[j - 1], out.squares[j]);
    }
  }
  return out;
}

// The 8-connected regions of the squares for which in_area is true.
inline std::vector<std::vector<int>> Regions(int n, const std::vector<bool>& in_area) {
  std::vector<int> seen(n * n, 0);
  std::vector<std::vector<int>> regions;
  for (int start = 0; start < n * n; ++start) {
    if (!in_area[start] || seen[start]) continue;
    std::vector<int> region;
    std::queue<int> queue;
    queue.push(start);
    seen[start] = 1;
    while (!queue.empty()) {
      const int sq = queue.front();
      queue.pop();
      region.push_back(sq);
      const int x = sq % n, y = sq / n;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          if (nx < 0 || nx >= n || ny < 0 || ny >= n) continue;
          const int next = ny * n + nx;
          if (in_area[next] && !seen[next]) {
            seen[next] = 1;
            queue.push(next);
          }
        }
      }
    }
    regions.push_back(region);
  }
  return regions;
}

// Whether the squares not covered by the placement form two or more regions
// (cached: it depends only on the board size and the squares).
inline bool MakesPocket(int n, const Placement& p) {
  static std::map<std::pair<int, std::array<int, 6>>, bool> cache;
  const std::pair<int, std::array<int, 6>> key{n * 8 + p.count, p.squares};
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  std::vector<bool> area(n * n, true);
  for (int sq : p) area[sq] = false;
  const bool pocket = Regions(n, area).size() >= 2;
  cache[key] = pocket;
  return pocket;
}

// Where `player` may put `letter`: on empty squares, none of them the
// opponent's territory; a first building may not make a pocket.
// The distinct placements, sorted (rotations giving the same squares are one).
inline std::vector<Placement> PlacementsOf(const State& s, int player, char letter,
                                           const Placement& also_covered = {}) {
  std::vector<Placement> out;
  for (int rotation = 0; rotation < 4; ++rotation) {
    for (int row = 0; row < s.n; ++row) {
      for (int col = 0; col < s.n; ++col) {
        const Placement p = Squares(s.n, letter, player, rotation, col, row);
        if (p.count == 0) continue;
        bool ok = true;
        for (int q : p) {
          ok = ok && s.piece_at[q] < 0 && s.territory[q] != 1 - player &&
               std::find(also_covered.begin(), also_covered.end(), q) == also_covered.end();
        }
        if (!ok) continue;
        if (letter != 'Y' && !s.first_done[player] && MakesPocket(s.n, p)) continue;
        out.push_back(p);
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

inline std::vector<Placement> BuildingPlacements(const State& s, int player,
                                                 const Placement& also_covered = {}) {
  std::vector<Placement> out;
  for (const auto& [letter, count] : s.hand[player]) {
    if (count == 0) continue;
    for (const Placement& p : PlacementsOf(s, player, letter, also_covered)) out.push_back(p);
  }
  return out;
}

// The moves `player` could make if it were their turn (no passes).
inline std::vector<Move> PlacementMoves(const State& s, int player) {
  std::vector<Move> moves;
  if (s.cathedral == 0 && player == kLight) {
    const std::vector<Placement> cathedrals = PlacementsOf(s, kLight, 'Y');
    if (s.lehmann) {
      for (const Placement& c : cathedrals) {
        for (const Placement& b : BuildingPlacements(s, kLight, c)) moves.push_back({{c, b}});
      }
      if (!moves.empty()) return moves;
      // Not in RULES.md (tiny boards only): as much of the turn as fits, the
      // Cathedral first; a Cathedral that fits nowhere stays out of the game.
      if (cathedrals.empty()) {
        for (const Placement& b : BuildingPlacements(s, kLight)) moves.push_back({{b}});
        return moves;
      }
    }
    for (const Placement& c : cathedrals) moves.push_back({{c}});
    return moves;
  }
  for (const Placement& b : BuildingPlacements(s, player)) moves.push_back({{b}});
  return moves;
}

inline std::vector<Move> LegalMoves(const State& s) {
  std::vector<Move> moves = PlacementMoves(s, s.to_move);
  if (moves.empty() && !PlacementMoves(s, 1 - s.to_move).empty()) moves.push_back(Move{});
  return moves;
}

inline bool IsOver(const State& s) {
  return PlacementMoves(s, s.to_move).empty() && PlacementMoves(s, 1 - s.to_move).empty();
}

inline int HandSquares(const State& s, int player) {
  int total = 0;
  for (const auto& [letter, count] : s.hand[player]) total += count * SizeOf(letter);
  return total;
}

// RULES.md Play 6: opponent's unplaced squares minus own, for the side to move.
inline int FinalValue(const State& s) {
  return HandSquares(s, 1 - s.to_move) - HandSquares(s, s.to_move);
}

inline void RemovePiece(State& s, int index) {
  for (int sq : s.pieces[index].squares) s.piece_at[sq] = -1;
  s.pieces[index].squares.clear();
}

inline void Place(State& s, int player, const Placement& p) {
  const int index = static_cast<int>(s.pieces.size());
  s.pieces.push_back(
      {p.letter == 'Y' ? kNeutral : player, p.letter, std::vector<int>(p.begin(), p.end())});
  for (int sq : p) {
    s.piece_at[sq] = index;
    s.territory[sq] = -1;
  }
  if (p.letter == 'Y') {
    s.cathedral = 1;
    return;  // the Cathedral claims nothing
  }
  s.hand[player][p.letter]--;
  if (!s.first_done[player]) {
    s.first_done[player] = true;
    return;  // a first building claims nothing
  }
  // Regions of the squares not covered by the player's buildings.
  std::vector<bool> area(s.n * s.n, true);
  for (int sq = 0; sq < s.n * s.n; ++sq) {
    const int at = s.piece_at[sq];
    if (at >= 0 && s.pieces[at].owner == player) area[sq] = false;
  }
  for (const std::vector<int>& region : Regions(s.n, area)) {
    std::set<int> inside;  // the non-own pieces in the region
    for (int sq : region) {
      if (s.piece_at[sq] >= 0) inside.insert(s.piece_at[sq]);
    }
    if (inside.size() > 1) continue;
    if (inside.size() == 1) {
      const int captured = *inside.begin();
      const Piece& piece = s.pieces[captured];
      if (piece.owner == kNeutral) {
        s.cathedral = 2;  // gone for good
      } else {
        s.hand[piece.owner][piece.letter]++;  // back to its owner
      }
      RemovePiece(s, captured);
    }
    for (int sq : region) s.territory[sq] = player;
  }
}

inline void Play(State& s, const Move& m) {
  if (s.cathedral == 0 && s.to_move == kLight && !m.parts.empty() && m.parts[0].letter != 'Y') {
    s.cathedral = 2;  // the Cathedral fitted nowhere
  }
  for (const Placement& p : m.parts) Place(s, s.to_move, p);
  s.to_move = 1 - s.to_move;
}

// The position string of RULES-style format documented in cathedral.h,
// written independently.
inline std::string PositionString(const State& s) {
  std::string out;
  for (int sq = 0; sq < s.n * s.n; ++sq) {
    const int at = s.piece_at[sq];
    if (at >= 0) {
      const Piece& p = s.pieces[at];
      out += p.owner == kNeutral ? 'Y'
             : p.owner == kLight ? p.letter
                                 : static_cast<char>(std::tolower(p.letter));
    } else {
      out += s.territory[sq] == kLight ? '+' : s.territory[sq] == kDark ? '-' : '.';
    }
  }
  for (int player : {kLight, kDark}) {
    std::string hand;
    for (char c : kLetters) {
      auto it = s.hand[player].find(c);
      if (it != s.hand[player].end()) hand.append(it->second, c);
    }
    out += ' ';
    out += hand.empty() ? std::string("-") : hand;
  }
  out += s.to_move == kLight ? " light" : " dark";
  const int first = (s.first_done[kDark] ? 1 : 0) | (s.first_done[kLight] ? 2 : 0);
  out += std::string(" ") + (first == 0   ? "none"
                             : first == 1 ? "dark"
                             : first == 2 ? "light"
                                          : "both");
  out += s.cathedral == 0 ? " hand" : s.cathedral == 1 ? " board" : " gone";
  return out;
}

inline std::string SquareName(int n, int sq) {
  std::string name(1, static_cast<char>('a' + sq % n));
  name += std::to_string(sq / n + 1);
  return name;
}

// "S:a2,a3" — a placement as a letter and its sorted squares.
inline std::string Key(int n, const Placement& p) {
  std::string out(1, p.letter);
  out += ':';
  for (int i = 0; i < p.count; ++i) {
    if (i) out += ',';
    out += SquareName(n, p.squares[i]);
  }
  return out;
}
inline std::string Key(int n, const Move& m) {
  if (m.parts.empty()) return "pass";
  std::string out;
  for (size_t i = 0; i < m.parts.size(); ++i) {
    if (i) out += '+';
    out += Key(n, m.parts[i]);
  }
  return out;
}

// Parses the seed's notation, e.g. "See5" or "Ynf5+Sna3", for the side to
// move; returns false if the text names no placement on the board.
inline bool ParseMove(const State& s, const std::string& text, Move& move) {
  move.parts.clear();
  if (text == "pass") return true;
  size_t start = 0;
  while (start < text.size()) {
    size_t plus = text.find('+', start);
    if (plus == std::string::npos) plus = text.size();
    const std::string part = text.substr(start, plus - start);
    if (part.size() < 3) return false;
    const char letter = static_cast<char>(std::toupper(part[0]));
    const int rotation = static_cast<int>(std::string("nesw").find(part[1]));
    const int col = part[2] - 'a';
    const int row = std::stoi(part.substr(3)) - 1;
    if (rotation < 0) return false;
    const Placement p = Squares(s.n, letter, s.to_move, rotation, col, row);
    if (p.count == 0) return false;
    move.parts.push_back(p);
    start = plus + 1;
  }
  return true;
}

inline unsigned long long Perft(const State& s, int depth) {
  if (depth == 0) return 1;
  const std::vector<Move> moves = LegalMoves(s);
  if (moves.empty()) return 1;
  if (depth == 1) return moves.size();
  unsigned long long total = 0;
  for (const Move& m : moves) {
    State child = s;
    Play(child, m);
    total += Perft(child, depth - 1);
  }
  return total;
}

}  // namespace tav::reference_cathedral
