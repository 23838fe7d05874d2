// tav solve | bench: the exact solver from the command line.
#include <unistd.h>

#include <cstdio>
#include <new>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "cli/tables_attach.h"
#include "core/setup.h"
#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/solve_json.h"
#include "search/suite.h"

ABSL_FLAG(bool, analyze, false, "solve: also the exact value of every legal move");
ABSL_FLAG(bool, progress, false,
          "solve: print progress lines (presearch depths, root moves) to stderr");
ABSL_FLAG(std::string, suite, "",
          "solve: a known-answer file in the FFO format (data/ffo/ffo-40-49.txt) to run whole");

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

std::size_t PhysicalMegabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) / (1 << 20) * page : 1 << 20;
}

// --mode, --threads, --tt-mb checked; one error line each.
absl::StatusOr<search::SolveOptions> SolveOptionsFromFlags() {
  search::SolveOptions o;
  absl::StatusOr<search::Mode> mode = search::ParseMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) return mode.status();
  if (*mode == search::Mode::kHeuristic) {
    return absl::InvalidArgumentError("bad --mode='heuristic': expected exact or wld");
  }
  o.mode = *mode;
  const int threads = absl::GetFlag(FLAGS_threads);
  if (threads < 0 || threads > 1024) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --threads=", threads, ": must be 0 (all cores) to 1024"));
  }
  o.threads = ThreadsFromFlag();
  const int tt_mb = absl::GetFlag(FLAGS_tt_mb);
  const std::size_t limit = PhysicalMegabytes();
  if (tt_mb < 1 || static_cast<std::size_t>(tt_mb) > limit) {
    return absl::InvalidArgumentError(absl::StrCat("bad --tt-mb=", tt_mb, ": must be 1 to ", limit,
                                                   " (the machine's memory in MiB)"));
  }
  o.tt_mb = static_cast<std::size_t>(tt_mb);
  o.analyze = absl::GetFlag(FLAGS_analyze);
  if (absl::GetFlag(FLAGS_progress)) {
    o.progress = [](const std::string& line) {
      std::fprintf(stderr, "progress: %s\n", line.c_str());
      std::fflush(stderr);
    };
  }
  return o;
}

template <class G>
absl::StatusOr<std::unique_ptr<search::Solver<G>>> MakeSolver(const G& game,
                                                              const search::SolveOptions& o) {
  try {
    return std::make_unique<search::Solver<G>>(game, o);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate a ", o.tt_mb, " MiB transposition table"));
  }
}

template <class G>
void PrintText(const G& game, const typename G::Position& pos, const search::SolveResult<G>& r,
               std::size_t tt_mb) {
  const int side = game.side_to_move(pos);
  std::printf("game       %s %s %s\n", std::string(G::kName).c_str(), game.board_name().c_str(),
              game.variant().c_str());
  std::printf("position   %s\n", game.position_string(pos).c_str());
  std::printf("to move    %s player, remaining %d\n", side == 0 ? "first" : "second",
              Remaining(game, pos));
  if (!r.complete) {
    std::printf("result     unknown (stopped before the end)\n");
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
}

template <class G>
absl::Status SolveOne(const G& game, const search::SolveOptions& o) {
  const std::string moves = absl::GetFlag(FLAGS_moves);
  auto start = SetupPosition(game, absl::GetFlag(FLAGS_position), "");
  if (!start.ok()) return start.status();
  auto pos = PlayMoves(game, *start, moves);
  if (!pos.ok()) return pos.status();
  auto solver = MakeSolver(game, o);
  if (!solver.ok()) return solver.status();
  const search::SolveResult<G> r = (*solver)->Solve(*pos);
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", search::SolveRecord(game, *start, moves, *pos, r, o.tt_mb).dump().c_str());
  } else {
    PrintText(game, *pos, r, o.tt_mb);
  }
  return absl::OkStatus();
}

