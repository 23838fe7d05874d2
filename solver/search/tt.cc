// Transposition table storage: allocation, clearing, probe and store.
#include "search/tt.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>

namespace tav::search {
namespace {

// Payload bit layout (see tt.h).
constexpr int kUpperShift = 12, kMoveShift = 24, kDepthShift = 48, kGenerationShift = 56;
constexpr std::uint64_t kBoundMask = 0xfff, kMoveMask = 0xffffff;
static_assert(kTTNoMove == kMoveMask && kTTMaxBound == 2047, "the fields of tt.h's layout");
constexpr std::uint64_t kHeuristicBit = std::uint64_t{1} << 62;
constexpr std::uint64_t kUsedBit = std::uint64_t{1} << 63;

std::uint64_t Pack(int lower, int upper, int move, int depth, unsigned generation, bool heuristic) {
  // Bounds are clamped to +-kTTMaxBound by Store(), so 12 bits hold them.
  const auto bound = [](int v) { return static_cast<std::uint64_t>(v) & kBoundMask; };
  // An index too large for the field is stored as "no move", never cut short.
  const std::uint64_t m =
      move < 0 || move >= kTTNoMove ? kMoveMask : static_cast<std::uint64_t>(move);
  return bound(lower) | bound(upper) << kUpperShift | m << kMoveShift |
         static_cast<std::uint64_t>(std::clamp(depth, 0, 255)) << kDepthShift |
         static_cast<std::uint64_t>(generation) << kGenerationShift |
         (heuristic ? kHeuristicBit : 0) | kUsedBit;
}

// A 12-bit two's-complement field, sign-extended.
int SignExtend12(std::uint64_t v) { return static_cast<int>((v & kBoundMask) ^ 0x800) - 0x800; }
int Lower(std::uint64_t d) { return SignExtend12(d); }
int Upper(std::uint64_t d) { return SignExtend12(d >> kUpperShift); }
int MoveOf(std::uint64_t d) { return static_cast<int>((d >> kMoveShift) & kMoveMask); }
int DepthOf(std::uint64_t d) { return static_cast<int>((d >> kDepthShift) & 0xff); }
unsigned GenerationOf(std::uint64_t d) {
  return static_cast<unsigned>((d >> kGenerationShift) & 63);
}
bool HeuristicOf(std::uint64_t d) { return (d & kHeuristicBit) != 0; }

// What keeping an entry is worth against a new one (the replacement rule of
// tt.h): depth - 8 * age for a written entry, below any of them for an empty
// slot.
int Worth(std::uint64_t d, unsigned generation) {
  if (!(d & kUsedBit)) return -(1 << 20);
  return DepthOf(d) - 8 * static_cast<int>((generation - GenerationOf(d)) & 63);
}

constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

TranspositionTable::TranspositionTable(std::size_t bytes) { Resize(bytes); }

TranspositionTable::~TranspositionTable() { Free(); }

void TranspositionTable::Free() {
  if (buckets_ != nullptr) munmap(buckets_, allocated_bytes_);
  buckets_ = nullptr;
  bucket_count_ = 0;
  allocated_bytes_ = 0;
}

void TranspositionTable::Resize(std::size_t bytes) {
  const std::size_t count = std::max<std::size_t>(1, bytes / sizeof(Bucket));
  if (count == bucket_count_) {
    Clear();
    return;
  }
  Free();
  // Anonymous memory arrives zeroed (an empty table) and is only backed by
  // pages where the search writes, so a big table costs nothing up front.
  // Big tables are 2 MiB aligned and advised onto huge pages: random probes
  // into hundreds of MiB otherwise spend much of their time on TLB misses.
  const std::size_t want = count * sizeof(Bucket);
  const std::size_t size = want >= kHugePage ? (want + kHugePage - 1) / kHugePage * kHugePage
                                             : (want + 4095) / 4096 * 4096;
  const std::size_t reserve = size >= kHugePage ? size + kHugePage : size;
  void* memory = mmap(nullptr, reserve, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
  char* base = static_cast<char*>(memory);
  if (reserve != size) {
    // Trim to a 2 MiB boundary: unmap the slack before and after.
    char* aligned = reinterpret_cast<char*>(
        (reinterpret_cast<std::uintptr_t>(base) + kHugePage - 1) / kHugePage * kHugePage);
    if (aligned != base) munmap(base, static_cast<std::size_t>(aligned - base));
    const std::size_t tail = reserve - size - static_cast<std::size_t>(aligned - base);
    if (tail > 0) munmap(aligned + size, tail);
    base = aligned;
#ifdef MADV_HUGEPAGE
    madvise(base, size, MADV_HUGEPAGE);
#endif
  }
  buckets_ = reinterpret_cast<Bucket*>(base);
  bucket_count_ = count;
  allocated_bytes_ = size;
  ResetGrowth();
  generation_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::ResetGrowth() {
  active_.store(growing_ ? std::min(bucket_count_, kInitialBuckets) : bucket_count_,
                std::memory_order_relaxed);
  stores_noted_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::Grow(std::uint64_t stores) {
  const std::uint64_t total = stores_noted_.fetch_add(stores, std::memory_order_relaxed) + stores;
  auto wants_more = [&](std::size_t active) {
    return active < bucket_count_ && active * kEntriesPerBucket < total * kEntriesPerStore;
  };
  if (!wants_more(active_.load(std::memory_order_relaxed))) return;
  if (growth_lock_.test_and_set(std::memory_order_acquire)) return;  // another thread grows it
  for (std::size_t now = active_.load(std::memory_order_relaxed); wants_more(now);) {
    const std::size_t grown = std::min(bucket_count_, now * 2);
    Rehash(now, grown);
    active_.store(grown, std::memory_order_relaxed);
    now = grown;
  }
  growth_lock_.clear(std::memory_order_release);
}

void TranspositionTable::Rehash(std::size_t from, std::size_t to) {
  // Old bucket i holds keys whose new bucket is at least i (key * to >> 64 >=
  // key * from >> 64), so going down from the last one, every bucket above i
  // already holds only entries placed by the new count: i's entries are
  // moved up into them without being moved twice. A new bucket receives the
  // entries of at most two old ones; when more than four arrive, those of
  // least worth give way, as in Store().
  const unsigned generation = Generation();
  for (std::size_t i = from; i-- > 0;) {
    std::uint64_t keys[kEntriesPerBucket], datas[kEntriesPerBucket];
    int n = 0;
    for (Entry& e : buckets_[i].entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      const std::uint64_t check = e.check.load(std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
      e.check.store(0, std::memory_order_relaxed);
      if (data & kUsedBit) {
        keys[n] = check ^ data;
        datas[n++] = data;
      }
    }
    for (int k = 0; k < n; ++k) {
      const unsigned __int128 product = static_cast<unsigned __int128>(keys[k]) * to;
      Bucket& target = buckets_[static_cast<std::size_t>(product >> 64)];
      Entry* slot = nullptr;
      int slot_worth = 1 << 30;
      for (Entry& e : target.entries) {
        const int worth = Worth(e.data.load(std::memory_order_relaxed), generation);
        if (worth < slot_worth) {
          slot_worth = worth;
          slot = &e;
        }
      }
      if (slot_worth < Worth(datas[k], generation)) {
        slot->data.store(datas[k], std::memory_order_relaxed);
        slot->check.store(keys[k] ^ datas[k], std::memory_order_relaxed);
      }
    }
  }
}

void TranspositionTable::Clear() {
  // Dropping the pages empties the table at once: the kernel hands zeroed
  // pages back on the next touch. (memset would touch all of it now, which
  // for a big table and a small search is most of the work.)
  if (madvise(buckets_, allocated_bytes_, MADV_DONTNEED) != 0) {
    std::memset(static_cast<void*>(buckets_), 0, allocated_bytes_);
  }
  ResetGrowth();
  generation_.store(0, std::memory_order_relaxed);
}

bool TranspositionTable::Probe(std::uint64_t key, TTData* out) const {
  const Bucket* bucket = BucketFor(key);
  for (const Entry& e : bucket->entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    const std::uint64_t check = e.check.load(std::memory_order_relaxed);
    if ((check ^ data) == key && (data & kUsedBit)) {
      out->lower = Lower(data);
      out->upper = Upper(data);
      const int move = MoveOf(data);
      out->move = move == kTTNoMove ? -1 : move;
      out->depth = DepthOf(data);
      out->heuristic = HeuristicOf(data);
      return true;
    }
  }
  return false;
}

void TranspositionTable::Restore(std::uint64_t key, std::uint64_t payload) {
  if (!(payload & kUsedBit)) return;
  const int move = MoveOf(payload);
  Store(key, Lower(payload), Upper(payload), move == kTTNoMove ? -1 : move, DepthOf(payload),
        HeuristicOf(payload));
}

void TranspositionTable::Store(std::uint64_t key, int lower, int upper, int move, int depth,
                               bool heuristic) {
  Bucket* bucket = BucketFor(key);
  const unsigned generation = Generation();
  lower = std::clamp(lower, -kTTMaxBound, kTTMaxBound);
  upper = std::clamp(upper, -kTTMaxBound, kTTMaxBound);
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (Entry& e : bucket->entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    const std::uint64_t check = e.check.load(std::memory_order_relaxed);
    if ((check ^ data) == key && (data & kUsedBit)) {
      // Same position: merge exact bounds (both are true bounds on the same
      // value); keep the old move when the new result has none.
      if (!heuristic && !HeuristicOf(data)) {
        const int merged_lower = std::max(lower, Lower(data));
        const int merged_upper = std::min(upper, Upper(data));
        // Disjoint bounds are impossible for true bounds (only a false hit on
        // the old entry could cause them): then the new result alone is kept.
        if (merged_lower <= merged_upper) {
          lower = merged_lower;
          upper = merged_upper;
          depth = std::max(depth, DepthOf(data));
        }
      } else if (!heuristic && HeuristicOf(data)) {
        // An exact result replaces a heuristic one.
      } else if (heuristic && !HeuristicOf(data)) {
        // Never replace exact bounds by heuristic ones; at most lend a move.
        if (move >= 0 && MoveOf(data) == kTTNoMove) {
          const std::uint64_t nd =
              Pack(Lower(data), Upper(data), move, DepthOf(data), generation, false);
          e.data.store(nd, std::memory_order_relaxed);
          e.check.store(key ^ nd, std::memory_order_relaxed);
        }
        return;
      }
      if (move < 0 && MoveOf(data) != kTTNoMove) move = MoveOf(data);
      victim = &e;
      break;
    }
    const int worth = Worth(data, generation);
    if (worth < victim_worth) {
      victim_worth = worth;
      victim = &e;
    }
  }
  const std::uint64_t data = Pack(lower, upper, move, depth, generation, heuristic);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

}  // namespace tav::search
