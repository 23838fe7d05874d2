// tav explore: the opening explorer (explore/explorer.h) from the command line,
// its presets (the demo default job, the Lehmann experiment), single work
// units for remote workers (--unit), and the same over MPI (--mpi: rank 0
// runs the job with the MPI dispatcher, the other ranks solve its units with
// the code of --unit). --engine only parses and checks the flag: the search
// with an engine configuration is the library's (explore/engine_solver.h).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/game_options.h"
#include "core/setup.h"
#include "dispatch/mpi.h"
#include "explore/engine_solver.h"
#include "explore/explorer.h"
#include "explore/frontier_solver.h"
#include "explore/presets.h"

ABSL_FLAG(int, plies, -1, "explore: plies from the root to the frontier");
ABSL_FLAG(std::string, preset, "",
          "explore: a built-in exploration: demo (the default job) or lehmann (Lehmann's "
          "Cathedral question, both rule sets; --size picks the board)");
ABSL_FLAG(std::string, unit, "",
          "explore: solve one work unit given as JSON (explore/work_unit.h) and print the "
          "result as one JSON line (for remote workers)");
ABSL_FLAG(
    int, test_delay_ms, 0,
    "explore, match, selfplay, verify: sleep after each position, game or tier (for crash tests)");
ABSL_FLAG(std::string, engine, "",
          "explore --mode=search: search each frontier position with this engine "
          "configuration (the flags of tav think, engine/config.h, e.g. \"--search=selective "
          "--depth=6\") instead of --depth/--budget-s; its table is --tt-mb unless it sets one");
ABSL_FLAG(std::string, known, "",
          "explore (exact, wld, threshold): the directory of another run of the same game and "
          "root; the frontier positions its records already decide are copied, not solved");

namespace tav::cli {
namespace {

using explore::ExploreOptions;
using explore::ExploreSummary;
using explore::Mode;
using explore::SearchLimits;

// One exploration to run.
struct Job {
  GameSpec spec;
  std::string position, moves;  // the root
  int plies = 0;
  SearchLimits limits;
  std::string out;
  bool resume = false;
  bool must_resume = false;  // an explicit --resume: refuse a directory with nothing to resume
  std::string label = "explore";
  std::string known;  // --known: another run's directory (ExploreOptions::known_dir)
};

absl::StatusOr<SearchLimits> LimitsFromFlags() {
  SearchLimits limits;
  absl::StatusOr<Mode> mode = explore::ParseMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) return mode.status();
  limits.mode = *mode;
  // Ranges: ParseFlags (flags.h); here only how the flags combine.
  limits.budget_s = absl::GetFlag(FLAGS_budget_s);
  limits.depth = absl::GetFlag(FLAGS_depth);
  if (limits.mode != Mode::kSearch) {
    if (limits.budget_s > 0) {
      return absl::InvalidArgumentError("--budget-s needs --mode=search");
    }
    limits.depth = 0;
  }
  if (limits.budget_s > 0) limits.depth = 0;
  absl::StatusOr<int> threshold = ThresholdFromFlag(limits.mode == Mode::kThreshold);
  if (!threshold.ok()) return threshold.status();
  limits.threshold = *threshold;
  return limits;
}

// OK unless `limits` ask about a threshold outside the values of G
// (CheckThresholdRange, flags.h); `what` names the source.
template <class G>
absl::Status CheckThreshold(const SearchLimits& limits, std::string_view what) {
  if (limits.mode != Mode::kThreshold) return absl::OkStatus();
  return CheckThresholdRange<G>(limits.threshold, what);
}

// `limits` with --engine applied (unchanged without it): the configuration
// replaces --depth and --budget-s, which may not be given with it, and needs
// search mode (`hint` says how to get it where --mode alone does not).
absl::StatusOr<SearchLimits> ApplyEngineFlag(const SearchLimits& limits, int tt_mb,
                                             std::string_view hint = "") {
  const std::string text = absl::GetFlag(FLAGS_engine);
  if (text.empty()) return limits;
  if (limits.mode != Mode::kSearch) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--engine needs --mode=search (an engine searches; exact and wld solve)", AV(hint)));
  }
  for (const char* flag : {"depth", "budget-s"}) {
    if (FlagGiven(flag)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", flag, " and --engine exclude each other: the configuration sets the ",
                       "budget (e.g. --engine=\"--depth=6\")"));
    }
  }
  absl::StatusOr<SearchLimits> with = explore::SearchWithEngine(limits, text, tt_mb);
  if (!with.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("bad --engine: ", with.status().message()));
  }
  return with;
}

