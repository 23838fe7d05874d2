// tav solve | bench: the exact solver from the command line.
#include <cmath>
#include <cstdio>
#include <ctime>
#include <new>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "cli/tables_attach.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "core/tree_estimate.h"
#include "eval/evaluation.h"
#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/solve_json.h"
#include "search/suite.h"

ABSL_DECLARE_FLAG(std::string, eval);  // cmd_eval.cc

ABSL_FLAG(bool, analyze, false, "solve: also the exact value of every legal move");
ABSL_FLAG(bool, progress, false,
          "solve: print progress lines (presearch depths, root moves) to stderr");
ABSL_FLAG(std::string, suite, "",
          "solve: a known-answer file, FFO format (data/ffo/ffo-40-49.txt) or Edax .obf lines");

namespace tav::cli {
namespace {

// 12345678 -> "12,345,678"
std::string Grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string Signed(int v) { return v > 0 ? absl::StrCat("+", v) : absl::StrCat(v); }

// A threshold solve's bound turned to the first player: the side to move's
// fail-soft value `value` is a lower bound when it reaches the side's
// threshold (SolveOptions::threshold), else an upper one; for the second
// player both flip (the first player's value is minus theirs). `yes`: the
// first player's value is at least their threshold.
struct ThresholdBound {
  bool yes;
  int value;  // the first player's bound: lower if yes, else upper
};
ThresholdBound FirstPlayerBound(int side, int value, int side_threshold) {
  return {(value >= side_threshold) == (side == 0), side == 0 ? value : -value};
}

// --mode and --threshold checked (ParseFlags has checked the ranges of
// --threads and --tt-mb). A threshold is the first player's here; SolveOne
// turns it to the side to move's (SolveOptions::threshold).
absl::StatusOr<search::SolveOptions> SolveOptionsFromFlags() {
  search::SolveOptions o;
  absl::StatusOr<search::Mode> mode = search::ParseMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) return mode.status();
  if (*mode == search::Mode::kHeuristic) {
    return absl::InvalidArgumentError("bad --mode='heuristic': expected exact, wld or threshold");
  }
  o.mode = *mode;
  absl::StatusOr<int> threshold = ThresholdFromFlag(o.mode == search::Mode::kThreshold);
  if (!threshold.ok()) return threshold.status();
  o.threshold = *threshold;
  o.threads = ThreadsFromFlag();
  o.tt_mb = static_cast<std::size_t>(absl::GetFlag(FLAGS_tt_mb));
  o.analyze = absl::GetFlag(FLAGS_analyze);
  if (o.analyze && o.mode == search::Mode::kThreshold) {
    return absl::InvalidArgumentError("--analyze needs --mode=exact or wld, not threshold");
  }
  if (absl::GetFlag(FLAGS_progress)) {
    o.progress = [](const std::string& line) {
      std::fprintf(stderr, "progress: %s\n", line.c_str());
      std::fflush(stderr);
    };
  }
  return o;
}

// The evaluation that orders an exact solve's moves (the presearch's and sort
// searches' evaluate(); never the value): --eval where given; else "default"
// (the learned evaluation where this build has weights for the board) for a
// game that asks for it (kSolveOrderedByLearnedEvaluation, core/game.h); else
// none (the game's own evaluate()).
template <class G>
std::string SolveEvalName() {
  if (FlagGiven("eval")) return absl::GetFlag(FLAGS_eval);
  if constexpr (requires { G::kSolveOrderedByLearnedEvaluation; }) {
    if constexpr (G::kSolveOrderedByLearnedEvaluation) return std::string(eval::kDefault);
  }
  return "";
}

// The record's name of the game's own evaluation: none where it has none.
template <class G>
std::string OwnEvalName() {
  return HasEvaluate<G> ? std::string(eval::kHandmade) : std::string("none");
}

template <class G>
absl::StatusOr<std::unique_ptr<search::Solver<G>>> MakeSolver(const G& game,
                                                              const search::SolveOptions& o) {
  try {
    return std::make_unique<search::Solver<G>>(game, o);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(absl::StrCat("out of memory: could not allocate a ",
                                                     o.tt_mb,
                                                     " MiB transposition table; lower --tt-mb"));
  }
}

// A solve estimated to run for months (core/tree_estimate.h) is refused
// unless --force.
template <class G>
absl::Status CheckSolveFinishes(const G& game, const typename G::Position& pos) {
  if (absl::GetFlag(FLAGS_force)) return absl::OkStatus();
  const absl::Status s = CheckSearchFinishes(game, pos, "a solve");
  if (s.ok()) return s;
  return absl::FailedPreconditionError(
      absl::StrCat(s.message(),
                   "; solve a later position (--moves, --position), or add --force to run it "
                   "anyway"));
}

// A threshold solve's answer, in the first player's terms: is their value at
// least `first_threshold`, and the proven bound that says so.
template <class G>
void PrintThreshold(const G& game, const typename G::Position& pos, const search::SolveResult<G>& r,
                    int first_threshold) {
  const int side = game.side_to_move(pos);
  const ThresholdBound b =
      FirstPlayerBound(side, r.value, search::MoverThreshold(side, first_threshold));
  std::printf("threshold  is the first player's value at least %s? %s (proven: %s %s)\n",
              Signed(first_threshold).c_str(), b.yes ? "yes" : "no",
              b.yes ? ">=" : "<=", Signed(b.value).c_str());
  std::printf("best move  %s\n", r.best_move
                                     ? game.move_string(pos, *r.best_move).c_str()
                                     : "none (no move of the side to move reaches its side of it)");
}

template <class G>
void PrintText(const G& game, const typename G::Position& pos, const search::SolveResult<G>& r,
               std::size_t tt_mb, const TablesUsed& tables, const std::string& db,
               int first_threshold) {
  const int side = game.side_to_move(pos);
  std::printf("game       %s %s %s\n", std::string(G::kName).c_str(), game.board_name().c_str(),
              game.variant().c_str());
  std::printf("position   %s\n", game.position_string(pos).c_str());
  std::printf("to move    %s player, remaining %d\n", side == 0 ? "first" : "second",
              Remaining(game, pos));
  if (!r.complete) {
    std::printf("result     unknown (stopped before the end)\n");
  } else if (r.mode == search::Mode::kThreshold && !r.exact) {  // (exact: the game was over)
    PrintThreshold(game, pos, r, first_threshold);
  } else {
    const int first = side == 0 ? r.value : -r.value;
    std::printf("value      %s (%s for the side to move; first player %s)%s\n",
                Signed(r.value).c_str(), search::ResultWord(r.value), Signed(first).c_str(),
                r.mode == search::Mode::kWld ? "  [wld: sign only]" : "");
    if (r.plies) std::printf("plies      %d to the end\n", *r.plies);
    std::printf("best move  %s\n",
                r.best_move ? game.move_string(pos, *r.best_move).c_str() : "none (game over)");
    std::vector<std::string> pv;
    typename G::Position p = pos;
    for (const auto& m : r.pv) {
      pv.push_back(game.move_string(p, m));
      game.play(p, m);
    }
    std::printf("pv         %s\n", absl::StrJoin(pv, " ").c_str());
    if (!r.analysis.empty()) {
      std::vector<std::string> items;
      for (const auto& [m, v] : r.analysis) {
        items.push_back(absl::StrCat(game.move_string(pos, m), " ", Signed(v)));
      }
      std::printf("analysis   %s\n", absl::StrJoin(items, ", ").c_str());
    }
  }
  const search::SearchStats& s = r.stats;
  std::printf("nodes      %s in %.3f s, %.1f M nodes/s, %d thread%s\n", Grouped(s.nodes).c_str(),
              s.seconds, s.nps() / 1e6, s.threads, s.threads == 1 ? "" : "s");
  std::printf("tt         %zu MiB, probes %s, hits %s (%.1f%%), cutoffs %s\n", tt_mb,
              Grouped(s.tt_probes).c_str(), Grouped(s.tt_hits).c_str(), 100 * s.tt_hit_rate(),
              Grouped(s.tt_cutoffs).c_str());
  if (tables.attached) {
    std::printf("tables     --db=%s: probed %s times, %s hits\n", db.c_str(),
                Grouped(tables.probes).c_str(), Grouped(tables.hits).c_str());
  } else {
    std::printf("tables     none (no --db)\n");
  }
}

// `eval_name`: the evaluation ordering the moves, for the record.
template <class G>
absl::Status SolveOne(const G& game, const search::SolveOptions& o, const std::string& db,
                      const std::string& eval_name) {
  const std::string moves = absl::GetFlag(FLAGS_moves);
  auto start = SetupPosition(game, absl::GetFlag(FLAGS_position), "");
  if (!start.ok()) return start.status();
  auto pos = PlayMoves(game, *start, moves);
  if (!pos.ok()) return pos.status();
  if (absl::Status s = CheckSolveFinishes(game, *pos); !s.ok()) return s;
  const int first_threshold = o.threshold;
  search::SolveOptions options = o;
  if (o.mode == search::Mode::kThreshold) {
    if (absl::Status s = CheckThresholdRange<G>(first_threshold, "--threshold"); !s.ok()) return s;
    options.threshold = search::MoverThreshold(game.side_to_move(*pos), first_threshold);
  }
  auto solver = MakeSolver(game, options);
  if (!solver.ok()) return solver.status();
  const search::SolveResult<G> r = (*solver)->Solve(*pos);
  // A damaged table met during the search is an error, not a silent fallback.
  const TablesUsed tables = TablesUsedBy(game);
  if (!tables.error.ok()) return tables.error;
  if (absl::GetFlag(FLAGS_json)) {
    nlohmann::json j = search::SolveRecord(game, *start, moves, *pos, r, o.tt_mb);
    j["db"] = tables.attached ? nlohmann::json(db) : nlohmann::json();
    j["eval"] = eval_name;
    j["table_probes"] = tables.probes;
    j["table_hits"] = tables.hits;
    if (o.mode == search::Mode::kThreshold && r.complete) {
      // A bound, not a value (data/README.md): which side of the threshold;
      // on a finished game the score itself, exact as the explorer records it.
      const bool lower = r.value >= options.threshold;
      j["value_kind"] = r.exact ? "exact" : "bound";
      j["bound"] = r.exact ? nlohmann::json() : nlohmann::json(lower ? "lower" : "upper");
      j["threshold"] = first_threshold;
      if (!r.exact) j["result"] = nullptr;
    }
    std::printf("%s\n", j.dump().c_str());
  } else {
    PrintText(game, *pos, r, o.tt_mb, tables, db, first_threshold);
  }
  return absl::OkStatus();
}

// `eval_name`: the evaluation ordering the moves, for the records.
template <class G>
absl::Status RunSuite(const G& game, const std::vector<search::SuiteEntry>& suite,
                      const search::SolveOptions& o, const std::string& path,
                      const std::string& eval_name) {
  // Check the whole file before solving anything.
  std::vector<typename G::Position> positions;
  for (const search::SuiteEntry& e : suite) {
    auto pos = game.parse_position(e.position());
    if (!pos.ok()) {
      return absl::DataLossError(
          absl::StrCat(path, ":", e.line, ": bad position: ", pos.status().message()));
    }
    for (const std::string& m : e.best_moves) {
      if (auto mv = game.parse_move(*pos, m); !mv.ok()) {
        return absl::DataLossError(
            absl::StrCat(path, ":", e.line, ": bad best move: ", mv.status().message()));
      }
    }
    positions.push_back(*pos);
  }
  auto solver = MakeSolver(game, o);
  if (!solver.ok()) return solver.status();
  const bool json = absl::GetFlag(FLAGS_json);
  const bool wld = o.mode == search::Mode::kWld;
  if (!json) {
    std::printf("%-6s %8s %5s %-6s %-4s %16s %10s %8s\n", "id", "expected", "got", "best", "ok",
                "nodes", "seconds", "Mn/s");
  }
  const nlohmann::json provenance = json ? Provenance() : nlohmann::json();
  int failed = 0;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0, total_cpu_seconds = 0;
  for (size_t i = 0; i < suite.size(); ++i) {
    const search::SuiteEntry& e = suite[i];
    (*solver)->Clear();  // every position from an empty table: reproducible node counts
    const std::clock_t cpu0 = std::clock();
    const search::SolveResult<G> r = (*solver)->Solve(positions[i]);
    // CPU time of this process (std::clock): what a loaded machine's wall clock hides.
    const double cpu_seconds = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    total_cpu_seconds += cpu_seconds;
    const std::string best = r.best_move ? game.move_string(positions[i], *r.best_move) : "-";
    const int expected = wld ? search::Sign(e.score) : e.score;
    bool ok = r.complete && r.value == expected;
    if (!wld) {
      ok = ok && (r.best_move ? std::find(e.best_moves.begin(), e.best_moves.end(), best) !=
                                    e.best_moves.end()
                              : true);
    }
    failed += !ok;
    total_nodes += r.stats.nodes;
    total_seconds += r.stats.seconds;
    if (json) {
      nlohmann::json j = RecordHeader(game, "suite_result");
      j.update({{"id", e.id},
                {"position", e.position()},
                {"mode", std::string(search::ModeName(o.mode))},
                {"expected", expected},
                {"expected_moves", e.best_moves},
                {"value", r.value},
                {"best_move", best},
                {"ok", ok},
                {"nodes", r.stats.nodes},
                {"seconds", r.stats.seconds},
                {"cpu_seconds", cpu_seconds},
                {"eval", eval_name},
                {"nps", r.stats.nps()},
                {"tt_hit_rate", r.stats.tt_hit_rate()},
                {"threads", r.stats.threads},
                {"tt_mb", o.tt_mb},
                {"provenance", provenance}});
      std::printf("%s\n", j.dump().c_str());
    } else {
      std::printf("%-6s %8s %5s %-6s %-4s %16s %10.3f %8.1f\n", e.id.c_str(),
                  Signed(expected).c_str(), Signed(r.value).c_str(), best.c_str(),
                  ok ? "ok" : "FAIL", Grouped(r.stats.nodes).c_str(), r.stats.seconds,
                  r.stats.nps() / 1e6);
    }
    std::fflush(stdout);
  }
  if (!json) {
    std::printf("%-6s %8s %5s %-6s %-4s %16s %10.3f %8.1f\n", "total", "", "", "",
                failed ? "FAIL" : "ok", Grouped(total_nodes).c_str(), total_seconds,
                total_seconds > 0 ? total_nodes / total_seconds / 1e6 : 0.0);
    std::printf("cpu-seconds %.3f, eval %s\n", total_cpu_seconds, eval_name.c_str());
  }
  if (failed) {
    return absl::InternalError(
        absl::StrCat(failed, " of ", suite.size(), " suite positions disagree with ", path));
  }
  return absl::OkStatus();
}

absl::Status RunSolve(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("solve takes no positional arguments");
  absl::StatusOr<search::SolveOptions> options = SolveOptionsFromFlags();
  if (!options.ok()) return options.status();
  const std::string suite_path = absl::GetFlag(FLAGS_suite);
  if (suite_path.empty()) {
    absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
    if (!spec.ok()) return spec.status();
    const std::string db = absl::GetFlag(FLAGS_db);
    const std::uint64_t memory = MemoryBytesFromFlag();  // ranges: ParseFlags (flags.h)
    return WithGame(*spec, [&](const auto& game) -> absl::Status {
      using G = std::decay_t<decltype(game)>;
      if (FlagGiven("eval") && !db.empty()) {
        return absl::InvalidArgumentError("--eval cannot be combined with --db");
      }
      if (const std::string name = SolveEvalName<G>(); !name.empty() && db.empty()) {
        return eval::WithEvaluation(game, name, [&](const auto& g) {
          return SolveOne(g, *options, db, eval::ResolvedEvalName(game, name));
        });
      }
      // --db: endgame tables answer at the leaves (the game's probe hook).
      return WithTablesFromFlag(game, db, memory, [&](const auto& g) {
        return SolveOne(g, *options, db, OwnEvalName<G>());
      });
    });
  }
  if (!absl::GetFlag(FLAGS_position).empty() || !absl::GetFlag(FLAGS_moves).empty()) {
    return absl::InvalidArgumentError("--suite cannot be combined with --position or --moves");
  }
  if (options->analyze) return absl::InvalidArgumentError("--analyze does not apply to --suite");
  if (options->mode == search::Mode::kThreshold) {
    return absl::InvalidArgumentError("--mode=threshold does not apply to --suite");
  }
  if (absl::Status s = CheckInputFile("--suite", suite_path); !s.ok()) return s;
  auto suite = search::ReadSuiteFile(suite_path);
  if (!suite.ok()) return suite.status();
  // The game defaults to Othello (the FFO format's game), the size to the board's.
  GameSpec spec;
  spec.game = absl::GetFlag(FLAGS_game).empty() ? "othello" : absl::GetFlag(FLAGS_game);
  spec.variant = absl::GetFlag(FLAGS_variant);
  spec.size = absl::GetFlag(FLAGS_size);
  if (spec.size < 0) {
    return absl::InvalidArgumentError(absl::StrCat("bad --size=", spec.size, ": must be positive"));
  }
  if (spec.size == 0) {
    int n = 1;
    while (n * n < static_cast<int>(suite->front().board.size())) ++n;
    spec.size = n;
  }
  return WithGame(spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    const std::string name = SolveEvalName<G>();
    if (name.empty()) {
      return RunSuite(game, *suite, *options, suite_path, OwnEvalName<G>());
    }
    return eval::WithEvaluation(game, name, [&](const auto& g) {
      return RunSuite(g, *suite, *options, suite_path, eval::ResolvedEvalName(game, name));
    });
  });
}

