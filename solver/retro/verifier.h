// The independent verifier of a retrograde database (`tav verify`), in the
// spirit of Syzygy's rtbver: one pass over every stored position that checks
// the stored value against the stored values of its children.
//
// It shares the game's rules and index with the solver (it must: they define
// the database) but none of the solver's machinery. It reads tier files
// itself (not through TierStore), looks children up by its own code, and
// checks each value by the *definition* of a distance value rather than by
// recomputing the solver's backed-up maximum:
//   win in d   some child is lost in d-1 plies, and none in fewer;
//   loss in d  every child is won, the slowest in d-1 plies (d = 0: no move);
//   draw       no child is lost, and some child is a draw;
//   wl1        win exactly when some child is lost.
// It also checks, for every index, that the position enumerated for it
// (unrank, or unrank_next from the index before) ranks back to it and lies in
// its tier, that every file's checksum and header are
// right, and that each header's statistics match a recount.
//
// A pass over a big database outlasts a session, so it can stop and resume
// at tier boundaries: tiers are checked in a fixed order and each is checked
// on its own, so "the first k tiers verified" is the whole state. The
// checkpoint (VerifyProgress) also keeps a hash of those k tiers' header
// checksums, and a resumed pass re-reads their headers to refuse a database
// whose verified files changed since.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/hash.h"
#include "nlohmann/json.hpp"
#include "retro/manifest.h"
#include "retro/tier_file.h"
#include "retro/tier_game.h"
#include "retro/tier_stats.h"
#include "retro/tier_store.h"

namespace tav::retro {

// How far a pass has come: the first `tiers` tiers (in the game's order) are
// verified, holding `positions` positions, in `seconds` over all sessions;
// `headers_hash` folds those tiers' header checksums (HeadersHash).
struct VerifyProgress {
  std::uint64_t tiers = 0;
  std::uint64_t positions = 0;
  double seconds = 0;
  std::uint64_t headers_hash = 0;

  nlohmann::json ToJson() const {
    return {{"tiers_verified", tiers},
            {"positions", positions},
            {"seconds", seconds},
            {"headers_hash", absl::StrFormat("%016x", headers_hash)}};
  }
  // From ToJson()'s fields; InvalidArgument naming the first bad one.
  static absl::StatusOr<VerifyProgress> FromJson(const nlohmann::json& j) {
    VerifyProgress p;
    try {
      p.tiers = j.at("tiers_verified").get<std::uint64_t>();
      p.positions = j.at("positions").get<std::uint64_t>();
      p.seconds = j.at("seconds").get<double>();
      const std::string hash = j.at("headers_hash").get<std::string>();
      std::size_t used = 0;
      p.headers_hash = std::stoull(hash, &used, 16);
      if (used != hash.size() || hash.size() != 16) throw std::invalid_argument(hash);
    } catch (const std::exception& e) {
      return absl::InvalidArgumentError(
          absl::StrCat("not a verification checkpoint (tiers_verified, positions, seconds, "
                       "headers_hash): ",
                       e.what()));
    }
    return p;
  }
};

// The fold of one more verified tier's header checksum into the hash.
inline std::uint64_t HeadersHash(std::uint64_t hash, std::uint64_t checksum) {
  return Mix64(hash ^ Mix64(checksum + 0x9e3779b97f4a7c15ULL));
}

struct VerifyOptions {
  std::string dir;
  int threads = 1;
  std::uint64_t memory_bytes = std::uint64_t{8} << 30;
  bool progress = false;
  // Resuming: the progress a checkpoint saved (tiers = 0: from the start).
  VerifyProgress resume;
  // Called with the progress after a tier when checkpoint_interval_s have
  // passed since the last call, and always when the pass ends or stops; an
  // error stops the pass and is returned.
  std::function<absl::Status(const VerifyProgress&)> checkpoint;
  double checkpoint_interval_s = 10;
  // Stop (complete = false) at the first tier boundary after this long in
  // this session (0: no limit; at least one tier is verified), or after this
  // many tiers in it (0: no limit).
  double budget_seconds = 0;
  std::uint64_t max_tiers = 0;
  // Polled before each tier: true stops the pass there, even before its
  // first tier (an interrupt: the record is saved and --resume continues).
  std::function<bool()> stop;
  // Sleep after each tier (tests of the interrupt; 0 in real runs).
  int test_delay_ms = 0;
};

struct VerifyReport {
  std::uint64_t tiers = 0;      // verified, over all sessions
  std::uint64_t positions = 0;  // in those tiers
  double seconds = 0;           // over all sessions
  std::uint64_t tiers_total = 0;
  std::uint64_t resumed_tiers = 0;  // verified by earlier sessions
  bool complete = false;            // every tier verified
  std::uint64_t headers_hash = 0;   // VerifyProgress::headers_hash of the tiers verified
  // A complete pass: every tier's name and header checksum, in the game's
  // order -- what a copy of the database can be compared against without
  // verifying it again (committed beside the statistics; the tables are not).
  std::vector<std::pair<std::string, std::uint64_t>> checksums;
};

template <TierGame G>
class RetroVerifier {
 public:
  using Position = typename G::Position;
  using Tier = typename G::Tier;