void PrintSummary(const Job& job, const ExploreSummary& s, const std::string& side_name,
                  int threads) {
  std::printf("%s: %zu positions to ply %d (%zu frontier, %zu finished games, %zu backed up)\n",
              job.out.c_str(), s.positions, job.plies, s.frontier, s.terminal, s.backed_up);
  std::printf(
      "  frontier: %zu solved now, %zu resumed, %zu known; this session %llu nodes in %.2f s on %d "
      "threads (%s nodes/s); all sessions %llu nodes, %.2f s of search\n",
      s.solved, s.resumed, s.known, static_cast<unsigned long long>(s.session_nodes),
      s.wall_seconds, threads,
      explore::ProgressMeter::FormatRate(s.wall_seconds > 0 ? s.session_nodes / s.wall_seconds : 0)
          .c_str(),
      static_cast<unsigned long long>(s.nodes), s.cpu_seconds);
  std::printf("  root: %s for %s to move, best move %s\n", Describe(s.root).c_str(),
              side_name.c_str(), s.root_best_move.empty() ? "-" : s.root_best_move.c_str());
  std::printf("  wrote %s/results.jsonl, %s/run.json, %s/book.tvb\n", job.out.c_str(),
              job.out.c_str(), job.out.c_str());
}

// The lock's notes for the user: a killed run's lock taken over, or a file
// system without locks.
void PrintLockNotes(const DirLock& lock) {
  if (const std::string note = lock.takeover_note(); !note.empty()) {
    std::fprintf(stderr, "tav explore: note: %s\n", note.c_str());
  }
  if (!lock.warning().empty()) {
    std::fprintf(stderr, "tav explore: warning: %s\n", lock.warning().c_str());
  }
}

// The maker of the job's engines (empty without --engine); InvalidArgument
// naming --engine when `game` cannot build it.
template <class G>
absl::StatusOr<explore::EngineMaker<G>> EnginesOf(const G& game, const Job& job) {
  absl::StatusOr<explore::EngineMaker<G>> engines = explore::EngineMakerFor(game, job.limits);
  if (!engines.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--engine: ", engines.status().message()));
  }
  return engines;
}

// OK if the job's game can build its engine (EnginesOf), or it has none.
absl::Status CheckEngine(const Job& job) {
  return WithGame(job.spec, [&](const auto& game) { return EnginesOf(game, job).status(); });
}

