// Independent oracles for the explorer's tests, built on the array-based
// reference rules engine (reference_reversi.h), sharing no code with the
// engine, the symmetry code or the explorer:
//  - RefValues: memoised plain negamax (no pruning) over whole games;
//  - RefClass: a symmetry class name (the smallest of the 8 dihedral images
//    of the board, by string), computed by index arithmetic.
#pragma once

#include <algorithm>
#include <string>
#include <unordered_map>

#include "reference_reversi.h"

namespace tav::testing {

class RefValues {
 public:
  RefValues(int n, bool desdemona, bool misere) : n_(n), desdemona_(desdemona), misere_(misere) {}

  // Exact value for the side to move of a RULES.md position string.
  int Value(const std::string& position) {
    auto it = memo_.find(position);
    if (it != memo_.end()) return it->second;
    RefReversi b = RefReversi::FromString(position, n_, desdemona_);
    const std::vector<std::string> moves = b.Moves();
    int best;
    if (moves.empty()) {
      best = b.FinalValue(misere_);
    } else {
      best = -1000;
      for (const std::string& m : moves) best = std::max(best, -Value(Child(position, m)));
    }
    memo_.emplace(position, best);
    return best;
  }

  std::string Child(const std::string& position, const std::string& move) const {
    RefReversi b = RefReversi::FromString(position, n_, desdemona_);
    b.Play(move);
    return b.ToString();
  }

  std::vector<std::string> Moves(const std::string& position) const {
    return RefReversi::FromString(position, n_, desdemona_).Moves();
  }

 private:
  int n_;
  bool desdemona_, misere_;
  std::unordered_map<std::string, int> memo_;
};

inline std::string RefClass(const std::string& position, int n) {
  std::string best;
  for (int s = 0; s < 8; ++s) {
    std::string image = position;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        int rr = r, cc = c;
        if (s & 1) std::swap(rr, cc);
        if (s & 2) rr = n - 1 - rr;
        if (s & 4) cc = n - 1 - cc;
        image[rr * n + cc] = position[r * n + c];
      }
    }
    if (best.empty() || image < best) best = image;
  }
  return best;
}

}  // namespace tav::testing
