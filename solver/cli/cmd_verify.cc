// tav verify: re-checks every stored value of a retrograde database against
// its children's stored values (retro/verifier.h), independently of the
// solver's code.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/command.h"
#include "cli/database.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "core/atomic_file.h"
#include "core/interrupt.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "retro/manifest.h"
#include "retro/verifier.h"

ABSL_DECLARE_FLAG(int, test_delay_ms);

namespace tav::cli {
namespace {

namespace fs = std::filesystem;

// --out and --resume: where a pass keeps its progress (the retro_verify
// record, complete = false until the last tier) and whether to continue it.
// Refused: --resume without the file, the file without --resume, a file that
// is another database's or not a record, --budget-s without --out.
absl::StatusOr<retro::VerifyProgress> ResumePoint(const std::string& db,
                                                  const retro::Manifest& manifest,
                                                  const std::string& out) {
  const bool resume = absl::GetFlag(FLAGS_resume);
  if (out.empty()) {
    if (resume) return absl::InvalidArgumentError("--resume needs --out (the verification record)");
    if (FlagGiven("budget-s")) {
      return absl::InvalidArgumentError(
          "--budget-s needs --out: a pass stopped by the budget resumes from the record there");
    }
    return retro::VerifyProgress{};
  }
  if (absl::Status s = CheckOutputFile(out, {retro::ManifestPath(db)}); !s.ok()) return s;
  std::error_code ec;
  if (fs::equivalent(fs::path(out).parent_path().empty() ? "." : fs::path(out).parent_path(), db,
                     ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out=", out, " is inside the database directory --db=", db));
  }
  const bool exists = fs::exists(out);
  if (!resume) {
    if (exists) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--out=", out, " exists: --resume to continue that verification, or another --out"));
    }
    return retro::VerifyProgress{};
  }
  if (!exists) {
    return absl::InvalidArgumentError(
        absl::StrCat("nothing to resume: --out=", out, " does not exist; run without --resume"));
  }
  absl::StatusOr<std::string> text = ReadWholeFile(out);
  if (!text.ok()) return text.status();
  const nlohmann::json j = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || j.value("kind", "") != "retro_verify" || !j.contains("manifest")) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out=", out, " is not a tav verify record (kind retro_verify)"));
  }
  absl::StatusOr<retro::Manifest> recorded = retro::Manifest::FromJson(j["manifest"]);
  if (!recorded.ok()) return recorded.status();
  if (absl::Status s = recorded->SameAs(manifest); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out=", out, " records another database than --db=", db, ": ", s.message()));
  }
  absl::StatusOr<retro::VerifyProgress> progress = retro::VerifyProgress::FromJson(j);
  if (!progress.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--out=", out, ": ", progress.status().message()));
  }
  return progress;
}

