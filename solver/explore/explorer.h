// The opening explorer: enumerate, solve the frontier in parallel, back up.
// Explore() runs these steps (its "Step N." comments):
//   1. The directory: created; a run.json already there must describe the
//      same exploration, and is only continued with `resume`.
//   2. Enumerate the opening tree to `plies` plies (opening_tree.h: merged by
//      symmetry and transposition).
//   3. `resume`: reload the log's lines (a torn last line dropped) for the
//      frontier positions they solve; only what is missing is solved.
//      `known_dir`: another exploration of the same game and root whose
//      records already answer this run's question for some positions (an
//      exact run's values a wld run's signs, say): those are taken too.
//   4. run.json says "running"; the records taken from `known_dir` are
//      appended to the log as they were.
//   5. Solve or search every frontier position (a WorkUnit: independent, so
//      the order and the machine do not matter) with OpenMP threads,
//      dynamically scheduled one position at a time. Each thread owns one
//      frontier solver made by `make_solver()`; solvers may share a
//      transposition table (the factory decides), which pays off because
//      frontier positions of one opening transpose into each other deeper down.
//      Each finished position is appended to DIR/results.jsonl at once (one
//      line, one write(2)), so a run killed at any moment loses at most the
//      positions in flight; a syncer thread fdatasyncs the log as soon as
//      anything new is in it (run_files.h LogSyncer), so a power failure too
//      loses at most the last moments. In exact and WLD runs the shared
//      table is saved to DIR/table.tt now and then and on an interrupt, and
//      restored on `resume` (table_checkpoint.h), so that the positions in
//      flight lose little of their search either; there an interrupt stops
//      their searches at once (elsewhere they finish first), since the saved
//      table keeps what they proved.
//   6. Back the values up to the root (core/proven_value.h Backup: kinds combine soundly).
//   7. Write the final results.jsonl (sorted, frontier + backed-up records),
//      book.tvb and run.json, each atomically.
//
// Memory: the solvers' transposition table (--tt-mb) plus the opening tree
// and its records: about 2 x sizeof(Position) + 150 bytes + 16 bytes per legal
// move per node, plus ~300 bytes + the PV per record (run.json reports the
// peak resident size as `peak_rss_mb`).
//
// A frontier solver is any type with
//   UnitResult Solve(const G::Position&, const SearchLimits&);
// made by `make_solver(threads)`, where `threads` is how many threads that one
// solver may use itself: 1 while there are at least as many positions left as
// threads (parallelism across positions wastes nothing), more when a run has
// fewer frontier positions than threads (a Lehmann run on a small board).
// frontier_solver.h is the default (tests/alphabeta_unit_solver.h, a plain
// alpha-beta without a table, is the tests' independent one); where the
// limits name an engine configuration (SearchLimits::engine, text to the
// explorer) it searches with that engine (engine_solver.h).
//
// Step 5 elsewhere: with `opts.dispatcher` (dispatch/dispatcher.h, e.g. the
// workers of an MPI run) the frontier positions are not solved here but sent
// out as WorkUnits (WorkUnit::ToJson, heaviest first by Knuth's tree
// estimate) and their results (ResultToJson) come back to this thread, which
// logs each one exactly as a local thread does; Steps 1-4, 6 and 7, the files
// and the resume are the same, so a dispatched run and a local one agree on
// every value (and resume each other's directories).
#pragma once

#include <omp.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "book/book.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "core/interrupt.h"
#include "core/move_mapping.h"
#include "core/natural_order.h"
#include "core/proven_value.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "core/tree_estimate.h"
#include "dispatch/dispatcher.h"
#include "explore/annotations.h"
#include "explore/opening_tree.h"
#include "explore/progress.h"
#include "explore/run_files.h"
#include "explore/table_checkpoint.h"
#include "explore/work_unit.h"
#include "nlohmann/json.hpp"

