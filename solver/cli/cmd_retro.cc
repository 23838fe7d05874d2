// tav retro: solve a game's tiers by retrograde analysis into a database
// directory (retro/solver.h). Resumable: run the same command again after an
// interruption and it continues from the first unsolved tier.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "core/record_header.h"
#include "dispatch/mpi.h"
#include "retro/solver.h"

ABSL_FLAG(bool, quiet, false, "no progress lines on stderr");
ABSL_FLAG(std::string, tier_stats, "full",
          "per-tier rows of stats.json: full (with remoteness), brief (tier, positions, "
          "seconds) or none");

namespace tav::cli {
namespace {

absl::Status RunRetro(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("retro takes no positional arguments");
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return absl::InvalidArgumentError("missing --out=DIR (the database directory)");
  if (absl::Status s = CheckOutputDir("--out", out); !s.ok()) return s;
  const std::uint64_t memory = MemoryBytesFromFlag();
  absl::StatusOr<retro::Encoding> encoding = retro::ParseEncoding(absl::GetFlag(FLAGS_encoding));
  if (!encoding.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --encoding: ", encoding.status().message()));
  }
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!retro::TierGame<G>) {
      return absl::InvalidArgumentError(
          absl::StrCat("tav retro does not support --game=", spec->game, " (no tiers defined)"));
    } else {
      retro::SolveOptions options;
      options.dir = out;
      options.selection = absl::GetFlag(FLAGS_tiers);
      options.encoding = *encoding;
      options.threads = ThreadsFromFlag();
      options.memory_bytes = memory;
      options.progress = !absl::GetFlag(FLAGS_quiet);
      options.tier_stats = absl::GetFlag(FLAGS_tier_stats);
      if (options.tier_stats != "full" && options.tier_stats != "brief" &&
          options.tier_stats != "none") {
        return absl::InvalidArgumentError(absl::StrCat("bad --tier-stats='", options.tier_stats,
                                                       "': expected full, brief or none"));
      }
      // A bad selection is refused before the directory is created.
      if (absl::StatusOr<std::vector<typename G::Tier>> t = game.tiers(options.selection);
          !t.ok()) {
        return t.status();
      }
      // --mpi: a worker only solves the tiers rank 0 hands it, into --out.
      absl::StatusOr<MpiRole> role = MpiRoleFromFlag([&]() -> dispatch::UnitSolver {
        auto worker = std::make_shared<retro::RetroSolver<G>>(game, *spec, options);
        return [worker](std::string_view unit) { return worker->SolveTierUnit(unit); };
      });
      if (!role.ok()) return role.status();
      if (role->worker) return dispatch::ServeMpiUnits(role->solver);
      options.dispatcher = role->master;
      // Held until the run ends: one writer per database directory.
      absl::StatusOr<DirLock> lock = retro::LockDatabaseDirectory(out);
      if (!lock.ok()) return lock.status();
      if (const std::string note = lock->takeover_note(); !note.empty()) {
        std::fprintf(stderr, "tav retro: note: %s\n", note.c_str());
      }
      if (!lock->warning().empty()) {
        std::fprintf(stderr, "tav retro: warning: %s\n", lock->warning().c_str());
      }
      retro::RetroSolver<G> solver(game, *spec, options);
      absl::StatusOr<retro::SolveSummary> summary = solver.Run();
      if (!summary.ok()) return summary.status();
      const nlohmann::json& stats = summary->stats;
      if (absl::GetFlag(FLAGS_json)) {
        nlohmann::json j = RecordHeader(game, "retro_run");
        j.update({{"dir", out},
                  {"tiers", summary->tiers},
                  {"solved", summary->solved},
                  {"resumed", summary->resumed},
                  {"positions", summary->positions},
                  {"seconds", summary->seconds},
                  {"threads", options.threads},
                  {"encoding", std::string(retro::EncodingName(options.encoding))},
                  {"start", stats.value("start", nlohmann::json())},
                  {"longest_win", stats.value("longest_win", nlohmann::json())},
                  {"peak_memory_mb", retro::PeakMemoryMb()},
                  {"stats", out + "/stats.json"}});
        std::printf("%s\n", j.dump().c_str());
        return absl::OkStatus();
      }
      std::printf("retro: %s %s %s, %llu tiers, %llu positions, %s\n",
                  std::string(G::kName).c_str(), game.board_name().c_str(), game.variant().c_str(),
                  static_cast<unsigned long long>(summary->tiers),
                  static_cast<unsigned long long>(summary->positions),
                  std::string(retro::EncodingName(options.encoding)).c_str());
      std::printf(
          "solved %llu tiers (%llu already on disk) in %.2f s with %d threads; peak memory %.0f "
          "MB\n",
          static_cast<unsigned long long>(summary->solved),
          static_cast<unsigned long long>(summary->resumed), summary->seconds, options.threads,
          retro::PeakMemoryMb());
      if (stats.contains("start") && !stats["start"].is_null()) {
        const auto& s = stats["start"];
        std::printf(
            "start: %s for the side to move (%s)%s\n", s["result"].get<std::string>().c_str(),
            s["side_to_move"].get<int>() == 0 ? "first player" : "second player",
            s["plies"].is_null() ? ""
                                 : absl::StrCat(", in ", s["plies"].get<int>(), " plies").c_str());
      } else {
        std::printf("start: not in these tables\n");
      }
      if (stats.contains("longest_win") && !stats["longest_win"].is_null()) {
        std::printf("longest win: %d plies, e.g. %s\n", stats["longest_win"]["plies"].get<int>(),
                    stats["longest_win"]["position"].get<std::string>().c_str());
      }
      std::printf("statistics: %s/stats.json\n", out.c_str());
      return absl::OkStatus();
    }
  });
}

}  // namespace

Command RetroCommand() {
  const std::vector<std::string_view> flags = FlagList(
      {kGameFlags,
       {"out", "tiers", "encoding", "threads", "memory-mb", "quiet", "tier-stats", "json", "mpi"}});
  return {"retro", "solve a game's tiers by retrograde analysis into a database",
          "Solves every position of the selected tiers, children first, and writes one\n"
          "file per tier into DIR/tiers (temp file + rename), the manifest, a progress\n"
          "log and, at the end, DIR/stats.json (remoteness table, longest win, start).\n"
          "Interrupted runs resume from the first missing tier: run the same command\n"
          "again. One run at a time writes a directory (DIR/.lock); a directory that\n"
          "holds an exploration is refused. With --mpi, under mpirun: rank 0 holds the tier\n"
          "graph and hands every tier whose children are on disk to the other ranks, which\n"
          "write its file into DIR (a directory every rank sees); the files are the same as\n"
          "a single process writes. Examples:\n"
          "  tav retro --game=prairie --size=4 --out=db/prairie4\n"
          "  tav retro --game=prairie --size=11 --tiers='buffalo<=1' --out=db/p11b1\n"
          "  tav retro --game=prairie --size=6 --encoding=wl1 --out=db/prairie6\n"
          "  mpirun -np 5 tav retro --game=prairie --size=7 --threads=8 --out=db/p7 --mpi",
          flags, RunRetro};
}

}  // namespace tav::cli
