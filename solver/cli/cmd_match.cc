// tav match: games between two engine configurations (match/match.h), and
// single games for remote workers (--unit).
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/match_shared.h"
#include "core/atomic_file.h"
#include "core/game_options.h"
#include "dispatch/mpi.h"
#include "engine/config.h"
#include "match/game_unit.h"
#include "match/match.h"
#include "match/openings.h"

ABSL_FLAG(std::string, a, "",
          "match: engine a's configuration, as the flags of one move's search "
          "(engine/config.h), e.g. \"--eval=handmade --search=fullwidth --budget-s=1\"");
ABSL_FLAG(std::string, b, "", "match: engine b's configuration (as --a)");
ABSL_FLAG(std::string, openings, "",
          "match: FILE of openings, one per line: moves from the start in the game's notation, "
          "space separated; blank lines and '#' comments skipped");
ABSL_FLAG(int, random_openings, 0, "match: play N random openings instead of --openings");
ABSL_FLAG(int, opening_plies, 4, "match: plies of each random opening");
ABSL_FLAG(std::string, sprt, "",
          "match: ELO0,ELO1: a sequential probability ratio test of H0 elo=ELO0 against H1 "
          "elo=ELO1 (logistic Elo of a over b, cutechess's model)");
ABSL_FLAG(double, sprt_alpha, 0.05, "match: the SPRT's false-positive rate, in (0, 0.5)");
ABSL_FLAG(double, sprt_beta, 0.05, "match: the SPRT's false-negative rate, in (0, 0.5)");
ABSL_FLAG(bool, sprt_stop, true,
          "match: stop when the SPRT decides (--nosprt-stop plays on to --games)");
// Defined by other commands, shared here.
ABSL_DECLARE_FLAG(std::uint64_t, seed);
ABSL_DECLARE_FLAG(std::string, unit);
ABSL_DECLARE_FLAG(int, test_delay_ms);

namespace tav::cli {
namespace {

absl::Status BadFlag(std::string_view flag, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat("bad --", AV(flag), ": ", why));
}

absl::StatusOr<engine::EngineConfig> ConfigFromFlag(std::string_view name,
                                                    const std::string& text) {
  if (text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("missing --", AV(name),
                                                   " (an engine configuration, e.g. --", AV(name),
                                                   "=\"--eval=handmade --depth=2\")"));
  }
  absl::StatusOr<engine::EngineConfig> c = engine::ParseEngineConfig(text);
  if (!c.ok()) return BadFlag(name, std::string(c.status().message()));
  return c;
}

absl::StatusOr<std::optional<match::SprtSpec>> SprtFromFlags() {
  const std::string text = absl::GetFlag(FLAGS_sprt);
  if (text.empty()) {
    for (const char* f : {"sprt-alpha", "sprt-beta", "sprt-stop"}) {
      if (FlagGiven(f)) return BadFlag(f, "needs --sprt=ELO0,ELO1");
    }
    return std::nullopt;
  }
  match::SprtSpec s;
  std::vector<std::string> parts = absl::StrSplit(text, ',');
  if (parts.size() != 2 || !absl::SimpleAtod(parts[0], &s.elo0) ||
      !absl::SimpleAtod(parts[1], &s.elo1) || !std::isfinite(s.elo0) || !std::isfinite(s.elo1) ||
      !(s.elo0 < s.elo1)) {
    return BadFlag("sprt", absl::StrCat("'", text, "' (must be ELO0,ELO1 with ELO0 < ELO1)"));
  }
  s.alpha = absl::GetFlag(FLAGS_sprt_alpha);
  s.beta = absl::GetFlag(FLAGS_sprt_beta);
  s.stop = absl::GetFlag(FLAGS_sprt_stop);
  return s;
}

