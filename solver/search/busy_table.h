// "Who is searching what": the shared hint table of simplified ABDADA.
//
// Parallel search (alphabeta.h) runs every thread on the same root; a thread
// about to search a move other than a node's first (eldest) one asks whether
// another thread is inside that child already, and if so defers the move to
// the end of its list, where the other thread's result is likely waiting in
// the transposition table. This table answers the question. It is only a
// hint: a lost or overwritten slot costs duplicated work, never a wrong value.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tav::search {

class BusyTable {
 public:
  BusyTable() : slots_(new std::atomic<std::uint64_t>[kSize]) {
    for (std::size_t i = 0; i < kSize; ++i) slots_[i].store(0, std::memory_order_relaxed);
  }
  bool Contains(std::uint64_t key) const {
    return slots_[key & (kSize - 1)].load(std::memory_order_relaxed) == key;
  }
  void Enter(std::uint64_t key) { slots_[key & (kSize - 1)].store(key, std::memory_order_relaxed); }
  void Leave(std::uint64_t key) {
    std::uint64_t expected = key;
    slots_[key & (kSize - 1)].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSize = std::size_t{1} << 16;
  std::unique_ptr<std::atomic<std::uint64_t>[]> slots_;
};

}  // namespace tav::search