// Runs one job; `summary` receives the result.
absl::Status RunJob(const Job& job, int threads, int tt_mb, dispatch::Dispatcher* dispatcher,
                    ExploreSummary* summary) {
  if (absl::Status s = CheckOutputDir("--out", job.out); !s.ok()) return s;
  return WithGame(job.spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    absl::StatusOr<typename G::Position> root = SetupPosition(game, job.position, job.moves);
    if (!root.ok()) return root.status();
    if (absl::Status s = CheckThreshold<G>(job.limits, "--threshold"); !s.ok()) return s;
    absl::StatusOr<explore::EngineMaker<G>> engines = EnginesOf(game, job);
    if (!engines.ok()) return engines.status();
    // Held until the run ends: one writer per directory.
    absl::StatusOr<DirLock> lock = explore::LockRunDirectory(job.out, job.must_resume);
    if (!lock.ok()) return lock.status();
    PrintLockNotes(*lock);
    explore::FrontierSolverFactory<G> factory(game, tt_mb, std::move(*engines));
    ExploreOptions opts;
    opts.id.game = std::string(G::kName);
    opts.id.variant = game.variant();
    opts.id.size = game.size();
    opts.id.board = game.board_name();
    opts.id.options = GameOptions(game);
    opts.id.root_position = job.position;
    opts.id.root_moves = SplitMoves(job.moves);
    opts.id.plies = job.plies;
    opts.id.limits = job.limits;
    opts.threads = threads;
    opts.tt_mb = tt_mb;
    opts.solver = factory.name();
    opts.out_dir = job.out;
    opts.resume = job.resume;
    opts.label = job.label;
    opts.test_delay_ms = absl::GetFlag(FLAGS_test_delay_ms);
    opts.dispatcher = dispatcher;
    opts.refuse_unfinishable = !absl::GetFlag(FLAGS_force);
    opts.table_checkpoint_seconds = absl::GetFlag(FLAGS_checkpoint_s);
    opts.known_dir = job.known;
    absl::StatusOr<ExploreSummary> s = explore::Explore(game, *root, opts, factory);
    if (!s.ok()) return s.status();
    if (s->interrupted) {
      return absl::CancelledError(
          absl::StrCat("interrupted after ", s->resumed + s->known + s->solved, " of ", s->frontier,
                       " frontier positions; run the same command with --resume to finish"));
    }
    const std::string side =
        game.side_to_move(*root) == 0 ? "the first player" : "the second player";
    PrintSummary(job, *s, side, threads);
    *summary = std::move(*s);
    return absl::OkStatus();
  });
}

// Solves explore work units given as JSON text (explore/work_unit.h), for
// --unit and for the workers of an MPI run. The game, its frontier solver and
// so its table are kept from one unit to the next while the units name the
// same game, --tt-mb and engine configuration (as an explorer thread keeps
// its solver), and made anew when they change.
class ExploreUnitSolver {
 public:
  explicit ExploreUnitSolver(int threads) : threads_(threads) {}

  // The result as one JSON line's text, or InvalidArgument for a bad unit.
  absl::StatusOr<std::string> Solve(std::string_view text) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return absl::InvalidArgumentError("bad --unit: not JSON");
    absl::StatusOr<explore::WorkUnit> unit = explore::WorkUnit::FromJson(j);
    if (!unit.ok())
      return absl::InvalidArgumentError(absl::StrCat("bad --unit: ", unit.status().message()));
    if (absl::Status s = CheckNumbers(*unit); !s.ok()) return s;
    const std::string key =
        absl::StrCat(unit->spec.game, "|", unit->spec.variant, "|", unit->spec.size, "|",
                     unit->spec.options, "|", unit->tt_mb, "|", unit->limits.engine);
    if (key != key_ || !solve_) {
      solve_ = nullptr;
      if (absl::Status s = Make(*unit); !s.ok()) return s;
      key_ = key;
    }
    absl::StatusOr<explore::UnitResult> r = solve_(unit->position, unit->limits);
    if (!r.ok()) return r.status();
    return explore::ResultToJson(*r, unit->position).dump();
  }

 private:
  using SolveFn = std::function<absl::StatusOr<explore::UnitResult>(const std::string& position,
                                                                    const SearchLimits& limits)>;

  // The unit's numbers are checked as the same flags would be.
  static absl::Status CheckNumbers(const explore::WorkUnit& unit) {
    for (const auto& [key, value] : {std::pair<std::string_view, double>{"tt_mb", unit.tt_mb},
                                     {"budget_s", unit.limits.budget_s}}) {
      if (absl::Status s = CheckFlagValue(key, value, absl::StrCat("--unit key ", AV(key)));
          !s.ok()) {
        return s;
      }
    }
    if (unit.limits.mode == Mode::kSearch && unit.limits.budget_s == 0 &&
        unit.limits.engine.empty()) {
      return CheckFlagValue("depth", unit.limits.depth, "--unit key depth");
    }
    return absl::OkStatus();
  }

  // The game of `unit` and a solver on it, kept in solve_.
  absl::Status Make(const explore::WorkUnit& unit) {
    return WithGame(unit.spec, [&](const auto& game) -> absl::Status {
      using G = std::decay_t<decltype(game)>;
      if (absl::Status s = CheckThreshold<G>(unit.limits, "--unit key threshold"); !s.ok()) {
        return s;
      }
      absl::StatusOr<explore::EngineMaker<G>> engines = explore::EngineMakerFor(game, unit.limits);
      if (!engines.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("bad --unit key engine: ", engines.status().message()));
      }
      // Built in place: the solver holds references to the game and table.
      struct Held {
        Held(const G& g, int tt_mb, int threads, explore::EngineMaker<G> engines)
            : game(g), factory(game, tt_mb, std::move(engines)), solver(factory(threads)) {}
        G game;
        explore::FrontierSolverFactory<G> factory;
        explore::FrontierSolver<G> solver;
      };
      auto held = std::make_shared<Held>(game, unit.tt_mb, threads_, std::move(*engines));
      solve_ = [held](const std::string& position,
                      const SearchLimits& limits) -> absl::StatusOr<explore::UnitResult> {
        absl::StatusOr<typename G::Position> pos = held->game.parse_position(position);
        if (!pos.ok()) {
          return absl::InvalidArgumentError(
              absl::StrCat("bad unit position: ", pos.status().message()));
        }
        explore::UnitResult r;
        if (held->game.is_over(*pos)) {
          r.value = ExactValue(held->game.final_value(*pos));
        } else {
          r = held->solver.Solve(*pos, limits);
        }
        return r;
      };
      return absl::OkStatus();
    });
  }

  int threads_;
  std::string key_;
  SolveFn solve_;
};

