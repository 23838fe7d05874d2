// The tier files of one database directory, and the cache of loaded tiers.
//
// Layout of a database directory (tav retro --out=DIR):
//   DIR/manifest.json     what the database is (retro/manifest.h)
//   DIR/tiers/tNAME.tier  one file per solved tier (retro/tier_file.h); the
//                         't' keeps names that start with '-' (a Prairie
//                         tier with column a empty: "-777") from reading as
//                         options in `cmd tiers/*` or `cd tiers; cmd *`.
//                         Directories written before the prefix hold
//                         NAME.tier files; readers take those when the
//                         prefixed file is absent (TierFilePath).
//   DIR/progress.jsonl    one line per tier solved: seconds, rate (timing only)
//   DIR/stats.json        the statistics, written when the run completes
//
// The store loads tiers on demand and keeps them in an LRU cache bounded by a
// byte budget (the --memory-mb cap, less the tier being solved). Loading
// checks each file's header and checksum, so a damaged or foreign file is an
// error (DataLoss), never silently wrong values.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "retro/tier_file.h"
#include "retro/value_code.h"

namespace tav::retro {

// The file of tier `name` in database directory `dir`: DIR/tiers/tNAME.tier,
// or the unprefixed DIR/tiers/NAME.tier of an older directory when only that
// one exists.
std::string TierFilePath(const std::string& dir, const std::string& name);

// The values of one tier, as stored.
class TierTable {
 public:
  TierTable(std::uint64_t tier, std::uint64_t count, Encoding encoding, std::string payload)
      : tier_(tier), count_(count), encoding_(encoding), payload_(std::move(payload)) {}

  std::uint64_t tier() const { return tier_; }
  std::uint64_t count() const { return count_; }
  Encoding encoding() const { return encoding_; }
  const std::string& payload() const { return payload_; }
  std::uint64_t memory_bytes() const { return payload_.size() + sizeof(*this); }

  // The stored code of a position: the dtw8 byte, or 0/1 (loss/win) for wl1.
  std::uint8_t code(std::uint64_t index) const {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(payload_.data());
    return encoding_ == Encoding::kDtw8 ? bytes[index] : (bytes[index >> 3] >> (index & 7)) & 1;
  }
  // Result and distance (distance 0 for wl1).
  Outcome outcome(std::uint64_t index) const {
    const std::uint8_t c = code(index);
    if (encoding_ == Encoding::kDtw8) return DecodeDtw(c);
    return {c ? +1 : -1, 0};
  }

 private:
  std::uint64_t tier_;
  std::uint64_t count_;
  Encoding encoding_;
  std::string payload_;
};

// What every tier file of a database must agree on.
struct TierIdentity {
  std::string game;
  int size = 0;
  std::string board;
  Encoding encoding = Encoding::kDtw8;
};

class TierStore {
 public:
  TierStore(std::string dir, TierIdentity identity, std::uint64_t budget_bytes)
      : dir_(std::move(dir)), identity_(std::move(identity)), budget_(budget_bytes) {}

  const std::string& dir() const { return dir_; }
  const TierIdentity& identity() const { return identity_; }
  std::string tier_path(const std::string& name) const { return TierFilePath(dir_, name); }
  bool has_file(const std::string& name) const;

  // The table of a tier, from the cache or the file. `count` is the tier's
  // size as the game computes it (checked against the file).
  absl::StatusOr<std::shared_ptr<const TierTable>> Get(std::uint64_t tier, const std::string& name,
                                                       std::uint64_t count);
  // Checks a file's header against the identity, tier and count.
  absl::Status CheckHeader(const TierHeader& h, std::uint64_t tier, std::uint64_t count,
                           const std::string& path) const;
  // Adds a freshly solved tier to the cache.
  void Put(std::shared_ptr<const TierTable> table);
  // Evicts least recently used tables until the cache fits `budget` bytes,
  // never evicting the tiers in `keep`.
  void Trim(std::uint64_t budget, const std::vector<std::uint64_t>& keep = {});
  std::uint64_t cached_bytes() const;
  std::uint64_t budget() const { return budget_; }
  std::uint64_t loads() const { return loads_; }

 private:
  std::string dir_;
  TierIdentity identity_;
  std::uint64_t budget_;
  mutable std::mutex mutex_;
  struct Entry {
    std::shared_ptr<const TierTable> table;
    std::list<std::uint64_t>::iterator lru;
  };
  absl::flat_hash_map<std::uint64_t, Entry> cache_;
  std::list<std::uint64_t> lru_;  // most recent first
  std::uint64_t bytes_ = 0;
  std::uint64_t loads_ = 0;
};

}  // namespace tav::retro