namespace tav::explore {

struct ExploreOptions {
  RunIdentity id;  // what is explored (checked on resume)
  int threads = 1;
  int tt_mb = 0;
  std::string solver = "alphabeta";  // name of the frontier solver, for run.json
  std::string out_dir;
  bool resume = false;
  bool progress = true;
  std::string label = "explore";  // prefix of progress lines
  int test_delay_ms = 0;          // sleep after each position (crash tests only)
  std::size_t max_nodes = 50'000'000;
  dispatch::Dispatcher* dispatcher = nullptr;  // Step 5 elsewhere (see the top); null: here
  // Exact and win/draw/loss runs: refuse (before run.json is written) a frontier
  // still to solve with a position estimated beyond kMaxLog10SearchNodes
  // (core/tree_estimate.h); the CLI sets it unless --force.
  bool refuse_unfinishable = false;
  // Exact and win/draw/loss runs on this machine: save the solvers' shared
  // table to OUT/table.tt about this often (seconds; 0 = never), restore it
  // on resume (explore/table_checkpoint.h).
  double table_checkpoint_seconds = 0;
  // Optional: the directory of another exploration (same game, options and
  // root) whose frontier records decide this run's question (Decides): those
  // positions are copied into this run's log instead of being solved.
  std::string known_dir;
};

// Whether `v`, proven for a position where `side` moves, answers what
// `limits` ask: exact, an exact value; wld, the sign; threshold, on which side
// of the threshold the first player's value lies. Never for search mode.
inline bool Decides(const Value& v, int side, const SearchLimits& limits) {
  switch (limits.mode) {
    case Mode::kExact:
      return v.kind == ValueKind::kExact;
    case Mode::kWld:
      return v.kind != ValueKind::kHeuristic &&
             (v.lower >= 1 || v.upper <= -1 || (v.lower == 0 && v.upper == 0));
    case Mode::kThreshold: {
      if (v.kind == ValueKind::kHeuristic) return false;
      const int lower = side == 0 ? v.lower : -v.upper, upper = side == 0 ? v.upper : -v.lower;
      return lower >= limits.threshold || upper < limits.threshold;
    }
    case Mode::kSearch:
      return false;
  }
  return false;
}

struct ExploreSummary {
  std::size_t positions = 0, frontier = 0, terminal = 0, backed_up = 0;
  std::size_t resumed = 0;          // frontier positions found in the log
  std::size_t known = 0;            // frontier positions taken from known_dir this session
  std::size_t solved = 0;           // frontier positions solved in this session
  std::uint64_t nodes = 0;          // over every frontier position (resumed ones too)
  std::uint64_t session_nodes = 0;  // of the positions solved in this session
  double cpu_seconds = 0;           // sum of the frontier positions' search times
  double wall_seconds = 0;          // this session
  bool interrupted = false;
  Value root;
  std::string root_best_move;
  std::vector<nlohmann::json> records;  // every record, in results.jsonl order
};

namespace internal {

inline long PeakRssMb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

// The files of a run directory.
struct RunPaths {
  std::filesystem::path dir;
  std::string run, log, book;  // run.json, results.jsonl, book.tvb
  explicit RunPaths(const std::string& out_dir)
      : dir(out_dir),
        run((dir / "run.json").string()),
        log((dir / "results.jsonl").string()),
        book((dir / "book.tvb").string()) {}
};

// Step 1. Creates the directory; returns the run.json of the run being
// resumed (null for a new run), or why this run may not use the directory.
inline absl::StatusOr<nlohmann::json> OpenRunDirectory(const ExploreOptions& opts,
                                                       const RunPaths& paths) {
  namespace fs = std::filesystem;
  using nlohmann::json;
  std::error_code ec;
  fs::create_directories(paths.dir, ec);
  if (ec) {
    return absl::InternalError(
        absl::StrCat("cannot create ", paths.dir.string(), ": ", ec.message()));
  }
  json previous;  // run.json of the run being resumed
  if (fs::exists(paths.run)) {
    if (!opts.resume) {
      return absl::AlreadyExistsError(
          absl::StrCat(paths.dir.string(),
                       " already holds an exploration (run.json); add --resume to continue or "
                       "re-check it, or choose another --out"));
    }
    absl::StatusOr<json> run = ReadRunJson(paths.run);
    if (!run.ok()) return run.status();
    if (absl::Status s = CheckSameRun(*run, opts.id, paths.run); !s.ok()) return s;
    previous = *run;
  } else if (fs::exists(paths.log) && fs::file_size(paths.log) > 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(paths.log,
                     " exists without run.json, so it cannot be checked against this run; move it "
                     "away or choose another --out"));
  }
  return previous;
}

// What the steps of one exploration share.
template <Game G>
struct Exploration {
  Exploration(const G& g, const ExploreOptions& o, const OpeningTree<G>& t)
      : game(g), opts(o), tree(t), paths(o.out_dir) {}

  const G& game;
  const ExploreOptions& opts;
  const OpeningTree<G>& tree;
  RunPaths paths;
  int n_nodes = 0;
  std::vector<int> frontier;  // leaves that are not over
  ExploreSummary summary;
  std::vector<std::optional<UnitResult>> results;  // per node: the frontier's results
  std::vector<nlohmann::json> records;             // per node: its results.jsonl record
  LoadedResults loaded;                            // the log, when resuming
  std::vector<int> known_nodes;                    // frontier nodes taken from known_dir
  nlohmann::json run;                              // run.json
  double previous_wall = 0;                        // seconds of the sessions before this one

