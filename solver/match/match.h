// A match between two engine configurations: every planned game (a
// GameUnit, game_unit.h) played to the end, its record logged, the summary
// kept up to date. RunMatch() runs these steps (its "Step N." comments):
//   1. Plan the games (run_files.h PlanUnits: each opening twice, colours
//      swapped, games 2i and 2i+1).
//   2. Lock and check DIR (LockMatchDirectory, OpenMatchRun); with `resume`
//      reload the finished games (a torn last line dropped).
//   3. run.json says "running".
//   4. Play what is left: a game player (LocalPlayer: `threads` std::threads,
//      each with its own pair of single-threaded engines, handing out games
//      in index order one at a time) hands each finished game to a sink that
//      appends it to games.jsonl at once (one line, one write and fdatasync)
//      and rewrites summary.json atomically, so a kill -9 loses only the
//      games in progress. With an SPRT that stops, no new game starts once
//      the test has decided; the games in progress are finished and counted.
//   5. games.jsonl rewritten in game order, summary.json and run.json
//      ("complete") written atomically.
//
// Trade-off: every finished game is synced to disk and the summary rewritten
// at once, under one lock, which costs a few milliseconds per game: nothing
// next to a real game (seconds), the bulk of the time on tiny test boards.
// With several threads and an SPRT, when exactly the test stops depends on
// which games finish first; the summary always covers every recorded game.
//
// A cluster dispatcher is another game player (DispatchedPlayer): rank 0 of
// an MPI run runs RunMatch with a player that sends each unit
// (GameUnit::ToJson) to a worker, which plays it (PlayUnit, as `tav match
// --unit`), and hands the returned record to the sink; Steps 1-3 and 5, the
// files and the resume are the same, and the summary is a function of the
// set of records (summary.h), so it agrees with a local run's.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "core/provenance.h"
#include "dispatch/dispatcher.h"
#include "engine/engine.h"
#include "match/game_unit.h"
#include "match/run_files.h"
#include "match/summary.h"
#include "nlohmann/json.hpp"

namespace tav::match {

struct MatchOptions {
  MatchIdentity id;
  int threads = 1;           // games played at once (each engine is single-threaded)
  std::string out_dir;       // DIR
  bool resume = false;       // continue the match in DIR (a new match when DIR has none)
  bool must_resume = false;  // an explicit --resume: refuse a DIR with nothing to resume
  bool progress = false;     // one line on stderr per finished game
  int test_delay_ms = 0;     // sleep after each game (crash tests)
  dispatch::Dispatcher* dispatcher = nullptr;  // the CLI's: games played elsewhere (--mpi)
};

struct MatchOutcome {
  nlohmann::json summary;          // match_summary
  int resumed = 0;                 // games found finished in DIR
  int played = 0;                  // games played by this run
  bool sprt_stopped = false;       // the SPRT decided before every planned game was played
  std::vector<std::string> notes;  // for the user: a killed run's lock taken over, ...
};

namespace internal {

inline absl::Status WriteJson(const std::filesystem::path& path, const nlohmann::json& j) {
  return WriteFileAtomically(path.string(), j.dump(2) + "\n");
}

inline bool SprtDecided(const nlohmann::json& summary) {
  return summary.contains("decision") && summary["decision"] != "continue";
}

}  // namespace internal

// Step 4's interface. A game player plays every unit of `todo` (in any order,
// on any threads or machines) and hands each finished game's match_game
// record to `sink`, which may be called from several threads (it serialises
// them): it appends the record, updates the summary and returns false once
// the match should stop (the SPRT decided, or a write failed), after which
// the player starts no new game (games in progress may still be handed in).
// The player returns OK, or the first error of a game; it never throws.
using RecordSink = std::function<bool(const nlohmann::json& record)>;

// The local player: `threads` std::threads, each with its own pair of engines
// (single-threaded, made from the units' configurations), taking units in
// order one at a time. No exception leaves a thread: what a game throws
// becomes the returned error and the other threads stop after their games in
// progress.
struct LocalPlayer {
  int threads = 1;
  int test_delay_ms = 0;  // sleep after each game, before its record is handed in (crash tests)