// ---- tav bench --------------------------------------------------------------

// A fixed set of endgames, solved single-threaded from an empty 64 MiB table.
// The node total is a signature of the search's behaviour: it changes when
// (and only when) the search visits a different tree.
struct BenchPosition {
  const char* game;
  int size;
  const char* variant;
  const char* position;
};
constexpr BenchPosition kBenchPositions[] = {
    // FFO #40 (20 empties)
    {"othello", 8, "standard",
     "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"},
    // FFO #41 (22 empties)
    {"othello", 8, "standard",
     "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X"},
    // Random playouts (SplitMix64 seeds 1-4) stopped at 20-22 empties.
    {"desdemona", 8, "standard",
     "ONO----OONNXXX-N-XXXNONOONNNONONNXXONNNONXXXXX-XO-X-X----------- X"},
    {"desdemona", 6, "misere", "X------N-OX-ONNXX---XNXO----X-----X- O"},
    {"othello", 6, "standard", "XXOO---XO-O-XXXO---OOO-------------- X"},
    {"desdemona", 6, "standard", "----O----N----OXO--NXNN-O-NXO---X--- X"},
};

absl::Status RunBench(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("bench takes no positional arguments");
  const bool json = absl::GetFlag(FLAGS_json);
  std::uint64_t total_nodes = 0;
  double total_seconds = 0, total_cpu_seconds = 0;  // wall; CPU (std::clock: this process)
  int index = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const BenchPosition& b : kBenchPositions) {
    ++index;
    GameSpec spec{b.game, b.variant, b.size, ""};
    absl::Status status = WithGame(spec, [&](const auto& game) -> absl::Status {
      auto pos = game.parse_position(b.position);
      if (!pos.ok()) return absl::InternalError(std::string(pos.status().message()));
      search::SolveOptions o;
      o.tt_mb = 64;
      o.threads = 1;
      o.pv = false;
      search::Solver<std::decay_t<decltype(game)>> solver(game, o);
      const std::clock_t cpu0 = std::clock();
      const auto r = solver.Solve(*pos);
      const double cpu_seconds = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
      total_nodes += r.stats.nodes;
      total_seconds += r.stats.seconds;
      total_cpu_seconds += cpu_seconds;
      if (json) {
        rows.push_back({{"game", b.game},
                        {"size", b.size},
                        {"variant", b.variant},
                        {"position", b.position},
                        {"value", r.value},
                        {"nodes", r.stats.nodes},
                        {"seconds", r.stats.seconds},
                        {"cpu_seconds", cpu_seconds}});
      } else {
        std::printf("%2d  %-9s %dx%d %-8s value %+3d  nodes %14s  %8.3f s  %6.1f Mn/s\n", index,
                    b.game, b.size, b.size, b.variant, r.value, Grouped(r.stats.nodes).c_str(),
                    r.stats.seconds, r.stats.nps() / 1e6);
      }
      return absl::OkStatus();
    });
    if (!status.ok()) return status;
    std::fflush(stdout);
  }
  const double nps = total_seconds > 0 ? total_nodes / total_seconds : 0;
  // Per CPU-second: what a loaded machine's wall clock hides.
  const double nps_cpu = total_cpu_seconds > 0 ? total_nodes / total_cpu_seconds : 0;
  if (json) {
    std::printf("%s\n", nlohmann::json({{"schema", 1},
                                        {"kind", "bench"},
                                        {"positions", rows},
                                        {"nodes", total_nodes},
                                        {"seconds", total_seconds},
                                        {"nps", nps},
                                        {"cpu_seconds", total_cpu_seconds},
                                        {"nps_cpu", nps_cpu},
                                        {"provenance", Provenance()}})
                            .dump()
                            .c_str());
  } else {
    std::printf(
        "bench nodes %llu  seconds %.3f  nodes/s %.0f  cpu-seconds %.3f  nodes/cpu-s %.0f\n",
        static_cast<unsigned long long>(total_nodes), total_seconds, nps, total_cpu_seconds,
        nps_cpu);
  }
  return absl::OkStatus();
}

}  // namespace

