// tav verify: re-checks every stored value of a retrograde database against
// its children's stored values (retro/verifier.h), independently of the
// solver's code.
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
#include "core/provenance.h"
#include "core/record_header.h"
#include "retro/manifest.h"
#include "retro/verifier.h"

namespace tav::cli {
namespace {

absl::Status RunVerify(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("verify takes no positional arguments");
  absl::StatusOr<DatabaseFlags> opened = DatabaseFromFlags();
  if (!opened.ok()) return opened.status();
  const std::string& db = opened->dir;
  const retro::Manifest* manifest = &opened->manifest;
  return WithGame(manifest->spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!retro::TierGame<G>) {
      return absl::FailedPreconditionError(absl::StrCat("--db=", db, " is not a tier database"));
    } else {
      // Every file there and what the manifest says, before the long pass.
      if (auto database = OpenDatabase(game, db, *manifest, opened->memory_bytes); !database.ok()) {
        return database.status();
      }
      retro::VerifyOptions options;
      options.dir = db;
      options.threads = ThreadsFromFlag();
      options.memory_bytes = opened->memory_bytes;
      options.progress = !absl::GetFlag(FLAGS_json);
      retro::RetroVerifier<G> verifier(game, *manifest, options);
      absl::StatusOr<retro::VerifyReport> report = verifier.Run();
      if (!report.ok()) return report.status();
      if (absl::GetFlag(FLAGS_json)) {
        nlohmann::json j = RecordHeader(game, "retro_verify");
        j.update({{"db", db},
                  {"ok", true},
                  {"tiers", report->tiers},
                  {"positions", report->positions},
                  {"seconds", report->seconds},
                  {"threads", options.threads},
                  {"provenance", Provenance()}});
        std::printf("%s\n", j.dump().c_str());
      } else {
        std::printf(
            "verified %llu tiers, %llu positions of %s %s: every value agrees with its "
            "children (%.2f s)\n",
            static_cast<unsigned long long>(report->tiers),
            static_cast<unsigned long long>(report->positions), std::string(G::kName).c_str(),
            game.board_name().c_str(), report->seconds);
      }
      return absl::OkStatus();
    }
  });
}

}  // namespace

Command VerifyCommand() {
  return {"verify",
          "check every value of a retrograde database against its children",
          "Reads every tier file (checksums, headers), and for every position checks\n"
          "that the index round-trips and that its stored value is what its children's\n"
          "stored values make it (a win in d has a child lost in d-1 and none sooner; a\n"
          "loss in d has only won children, the slowest in d-1). One pass, separate code\n"
          "from the solver. Exit status 2 names the first bad file or position. Example:\n"
          "  tav verify --db=db/prairie4",
          {"db", "threads", "memory-mb", "json"},
          RunVerify};
}

}  // namespace tav::cli