// The openings from --openings or --random-openings, and where they came from.
template <Game G>
absl::Status OpeningsFromFlags(const G& game, match::MatchIdentity& id) {
  const std::string file = absl::GetFlag(FLAGS_openings);
  const int random = absl::GetFlag(FLAGS_random_openings);
  if (file.empty() == (random == 0)) {
    return absl::InvalidArgumentError(
        "give exactly one of --openings=FILE and --random-openings=N");
  }
  if (!file.empty()) {
    for (const char* f : {"opening-plies", "seed"}) {
      if (FlagGiven(f)) return BadFlag(f, "goes with --random-openings, not --openings");
    }
    absl::StatusOr<std::vector<match::Opening>> o = OpeningsFromFile(game, file);
    if (!o.ok()) return o.status();
    id.openings = std::move(*o);
    id.openings_source = {{"file", file}};
    return absl::OkStatus();
  }
  const int plies = absl::GetFlag(FLAGS_opening_plies);
  const std::uint64_t seed = absl::GetFlag(FLAGS_seed);
  absl::StatusOr<std::vector<match::Opening>> o = match::RandomOpenings(game, random, plies, seed);
  if (!o.ok()) return o.status();
  id.openings = std::move(*o);
  id.openings_source = {{"random", random}, {"plies", plies}, {"seed", seed}};
  return absl::OkStatus();
}

template <Game G>
absl::Status RunMatchOf(const G& game, match::MatchOptions opts) {
  match::MatchIdentity& id = opts.id;
  id.spec = {std::string(G::kName), game.variant(), game.size(), GameOptions(game)};
  id.board = game.board_name();
  if (absl::Status s = OpeningsFromFlags(game, id); !s.ok()) return s;
  id.games =
      FlagGiven("games") ? absl::GetFlag(FLAGS_games) : 2 * static_cast<int>(id.openings.size());
  if (id.games % 2 != 0) {
    return BadFlag("games", absl::StrCat(id.games,
                                         " is odd (each opening is played twice, "
                                         "colours swapped)"));
  }
  absl::StatusOr<match::MatchOutcome> r =
      opts.dispatcher ? match::RunMatch(game, opts, match::DispatchedPlayer{opts.dispatcher})
                      : match::RunMatch(game, opts);
  if (!r.ok()) return r.status();
  for (const std::string& note : r->notes)
    std::fprintf(stderr, "tav match: note: %s\n", note.c_str());
  std::printf("%s: ", opts.out_dir.c_str());
  std::printf("%s", match::SummaryText(r->summary).c_str());
  std::printf("  this run played %d games, %d were finished before", r->played, r->resumed);
  if (r->sprt_stopped) {
    std::printf("; stopped by the SPRT (%s) before the %d planned games",
                r->summary["decision"].get<std::string>().c_str(), id.games);
  }
  std::printf("\n  wrote %s/games.jsonl, %s/summary.json, %s/run.json\n", opts.out_dir.c_str(),
              opts.out_dir.c_str(), opts.out_dir.c_str());
  return absl::OkStatus();
}

}  // namespace

absl::Status RunDirFromFlags(std::string_view what, match::MatchOptions& opts) {
  opts.out_dir = absl::GetFlag(FLAGS_out);
  if (opts.out_dir.empty())
    return absl::InvalidArgumentError(absl::StrCat("missing --out (", AV(what), " directory)"));
  if (absl::Status s = CheckOutputDir("--out", opts.out_dir); !s.ok()) return s;
  opts.resume = opts.must_resume = absl::GetFlag(FLAGS_resume);
  opts.threads = ThreadsFromFlag();
  opts.progress = true;
  opts.test_delay_ms = absl::GetFlag(FLAGS_test_delay_ms);
  return absl::OkStatus();
}

absl::StatusOr<std::string> PlayUnitText(std::string_view text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return absl::InvalidArgumentError("bad --unit: not JSON");
  absl::StatusOr<match::GameUnit> unit = match::GameUnit::FromJson(j);
  if (!unit.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("bad --unit: ", unit.status().message()));
  }
  std::string line;
  absl::Status s = WithGame(unit->spec, [&](const auto& game) -> absl::Status {
    absl::StatusOr<match::GameRecord> r = match::PlayUnit(game, *unit);
    if (!r.ok())
      return absl::InvalidArgumentError(absl::StrCat("bad --unit: ", r.status().message()));
    line = r->ToJson().dump();
    return absl::OkStatus();
  });
  if (!s.ok()) return s;
  return line;
}

