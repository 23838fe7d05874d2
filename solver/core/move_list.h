// A fixed-capacity move list that lives on the stack (no allocation in search).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace tav {

template <class Move, std::size_t kCapacity>
class FixedMoveList {
 public:
  using value_type = Move;
  static constexpr std::size_t capacity() { return kCapacity; }

  void clear() { size_ = 0; }
  void push_back(Move m) {
    assert(size_ < kCapacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  const Move& operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, kCapacity> moves_;
  std::size_t size_ = 0;
};

}  // namespace tav