  // The explore_position record of node n.
  nlohmann::json Record(int n, const Value& v, std::string_view origin, const UnitResult* stats,
                        const std::string& best_move, const std::vector<std::string>& pv) const {
    using nlohmann::json;
    const auto& node = tree.node(n);
    const int side = game.side_to_move(node.position);
    json j = RecordHeader(game, "explore_position");
    j.update({{"ply", node.ply},
              {"moves", tree.Line(n)},
              {"position", game.position_string(node.position)},
              {"canonical_position", game.position_string(node.canonical)},
              {"key", KeyHex(node.key)},
              {"duplicates", node.paths},
              {"origin", origin}});
    PutValue(j, v);
    j["value_first_player"] = side == 0 ? v.value : -v.value;
    const std::optional<std::string> result = ProvenResult(v);
    j["result"] = result ? json(*result) : json(nullptr);
    j["side_to_move"] = side;
    j["best_move"] = best_move.empty() ? json(nullptr) : json(best_move);
    j["pv"] = pv;
    j["nodes"] = stats ? stats->nodes : 0;
    j["seconds"] = stats ? stats->seconds : 0.0;
    j["tt_probes"] = stats ? stats->tt_probes : 0;
    j["tt_hits"] = stats ? stats->tt_hits : 0;
    j["tt_hit_rate"] = stats ? stats->tt_hit_rate() : 0.0;
    j["threads"] = stats ? stats->threads : 0;
    if (stats && !stats->search.empty()) j["search"] = stats->search;  // engine runs
    j["annotations"] = Annotator<G>::Of(game, node.position);
    return j;
  }

  // run.json's totals after `wall_now` seconds of this session (and the
  // summary's node and CPU totals).
  nlohmann::json Totals(double wall_now) {
    std::uint64_t nodes = 0;
    double cpu = 0;
    std::size_t done = 0;
    for (int n : frontier) {
      if (results[n]) {
        nodes += results[n]->nodes;
        cpu += results[n]->seconds;
        ++done;
      }
    }
    summary.nodes = nodes;
    summary.cpu_seconds = cpu;
    const double wall = previous_wall + wall_now;
    return nlohmann::json{{"positions", n_nodes},
                          {"frontier", frontier.size()},
                          {"terminal", summary.terminal},
                          {"searched", done},
                          {"backed_up", summary.backed_up},
                          {"nodes", nodes},
                          {"seconds", wall},
                          {"cpu_seconds", cpu},
                          {"nps", wall > 0 ? nodes / wall : 0.0},
                          {"peak_rss_mb", PeakRssMb()}};
  }

  // Step 2 (the rest). Sorts the leaves into the frontier and finished games.
  void FindFrontier() {
    n_nodes = static_cast<int>(tree.nodes().size());
    summary.positions = n_nodes;
    for (int i : tree.Leaves()) {
      if (tree.node(i).over) {
        ++summary.terminal;
      } else {
        frontier.push_back(i);
      }
    }
    summary.frontier = frontier.size();
    summary.backed_up = n_nodes - frontier.size() - summary.terminal;
    results.resize(n_nodes);
    records.resize(n_nodes);
  }

  // Step 3. Takes the frontier results the log already holds.
  absl::Status Resume() {
    using nlohmann::json;
    absl::StatusOr<LoadedResults> l = LoadResults(paths.log);
    if (!l.ok()) return l.status();
    loaded = std::move(*l);
    if (loaded.torn_tail) {
      std::fprintf(stderr,
                   "tav explore: warning: discarding a truncated last line of %s (%lld bytes, "
                   "written when the run was killed); that position is solved again\n",
                   paths.log.c_str(), loaded.torn_bytes);
    }
    std::size_t foreign = 0;
    absl::Status s = MatchFrontierRecords(
        loaded.records, paths.log,
        [&](int n, const json& r, UnitResult& u) {
          results[n] = std::move(u);
          records[n] = r;
          ++summary.resumed;
        },
        &foreign);
    if (!s.ok()) return s;
    if (foreign > 0) {
      std::fprintf(stderr,
                   "tav explore: warning: %zu records of %s are not frontier positions of this "
                   "run and are ignored\n",
                   foreign, paths.log.c_str());
    }
    return absl::OkStatus();
  }