  template <Game G>
  absl::Status operator()(const G& game, const std::vector<GameUnit>& todo,
                          const RecordSink& sink) const {
    std::mutex mu;  // error
    absl::Status error;
    std::atomic<bool> stop{false};
    std::atomic<std::size_t> next{0};
    auto fail = [&](absl::Status s) {
      std::lock_guard<std::mutex> guard(mu);
      if (error.ok()) error = std::move(s);
      stop = true;
    };
    auto worker = [&]() {
      try {
        auto a = engine::MakeEngine(game, todo.front().a);
        auto b = engine::MakeEngine(game, todo.front().b);
        if (!a.ok() || !b.ok()) return fail(!a.ok() ? a.status() : b.status());
        while (!stop.load()) {
          const std::size_t k = next.fetch_add(1);
          if (k >= todo.size()) return;
          // A unit whose configuration differs (a self-play game's own seeds)
          // gets engines of its own; others reuse the thread's (NewGame clears them).
          for (auto [engine, config] : {std::pair{&a, &todo[k].a}, std::pair{&b, &todo[k].b}}) {
            if (engine::EngineConfigString((**engine)->config()) !=
                engine::EngineConfigString(*config)) {
              *engine = engine::MakeEngine(game, *config);
              if (!engine->ok()) return fail(engine->status());
            }
          }
          absl::StatusOr<GameRecord> record = PlayGame(game, todo[k], **a, **b);
          if (!record.ok()) return fail(record.status());
          if (test_delay_ms > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(test_delay_ms));
          }
          if (!sink(record->ToJson())) stop = true;
        }
      } catch (const std::bad_alloc&) {
        fail(absl::ResourceExhaustedError(
            "out of memory while playing a game (lower --tt-mb in the configurations, or "
            "--threads)"));
      } catch (const std::exception& e) {
        fail(absl::InternalError(absl::StrCat("a game failed: ", e.what())));
      }
    };
    const int n = std::max(1, std::min<int>(threads, static_cast<int>(todo.size())));
    std::vector<std::thread> pool;
    for (int t = 0; t < n; ++t) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
    return error;
  }
};

// The player of a dispatcher (dispatch/dispatcher.h, e.g. the workers of an
// MPI run): every unit sent out as GameUnit::ToJson, in game order (games
// are of one size: no weights), each returned match_game record handed to
// the sink (which checks it against the plan); the sink's "stop" stops new
// games. Errors: the dispatcher's, or Internal for a record that is not JSON.
struct DispatchedPlayer {
  dispatch::Dispatcher* dispatcher = nullptr;

  template <Game G>
  absl::Status operator()(const G&, const std::vector<GameUnit>& todo,
                          const RecordSink& sink) const {
    std::vector<dispatch::Unit> units;
    for (std::size_t k = 0; k < todo.size(); ++k) units.push_back({k, todo[k].ToJson().dump(), 0});
    return dispatcher->Run(
        std::move(units),
        [&](std::uint64_t, std::string_view text,
            std::vector<dispatch::Unit>&) -> absl::StatusOr<bool> {
          const nlohmann::json record =
              nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
          if (!record.is_object()) {
            return absl::InternalError("a bad game record from a worker: not a JSON object");
          }
          return sink(record);
        });
  }
};