absl::Status RunUnit(const std::string& text) {
  ExploreUnitSolver solver(1);
  absl::StatusOr<std::string> line = solver.Solve(text);
  if (!line.ok()) return line.status();
  std::printf("%s\n", line->c_str());
  return absl::OkStatus();
}

// The jobs of the Lehmann preset's plan, one per rule set; the search limits
// are the plan's unless --mode, --depth or --budget-s are given, then --engine.
absl::StatusOr<std::vector<Job>> LehmannJobs(const explore::LehmannPlan& plan, int tt_mb) {
  absl::StatusOr<SearchLimits> flags_limits = LimitsFromFlags();
  if (!flags_limits.ok()) return flags_limits.status();
  const bool explicit_limits = FlagGiven("mode") || FlagGiven("depth") || FlagGiven("budget-s");
  const std::string hint = explicit_limits ? ""
                                           : absl::StrCat("; the preset solves ", plan.size, "x",
                                                          plan.size, " exactly: add --mode=search");
  std::vector<Job> jobs;
  for (const explore::LehmannPlan::Part& part : plan.parts) {
    Job job;
    job.spec = part.spec;
    job.plies = part.plies;
    absl::StatusOr<SearchLimits> limits =
        ApplyEngineFlag(explicit_limits ? *flags_limits : part.limits, tt_mb, hint);
    if (!limits.ok()) return limits.status();
    job.limits = *limits;
    job.out = part.out;
    // Like the demo, the preset may be run again: it continues (or re-checks)
    // what is there, and refuses a directory of different parameters.
    job.resume = true;
    job.label = part.label;
    jobs.push_back(std::move(job));
  }
  return jobs;
}