absl::Status RunVerify(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("verify takes no positional arguments");
  absl::StatusOr<DatabaseFlags> opened = DatabaseFromFlags();
  if (!opened.ok()) return opened.status();
  const std::string& db = opened->dir;
  const retro::Manifest* manifest = &opened->manifest;
  const std::string out = absl::GetFlag(FLAGS_out);
  absl::StatusOr<retro::VerifyProgress> resume = ResumePoint(db, *manifest, out);
  if (!resume.ok()) return resume.status();
  const double budget = absl::GetFlag(FLAGS_budget_s);
  if (!(budget >= 0 && budget <= 1e9)) {
    return absl::InvalidArgumentError(absl::StrCat("--budget-s=", budget, " is not in 0..10^9"));
  }
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
      options.resume = *resume;
      options.budget_seconds = budget;
      auto record = [&](const retro::VerifyProgress& p) {
        nlohmann::json j = RecordHeader(game, "retro_verify");
        j.update({{"db", db},
                  {"ok", true},
                  {"complete", p.tiers == manifest->tiers},
                  {"tiers", p.tiers},
                  {"tiers_total", manifest->tiers},
                  {"positions", p.positions},
                  {"seconds", p.seconds},
                  {"threads", options.threads},
                  {"manifest", manifest->ToJson()},
                  {"provenance", Provenance()}});
        j.update(p.ToJson());
        return j;
      };
      // With --out an interrupt stops the pass at the next tier boundary and saves the record
      // (without it there is nothing to resume from, so the signal ends the process as usual).
      // The record is written at the start, once the guard is up: a second pass with this --out
      // is refused at once, and a kill before the first checkpoint leaves a pass to resume.
      std::optional<InterruptGuard> guard;
      if (!out.empty()) {
        options.checkpoint = [&](const retro::VerifyProgress& p) {
          return WriteFileAtomically(out, record(p).dump(2) + "\n");
        };
        guard.emplace(
            "\ntav verify: interrupted; stopping after the tier in flight and saving the record "
            "(interrupt again to stop at once: the record saved every 10 s is kept)\n");
        options.stop = [] { return InterruptGuard::Requested(); };
        options.test_delay_ms = absl::GetFlag(FLAGS_test_delay_ms);
        if (absl::Status s = options.checkpoint(*resume); !s.ok()) return s;
      }
      retro::RetroVerifier<G> verifier(game, *manifest, options);
      absl::StatusOr<retro::VerifyReport> report = verifier.Run();
      if (!report.ok()) return report.status();
      if (!report->complete && InterruptGuard::Requested()) {
        return absl::CancelledError(absl::StrFormat(
            "interrupted after %llu of %llu tiers verified (%llu positions), every value so far "
            "agrees with its children; continue with --resume --out=%s",
            static_cast<unsigned long long>(report->tiers),
            static_cast<unsigned long long>(report->tiers_total),
            static_cast<unsigned long long>(report->positions), out.c_str()));
      }
      nlohmann::json final_record =
          record({report->tiers, report->positions, report->seconds, report->headers_hash});
      if (report->complete) {
        nlohmann::json checksums = nlohmann::json::object();
        for (const auto& [tier, checksum] : report->checksums) {
          checksums[tier] = absl::StrFormat("%016x", checksum);
        }
        final_record["checksums"] = std::move(checksums);
        if (!out.empty()) {
          if (absl::Status s = WriteFileAtomically(out, final_record.dump(2) + "\n"); !s.ok()) {
            return s;
          }
        }
      }
      if (absl::GetFlag(FLAGS_json)) {
        std::printf("%s\n", final_record.dump().c_str());
      } else if (!report->complete) {
        std::printf(
            "stopped by --budget-s: %llu of %llu tiers verified (%llu positions), every value so "
            "far agrees with its children; continue with --resume --out=%s\n",
            static_cast<unsigned long long>(report->tiers),
            static_cast<unsigned long long>(report->tiers_total),
            static_cast<unsigned long long>(report->positions), out.c_str());
      } else {
        std::printf(
            "verified %llu tiers, %llu positions of %s %s: every value agrees with its "
            "children (%.2f s%s)\n",
            static_cast<unsigned long long>(report->tiers),
            static_cast<unsigned long long>(report->positions), std::string(G::kName).c_str(),
            game.board_name().c_str(), report->seconds,
            report->resumed_tiers > 0 ? ", over more than one session" : "");
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
          "from the solver. Exit status 2 names the first bad file or position.\n"
          "A long pass can keep its progress in --out (the retro_verify record, rewritten\n"
          "atomically every 10 s and at the end), stop at a tier boundary after\n"
          "--budget-s seconds, and continue with --resume (the tiers verified before must\n"
          "be unchanged: their header checksums are compared). With --out an interrupt\n"
          "(Ctrl-C, SIGTERM) stops at the next tier boundary and saves the record.\n"
          "Examples:\n"
          "  tav verify --db=db/prairie4\n"
          "  tav verify --db=db/prairie6 --out=verify6.json --budget-s=3600   (then --resume)",
          {"db", "threads", "memory-mb", "json", "out", "resume", "budget-s", "test-delay-ms"},
          RunVerify};
}

}  // namespace tav::cli