  RetroVerifier(const G& game, Manifest manifest, VerifyOptions options)
      : game_(game), manifest_(std::move(manifest)), options_(std::move(options)) {}

  // OK, or DataLoss/NotFound naming the first wrong file or position.
  absl::StatusOr<VerifyReport> Run();

 private:
  struct Loaded {
    std::string payload;
    std::uint64_t count = 0;
  };
  // A stored value, read straight from a payload.
  Outcome Stored(const Loaded& t, std::uint64_t index) const {
    const auto* b = reinterpret_cast<const std::uint8_t*>(t.payload.data());
    if (manifest_.encoding == Encoding::kDtw8) return DecodeDtw(b[index]);
    return {((b[index >> 3] >> (index & 7)) & 1) ? +1 : -1, 0};
  }
  std::string TierPath(Tier t) const { return TierFilePath(options_.dir, game_.tier_name(t)); }
  // A child tier as the check sees it: where its values are stored and the symmetry that maps
  // its positions there.
  struct Kid {
    Tier tier;
    Tier canonical;
    int symmetry;
    std::shared_ptr<const Loaded> table;
  };
  // The stored value of `pos` (index `index` of `tier`, whose table is `mine`) checked against
  // its children's stored values by the definitions at the top; counts the position into
  // `local`. Returns "" when the value holds, else what is wrong. Under wl1 the scan of the
  // children stops at the first lost one: that child alone makes the position a win, so the
  // verdict is the full scan's (the solver stops there too; a loss still reads every child).
  std::string CheckPosition(Tier tier, const Loaded& mine, const std::vector<Kid>& kids,
                            std::uint64_t index, const Position& pos, typename G::MoveList& moves,
                            TierStats& local) const;
  absl::StatusOr<std::shared_ptr<const Loaded>> Load(Tier canonical);
  std::string Describe(Outcome o) const {
    if (manifest_.encoding == Encoding::kWl1) return o.result > 0 ? "win" : "loss";
    return o.result == 0 ? "draw" : absl::StrCat(ResultName(o.result), " in ", o.plies);
  }

