// A move list for Cathedral's wide branching.
//
// A turn places one building (at most 2,141 moves on 10x10: every placement of
// one player's 11 shapes), except Lehmann's compound turn, Cathedral plus first
// building, which has about 224 x 1,700 moves. The list keeps kInline moves in
// the object itself (no allocation in search: 8.8 KB per ply) and moves to
// the heap only beyond that, i.e. only for the compound turn.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <memory>

namespace tav::cathedral {

template <class Move, std::size_t kInline>
class SpillMoveList {
 public:
  using value_type = Move;

  SpillMoveList() = default;
  SpillMoveList(const SpillMoveList& other) { *this = other; }
  SpillMoveList& operator=(const SpillMoveList& other) {
    if (this != &other) {
      clear();
      Move* out = grow(other.size_);
      std::memcpy(out, other.data(), other.size_ * sizeof(Move));
      size_ = other.size_;
    }
    return *this;
  }

  void clear() { size_ = 0; }
  void push_back(Move m) {
    if (size_ == capacity_) reserve(2 * capacity_);
    data()[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return data()[i]; }
  const Move& operator[](std::size_t i) const { return data()[i]; }
  Move* begin() { return data(); }
  Move* end() { return data() + size_; }
  const Move* begin() const { return data(); }
  const Move* end() const { return data() + size_; }

  // Room for `extra` more moves; returns where the next one goes. The game's
  // generator writes through the pointer and then calls set_size().
  Move* grow(std::size_t extra) {
    if (size_ + extra > capacity_) reserve(std::max(2 * capacity_, size_ + extra));
    return data() + size_;
  }
  void set_size(std::size_t n) {
    assert(n <= capacity_);
    size_ = n;
  }

 private:
  // The inline buffer is raw storage so that an empty list costs nothing to
  // construct (Move has default member initialisers).
  Move* inline_moves() { return reinterpret_cast<Move*>(inline_); }
  const Move* inline_moves() const { return reinterpret_cast<const Move*>(inline_); }
  Move* data() { return heap_ ? heap_.get() : inline_moves(); }
  const Move* data() const { return heap_ ? heap_.get() : inline_moves(); }
  void reserve(std::size_t capacity) {
    if (capacity <= capacity_) return;
    std::unique_ptr<Move[]> bigger(new Move[capacity]);  // NOLINT: sized at run time
    std::memcpy(bigger.get(), data(), size_ * sizeof(Move));
    heap_ = std::move(bigger);
    capacity_ = capacity;
  }

  std::size_t size_ = 0;
  std::size_t capacity_ = kInline;
  std::unique_ptr<Move[]> heap_;
  alignas(Move) unsigned char inline_[kInline * sizeof(Move)];
};

}  // namespace tav::cathedral
