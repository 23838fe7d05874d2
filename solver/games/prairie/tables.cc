#include "games/prairie/tables.h"

#include "absl/strings/str_cat.h"

namespace tav::prairie {

absl::StatusOr<std::shared_ptr<const PrairieTables>> PrairieTables::Open(
    const PrairieGame& game, const std::string& dir, std::uint64_t memory_bytes) {
  absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(dir);
  if (!manifest.ok()) return manifest.status();
  if (manifest->spec.game != PrairieGame::kName || manifest->spec.size != game.width()) {
    return absl::FailedPreconditionError(absl::StrCat("--db=", dir, " holds ", manifest->spec.game,
                                                      " ", manifest->board, " tables, not prairie ",
                                                      game.board_name()));
  }
  auto tables = std::shared_ptr<PrairieTables>(new PrairieTables());
  tables->manifest_ = *manifest;
  PrairieGame plain = game;
  plain.attach_tables(nullptr);
  auto store = std::make_shared<retro::TierStore>(
      dir,
      retro::TierIdentity{std::string(PrairieGame::kName), game.width(), game.board_name(),
                          manifest->encoding},
      memory_bytes);
  auto tier_set = retro::TableLookup<PrairieGame>::TierSet(plain, manifest->selection);
  if (!tier_set.ok()) return tier_set.status();
  tables->lookup_ = std::make_unique<retro::TableLookup<PrairieGame>>(plain, store, *tier_set);
  return std::shared_ptr<const PrairieTables>(tables);
}

std::optional<retro::Outcome> PrairieTables::Find(const Position& p) const {
  if (failed_.load(std::memory_order_relaxed)) return std::nullopt;
  probes_.fetch_add(1, std::memory_order_relaxed);
  absl::StatusOr<std::optional<retro::Outcome>> v = lookup_->Lookup(p);
  if (!v.ok()) {
    std::lock_guard<std::mutex> lock(error_mutex_);
    if (!failed_.exchange(true)) error_ = v.status();
    return std::nullopt;
  }
  if (v->has_value()) hits_.fetch_add(1, std::memory_order_relaxed);
  return *v;
}

std::optional<int> PrairieTables::Probe(const Position& p) const {
  if (!has_distances()) return std::nullopt;
  std::optional<retro::Outcome> o = Find(p);
  if (!o) return std::nullopt;
  return retro::ToGameValue(*o);
}

std::optional<int> PrairieTables::ProbeResult(const Position& p) const {
  std::optional<retro::Outcome> o = Find(p);
  if (!o) return std::nullopt;
  return o->result;
}

absl::Status PrairieTables::error() const {
  std::lock_guard<std::mutex> lock(error_mutex_);
  return error_;
}

}  // namespace tav::prairie