  // Steps 3 (resume and known_dir). Calls take(n, record, result) for each
  // frontier record of `records` (read from `path`) whose node has no result
  // yet; a later line for the same node is a duplicate and skipped. Records
  // match by canonical form and by representative: one counts only for the
  // same position in the same frame (its best move and PV are in that
  // frame); `foreign`, if given, counts the frontier records of other
  // positions. DataLoss naming the line if a matching record does not parse.
  template <class Take>
  absl::Status MatchFrontierRecords(const std::vector<nlohmann::json>& records_in,
                                    const std::string& path, Take take,
                                    std::size_t* foreign = nullptr) {
    absl::flat_hash_map<std::string, int> by_position;
    for (int n : frontier) {
      by_position.emplace(absl::StrCat(game.position_string(tree.node(n).canonical), "|",
                                       game.position_string(tree.node(n).position)),
                          n);
    }
    for (std::size_t i = 0; i < records_in.size(); ++i) {
      const nlohmann::json& r = records_in[i];
      if (r.value("kind", "") != "explore_position" || r.value("origin", "") != "search") continue;
      auto it = by_position.find(
          absl::StrCat(r.value("canonical_position", ""), "|", r.value("position", "")));
      if (it == by_position.end()) {
        if (foreign != nullptr) ++*foreign;
        continue;
      }
      if (results[it->second]) continue;
      absl::StatusOr<UnitResult> u = ResultFromJson(r, G::kMaxValue);
      if (!u.ok()) {
        return absl::DataLossError(absl::StrCat(path, " line ", i + 1, ": ", u.status().message()));
      }
      take(it->second, r, *u);
    }
    return absl::OkStatus();
  }

