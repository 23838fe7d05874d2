// Looking a position up in a book by any of its symmetric images.
//
// A book stores one representative per symmetry class, with moves in that
// representative's frame (book.h). A reader's position may be another image:
// each image is tried, and the stored moves are carried into the reader's
// frame (core/move_mapping.h). A move's value comes from its child's own
// entry when the book has one (negated), else from the stored move values.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "book/book.h"
#include "core/game.h"
#include "core/move_mapping.h"
#include "core/natural_order.h"
#include "core/proven_value.h"

namespace tav::book {

// The entry of `pos` (any symmetric image of a stored position) and the
// stored representative it matched.
template <Game G>
struct Found {
  const BookEntry* entry = nullptr;
  typename G::Position stored;
};

template <Game G>
std::optional<Found<G>> FindImage(const G& game, const Book& b, const typename G::Position& pos) {
  for (int s = 0; s < game.symmetry_count(); ++s) {
    const typename G::Position image = s == 0 ? pos : game.transform(pos, s);
    const BookEntry* e = b.Find(game.position_string(image));
    if (e != nullptr) return Found<G>{e, image};
  }
  return std::nullopt;
}

// What the book knows about a position, in the position's own frame.
struct Answer {
  const BookEntry* entry = nullptr;  // the stored entry (its moves in the stored frame)
  std::string best_move;             // "" when unknown
  // Every legal move with its value when the book knows it: known values
  // first, best first, then by move name.
  std::vector<std::pair<std::string, std::optional<Value>>> moves;
};

// nullopt when no image of `pos` is in the book.
template <Game G>
std::optional<Answer> Query(const G& game, const Book& b, const typename G::Position& pos) {
  const std::optional<Found<G>> found = FindImage(game, b, pos);
  if (!found) return std::nullopt;
  Answer a;
  a.entry = found->entry;
  const BookEntry& e = *found->entry;
  // The stored move `text` carried to a move of `pos`, if it maps.
  auto mapped = [&](const std::string& text) -> std::optional<typename G::Move> {
    auto m = game.parse_move(found->stored, text);
    if (!m.ok()) return std::nullopt;
    return MapMove(game, found->stored, *m, pos);
  };
  if (!e.best_move.empty()) {
    if (auto x = mapped(e.best_move)) a.best_move = game.move_string(pos, *x);
  }
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  for (const auto& x : moves) {
    const std::string name = game.move_string(pos, x);
    std::optional<Value> v;
    auto child = pos;
    game.play(child, x);
    if (auto c = FindImage(game, b, child)) {
      v = Negate(c->entry->value);
    } else {
      for (const MoveValue& mv : e.moves) {
        auto y = mapped(mv.move);
        if (y && game.move_string(pos, *y) == name) {
          v = mv.value;
          break;
        }
      }
    }
    a.moves.push_back({name, v});
  }
  std::sort(a.moves.begin(), a.moves.end(), [](const auto& p, const auto& q) {
    if (p.second.has_value() != q.second.has_value()) return p.second.has_value();
    if (p.second && p.second->value != q.second->value) return p.second->value > q.second->value;
    return NaturalLess(p.first, q.first);
  });
  return a;
}

}  // namespace tav::book
