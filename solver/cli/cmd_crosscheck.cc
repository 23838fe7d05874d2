// tav crosscheck: compares a retrograde database with the forward exact
// solver (solver/search) on random positions: the same value and distance,
// by two methods that share only the rules.
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/database.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "core/hash.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "retro/lookup.h"
#include "retro/manifest.h"
#include "search/search.h"

ABSL_FLAG(int, samples, 1000, "crosscheck: random positions to compare");

namespace tav::cli {
namespace {

absl::Status RunCrosscheck(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("crosscheck takes no positional arguments");
  const int samples = absl::GetFlag(FLAGS_samples);
  // The one budget flag; crosscheck's own default when it is not given.
  const double budget = FlagGiven("budget-s") ? absl::GetFlag(FLAGS_budget_s) : 10;
  absl::StatusOr<DatabaseFlags> opened = DatabaseFromFlags();
  if (!opened.ok()) return opened.status();
  const std::string& db = opened->dir;
  const retro::Manifest* manifest = &opened->manifest;
  if (manifest->encoding != retro::Encoding::kDtw8) {
    return absl::FailedPreconditionError("crosscheck needs distances: a dtw8 database");
  }
  return WithGame(manifest->spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!retro::TierGame<G>) {
      return absl::FailedPreconditionError(absl::StrCat("--db=", db, " is not a tier database"));
    } else {
      absl::StatusOr<Database<G>> database =
          OpenDatabase(game, db, *manifest, opened->memory_bytes);
      if (!database.ok()) return database.status();
      const std::vector<typename G::Tier>& tiers = database->tiers;
      std::vector<std::uint64_t> prefix;  // positions before each tier
      std::uint64_t total = 0;
      for (auto t : tiers) {
        prefix.push_back(total);
        total += game.tier_size(t);
      }
      const retro::TableLookup<G> lookup = database->Lookup(game);
      search::SolveOptions options;
      options.threads = ThreadsFromFlag();
      options.tt_mb = static_cast<std::size_t>(absl::GetFlag(FLAGS_tt_mb));
      options.budget_seconds = budget;
      options.pv = false;
      search::Solver<G> solver(game, options);  // the plain game: no probe from these tables
      SplitMix64 rng(absl::GetFlag(FLAGS_seed));
      int agree = 0, skipped = 0;
      std::uint64_t nodes = 0;
      double seconds = 0;
      nlohmann::json disagreements = nlohmann::json::array();
      for (int i = 0; i < samples; ++i) {
        const std::uint64_t r = rng.Below(total);
        const std::size_t k =
            std::upper_bound(prefix.begin(), prefix.end(), r) - prefix.begin() - 1;
        typename G::Position pos;
        if (!game.unrank(tiers[k], r - prefix[k], pos)) {
          --i;
          continue;
        }
        absl::StatusOr<std::optional<retro::Outcome>> stored = lookup.Lookup(pos);
        if (!stored.ok()) return stored.status();
        if (!stored->has_value()) {  // drawn from the tables, so in them
          return absl::InternalError(absl::StrCat("position ", game.position_string(pos),
                                                  " of tier ", game.tier_name(tiers[k]),
                                                  " is not found in --db=", db));
        }
        const auto result = solver.Solve(pos);
        nodes += result.stats.nodes;
        seconds += result.stats.seconds;
        if (!result.complete) {
          ++skipped;
          continue;
        }
        const int table = retro::ToGameValue(**stored);
        if (result.value == table) {
          ++agree;
        } else {
          disagreements.push_back({{"position", game.position_string(pos)},
                                   {"table", table},
                                   {"forward", result.value}});
        }
      }
      nlohmann::json j = RecordHeader(game, "retro_crosscheck");
      j.update({{"db_selection", manifest->selection},
                {"samples", samples},
                {"seed", absl::GetFlag(FLAGS_seed)},
                {"agree", agree},
                {"disagree", disagreements.size()},
                {"skipped", skipped},
                {"budget_seconds", budget},
                {"disagreements", disagreements},
                {"forward_nodes", nodes},
                {"forward_seconds", seconds},
                {"threads", options.threads},
                {"provenance", Provenance()}});
      if (absl::GetFlag(FLAGS_json)) {
        std::printf("%s\n", j.dump().c_str());
      } else {
        std::printf(
            "%d positions: %d agree, %zu disagree, %d skipped (forward solve over %.0f s); "
            "%llu forward nodes in %.1f s\n",
            samples, agree, disagreements.size(), skipped, budget,
            static_cast<unsigned long long>(nodes), seconds);
      }
      if (!disagreements.empty()) {
        return absl::InternalError(
            absl::StrCat(disagreements.size(), " positions disagree with the forward solver"));
      }
      return absl::OkStatus();
    }
  });
}

}  // namespace

Command CrosscheckCommand() {
  return {"crosscheck",
          "compare a retrograde database with the forward exact solver",
          "Draws random positions of the database (uniformly over its positions),\n"
          "solves each with the exact forward solver (alpha-beta with transposition\n"
          "table, without these tables) and compares value and distance. Positions\n"
          "the forward solver cannot finish within --budget-s seconds (10 if not\n"
          "given; 0 = no limit) are skipped and counted. Exit status 1 if any position\n"
          "disagrees; 2 if the database is incomplete or damaged. Example:\n"
          "  tav crosscheck --db=db/prairie5 --samples=2000 --json",
          {"db", "samples", "budget-s", "seed", "threads", "tt-mb", "memory-mb", "json"},
          RunCrosscheck};
}

}  // namespace tav::cli