  // Step 3 (known_dir). Takes the frontier records of opts.known_dir that
  // decide this run's question for positions not solved yet; Step 4 copies
  // them into the log (WriteKnown). Nothing is written here.
  absl::Status FindKnown() {
    using nlohmann::json;
    const RunPaths known(opts.known_dir);
    if (opts.id.limits.mode == Mode::kSearch) {
      return absl::InvalidArgumentError(
          "--known needs --mode=exact, wld or threshold (a search's values are estimates)");
    }
    std::error_code ec;
    if (std::filesystem::equivalent(known.dir, paths.dir, ec)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--known=", opts.known_dir, " is --out itself: name another run's directory"));
    }
    absl::StatusOr<json> run = ReadRunJson(known.run);
    if (!run.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat("--known=", opts.known_dir, ": ", run.status().message()));
    }
    if (absl::Status s = CheckSameGame(*run, opts.id, known.run); !s.ok()) return s;
    absl::StatusOr<LoadedResults> l = LoadResults(known.log);
    if (!l.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat("--known=", opts.known_dir, ": ", l.status().message()));
    }
    absl::Status s =
        MatchFrontierRecords(l->records, known.log, [&](int n, const json& r, UnitResult& u) {
          if (!Decides(u.value, game.side_to_move(tree.node(n).position), opts.id.limits)) return;
          results[n] = std::move(u);
          records[n] = r;
          known_nodes.push_back(n);
        });
    summary.known = known_nodes.size();
    return s;
  }

  // Step 4 (known_dir). Appends the records FindKnown took to the log, as
  // they were, and syncs it: a resumed run reads them as its own.
  absl::Status WriteKnown() {
    if (known_nodes.empty()) return absl::OkStatus();
    AppendLog log;
    if (absl::Status s = log.Open(paths.log, loaded.torn_tail ? loaded.valid_bytes : -1); !s.ok()) {
      return s;
    }
    loaded.torn_tail = false;  // cut now; the log opened in Step 5 must keep these lines
    for (int n : known_nodes) {
      if (absl::Status s = log.Write(records[n].dump()); !s.ok()) return s;
    }
    return log.Sync();
  }

  // Step 4. run.json: running (this session appended to the resumed run's).
  absl::Status WriteRunning(const nlohmann::json& previous) {
    using nlohmann::json;
    run = {{"schema", 1}, {"kind", "explore_run"}};
    opts.id.PutInto(run);
    run["threads"] = opts.threads;
    run["tt_mb"] = opts.tt_mb;
    run["solver"] = opts.solver;
    run["started"] = previous.is_object() && previous.contains("started") ? previous["started"]
                                                                          : json(UtcNowIso8601());
    json sessions = previous.is_object() && previous.contains("sessions") ? previous["sessions"]
                                                                          : json::array();
    // Each session's binary and table too: a long run resumed by a newer
    // build says which one proved what (provenance names only the last).
    sessions.push_back({{"started", UtcNowIso8601()},
                        {"commit", GitCommit()},
                        {"threads", opts.threads},
                        {"tt_mb", opts.tt_mb},
                        {"resumed_positions", summary.resumed}});
    if (!opts.known_dir.empty()) {
      sessions.back()["known_from"] = opts.known_dir;
      sessions.back()["known_positions"] = summary.known;
    }
    run["sessions"] = sessions;
    run["finished"] = nullptr;
    previous_wall =
        previous.is_object() && previous.contains("totals") && previous["totals"].is_object()
            ? previous["totals"].value("seconds", 0.0)
            : 0.0;
    run["status"] = "running";
    run["totals"] = Totals(0);
    run["root"] = nullptr;
    run["provenance"] = Provenance();
    return WriteFileAtomically(paths.run, run.dump(2) + "\n");
  }

  // Builds a T in place from a factory's result (std::optional::emplace of
  // a type that need not be movable).
  template <class T>
  struct Made {
    std::function<T()> make;
    operator T() const { return make(); }
  };

  // The "out of memory" error of a frontier solve.
  absl::Status OutOfMemory() const {
    return absl::ResourceExhaustedError(absl::StrCat(
        "out of memory: could not allocate the frontier solvers (transposition tables of "
        "--tt-mb=",
        opts.tt_mb, " MiB, per thread in search mode); lower --tt-mb or use fewer threads"));
  }

  // Step 5. The shared table of a FrontierSolverFactory, for the table
  // checkpoint (table_checkpoint.h), and the header of its file: the run's
  // identity.
  template <class MakeSolver>
  absl::StatusOr<search::TranspositionTable*> SharedTable(const MakeSolver& make_solver) const {
    try {
      search::TranspositionTable* table = make_solver.shared_table();
      if (table == nullptr) return absl::InternalError("an exact run without a shared table");
      return table;
    } catch (const std::bad_alloc&) {
      return OutOfMemory();
    }
  }
  nlohmann::json TableHeader() const {
    nlohmann::json header = {{"kind", "explore_table"}, {"tt_mb", opts.tt_mb}};
    opts.id.PutInto(header);
    return header;
  }

  // Step 5 (one position). Solves frontier node n with `solver` and appends
  // its record to the log (under `mu`); a failed write sets `error` and `stop`.
  template <class Solver>
  void SolveOne(int n, Solver& solver, const SearchLimits& limits, ProgressMeter& meter,
                AppendLog& log, LogSyncer& syncer, std::mutex& mu, absl::Status& error,
                std::atomic<bool>& stop) {
    const std::uint64_t ticket = meter.Start();
    UnitResult r = solver.Solve(tree.node(n).position, limits);
    if (!r.complete) {
      meter.Drop(ticket);
      return;  // cancelled by an interrupt: solved again on --resume
    }
    if (opts.test_delay_ms > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(opts.test_delay_ms));
    }
    std::lock_guard<std::mutex> lock(mu);
    if (absl::Status s = Keep(n, std::move(r), meter, ticket, log, syncer); !s.ok()) {
      if (error.ok()) error = s;
      stop = true;
    }
  }

  // Step 5 (a result). Appends frontier node n's record to the log and keeps
  // its result (the caller serialises calls); the log's write error, if any.
  absl::Status Keep(int n, UnitResult r, ProgressMeter& meter, std::uint64_t ticket, AppendLog& log,
                    LogSyncer& syncer) {
    nlohmann::json rec = Record(n, r.value, "search", &r, r.best_move, r.pv);
    if (absl::Status s = log.Write(rec.dump()); !s.ok()) return s;
    syncer.Dirty();
    meter.Update(r.nodes, ticket);
    summary.session_nodes += r.nodes;
    results[n] = std::move(r);
    records[n] = std::move(rec);
    ++summary.solved;
    return absl::OkStatus();
  }

  // Step 5 elsewhere. The positions `todo` as work units to `dispatcher`, the
  // heaviest first; each result is checked (the unit's position, a value in
  // range) and kept as a local one is. Stops at the first error.
  absl::Status SolveFrontierRemote(const std::vector<int>& todo, dispatch::Dispatcher& dispatcher) {
    AppendLog log;
    if (absl::Status s = log.Open(paths.log, loaded.torn_tail ? loaded.valid_bytes : -1); !s.ok()) {
      return s;
    }
    LogSyncer syncer(log);
    ProgressMeter meter(opts.label, frontier.size(), frontier.size() - todo.size(),
                        opts.progress && !todo.empty());
    std::vector<dispatch::Unit> units;
    std::vector<std::string> positions(todo.size());
    for (std::size_t k = 0; k < todo.size(); ++k) {
      const auto& pos = tree.node(todo[k]).position;
      positions[k] = game.position_string(pos);
      const WorkUnit unit{{opts.id.game, opts.id.variant, opts.id.size, opts.id.options},
                          positions[k],
                          opts.id.limits,
                          opts.tt_mb};
      units.push_back({k, unit.ToJson().dump(), EstimateTree(game, pos, 16).log10_search_nodes});
    }
    const dispatch::ResultHandler keep = [&](std::uint64_t k, std::string_view text,
                                             std::vector<dispatch::Unit>&) -> absl::StatusOr<bool> {
      const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
      absl::StatusOr<UnitResult> r =
          j.is_object() ? ResultFromJson(j, G::kMaxValue)
                        : absl::StatusOr<UnitResult>(absl::DataLossError("not a JSON object"));
      if (r.ok() && (k >= todo.size() || j.value("position", "") != positions[k])) {
        r = absl::DataLossError("the result is not of the unit sent");
      }
      if (!r.ok()) {
        return absl::InternalError(
            absl::StrCat("a bad result from a worker: ", r.status().message()));
      }
      if (absl::Status s = Keep(todo[k], std::move(*r), meter, 0, log, syncer); !s.ok()) return s;
      return true;
    };
    absl::Status error = dispatcher.Run(std::move(units), keep);
    meter.Finish();
    if (absl::Status s = syncer.Finish(); !s.ok() && error.ok()) error = s;
    log.Close();
    return error;
  }

  // Step 5. Solves the frontier positions `todo`, appending each record to
  // the log as it is found. Stops early on an interrupt or a failed write:
  // with `cancel_on_interrupt` (a table checkpoint keeps the searches' work)
  // the searches in flight stop at once and are not recorded, else they
  // finish first.
  template <class MakeSolver>
  absl::Status SolveFrontier(const std::vector<int>& todo, MakeSolver&& make_solver,
                             bool cancel_on_interrupt) {
    AppendLog log;
    if (absl::Status s = log.Open(paths.log, loaded.torn_tail ? loaded.valid_bytes : -1); !s.ok()) {
      return s;
    }
    LogSyncer syncer(log);
    ProgressMeter meter(opts.label, frontier.size(), frontier.size() - todo.size(),
                        opts.progress && !todo.empty());
    InterruptGuard guard(
        cancel_on_interrupt
            ? "\ntav explore: interrupted; stopping the searches in flight and saving the table, "
              "from which --resume continues them (interrupt again to stop at once; finished "
              "results are kept either way)\n"
            : "\ntav explore: interrupted; finishing the positions in flight (interrupt again to "
              "stop at once; finished results are kept either way)\n");
    std::mutex mu;  // std::mutex: TSan sees it (Debian's Abseil is not instrumented)
    absl::Status error;
    std::atomic<bool> stop{false};
    SearchLimits limits = opts.id.limits;
    if (cancel_on_interrupt) limits.cancel = &InterruptGuard::Flag();
    // Fewer positions than threads: give each solver several threads instead.
    const int threads = std::max(1, opts.threads);
    const int outer = std::max(1, std::min<int>(threads, static_cast<int>(todo.size())));
    const int inner = std::max(1, threads / outer);
    if (outer > 1 && inner > 1) omp_set_max_active_levels(2);
    // An exception must not leave an OpenMP region (it would terminate): an
    // allocation failure (a solver's table, a search's move lists) stops the
    // run with an error status instead.
    auto out_of_memory = [&] {
      std::lock_guard<std::mutex> lock(mu);
      if (error.ok()) error = OutOfMemory();
      stop = true;
    };
    using Solver = decltype(make_solver(inner));
#pragma omp parallel num_threads(outer)
    {
      std::optional<Solver> solver;
      try {
        solver.emplace(Made<Solver>{[&] { return make_solver(inner); }});
      } catch (const std::bad_alloc&) {
        out_of_memory();
      }
#pragma omp for schedule(dynamic, 1)
      for (long k = 0; k < static_cast<long>(todo.size()); ++k) {
        if (!solver || stop.load(std::memory_order_relaxed) || InterruptGuard::Requested()) {
          continue;
        }
        try {
          SolveOne(todo[k], *solver, limits, meter, log, syncer, mu, error, stop);
        } catch (const std::bad_alloc&) {
          out_of_memory();
        }
      }
    }
    meter.Finish();
    if (absl::Status s = syncer.Finish(); !s.ok() && error.ok()) error = s;
    log.Close();
    return error;
  }

  // Step 6. Backs the values up to the root: each node's value, best move
  // and PV (records of the finished games and backed-up nodes too).
  void BackUpToRoot(std::vector<Value>& values, std::vector<std::vector<std::string>>& pvs,
                    std::vector<std::string>& best_moves) {
    for (int n : tree.PostOrder()) {
      const auto& node = tree.node(n);
      if (node.over) {
        values[n] = ExactValue(game.final_value(node.position));
        records[n] = Record(n, values[n], "search", nullptr, "", {});
        continue;
      }
      if (node.leaf()) {
        values[n] = results[n]->value;
        best_moves[n] = results[n]->best_move;
        pvs[n] = results[n]->pv;
        continue;
      }
      std::vector<Value> children;
      children.reserve(node.edges.size());
      for (const auto& e : node.edges) children.push_back(values[e.child]);
      int best = 0;
      values[n] = Backup(children, G::kMaxValue, &best);
      const auto& edge = node.edges[best];
      typename G::Position after = node.position;
      game.play(after, edge.move);
      best_moves[n] = game.move_string(node.position, edge.move);
      pvs[n] = {best_moves[n]};
      // The child's PV is in the frame of its representative, which may be
      // another image of the position this edge reaches.
      for (std::string& m : MapLine(game, tree.node(edge.child).position, pvs[edge.child], after)) {
        pvs[n].push_back(std::move(m));
      }
      records[n] = Record(n, values[n], "backup", nullptr, best_moves[n], pvs[n]);
    }
  }

  // Step 7a. The final results.jsonl: every record, by ply, then by line in
  // natural order (also into the summary).
  absl::Status WriteSortedResults() {
    std::vector<int> order(n_nodes);
    std::vector<std::string> line_keys(n_nodes);
    for (int n = 0; n < n_nodes; ++n) {
      order[n] = n;
      line_keys[n] = absl::StrJoin(tree.Line(n), " ");
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if (tree.node(a).ply != tree.node(b).ply) return tree.node(a).ply < tree.node(b).ply;
      return NaturalLess(line_keys[a], line_keys[b]);
    });
    std::string all;
    for (int n : order) {
      absl::StrAppend(&all, records[n].dump(), "\n");
      summary.records.push_back(records[n]);
    }
    return WriteFileAtomically(paths.log, all);
  }

  // Step 7b. book.tvb: every node's value, best move and move values.
  absl::Status WriteBookFile(const std::vector<Value>& values,
                             const std::vector<std::string>& best_moves) {
    book::Book book;
    book.header.game = std::string(G::kName);
    book.header.variant = game.variant();
    book.header.board = game.board_name();
    book.header.options = opts.id.options;
    book.header.size = game.size();
    book.header.max_value = G::kMaxValue;
    book.header.tool = absl::StrCat("tav ", ToolkitVersion(), " commit ", GitCommit());
    for (int n = 0; n < n_nodes; ++n) {
      const auto& node = tree.node(n);
      book::BookEntry e;
      e.key = node.key;
      e.position = game.position_string(node.position);
      e.value = values[n];
      e.best_move = best_moves[n];
      if (node.expanded) {
        for (const auto& edge : node.edges) {
          e.moves.push_back(
              {game.move_string(node.position, edge.move), Negate(values[edge.child])});
        }
      } else if (!node.over) {
        e.moves = results[n]->move_values;
        if (e.moves.empty() && !e.best_move.empty()) e.moves.push_back({e.best_move, values[n]});
      }
      book.Add(std::move(e));
    }
    book.Finish();
    return book::WriteBook(paths.book, book);
  }

  // Step 7c. run.json: complete, with the root's value and line.
  absl::Status WriteComplete(const Value& root_value, const std::vector<std::string>& root_pv,
                             const std::string& root_best_move) {
    using nlohmann::json;
    run["status"] = "complete";
    run["finished"] = UtcNowIso8601();
    run["totals"] = Totals(summary.wall_seconds);
    const auto& root = tree.node(0).position;
    json root_json = {{"position", game.position_string(root)},
                      {"side_to_move", game.side_to_move(root)},
                      {"best_move", root_best_move.empty() ? json(nullptr) : json(root_best_move)},
                      {"pv", root_pv}};
    PutValue(root_json, root_value);
    root_json["value_first_player"] =
        game.side_to_move(root) == 0 ? root_value.value : -root_value.value;
    run["root"] = root_json;
    return WriteFileAtomically(paths.run, run.dump(2) + "\n");
  }
};

}  // namespace internal

