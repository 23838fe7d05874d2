// Killer moves: per ply, the two moves that most recently refuted a sibling
// position. Siblings differ by one move, so a move that refuted one often
// refutes the next; trying it first costs a comparison per child and saves
// whole subtrees. Used where children are searched as generated (no ordering
// pass to put them first otherwise): alphabeta.h one ply above the horizon,
// selective.h at its narrow nodes.
#pragma once

#include <algorithm>
#include <vector>

namespace tav::search {

template <class Move>
struct Killers {
  Move move[2]{};
  int count = 0;
  // Makes m the first killer (the old first becomes the second).
  void Add(const Move& m) {
    if (count > 0 && move[0] == m) return;
    move[1] = move[0];
    move[0] = m;
    count = std::min(count + 1, 2);
  }
};

// Killers for every ply, grown on demand. Clear() between searches whose
// results must not depend on each other.
template <class Move>
class KillerTable {
 public:
  Killers<Move>& At(int ply) {
    if (static_cast<int>(killers_.size()) <= ply) killers_.resize(ply + 1);
    return killers_[ply];
  }
  void Clear() { killers_.clear(); }

 private:
  std::vector<Killers<Move>> killers_;
};

}  // namespace tav::search