// Plays the match `opts` describes (see the top), Step 4 by `play` (a game
// player, as LocalPlayer). Errors: the directory's (run_files.h),
// an engine configuration that does not resolve for `game` (InvalidArgument),
// what `play` returns, an I/O failure (Internal).
template <Game G, class Play>
absl::StatusOr<MatchOutcome> RunMatch(const G& game, const MatchOptions& opts, Play play) {
  namespace fs = std::filesystem;
  using nlohmann::json;
  const MatchIdentity& id = opts.id;
  const fs::path dir(opts.out_dir);
  MatchOutcome outcome;

  // Step 1. The games, and engines that resolve (before DIR is touched).
  const std::vector<GameUnit> units = PlanUnits(id);
  for (const auto& [name, config] : {std::pair{"a", &id.a}, std::pair{"b", &id.b}}) {
    if (auto e = engine::MakeEngine(game, *config); !e.ok()) {
      return absl::Status(e.status().code(),
                          absl::StrCat("engine ", name, " (--", name, "): ", e.status().message()));
    }
  }

  // Step 2. DIR: locked, checked, the finished games reloaded.
  absl::StatusOr<DirLock> lock = LockMatchDirectory(opts.out_dir, opts.must_resume);
  if (!lock.ok()) return lock.status();
  if (std::string note = lock->takeover_note(); !note.empty()) outcome.notes.push_back(note);
  if (!lock->warning().empty()) outcome.notes.push_back(lock->warning());
  absl::StatusOr<json> previous = OpenMatchRun(opts.out_dir, id, opts.resume);
  if (!previous.ok()) return previous.status();
  const std::string log_path = (dir / "games.jsonl").string();
  LoadedGames loaded;
  if (!previous->is_null()) {
    absl::StatusOr<LoadedGames> l = LoadGames(log_path, units);
    if (!l.ok()) return l.status();
    loaded = std::move(*l);
  }
  std::vector<json> records = std::move(loaded.records);
  outcome.resumed = static_cast<int>(records.size());
  std::vector<bool> finished(units.size(), false);
  for (const json& r : records) finished[r["game_index"].get<std::size_t>()] = true;
  json summary = Summarize(records, id.games, id.sprt);
  const bool stops = id.sprt && id.sprt->stop;

  // Step 3. run.json: running.
  json run = {{"schema", 1}, {"kind", "match_run"}};
  id.PutInto(run);
  run["status"] = "running";
  run["threads"] = opts.threads;
  run["started"] = previous->is_null() ? json(UtcNowIso8601()) : previous->value("started", json());
  run["provenance"] = Provenance();
  if (absl::Status s = internal::WriteJson(dir / "run.json", run); !s.ok()) return s;
  if (absl::Status s = internal::WriteJson(dir / "summary.json", summary); !s.ok()) return s;

  // Step 4. Play what is left, appending each game as it ends.
  std::vector<GameUnit> todo;
  for (std::size_t g = 0; g < units.size(); ++g) {
    if (!finished[g]) todo.push_back(units[g]);
  }
  if (stops && internal::SprtDecided(summary)) todo.clear();
  AppendLog log;
  if (absl::Status s = log.Open(log_path, loaded.torn_tail ? loaded.valid_bytes : -1); !s.ok()) {
    return s;
  }
  std::mutex mu;  // records, finished, summary, the log, write_error
  absl::Status write_error;
  const RecordSink sink = [&](const json& record) {
    std::lock_guard<std::mutex> guard(mu);
    // A record from a remote player is checked as one read back from the log.
    absl::Status s = CheckGameRecord(record, units);
    if (s.ok() && finished[record["game_index"].get<std::size_t>()]) {
      s = absl::DataLossError(absl::StrCat("game ", record["game_index"].dump(), " twice"));
    }
    if (!s.ok()) {
      if (write_error.ok()) {
        write_error = absl::InternalError(absl::StrCat("a bad game record: ", s.message()));
      }
      return false;
    }
    finished[record["game_index"].get<std::size_t>()] = true;
    s = log.Append(record.dump());
    records.push_back(record);
    summary = Summarize(records, id.games, id.sprt);
    if (s.ok()) s = internal::WriteJson(dir / "summary.json", summary);
    if (!s.ok() && write_error.ok()) write_error = s;
    ++outcome.played;
    if (opts.progress) {
      std::fprintf(stderr, "match: %s\n", ProgressLine(records.back(), summary).c_str());
    }
    return write_error.ok() && !(stops && internal::SprtDecided(summary));
  };
  absl::Status played = todo.empty() ? absl::OkStatus() : play(game, todo, sink);
  log.Close();
  if (!write_error.ok()) return write_error;
  if (!played.ok()) return played;

  // Step 5. The final files: games in order, summary, run.json complete.
  std::sort(records.begin(), records.end(), [](const json& x, const json& y) {
    return x["game_index"].get<int>() < y["game_index"].get<int>();
  });
  std::string all;
  for (const json& r : records) absl::StrAppend(&all, r.dump(), "\n");
  if (absl::Status s = WriteFileAtomically(log_path, all); !s.ok()) return s;
  summary = Summarize(records, id.games, id.sprt);
  if (absl::Status s = internal::WriteJson(dir / "summary.json", summary); !s.ok()) return s;
  outcome.sprt_stopped = static_cast<int>(records.size()) < id.games;
  run["status"] = "complete";
  run["stopped_by_sprt"] = outcome.sprt_stopped;
  run["finished"] = UtcNowIso8601();
  run["provenance"] = Provenance();
  if (absl::Status s = internal::WriteJson(dir / "run.json", run); !s.ok()) return s;
  outcome.summary = std::move(summary);
  return outcome;
}

// RunMatch with the local player: opts.threads games at a time.
template <Game G>
absl::StatusOr<MatchOutcome> RunMatch(const G& game, const MatchOptions& opts) {
  return RunMatch(game, opts, LocalPlayer{opts.threads, opts.test_delay_ms});
}

}  // namespace tav::match