// --preset=lehmann: both rule sets' jobs, every engine checked before the
// first runs (a bad one would otherwise stop the run after hours), then the
// report.
absl::Status RunLehmann(int threads, int tt_mb, dispatch::Dispatcher* dispatcher) {
  absl::StatusOr<explore::LehmannPlan> plan = explore::PlanLehmann(
      absl::GetFlag(FLAGS_size), absl::GetFlag(FLAGS_pieces), absl::GetFlag(FLAGS_out));
  if (!plan.ok()) return plan.status();
  absl::StatusOr<std::vector<Job>> jobs = LehmannJobs(*plan, tt_mb);
  if (!jobs.ok()) return jobs.status();
  for (const Job& job : *jobs) {
    if (absl::Status s = CheckEngine(job); !s.ok()) return s;
  }
  std::vector<ExploreSummary> summaries;
  for (const Job& job : *jobs) {
    ExploreSummary s;
    if (absl::Status st = RunJob(job, threads, tt_mb, dispatcher, &s); !st.ok()) return st;
    summaries.push_back(std::move(s));
  }
  std::printf("\n%s", explore::LehmannReport(*plan, summaries).c_str());
  return absl::OkStatus();
}

absl::Status RunExplore(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("explore takes no positional arguments");
  if (!absl::GetFlag(FLAGS_unit).empty()) {
    if (absl::GetFlag(FLAGS_mpi))
      return absl::InvalidArgumentError("--unit and --mpi exclude each other");
    return RunUnit(absl::GetFlag(FLAGS_unit));
  }
  // Ranges: ParseFlags (flags.h).
  const int threads = ThreadsFromFlag();
  const int tt_mb = absl::GetFlag(FLAGS_tt_mb);
  if (const double c = absl::GetFlag(FLAGS_checkpoint_s); !(c > 0 && c <= 1e6)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--checkpoint-s=", c, " is not in (0, 10^6] seconds"));
  }
  // --mpi: a worker only solves units; the master runs the job below.
  absl::StatusOr<MpiRole> role = MpiRoleFromFlag([threads]() -> dispatch::UnitSolver {
    auto solver = std::make_shared<ExploreUnitSolver>(threads);
    return [solver](std::string_view unit) { return solver->Solve(unit); };
  });
  if (!role.ok()) return role.status();
  if (role->worker) return dispatch::ServeMpiUnits(role->solver);
  dispatch::Dispatcher* const dispatcher = role->master;
  const std::string preset = absl::GetFlag(FLAGS_preset);
  if (!preset.empty() && FlagGiven("known")) {
    return absl::InvalidArgumentError("--known does not apply to a --preset (give --out instead)");
  }
  if (preset == "demo") {
    if (FlagGiven("engine")) {
      return absl::InvalidArgumentError(
          "--engine does not apply to --preset=demo (it solves exactly)");
    }
    Job job;
    job.spec = explore::DemoSpec();
    job.plies = explore::kDemoPlies;
    job.out = absl::GetFlag(FLAGS_out).empty() ? "explore-demo" : absl::GetFlag(FLAGS_out);
    // The default job may be run again: continue (or just re-check) what is there.
    job.resume = true;
    job.label = "demo";
    ExploreSummary s;
    return RunJob(job, threads, tt_mb, dispatcher, &s);
  }
  if (preset == "lehmann") return RunLehmann(threads, tt_mb, dispatcher);
  if (!preset.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown --preset='", preset, "': expected demo or lehmann"));
  }

  Job job;
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  job.spec = *spec;
  job.position = absl::GetFlag(FLAGS_position);
  job.moves = absl::GetFlag(FLAGS_moves);
  job.plies = absl::GetFlag(FLAGS_plies);
  if (!FlagGiven("plies")) {
    return absl::InvalidArgumentError("missing --plies (plies from the root to the frontier)");
  }
  absl::StatusOr<SearchLimits> limits = LimitsFromFlags();
  if (!limits.ok()) return limits.status();
  limits = ApplyEngineFlag(*limits, tt_mb);
  if (!limits.ok()) return limits.status();
  job.limits = *limits;
  job.out = absl::GetFlag(FLAGS_out);
  if (job.out.empty()) return absl::InvalidArgumentError("missing --out (the run's directory)");
  job.resume = absl::GetFlag(FLAGS_resume);
  job.must_resume = job.resume;
  job.known = absl::GetFlag(FLAGS_known);
  ExploreSummary s;
  return RunJob(job, threads, tt_mb, dispatcher, &s);
}

