#include "retro/tier_store.h"

#include <algorithm>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace tav::retro {

std::string TierFilePath(const std::string& dir, const std::string& name) {
  std::string path = absl::StrCat(dir, "/tiers/t", name, ".tier");
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    std::string legacy = absl::StrCat(dir, "/tiers/", name, ".tier");
    if (std::filesystem::exists(legacy, ec)) return legacy;
  }
  return path;
}

bool TierStore::has_file(const std::string& name) const {
  std::error_code ec;
  return std::filesystem::exists(tier_path(name), ec);
}

absl::Status TierStore::CheckHeader(const TierHeader& h, std::uint64_t tier, std::uint64_t count,
                                    const std::string& path) const {
  auto wrong = [&](const std::string& what, const std::string& got, const std::string& want) {
    return absl::DataLossError(absl::StrCat(
        "tier file ", path, " belongs to another database: ", what, " ", got, ", expected ", want));
  };
  if (h.game != identity_.game) return wrong("game", h.game, identity_.game);
  if (h.size != identity_.size || h.board != identity_.board) {
    return wrong("board", h.board, identity_.board);
  }
  if (h.encoding != identity_.encoding) {
    return wrong("encoding", std::string(EncodingName(h.encoding)),
                 std::string(EncodingName(identity_.encoding)));
  }
  if (h.tier_id != tier) return wrong("tier id", std::to_string(h.tier_id), std::to_string(tier));
  if (h.count != count)
    return wrong("position count", std::to_string(h.count), std::to_string(count));
  return absl::OkStatus();
}

absl::StatusOr<std::shared_ptr<const TierTable>> TierStore::Get(std::uint64_t tier,
                                                                const std::string& name,
                                                                std::uint64_t count) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = cache_.find(tier);
    if (it != cache_.end()) {
      lru_.splice(lru_.begin(), lru_, it->second.lru);
      return it->second.table;
    }
  }
  const std::string path = tier_path(name);
  absl::StatusOr<TierFile> file = ReadTierFile(path);
  if (!file.ok()) return file.status();
  if (absl::Status s = CheckHeader(file->header, tier, count, path); !s.ok()) return s;
  auto table =
      std::make_shared<const TierTable>(tier, count, identity_.encoding, std::move(file->payload));
  ++loads_;
  Put(table);
  return table;
}

void TierStore::Put(std::shared_ptr<const TierTable> table) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::uint64_t tier = table->tier();
  auto it = cache_.find(tier);
  if (it != cache_.end()) {
    bytes_ -= it->second.table->memory_bytes();
    lru_.erase(it->second.lru);
    cache_.erase(it);
  }
  lru_.push_front(tier);
  bytes_ += table->memory_bytes();
  cache_[tier] = Entry{std::move(table), lru_.begin()};
}

void TierStore::Trim(std::uint64_t budget, const std::vector<std::uint64_t>& keep) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = lru_.end();
  while (bytes_ > budget && it != lru_.begin()) {
    --it;
    if (std::find(keep.begin(), keep.end(), *it) != keep.end()) continue;
    auto entry = cache_.find(*it);
    bytes_ -= entry->second.table->memory_bytes();
    cache_.erase(entry);
    it = lru_.erase(it);
  }
}

std::uint64_t TierStore::cached_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return bytes_;
}

}  // namespace tav::retro