Command SolveCommand() {
  return {"solve", "solve a position exactly: value, best move, principal variation",
          "Prints the value for the side to move (win/draw/loss), the best move, the\n"
          "principal variation (every move proven) and statistics. --mode=wld finds only\n"
          "win/draw/loss (cheaper); --mode=threshold --threshold=T only whether the first\n"
          "player's value is at least T, with the proven bound that says so (cheaper\n"
          "still: one null-window search); --analyze adds the exact value of every legal move;\n"
          "--json prints one 'solve' record (data/README.md). --suite=FILE solves every\n"
          "position of an FFO-format file (data/ffo/ffo-40-49.txt) or of Edax .obf lines\n"
          "('BOARD X; g8:+18; h1:+12;': the best listed score is the expected one) and\n"
          "prints a table (with --json one 'suite_result' line each); it exits 1 if any\n"
          "disagrees. An 8x8 Othello --position may be an .obf line too.\n"
          "A solve estimated (random playouts, core/tree_estimate.h) at over 10^15\n"
          "nodes, which cannot finish, is refused with the estimate unless --force is\n"
          "given (Othello 8x8 from the start: 10^27). With --db the output says how\n"
          "often the tables were probed; a missing or damaged table file is an error.\n"
          "--eval names the evaluation of the presearch and sort searches that order the\n"
          "moves (never the value): handmade, learned, default or a weights FILE; without\n"
          "--eval, default for Othello and Desdemona (learned where weights for the board\n"
          "are built in: Othello 8x8), else the game's handmade evaluate().\n"
          "Examples:\n"
          "  tav solve --game=othello --size=6 --moves='c2 b2'\n"
          "  tav solve --suite=data/ffo/ffo-40-49.txt --threads=2\n"
          "  tav solve --game=prairie --size=6 --db=db/prairie6  (tables at the leaves)",
          FlagList({kGameFlags,
                    kPositionFlags,
                    {"mode", "threshold", "threads", "tt-mb", "json", "analyze", "suite",
                     "progress", "force", "db", "memory-mb", "eval"}}),
          RunSolve};
}

Command BenchCommand() {
  return {"bench",
          "solve a fixed set of endgames: node signature and speed",
          "Solves a fixed set of positions single-threaded with a fresh 64 MiB table and\n"
          "prints each one's nodes and time, then the total node count (a signature\n"
          "that changes only when the search's behaviour does, bench/bench_signature.txt)\n"
          "and nodes per second of wall time and of CPU time.",
          {"json"},
          RunBench};
}

}  // namespace tav::cli
