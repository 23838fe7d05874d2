// The transposition table: a fixed block of memory shared by every search
// thread (and by every solve that reuses it), without locks.
//
// Layout. The table is an array of 64-byte buckets (one cache line), each
// holding four 16-byte entries. A position's 64-bit key picks the bucket by
// its high bits (key * bucket_count >> 64, so any size works, not only powers
// of two) and may sit in any of the four entries.
//
// Entry. Two 64-bit words: `data` packs the payload and `check` holds
// key ^ data (Hyatt's lockless hashing). The payload, from bit 0 up, is
//   lower, upper  int12  bounds on the position's value: lower <= v <= upper
//                        (+-kTTMaxBound = 2047: no bound; a game's values must
//                        stay below it, which Searcher static_asserts)
//   move          uint24 index of the best move in generate_moves() order
//                        (kTTNoMove = 2^24 - 1: none), so any Move type fits
//                        and so does a 10x10 Lehmann turn (~380,000 moves); a
//                        larger index is stored as "none", never cut short
//   depth         uint8  exact entries: the game's remaining() (work left
//                        below the position, the replacement priority);
//                        heuristic entries: the draft (search depth) that
//                        produced the bounds
//   generation    6 bits the search that last wrote the entry
//   heuristic     1 bit  the bounds hold only for depth-limited search with
//                        draft >= depth (exact search ignores them but still
//                        tries their move first)
//   used          1 bit  always 1 in a written entry, so an all-zero slot
//                        never matches a key of 0
// (12 + 12 + 24 + 8 + 6 + 1 + 1 = 64.) Bounds take 12 bits, not 16, because
// no game's values come near 2047 (Prairie's distance scale tops at 1000),
// while a move index needs more than 16: the Lehmann turn's 380,000 moves.
// Writers store both words with relaxed atomics; a reader accepts an entry
// only if check ^ data == key. A torn entry (words from two different
// writes) therefore fails the check unless two 64-bit payloads collide.
//
// False hits. The whole 64-bit key is verified (the bucket bits are part of
// it), so a probe returns another position's entry only if the two positions
// have the same 64-bit key, or a torn entry passes the check: with keys that
// behave like random numbers, each probe is wrong with probability at most
// 4 * 2^-64 (four candidate entries). A solve of 10^11 probes (hours of
// search) thus meets a false hit with probability below 3 * 10^-8. This is
// "vanishingly rare", not impossible: storing whole positions (16-24 bytes per
// entry more) would make it impossible and cost a third of the entries. A
// false hit can still not crash anything: the move index is checked against
// the move list, and bounds are clamped to the game's value range.
//
// Bounds. Exact entries hold true bounds on the game-theoretic value, so two
// results for the same position are merged by intersecting their bounds
// (an exact search and a WLD search share entries). Heuristic bounds depend on
// the draft and the path, so a heuristic store replaces the entry's bounds.
//
// Replacement (modelled on Stockfish's tt.h). A store for a key already in the
// bucket updates that entry. Otherwise it overwrites the entry of least worth,
//     worth = depth - 8 * age,   age = generations since it was written,
// where empty slots are worth least of all. So: deep entries (expensive
// subtrees) survive shallow ones, but an entry from an old search loses 8
// plies of depth per search since, so a table reused over thousands of solves
// (the explorer) keeps recycling. The new entry always goes in: a result just
// computed is the most likely to be needed next.
//
// Growth (only where EnableGrowth() was called: the table a Solver makes for
// itself in exact or WLD mode, as `tav solve` and `tav bench` use; tables
// shared by many solves or by an engine keep their full size, so that the
// engine's play stays what its node budget made it). The memory is reserved
// at its full size, but only a part of it, the active buckets, is used at
// first (kInitialBuckets, 4 MiB). The searches report the entries they store
// (NoteStores, every 4096 nodes), and the active part doubles whenever it
// holds fewer than kEntriesPerStore entries per store reported, up to the
// full size. The kernel zeroes each page when it is first touched, so a short
// solve pays for the memory it needs, not for the table it was given: FFO #40
// (20 empties) spent a third of its CPU time zeroing a 256 MiB table it did
// not need (0.46 s of 1.4 s). A doubling rehashes (Rehash): every entry moves
// to its bucket under the new count, none is lost, so the searches see the
// same table as with the full size from the start, up to evictions the small
// table made (the bench's nodes moved by 0.7%). The price is one pass over
// the active part per doubling, made by the thread that noticed the need
// while the others search on (their probes meanwhile may miss moved entries,
// which only costs nodes: every hit is checked against the whole key).
//
// Threads may probe and store concurrently. Resize() and Clear() must not run
// during a search.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace tav::search {

// One probed entry, unpacked.
struct TTData {
  int lower = 0;
  int upper = 0;
  int move = -1;  // move index, -1: none
  int depth = 0;  // remaining (exact) or draft (heuristic)
  bool heuristic = false;
};