  G game_;
  Manifest manifest_;
  VerifyOptions options_;
  absl::flat_hash_map<Tier, std::shared_ptr<const Loaded>> loaded_;
  std::uint64_t loaded_bytes_ = 0;
};

template <TierGame G>
absl::StatusOr<std::shared_ptr<const typename RetroVerifier<G>::Loaded>> RetroVerifier<G>::Load(
    Tier canonical) {
  if (auto it = loaded_.find(canonical); it != loaded_.end()) return it->second;
  const std::string path = TierPath(canonical);
  absl::StatusOr<TierFile> file = ReadTierFile(path);
  if (!file.ok()) return file.status();
  const TierHeader& h = file->header;
  const std::uint64_t count = game_.tier_size(canonical);
  if (h.game != manifest_.spec.game || h.board != manifest_.board ||
      h.encoding != manifest_.encoding || h.tier_id != canonical ||
      h.tier != game_.tier_name(canonical) || h.count != count) {
    return absl::DataLossError(absl::StrCat("tier file ", path,
                                            " does not match the database (game, board, "
                                            "encoding, tier or count)"));
  }
  auto loaded = std::make_shared<Loaded>();
  loaded->payload = std::move(file->payload);
  loaded->count = count;
  loaded_bytes_ += loaded->payload.size();
  loaded_[canonical] = loaded;
  return std::shared_ptr<const Loaded>(loaded);
}

template <TierGame G>
std::string RetroVerifier<G>::CheckPosition(Tier tier, const Loaded& mine,
                                            const std::vector<Kid>& kids, std::uint64_t index,
                                            const Position& pos, typename G::MoveList& moves,
                                            TierStats& local) const {
  const bool dtw = manifest_.encoding == Encoding::kDtw8;
  const Outcome stored = Stored(mine, index);
  ++local.positions;
  local.Add(game_.side_to_move(pos), dtw ? stored : Outcome{stored.result, 0});
  game_.generate_moves(pos, moves);
  if (moves.size() == 0) {
    ++local.no_move[game_.side_to_move(pos)];
    const Outcome end = FromGameValue(game_.final_value(pos));
    if (stored.result != end.result || (dtw && stored.plies != end.plies)) {
      return absl::StrCat("finished game stored as ", Describe(stored), ", its value is ",
                          Describe(end));
    }
    return "";
  }
  int lost_min = 1 << 20, won_max = -1;
  bool any_lost = false, any_draw = false, all_won = true;
  Position child;
  for (const auto& m : moves) {
    child = pos;
    game_.play(child, m);
    Outcome c;
    if (!game_.in_tables(child)) {
      c = FromGameValue(game_.final_value(child));
    } else if (const Tier ct = game_.tier_of(child); ct == tier) {
      c = Stored(mine, game_.rank(tier, child));
    } else {
      auto it =
          std::find_if(kids.begin(), kids.end(), [&](const Kid& kd) { return kd.tier == ct; });
      if (it == kids.end()) {
        return absl::StrCat("a move reaches tier ", game_.tier_name(ct), ", not a child tier");
      }
      const Position image = it->symmetry ? game_.transform(child, it->symmetry) : child;
      c = Stored(*it->table, game_.rank(it->canonical, image));
    }
    if (c.result < 0) {
      any_lost = true;
      lost_min = std::min(lost_min, c.plies);
      if (!dtw) break;  // a win, whatever the other children are (see CheckPosition's contract)
    }
    any_draw |= c.result == 0;
    all_won &= c.result > 0;
    if (c.result > 0) won_max = std::max(won_max, c.plies);
  }
  bool ok;
  if (!dtw) {
    ok = (stored.result > 0) == any_lost;
  } else if (stored.result > 0) {
    ok = any_lost && lost_min == stored.plies - 1;
  } else if (stored.result < 0) {
    ok = all_won && won_max == stored.plies - 1;
  } else {
    ok = !any_lost && any_draw;
  }
  if (ok) return "";
  return absl::StrCat(
      "stored ", Describe(stored), " disagrees with its children (",
      any_lost ? absl::StrCat("quickest lost child in ", lost_min) : std::string("no lost child"),
      all_won ? absl::StrCat(", all won, slowest in ", won_max) : "", ")");
}

template <TierGame G>
absl::StatusOr<VerifyReport> RetroVerifier<G>::Run() {
  const auto t0 = std::chrono::steady_clock::now();
  absl::StatusOr<std::vector<Tier>> tiers = game_.tiers(manifest_.selection);
  if (!tiers.ok()) return tiers.status();
  if (tiers->size() != manifest_.tiers) {
    return absl::DataLossError(absl::StrCat("the manifest lists ", manifest_.tiers,
                                            " tiers, the game's selection has ", tiers->size()));
  }
  VerifyProgress progress = options_.resume;
  if (progress.tiers > tiers->size()) {
    return absl::FailedPreconditionError(absl::StrCat("the checkpoint has ", progress.tiers,
                                                      " tiers verified, the database only ",
                                                      tiers->size()));
  }
  // Step 1. A resumed pass: the tiers verified before must be the files there now.
  std::uint64_t hash = 0;
  for (std::uint64_t k = 0; k < progress.tiers; ++k) {
    absl::StatusOr<TierHeader> header = ReadTierHeader(TierPath((*tiers)[k]));
    if (!header.ok()) return header.status();
    hash = HeadersHash(hash, header->checksum);
  }
  if (hash != progress.headers_hash) {
    return absl::FailedPreconditionError(
        absl::StrCat("the checkpoint does not match the database in ", options_.dir,
                     ": the tier files verified before have changed since (start again without "
                     "the checkpoint)"));
  }
  const double seconds_before = progress.seconds;
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  double last_checkpoint = 0;
  auto save = [&]() -> absl::Status {
    progress.seconds = seconds_before + elapsed();
    last_checkpoint = elapsed();
    return options_.checkpoint ? options_.checkpoint(progress) : absl::OkStatus();
  };
  VerifyReport report;
  report.tiers_total = tiers->size();
  report.resumed_tiers = progress.tiers;
  // Step 2. Every remaining tier, in order.
  for (std::uint64_t k = progress.tiers; k < tiers->size(); ++k) {
    const std::uint64_t this_session = k - report.resumed_tiers;
    // At least one tier per session, so that any budget makes progress.
    if ((options_.budget_seconds > 0 && this_session > 0 && elapsed() >= options_.budget_seconds) ||
        (options_.max_tiers > 0 && this_session >= options_.max_tiers) ||
        (options_.stop && options_.stop())) {
      break;
    }
    const Tier tier = (*tiers)[k];
    // Children first (to know what to keep), then drop what is not needed.
    std::vector<Tier> kids;
    game_.child_tiers(tier, kids);
    std::vector<Tier> needed = {tier};
    for (Tier c : kids) needed.push_back(CanonicalTier(game_, c).first);
    if (loaded_bytes_ > options_.memory_bytes) {
      for (auto it = loaded_.begin(); it != loaded_.end();) {
        if (std::find(needed.begin(), needed.end(), it->first) == needed.end()) {
          loaded_bytes_ -= it->second->payload.size();
          loaded_.erase(it++);
        } else {
          ++it;
        }
      }
    }
    absl::StatusOr<std::shared_ptr<const Loaded>> self = Load(tier);
    if (!self.ok()) return self.status();
    std::vector<Kid> kid_tables;
    for (Tier c : kids) {
      const auto [canonical, symmetry] = CanonicalTier(game_, c);
      absl::StatusOr<std::shared_ptr<const Loaded>> t = Load(canonical);
      if (!t.ok()) return t.status();
      kid_tables.push_back({c, canonical, symmetry, *t});
    }
    absl::StatusOr<TierHeader> header = ReadTierHeader(TierPath(tier));
    if (!header.ok()) return header.status();

    const Loaded& mine = **self;
    std::atomic<bool> bad{false};
    std::mutex error_mutex;
    std::string error;
    TierStats recount;
    auto fail = [&](std::uint64_t index, const std::string& what) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!bad.exchange(true)) {
        Position p;
        const bool ok = game_.unrank(tier, index, p);
        error =
            absl::StrCat("tier ", game_.tier_name(tier), " index ", index,
                         ok ? absl::StrCat(" (", game_.position_string(p), ")") : "", ": ", what);
      }
    };
#pragma omp parallel num_threads(options_.threads)
    {
      TierStats local;
      Position pos;
      typename G::MoveList moves;
      std::int64_t held = -1;  // the index whose position pos holds, or -1
#pragma omp for schedule(dynamic, 4096)
      for (std::int64_t i = 0; i < static_cast<std::int64_t>(mine.count); ++i) {
        if (bad.load(std::memory_order_relaxed)) continue;
        const std::uint64_t index = static_cast<std::uint64_t>(i);
        bool valid;
        if constexpr (HasUnrankNext<G>) {
          valid = held >= 0 && held + 1 == i ? game_.unrank_next(tier, index, pos)
                                             : game_.unrank(tier, index, pos);
        } else {
          valid = game_.unrank(tier, index, pos);
        }
        held = valid ? i : -1;
        if (!valid) {
          ++local.holes;
          continue;
        }
        if (!game_.in_tables(pos) || game_.tier_of(pos) != tier || game_.rank(tier, pos) != index) {
          fail(index, "the index does not round-trip (unrank, tier_of, rank)");
          continue;
        }
        std::string wrong = CheckPosition(tier, mine, kid_tables, index, pos, moves, local);
        if (!wrong.empty()) fail(index, wrong);
      }
#pragma omp critical(retro_verify_merge)
      recount.Merge(local);
    }
    if (bad) return absl::DataLossError(absl::StrCat("verification failed: ", error));
    absl::StatusOr<TierStats> claimed = TierStats::FromJson(header->stats);
    if (!claimed.ok() || claimed->positions != recount.positions ||
        claimed->counts != recount.counts || claimed->no_move != recount.no_move) {
      return absl::DataLossError(
          absl::StrCat("verification failed: tier ", game_.tier_name(tier),
                       ": the statistics in its header do not match a recount"));
    }
    progress.positions += recount.positions;
    progress.headers_hash = HeadersHash(progress.headers_hash, header->checksum);
    ++progress.tiers;
    if (options_.progress && (k + 1) % 1000 == 0) {
      std::fprintf(stderr, "verify: %llu/%zu tiers\n", static_cast<unsigned long long>(k + 1),
                   tiers->size());
    }
    if (elapsed() - last_checkpoint >= options_.checkpoint_interval_s) {
      if (absl::Status s = save(); !s.ok()) return s;
    }
    if (options_.test_delay_ms > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(options_.test_delay_ms));
    }
  }
  // Step 3. The last checkpoint: complete, or where the next session starts.
  if (absl::Status s = save(); !s.ok()) return s;
  report.tiers = progress.tiers;
  report.positions = progress.positions;
  report.seconds = progress.seconds;
  report.complete = progress.tiers == tiers->size();
  report.headers_hash = progress.headers_hash;
  // Step 4. A complete pass lists every tier's checksum (headers only: each
  // file's payload was checked against its checksum when it was verified).
  if (report.complete) {
    for (Tier t : *tiers) {
      absl::StatusOr<TierHeader> header = ReadTierHeader(TierPath(t));
      if (!header.ok()) return header.status();
      report.checksums.emplace_back(game_.tier_name(t), header->checksum);
    }
  }
  return report;
}

}  // namespace tav::retro