namespace {

absl::Status RunUnit(const std::string& text) {
  absl::StatusOr<std::string> line = PlayUnitText(text);
  if (!line.ok()) return line.status();
  std::printf("%s\n", line->c_str());
  return absl::OkStatus();
}

absl::Status RunMatchCommand(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("match takes no positional arguments");
  if (!absl::GetFlag(FLAGS_unit).empty()) {
    if (absl::GetFlag(FLAGS_mpi))
      return absl::InvalidArgumentError("--unit and --mpi exclude each other");
    return RunUnit(absl::GetFlag(FLAGS_unit));
  }
  // --mpi: a worker only plays games; the master runs the match below.
  absl::StatusOr<MpiRole> role = MpiRoleFromFlag([] { return dispatch::UnitSolver(PlayUnitText); });
  if (!role.ok()) return role.status();
  if (role->worker) return dispatch::ServeMpiUnits(role->solver);
  match::MatchOptions opts;
  opts.dispatcher = role->master;
  absl::StatusOr<engine::EngineConfig> a = ConfigFromFlag("a", absl::GetFlag(FLAGS_a));
  if (!a.ok()) return a.status();
  absl::StatusOr<engine::EngineConfig> b = ConfigFromFlag("b", absl::GetFlag(FLAGS_b));
  if (!b.ok()) return b.status();
  opts.id.a = *a;
  opts.id.b = *b;
  absl::StatusOr<std::optional<match::SprtSpec>> sprt = SprtFromFlags();
  if (!sprt.ok()) return sprt.status();
  opts.id.sprt = *sprt;
  if (absl::Status s = RunDirFromFlags("the match's", opts); !s.ok()) return s;
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) { return RunMatchOf(game, opts); });
}

std::vector<std::string_view> MatchFlags() {
  return FlagList({kGameFlags,
                   {"a", "b", "openings", "random-openings", "opening-plies", "seed", "games",
                    "sprt", "sprt-alpha", "sprt-beta", "sprt-stop", "out", "resume", "threads",
                    "unit", "test-delay-ms", "mpi"}});
}

}  // namespace

Command MatchCommand() {
  return {"match", "games between two engine configurations: W/D/L, Elo with its interval, SPRT",
          "Plays engine a (--a) against engine b (--b), each a configuration written as the\n"
          "flags of one move's search (--eval, --search, --depth, --nodes, --budget-s, ...).\n"
          "Every opening (--openings=FILE, one per line, moves from the start in the game's\n"
          "notation; or --random-openings=N of --opening-plies random plies from --seed) is\n"
          "played twice with colours swapped: game 2i with a first, 2i+1 with b first; the\n"
          "openings are cycled if --games asks more than two per opening. Games run\n"
          "--threads at a time, each engine on one thread with its own table, cleared at\n"
          "every game, so with --depth or --nodes budgets a game's record is the same\n"
          "whatever the thread count or order.\n"
          "Output (formats: data/README.md): OUT/games.jsonl, one match_game record per\n"
          "finished game (every move with its value, exactness, depth, nodes and time; the\n"
          "result; margin, the final value for the first player; a's points; exact_from_ply,\n"
          "the ply from which both sides played exactly); OUT/summary.json, rewritten after\n"
          "every game (games, a_wins, draws, b_wins, score for a, elo, elo_low, elo_high\n"
          "(95%), los; with --sprt llr, its bounds and decision H0/H1/continue, the\n"
          "cutechess way; per-colour scores, mean plies and margins); OUT/run.json, the\n"
          "match's identity. With --sprt the match stops when the test decides (the games\n"
          "in progress are finished and counted), unless --nosprt-stop. A game is saved as\n"
          "it ends: after a kill, the same command with --resume plays only what is missing\n"
          "(a resume with other parameters is refused). --unit=JSON plays one game given as\n"
          "a match_unit and prints its record (for a cluster dispatcher). With --mpi, under\n"
          "mpirun: rank 0 hands the games to the other ranks (one game each at a time) and\n"
          "is the only writer of OUT; files, summary and --resume as above. Example:\n"
          "  tav match --game=cathedral --a=\"--eval=handmade --budget-s=1\" \\\n"
          "      --b=\"--eval=handmade --depth=1\" --random-openings=20 --sprt=0,50 \\\n"
          "      --out=runs/m1 --threads=2",
          MatchFlags(), RunMatchCommand};
}

}  // namespace tav::cli