std::vector<std::string_view> ExploreFlags() {
  return FlagList(
      {kGameFlags,
       kPositionFlags,
       {"plies", "out", "mode", "depth", "budget-s", "threads", "tt-mb", "resume", "preset", "unit",
        "test-delay-ms", "mpi", "engine", "force", "checkpoint-s", "threshold", "known"}});
}

}  // namespace

Command ExploreCommand() {
  return {"explore", "enumerate the openings, solve each in parallel, back up, write a book",
          "Enumerates every position --plies plies from the start (or from --moves/--position),\n"
          "merged by symmetry and transposition, solves each frontier position (--mode=exact\n"
          "or wld; --mode=threshold --threshold=T proves only on which side of T the first\n"
          "player's value lies, a bound: cheaper where the value is near T) or searches\n"
          "it (--mode=search, to --depth plies or for --budget-s seconds each with the\n"
          "game's evaluation, or with the engine configuration --engine, the\n"
          "flags of tav think, e.g. --engine=\"--depth=6\": a fresh engine per position) on\n"
          "--threads threads, backs the values up to the root, and writes\n"
          "OUT/results.jsonl (one record per position), OUT/run.json and OUT/book.tvb\n"
          "(formats: data/README.md). Results are saved as each position finishes; after\n"
          "a crash or kill, the same command with --resume finishes the run. An exact, wld\n"
          "or threshold run with a frontier position estimated beyond 10^15 nodes (random\n"
          "playouts, as tav solve) is refused before any result file is written, unless\n"
          "--force.\n"
          "--known=DIR takes from another run of the same game and root (any plies and\n"
          "mode) the positions its records already decide (an exact value answers wld and\n"
          "threshold too) and solves only the rest.\n"
          "An exact, wld or threshold run also saves its transposition table to\n"
          "OUT/table.tt every --checkpoint-s seconds (60; never sooner than 20 times the\n"
          "last save's time after it) and on an interrupt, and --resume restores it: a\n"
          "position cut off in its search resumes with every bound it had proven (the\n"
          "file goes when the run finishes; it needs up to twice --tt-mb of disk while a\n"
          "save replaces it). --threads and --tt-mb may change on --resume: the saved\n"
          "entries go into the new table (a smaller one keeps only part of them).\n"
          "So there an interrupt (Ctrl-C, SIGTERM) stops the searches in flight at once\n"
          "and saves the table; elsewhere it lets the positions in flight finish. A\n"
          "second interrupt stops at once, keeping the finished results.\n"
          "Presets: --preset=demo (the default job: a small exact exploration, output in\n"
          "./explore-demo), --preset=lehmann [--size=N] (Lehmann's Cathedral question under\n"
          "both rule sets). Examples:\n"
          "  tav explore --game=othello --size=6 --plies=4 --out=runs/o6\n"
          "  tav explore --game=othello --size=6 --plies=4 --out=runs/o6 --resume\n"
          "  tav explore --game=cathedral --variant=lehmann --size=7 --plies=1 \\\n"
          "      --mode=threshold --threshold=1 --known=runs/l7-wld --out=runs/l7-dark-wins\n"
          "  tav explore --preset=demo\n"
          "  tav explore --preset=lehmann --size=10 --engine=\"--search=selective --depth=6\"\n"
          "With --mpi, under mpirun (a build with MPI): rank 0 enumerates, hands the frontier\n"
          "positions to the other ranks (each solves one at a time on --threads threads),\n"
          "and is the only writer of OUT; the files and --resume are the same as above:\n"
          "  mpirun -np 9 tav explore --game=othello --size=6 --plies=6 --threads=4 \\\n"
          "      --out=runs/o6 --mpi",
          ExploreFlags(), RunExplore};
}

}  // namespace tav::cli
