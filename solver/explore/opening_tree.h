// The opening tree of an exploration: every position up to `plies` plies from
// a root, merged by symmetry (core/symmetry.h canonical forms) and by
// transposition, as a DAG.
//
// Each node is one class of positions. It keeps the class's canonical form
// (the merge key), and a *representative*: the position reached by the first
// line from the root that found the class. Everything a user reads about the
// node (best move, PV, each move's value) is in the representative's frame,
// so the line, the position and the moves agree, and the root is the user's
// root exactly, not some mirror image of it. A node also records the fewest
// plies from the root at which the class occurs, how many distinct move
// sequences from the root reach it (`paths`, the records' `duplicates`), and
// for an expanded node an edge for *every* legal move of the representative
// (moves symmetric to each other lead to the same child and are all kept, so
// a book can answer for each of them).
//
// Nodes at the last ply and finished games are the leaves: the frontier to be
// solved or searched, and terminal positions with a known final value. Node 0
// is the root. A class reached at two different plies (possible only through
// passes or captures) is one node at the smaller ply; the DAG stays acyclic
// because every game we play is (its positions never repeat along a line), so
// PostOrder() is a valid order for backups.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/symmetry.h"

namespace tav::explore {

template <Game G>
class OpeningTree {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  struct Edge {
    Move move;  // legal in the node's representative `position`
    int child;
  };
  struct Node {
    Position position;        // the representative: reached from the root by Line()
    Position canonical;       // the class's canonical form (core/symmetry.h)
    std::uint64_t key = 0;    // game.hash(canonical)
    int ply = 0;              // fewest plies from the root
    std::uint64_t paths = 0;  // move sequences from the root reaching the class (saturating)
    bool over = false;        // the game is finished here
    bool expanded = false;    // edges hold its children
    // The representative line: the parent on it and the move from the
    // parent's representative.
    int line_parent = -1;
    std::string line_move;
    std::vector<Edge> edges;

    bool leaf() const { return !expanded; }
  };

  // Enumerates. `max_nodes` guards against explorations that cannot fit in
  // memory (the error says how far enumeration got).
  static absl::StatusOr<OpeningTree> Build(const G& game, const Position& root, int plies,
                                           std::size_t max_nodes = 50'000'000);

  const std::vector<Node>& nodes() const { return nodes_; }
  const Node& node(int i) const { return nodes_[i]; }
  int plies() const { return plies_; }

  // Moves of the representative line from the root to node i (legal from the root).
  std::vector<std::string> Line(int i) const {
    std::vector<std::string> line;
    for (; nodes_[i].line_parent >= 0; i = nodes_[i].line_parent)
      line.push_back(nodes_[i].line_move);
    std::reverse(line.begin(), line.end());
    return line;
  }

  // Leaf nodes (frontier and terminal), in enumeration order (by ply, then discovery).
  std::vector<int> Leaves() const {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
      if (nodes_[i].leaf()) out.push_back(i);
    }
    return out;
  }

  // Every node reachable from the root, children before parents.
  const std::vector<int>& PostOrder() const { return post_order_; }

 private:
  struct Hasher {
    const G* game;
    std::size_t operator()(const Position& p) const { return game->hash(p); }
  };

  int plies_ = 0;
  std::vector<Node> nodes_;
  std::vector<int> post_order_;
};

template <Game G>
absl::StatusOr<OpeningTree<G>> OpeningTree<G>::Build(const G& game, const Position& root, int plies,
                                                     std::size_t max_nodes) {
  OpeningTree tree;
  tree.plies_ = plies;
  absl::flat_hash_map<Position, int, Hasher> index(16, Hasher{&game});

  auto add_node = [&](const Position& representative, const Position& canonical, int ply,
                      int parent, std::string move) {
    Node n;
    n.position = representative;
    n.canonical = canonical;
    n.key = game.hash(canonical);
    n.ply = ply;
    n.over = game.is_over(representative);
    n.line_parent = parent;
    n.line_move = std::move(move);
    index.emplace(canonical, static_cast<int>(tree.nodes_.size()));
    tree.nodes_.push_back(std::move(n));
  };
  add_node(root, Canonicalize(game, root).position, 0, -1, "");

  // Breadth first: nodes are appended in ply order, so the loop visits each
  // ply completely before the next.
  typename G::MoveList moves;
  for (int i = 0; i < static_cast<int>(tree.nodes_.size()); ++i) {
    if (tree.nodes_[i].over || tree.nodes_[i].ply >= plies) continue;
    const Position pos = tree.nodes_[i].position;
    const int ply = tree.nodes_[i].ply;
    game.generate_moves(pos, moves);
    std::vector<Edge> edges;
    edges.reserve(moves.size());
    for (const Move& m : moves) {
      Position child = pos;
      game.play(child, m);
      const Position canonical = Canonicalize(game, child).position;
      auto it = index.find(canonical);
      int child_index;
      if (it != index.end()) {
        child_index = it->second;
      } else {
        if (tree.nodes_.size() >= max_nodes) {
          return absl::ResourceExhaustedError(absl::StrCat("the opening tree exceeds ", max_nodes,
                                                           " positions at ply ", ply + 1,
                                                           "; explore fewer plies"));
        }
        child_index = static_cast<int>(tree.nodes_.size());
        add_node(child, canonical, ply + 1, i, game.move_string(pos, m));
      }
      edges.push_back({m, child_index});
    }
    tree.nodes_[i].edges = std::move(edges);
    tree.nodes_[i].expanded = true;
  }

  // Post order by iterative DFS from the root, then path counts in reverse
  // post order (a topological order: parents before children).
  const int n = static_cast<int>(tree.nodes_.size());
  std::vector<char> state(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<std::pair<int, int>> stack = {{0, 0}};
  state[0] = 1;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const auto& edges = tree.nodes_[node].edges;
    if (next < static_cast<int>(edges.size())) {
      const int child = edges[next++].child;
      if (state[child] == 0) {
        state[child] = 1;
        stack.push_back({child, 0});
      } else if (state[child] == 1) {
        return absl::InternalError("the opening tree has a cycle (a position repeats)");
      }
    } else {
      state[node] = 2;
      tree.post_order_.push_back(node);
      stack.pop_back();
    }
  }
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  tree.nodes_[0].paths = 1;
  for (auto it = tree.post_order_.rbegin(); it != tree.post_order_.rend(); ++it) {
    const Node& parent = tree.nodes_[*it];
    for (const Edge& e : parent.edges) {
      std::uint64_t& p = tree.nodes_[e.child].paths;
      p = (p > kMax - parent.paths) ? kMax : p + parent.paths;
    }
  }
  return tree;
}

}  // namespace tav::explore
