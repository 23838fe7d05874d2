// Prairie endgame tables for forward search: the probe() hook's view of a
// retrograde database (tav retro), e.g. the 11-wide board with at most two
// buffalo. Positions outside the database (more buffalo, other columns) are
// simply not found.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "games/prairie/prairie.h"
#include "retro/lookup.h"
#include "retro/manifest.h"

namespace tav::prairie {

class PrairieTables {
 public:
  // Opens DIR (its manifest must describe a Prairie database of the same
  // width as `game`). `memory_bytes` bounds the cache of loaded tiers.
  static absl::StatusOr<std::shared_ptr<const PrairieTables>> Open(const PrairieGame& game,
                                                                   const std::string& dir,
                                                                   std::uint64_t memory_bytes);

  // The exact value (game.h scale) from dtw8 tables; nullopt outside the
  // tables, and always for wl1 tables (they hold no distance).
  std::optional<int> Probe(const Position& p) const;
  // +1 win / -1 loss for the side to move, from either encoding.
  std::optional<int> ProbeResult(const Position& p) const;

  const retro::Manifest& manifest() const { return manifest_; }
  bool has_distances() const { return manifest_.encoding == retro::Encoding::kDtw8; }
  std::uint64_t probes() const { return probes_; }
  std::uint64_t hits() const { return hits_; }
  // The first error met while probing (a damaged tier file), if any: probes
  // after it return nullopt, and callers report it when the search ends.
  absl::Status error() const;

 private:
  PrairieTables() = default;
  std::optional<retro::Outcome> Find(const Position& p) const;

  retro::Manifest manifest_;
  std::unique_ptr<retro::TableLookup<PrairieGame>> lookup_;
  mutable std::atomic<std::uint64_t> probes_{0}, hits_{0};
  mutable std::atomic<bool> failed_{false};
  mutable std::mutex error_mutex_;
  mutable absl::Status error_;
};

}  // namespace tav::prairie