// The move field's "none"; move indices from kTTNoMove up are stored as none.
inline constexpr int kTTNoMove = (1 << 24) - 1;
inline constexpr int kTTMaxBound = 2047;  // stands for +infinity (no upper bound)

class TranspositionTable {
 public:
  // At least one bucket (4 entries); `bytes` is rounded down to whole buckets.
  explicit TranspositionTable(std::size_t bytes);
  static std::unique_ptr<TranspositionTable> WithMegabytes(std::size_t mb) {
    return std::make_unique<TranspositionTable>(mb << 20);
  }
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void Resize(std::size_t bytes);
  // Empties every entry and resets the generation.
  void Clear();
  // Ages every entry by one generation: call once per solve.
  // Atomic: the explorer's solvers share one table, and one of them may start
  // a search (NewSearch) while others store (ThreadSanitizer reported the
  // plain counter). Two concurrent calls may age the table by one or two.
  void NewSearch() { generation_.fetch_add(1, std::memory_order_relaxed); }

  // The full size, what the table may grow to.
  std::size_t bucket_count() const { return bucket_count_; }
  std::size_t entry_count() const { return bucket_count_ * kEntriesPerBucket; }
  std::size_t bytes() const { return bucket_count_ * sizeof(Bucket); }
  // The part in use now (see Growth above).
  std::size_t active_bytes() const {
    return active_.load(std::memory_order_relaxed) * sizeof(Bucket);
  }
  // Makes the table start small and grow with the searches (see Growth);
  // empties it.
  void EnableGrowth() {
    growing_ = true;
    Clear();
  }
  // A search reports `stores` more stores since its last report; the active
  // part doubles while it has fewer than kEntriesPerStore entries per store
  // reported since the last Resize or Clear.
  void NoteStores(std::uint64_t stores) {
    if (growing_) Grow(stores);
  }

  void Prefetch(std::uint64_t key) const { __builtin_prefetch(BucketFor(key)); }

  // The entry for `key`, if any.
  bool Probe(std::uint64_t key, TTData* out) const;

  // Records a search result: `lower` and `upper` are bounds on the value
  // (use -kTTMaxBound / kTTMaxBound for "none"; clamped to them), `move` the
  // best move index or -1 (an index >= kTTNoMove is stored as -1, never
  // truncated), `depth` as in TTData (clamped to 0..255).
  void Store(std::uint64_t key, int lower, int upper, int move, int depth, bool heuristic);

  // Saving and restoring a table (search/tt_file.h). ForEachEntry calls
  // f(key, payload) for every written entry of the active part, read with
  // relaxed loads, so it may run while searches store: a torn entry (words
  // of two writes) yields a key no position has, which no probe will ever
  // match. Restore puts such an entry back as a Store of its fields would
  // (merged with an entry of the same key, stamped with this table's
  // generation); a payload without its used bit is ignored.
  template <class F>
  void ForEachEntry(F&& f) const {
    const std::size_t active = active_.load(std::memory_order_relaxed);
    for (std::size_t b = 0; b < active; ++b) {
      for (const Entry& e : buckets_[b].entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        const std::uint64_t check = e.check.load(std::memory_order_relaxed);
        if (data >> 63) f(check ^ data, data);
      }
    }
  }
  void Restore(std::uint64_t key, std::uint64_t payload);

 private:
  static constexpr int kEntriesPerBucket = 4;
  static constexpr std::size_t kInitialBuckets = std::size_t{1} << 16;  // 4 MiB
  // One entry per store: with two, FFO #40's default solve zeroed twice the
  // memory (table setup 1.7-5.2% of its samples under perf, now 1.0-1.3%)
  // for 0.1% fewer nodes on FFO #40-#49 (0.7% on the bench).
  static constexpr std::uint64_t kEntriesPerStore = 1;
  static constexpr unsigned kGenerationMask = 63;

  struct Entry {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  struct alignas(64) Bucket {
    Entry entries[kEntriesPerBucket];
  };
  static_assert(sizeof(Bucket) == 64);

  Bucket* BucketFor(std::uint64_t key) const {
    const unsigned __int128 product =
        static_cast<unsigned __int128>(key) * active_.load(std::memory_order_relaxed);
    return &buckets_[static_cast<std::size_t>(product >> 64)];
  }

  void Free();

  Bucket* buckets_ = nullptr;
  std::size_t bucket_count_ = 0;  // the full size
  std::size_t allocated_bytes_ = 0;
  std::atomic<std::size_t> active_{0};  // buckets in use, <= bucket_count_
  std::atomic<std::uint64_t> stores_noted_{0};
  bool growing_ = false;
  void Grow(std::uint64_t stores);
  // Moves every entry of the first `from` buckets to its bucket among `to`.
  void Rehash(std::size_t from, std::size_t to);
  std::atomic_flag growth_lock_ = ATOMIC_FLAG_INIT;
  // The active part back to its start (Resize, Clear).
  void ResetGrowth();
  unsigned Generation() const {
    return generation_.load(std::memory_order_relaxed) & kGenerationMask;
  }
  std::atomic<unsigned> generation_{0};
};

}  // namespace tav::search