template <Game G, class MakeSolver>
absl::StatusOr<ExploreSummary> Explore(const G& game, const typename G::Position& root,
                                       const ExploreOptions& opts, MakeSolver&& make_solver) {
  using Clock = std::chrono::steady_clock;
  const auto t_start = Clock::now();

  // Step 1. The directory.
  const internal::RunPaths paths(opts.out_dir);
  absl::StatusOr<nlohmann::json> previous = internal::OpenRunDirectory(opts, paths);
  if (!previous.ok()) return previous.status();

  // Step 2. Enumeration.
  absl::StatusOr<OpeningTree<G>> built =
      OpeningTree<G>::Build(game, root, opts.id.plies, opts.max_nodes);
  if (!built.ok()) return built.status();
  internal::Exploration<G> x(game, opts, *built);
  x.FindFrontier();

  // Step 3. Resume: what the log already holds.
  if (opts.resume) {
    if (absl::Status s = x.Resume(); !s.ok()) return s;
  }
  if (!opts.known_dir.empty()) {
    if (absl::Status s = x.FindKnown(); !s.ok()) return s;
  }
  std::vector<int> todo;
  for (int n : x.frontier) {
    if (!x.results[n]) todo.push_back(n);
  }
  if (opts.refuse_unfinishable && opts.id.limits.mode != Mode::kSearch) {
    for (std::size_t k = 0; k < todo.size(); ++k) {
      const auto& pos = x.tree.node(todo[k]).position;
      if (absl::Status s = CheckSearchFinishes(game, pos, "an exploration", 16); !s.ok()) {
        return absl::FailedPreconditionError(
            absl::StrCat(s.message(), ", for frontier position ", k + 1, " of ", todo.size(), " (",
                         game.position_string(pos),
                         "); explore from a later position (--moves, --position), or add "
                         "--force to run it anyway"));
      }
    }
  }
  // Step 4. run.json: running; then the records taken from known_dir.
  if (absl::Status s = x.WriteRunning(*previous); !s.ok()) return s;
  if (absl::Status s = x.WriteKnown(); !s.ok()) return s;

  // Step 5. Solve the frontier, on a restored table where a checkpoint was
  // saved (table_checkpoint.h: exact and WLD runs on this machine).
  std::optional<TableCheckpoint> checkpoint;
  if constexpr (requires { make_solver.shared_table(); }) {
    if (!opts.dispatcher && opts.table_checkpoint_seconds > 0 &&
        opts.id.limits.mode != Mode::kSearch && !todo.empty()) {
      absl::StatusOr<search::TranspositionTable*> table = x.SharedTable(make_solver);
      if (!table.ok()) return table.status();
      checkpoint.emplace(**table, (paths.dir / "table.tt").string(), x.TableHeader(),
                         game.hash(root), opts.table_checkpoint_seconds, opts.progress);
      if (opts.resume) {
        if (absl::Status s = checkpoint->Restore(); !s.ok()) return s;
      }
      checkpoint->Start();
    }
  }
  if (opts.progress) {
    std::fprintf(stderr,
                 "[%s] %d positions to ply %d (%zu frontier, %zu finished games, %zu to back up); "
                 "%zu frontier positions to solve on %d %s\n",
                 opts.label.c_str(), x.n_nodes, opts.id.plies, x.frontier.size(),
                 x.summary.terminal, x.summary.backed_up, todo.size(),
                 opts.dispatcher ? opts.dispatcher->workers() : opts.threads,
                 opts.dispatcher ? "workers (MPI ranks)" : "threads");
  }
  absl::Status error = opts.dispatcher ? x.SolveFrontierRemote(todo, *opts.dispatcher)
                                       : x.SolveFrontier(todo, make_solver, checkpoint.has_value());
  const bool unfinished =
      x.summary.resumed + x.summary.known + x.summary.solved < x.frontier.size();
  if (checkpoint) {
    if (absl::Status s = checkpoint->Finish(error.ok() && !unfinished); !s.ok() && error.ok()) {
      error = s;
    }
  }
  if (!error.ok() || unfinished) {
    const double wall = std::chrono::duration<double>(Clock::now() - t_start).count();
    x.summary.interrupted = true;
    x.run["status"] = "interrupted";
    x.run["totals"] = x.Totals(wall);
    (void)WriteFileAtomically(paths.run, x.run.dump(2) + "\n");
    if (!error.ok()) return error;
    x.summary.wall_seconds = wall;
    return x.summary;
  }

  // Step 6. Back up to the root.
  std::vector<Value> values(x.n_nodes);
  std::vector<std::vector<std::string>> pvs(x.n_nodes);
  std::vector<std::string> best_moves(x.n_nodes);
  x.BackUpToRoot(values, pvs, best_moves);

  // Step 7. Final files: results.jsonl, book.tvb, run.json.
  if (absl::Status s = x.WriteSortedResults(); !s.ok()) return s;
  if (absl::Status s = x.WriteBookFile(values, best_moves); !s.ok()) return s;
  x.summary.root = values[0];
  x.summary.root_best_move = best_moves[0];
  x.summary.wall_seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
  if (absl::Status s = x.WriteComplete(values[0], pvs[0], best_moves[0]); !s.ok()) return s;
  return x.summary;
}

}  // namespace tav::explore
