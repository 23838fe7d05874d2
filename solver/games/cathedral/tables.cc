// Building the per-size tables (once per size, then shared).
#include "games/cathedral/tables.h"

#include <algorithm>
#include <mutex>
#include <utility>

#include "core/hash.h"

namespace tav::cathedral {
namespace {

struct Cell {
  int dx, dy;
  friend bool operator<(const Cell& a, const Cell& b) {
    return a.dy != b.dy ? a.dy < b.dy : a.dx < b.dx;
  }
  friend bool operator==(const Cell&, const Cell&) = default;
};

// Cells of a picture relative to its active square; dy grows to the north.
std::vector<Cell> PictureCells(const Picture& picture) {
  int active_row = 0, active_col = 0;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < static_cast<int>(picture.rows[i].size()); ++j) {
      if (picture.rows[i][j] == 'D') active_row = i, active_col = j;
    }
  }
  std::vector<Cell> cells;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < static_cast<int>(picture.rows[i].size()); ++j) {
      if (picture.rows[i][j] != '.') cells.push_back({j - active_col, active_row - i});
    }
  }
  return cells;
}

// Rotates clockwise by `quarter_turns` about the active square: north -> east.
std::vector<Cell> Rotate(std::vector<Cell> cells, int quarter_turns) {
  for (int t = 0; t < quarter_turns; ++t) {
    for (Cell& c : cells) c = {c.dy, -c.dx};
  }
  return cells;
}

std::shared_ptr<const Tables> Build(int n) {
  auto tables = std::make_shared<Tables>();
  Tables& t = *tables;
  t.n = n;
  t.stride = n + 1;
  const int s = t.stride;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) t.board |= Bit128(t.square(c, r));
  }

  // Orientations. Non-chiral types share their orientations between owners.
  for (int type = 0; type <= kCathedralType; ++type) {
    for (int owner = 0; owner < 2; ++owner) {
      const bool chiral = type == kZ || type == kA;
      if (owner == kLight && !chiral) {
        t.of_type[kLight][type] = t.of_type[kDark][type];
        t.spelling[kLight][type] = t.spelling[kDark][type];
        continue;
      }
      const Picture picture = type == kCathedralType ? kCathedralPicture : TypePicture(type, owner);
      const std::vector<Cell> north = PictureCells(picture);
      for (int rotation = 0; rotation < 4; ++rotation) {
        std::vector<Cell> cells = Rotate(north, rotation);
        const Cell lowest = *std::min_element(cells.begin(), cells.end());
        std::vector<Cell> normal;
        for (const Cell& c : cells) normal.push_back({c.dx - lowest.dx, c.dy - lowest.dy});
        std::sort(normal.begin(), normal.end());
        u128 mask = 0;
        for (const Cell& c : normal) mask |= Bit128(c.dy * s + c.dx);
        int id = -1;
        for (int o : t.of_type[owner][type]) {
          if (t.orientations[o].mask == mask) id = o;
        }
        if (id < 0) {
          id = static_cast<int>(t.orientations.size());
          Orientation o;
          o.mask = mask;
          o.cells = static_cast<std::uint8_t>(normal.size());
          o.type = static_cast<std::uint8_t>(type);
          o.rotation = static_cast<std::uint8_t>(rotation);
          o.active = static_cast<std::uint8_t>(-lowest.dy * s - lowest.dx);
          for (size_t i = 0; i < normal.size(); ++i) {
            o.offsets[i] = static_cast<std::uint8_t>(normal[i].dy * s + normal[i].dx);
            o.dx[i] = static_cast<std::int8_t>(normal[i].dx);
            o.dy[i] = static_cast<std::int8_t>(normal[i].dy);
          }
          for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c) {
              bool fits = true;
              for (const Cell& cell : normal) {
                const int x = c + cell.dx, y = r + cell.dy;
                fits &= x >= 0 && x < n && y >= 0 && y < n;
              }
              if (!fits) continue;
              const int anchor = t.square(c, r);
              o.on_board |= Bit128(anchor);
              const u128 rest = t.board & ~(mask << anchor);
              if (Fill8(rest & -rest, rest, s) == rest) o.no_pocket |= Bit128(anchor);
            }
          }
          t.orientations.push_back(o);
          t.of_type[owner][type].push_back(id);
        }
        Spelling& sp = t.spelling[owner][type][rotation];
        sp.orientation = id;
        sp.cells = static_cast<int>(cells.size());
        for (size_t i = 0; i < cells.size(); ++i) {
          sp.dx[i] = static_cast<std::int8_t>(cells[i].dx);
          sp.dy[i] = static_cast<std::int8_t>(cells[i].dy);
        }
        sp.active_dx = -lowest.dx;
        sp.active_dy = -lowest.dy;
      }
    }
  }

  for (int owner = 0; owner < 2; ++owner) {
    int total = 0;
    for (int type = 0; type <= kCathedralType; ++type) {
      TypeOrientations& flat = t.orients[owner][type];
      for (int o : t.of_type[owner][type]) {
        flat.ids[flat.count++] = static_cast<std::uint8_t>(o);
        if (type != kCathedralType) total += PopCount(t.orientations[o].on_board);
      }
    }
    t.max_building_moves = std::max(t.max_building_moves, total);
  }

  // Rotations of the board: (c, r) -> (r, n - 1 - c) is a clockwise quarter turn.
  for (int k = 0; k < 4; ++k) {
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        int x = c, y = r;
        for (int i = 0; i < k; ++i) {
          const int nx = y, ny = n - 1 - x;
          x = nx, y = ny;
        }
        t.rotated[k][t.square(c, r)] = static_cast<std::uint8_t>(t.square(x, y));
      }
    }
  }

  // Zobrist keys from a fixed seed: hashes are reproducible across runs.
  SplitMix64 rng(0xCA7ED2A1ULL + static_cast<std::uint64_t>(n));
  for (auto& owner : t.key_building) {
    for (auto& type : owner) {
      for (auto& key : type) key = rng.Next();
    }
  }
  for (auto& key : t.key_cathedral) key = rng.Next();
  t.key_light_to_move = rng.Next();
  for (auto& key : t.key_first_placed) key = rng.Next();
  for (auto& key : t.key_cathedral_state) key = rng.Next();
  for (int owner = 0; owner < 2; ++owner) {
    t.key_placement[owner].assign(t.orientations.size() * 128, 0);
    for (size_t o = 0; o < t.orientations.size(); ++o) {
      const Orientation& orient = t.orientations[o];
      if (orient.type == kCathedralType) continue;
      for (int anchor : SetBits128(orient.on_board)) {
        std::uint64_t key = 0;
        for (int i = 0; i < orient.cells; ++i) {
          key ^= t.key_building[owner][orient.type][anchor + orient.offsets[i]];
        }
        t.key_placement[owner][o * 128 + anchor] = key;
      }
    }
  }
  return tables;
}

}  // namespace

std::pair<int, int> Tables::Find(int owner, int type, u128 mask) const {
  if (mask == 0) return {-1, -1};
  const int anchor = LowestBit(mask);
  const u128 normal = mask >> anchor;
  for (int o : of_type[owner][type]) {
    const Orientation& orient = orientations[o];
    if (orient.mask == normal && (orient.on_board >> anchor & 1)) return {o, anchor};
  }
  return {-1, -1};
}

std::shared_ptr<const Tables> TablesForSize(int n) {
  static std::mutex mutex;
  static std::array<std::shared_ptr<const Tables>, 11> cache;
  std::lock_guard<std::mutex> lock(mutex);
  if (!cache[n]) cache[n] = Build(n);
  return cache[n];
}

}  // namespace tav::cathedral