template <class G>
absl::Status RunSuite(const G& game, const std::vector<search::SuiteEntry>& suite,
                      const search::SolveOptions& o, const std::string& path) {
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
  double total_seconds = 0;
  for (size_t i = 0; i < suite.size(); ++i) {
    const search::SuiteEntry& e = suite[i];
    (*solver)->Clear();  // every position from an empty table: reproducible node counts
    const search::SolveResult<G> r = (*solver)->Solve(positions[i]);
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
      nlohmann::json j = {{"schema", 1},
                          {"kind", "suite_result"},
                          {"id", e.id},
                          {"game", std::string(G::kName)},
                          {"variant", game.variant()},
                          {"size", game.size()},
                          {"position", e.position()},
                          {"mode", std::string(search::ModeName(o.mode))},
                          {"expected", expected},
                          {"expected_moves", e.best_moves},
                          {"value", r.value},
                          {"best_move", best},
                          {"ok", ok},
                          {"nodes", r.stats.nodes},
                          {"seconds", r.stats.seconds},
                          {"nps", r.stats.nps()},
                          {"tt_hit_rate", r.stats.tt_hit_rate()},
                          {"threads", r.stats.threads},
                          {"tt_mb", o.tt_mb},
                          {"provenance", provenance}};
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
    absl::StatusOr<std::uint64_t> memory = MemoryBytesFromFlag();
    if (!memory.ok()) return memory.status();
    return WithGame(*spec, [&](const auto& game) -> absl::Status {
      // --db: endgame tables answer at the leaves (the game's probe hook).
      return WithTablesFromFlag(game, db, *memory,
                                [&](const auto& g) { return SolveOne(g, *options); });
    });
  }
  if (!absl::GetFlag(FLAGS_position).empty() || !absl::GetFlag(FLAGS_moves).empty()) {
    return absl::InvalidArgumentError("--suite cannot be combined with --position or --moves");
  }
  if (options->analyze) return absl::InvalidArgumentError("--analyze does not apply to --suite");
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
  return WithGame(spec,
                  [&](const auto& game) { return RunSuite(game, *suite, *options, suite_path); });
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
  double total_seconds = 0;
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
      const auto r = solver.Solve(*pos);
      total_nodes += r.stats.nodes;
      total_seconds += r.stats.seconds;
      if (json) {
        rows.push_back({{"game", b.game},
                        {"size", b.size},
                        {"variant", b.variant},
                        {"position", b.position},
                        {"value", r.value},
                        {"nodes", r.stats.nodes},
                        {"seconds", r.stats.seconds}});
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
  if (json) {
    std::printf("%s\n", nlohmann::json({{"schema", 1},
                                        {"kind", "bench"},
                                        {"positions", rows},
                                        {"nodes", total_nodes},
                                        {"seconds", total_seconds},
                                        {"nps", nps},
                                        {"provenance", Provenance()}})
                            .dump()
                            .c_str());
  } else {
    std::printf("bench nodes %llu  seconds %.3f  nodes/s %.0f\n",
                static_cast<unsigned long long>(total_nodes), total_seconds, nps);
  }
  return absl::OkStatus();
}

std::vector<std::string_view> Concat(std::vector<std::vector<std::string_view>> lists) {
  std::vector<std::string_view> out;
  for (auto& l : lists) out.insert(out.end(), l.begin(), l.end());
  return out;
}

}  // namespace

Command SolveCommand() {
  return {"solve", "solve a position exactly: value, best move, principal variation",
          "Prints the value for the side to move (win/draw/loss), the best move, the\n"
          "principal variation (every move proven) and statistics. --mode=wld finds only\n"
          "win/draw/loss (cheaper); --analyze adds the exact value of every legal move;\n"
          "--json prints one 'solve' record (data/README.md). --suite=FILE solves every\n"
          "position of an FFO-format file (data/ffo/ffo-40-49.txt) and prints a table\n"
          "(with --json one 'suite_result' line each); it exits 1 if any disagrees.\n"
          "Examples:\n"
          "  tav solve --game=othello --size=6 --moves='c2 b2'\n"
          "  tav solve --suite=data/ffo/ffo-40-49.txt --threads=2\n"
          "  tav solve --game=prairie --size=6 --db=db/prairie6  (tables at the leaves)",
          Concat({kGameFlags,
                  kPositionFlags,
                  {"mode", "threads", "tt-mb", "json", "analyze", "suite", "progress", "db",
                   "memory-gb"}}),
          RunSolve};
}

Command BenchCommand() {
  return {"bench",
          "solve a fixed set of endgames: node signature and speed",
          "Solves a fixed set of positions single-threaded with a fresh 64 MiB table and\n"
          "prints each one's nodes and time, then the total node count (a signature\n"
          "that changes only when the search's behaviour does) and nodes per second.",
          {"json"},
          RunBench};
}

}  // namespace tav::cli
