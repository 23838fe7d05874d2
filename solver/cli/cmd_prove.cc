// tav prove: proves or disproves "the side to move wins" by proof-number
// search (prove/dfpn.h), probing endgame tables (--db) at the leaves.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/retro_flags.h"
#include "cli/tables_attach.h"
#include "core/atomic_file.h"
#include "core/interrupt.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "prove/bounded.h"
#include "prove/dfpn.h"
#include "prove/line_check.h"
#include "prove/table_file.h"
#include "retro/manifest.h"

ABSL_FLAG(std::int64_t, max_nodes, 0, "prove: stop after this many nodes (0 = no limit)");
ABSL_FLAG(int, within, 0,
          "prove: instead of df-pn, bound each side's shortest forced win: iterative deepening "
          "up to this many plies (0 = df-pn)");

ABSL_FLAG(std::string, order, "generated",
          "prove: df-pn's child order, generated or reversed (ties between equally promising "
          "children go the other way: a second proof through another tree)");
ABSL_FLAG(std::string, init, "evaluation",
          "prove: new leaves' proof/disproof numbers: evaluation (the game's estimate; mobility "
          "where it has none), mobility (1, moves) or unit (1, 1)");
ABSL_FLAG(std::string, combine, "sum",
          "prove: how df-pn adds up a position's children: sum (plain df-pn) or weak (the "
          "largest plus one per other open child: transpositions are not counted twice)");
ABSL_FLAG(std::string, check, "",
          "prove: instead of proving, check the proof record FILE: replay its proof line, and "
          "re-solve the line's positions from the end with the exact solver within --max-nodes "
          "(default for --check: 10^8)");

ABSL_FLAG(int, at_least, 0,
          "prove, scored games (cathedral, othello, desdemona): the question to prove, \"does "
          "the side to move end with a final value of at least this (its own view: Cathedral's "
          "margin, Othello's disc difference)?\"; proving >= T and disproving >= T+1 proves "
          "the value T");

namespace tav::cli {
namespace {

// The fields that say which proof a record or table belongs to.
template <class G>
nlohmann::json IdentityOf(const G& game, const typename G::Position& pos) {
  nlohmann::json j = RecordHeader(game, "proof");
  j.erase("schema");
  j.erase("kind");
  j["position"] = game.position_string(pos);
  return j;
}

// The same for a table file (prove/table_file.h).
template <class G>
nlohmann::json TableIdentityOf(const G& game, const typename G::Position& pos) {
  nlohmann::json j = IdentityOf(game, pos);
  j["kind"] = "dfpn_table";
  return j;
}

std::string TablePath(const std::string& out) { return out + ".table"; }

// The first key of `expected` whose value `actual` does not have, if any.
std::optional<std::string> FirstDifference(const nlohmann::json& expected,
                                           const nlohmann::json& actual) {
  for (const auto& [key, value] : expected.items()) {
    if (actual.value(key, nlohmann::json()) != value) return key;
  }
  return std::nullopt;
}

// --order, --init and --combine (prove/dfpn.h, "A second opinion", "Transpositions").
absl::StatusOr<prove::DfpnOptions> DfpnSettingsFromFlags() {
  prove::DfpnOptions o;
  const std::string order = absl::GetFlag(FLAGS_order), init = absl::GetFlag(FLAGS_init);
  if (order == "reversed") {
    o.order = prove::ChildOrder::kReversed;
  } else if (order != "generated") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --order='", order, "': expected generated or reversed"));
  }
  const std::string combine = absl::GetFlag(FLAGS_combine);
  if (combine == "weak") {
    o.numbers = prove::Combine::kWeak;
  } else if (combine != "sum") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --combine='", combine, "': expected sum or weak"));
  }
  if (init == "unit") {
    o.init = prove::LeafInit::kUnit;
  } else if (init == "mobility") {
    o.init = prove::LeafInit::kMobility;
  } else if (init != "evaluation") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --init='", init, "': expected evaluation, mobility or unit"));
  }
  return o;
}

// --within: for each side, the largest d it provably cannot force a win in,
// or its shortest forced win; half the time budget each.
template <class G>
absl::Status Bounds(const G& game, const typename G::Position& pos, int within, int tt_mb,
                    double max_seconds, const std::string& db) {
  nlohmann::json sides = nlohmann::json::array();
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool stopped = false;
  for (int attacker : {0, 1}) {
    prove::BoundedOptions options;
    options.tt_mb = static_cast<std::uint64_t>(tt_mb);
    options.max_seconds = max_seconds > 0 ? max_seconds / 2 : 0;
    options.max_depth = within;
    prove::BoundedWinSearch<G> search(game, options);
    const prove::BoundedResult r = search.Run(pos, attacker);
    nodes += r.nodes;
    seconds += r.seconds;
    stopped |= r.stopped;
    sides.push_back({{"side", attacker},
                     {"no_win_within", r.no_win_within},
                     {"win_in", r.win_in ? nlohmann::json(*r.win_in) : nlohmann::json()},
                     {"nodes", r.nodes},
                     {"seconds", r.seconds},
                     {"stopped_by_budget", r.stopped}});
  }
  const int side = game.side_to_move(pos);
  std::string result = "unknown";
  for (const auto& s : sides) {
    if (!s["win_in"].is_null()) result = s["side"] == side ? "win" : "loss";
  }
  nlohmann::json j = RecordHeader(game, "proof");
  j.update({{"position", game.position_string(pos)},
            {"moves", absl::GetFlag(FLAGS_moves)},
            {"side_to_move", side},
            {"result", result},
            {"result_first_player",
             result == "unknown" ? result : ((result == "win") == (side == 0) ? "win" : "loss")},
            {"method", "bounded"},
            {"within", within},
            {"bounds", sides},
            {"nodes", nodes},
            {"seconds", seconds},
            {"stopped_by_budget", stopped},
            {"max_seconds", max_seconds},
            {"tt_mb", tt_mb},
            {"db", db.empty() ? nlohmann::json() : nlohmann::json(db)},
            {"provenance", Provenance()}});
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", j.dump().c_str());
    return absl::OkStatus();
  }
  std::printf("position: %s\n", game.position_string(pos).c_str());
  for (const auto& s : sides) {
    const std::string who = s["side"] == 0 ? "first player" : "second player";
    if (!s["win_in"].is_null()) {
      std::printf("%s: forced win in %d plies (none shorter)\n", who.c_str(),
                  s["win_in"].get<int>());
    } else {
      std::printf("%s: no forced win within %d plies%s\n", who.c_str(),
                  s["no_win_within"].get<int>(),
                  s["stopped_by_budget"].get<bool>() ? " (stopped by the budget)" : "");
    }
  }
  std::printf("%llu nodes in %.1f s\n", static_cast<unsigned long long>(nodes), seconds);
  return absl::OkStatus();
}

// --out and --resume for df-pn: where a proof keeps its record (kind proof,
// status running/stopped/finished) and, beside it in OUT.table, the table it
// resumes from. Returns the record of the run to continue (null for a fresh
// one). Refused: --resume without --out or without the file, an existing
// file without --resume, a record of another game or position, --within
// with --out (bounded searches are short and keep nothing), or a record
// searched with other `settings` (--order, --init).
template <class G>
absl::StatusOr<nlohmann::json> PreviousProof(const G& game, const typename G::Position& pos,
                                             const std::string& out, const std::string& db,
                                             const prove::DfpnOptions& settings) {
  const bool resume = absl::GetFlag(FLAGS_resume);
  if (out.empty()) {
    if (resume) return absl::InvalidArgumentError("--resume needs --out (the proof record)");
    return nlohmann::json();
  }
  if (absl::GetFlag(FLAGS_within) > 0) {
    return absl::InvalidArgumentError("--out and --resume keep df-pn proofs, not --within bounds");
  }
  std::vector<std::string> inputs;
  if (!db.empty()) inputs.push_back(retro::ManifestPath(db));
  if (absl::Status s = CheckOutputFile(out, inputs); !s.ok()) return s;
  if (absl::Status s = CheckOutputFile(TablePath(out), inputs); !s.ok()) return s;
  const bool exists = std::filesystem::exists(out);
  if (!resume) {
    if (!exists) return nlohmann::json();
    return absl::AlreadyExistsError(
        absl::StrCat("--out=", out, " exists: --resume to continue that proof, or another --out"));
  }
  if (!exists) {
    return absl::NotFoundError(
        absl::StrCat("nothing to resume: --out=", out, " does not exist; run without --resume"));
  }
  absl::StatusOr<std::string> text = ReadWholeFile(out);
  if (!text.ok()) return text.status();
  nlohmann::json record = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!record.is_object() || record.value("kind", "") != "proof" ||
      record.value("method", "") != "df-pn") {
    return absl::DataLossError(absl::StrCat("--out=", out, " is not a tav prove df-pn record"));
  }
  nlohmann::json expected = IdentityOf(game, pos);
  const prove::DfpnOptions resolved = prove::DfpnProver<G>::Resolved(settings);
  expected["order"] = prove::ChildOrderName(resolved.order);
  expected["init"] = prove::LeafInitName(resolved.init);
  expected["combine"] = prove::CombineName(resolved.numbers);
  expected["at_least"] = resolved.goal ? nlohmann::json(resolved.goal->at_least) : nlohmann::json();
  // Records from before --order and --init were searched with generated
  // children and mobility numbers (resume those with --init=mobility).
  nlohmann::json recorded = record;
  if (!recorded.contains("order")) recorded["order"] = "generated";
  if (!recorded.contains("init")) recorded["init"] = "mobility";
  if (!recorded.contains("combine")) recorded["combine"] = "sum";
  if (!recorded.contains("at_least")) recorded["at_least"] = nullptr;
  if (const std::optional<std::string> key = FirstDifference(expected, recorded)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--out=", out, " records another proof: its ", *key, " is ",
        recorded.value(*key, nlohmann::json()).dump(), ", this run's ", expected[*key].dump()));
  }
  return record;
}

// Each root move with its child's numbers in the table (the child's mover's)
// and what that means for the root's mover: how far a long proof has come (a
// loss is proven when every move "loses", a win by one move that "wins").
template <class G, class Prover>
nlohmann::json RootMoves(const G& game, const typename G::Position& pos, const Prover& prover) {
  nlohmann::json moves = nlohmann::json::array();
  typename G::MoveList list;
  game.generate_moves(pos, list);
  for (const auto& m : list) {
    auto child = pos;
    game.play(child, m);
    nlohmann::json j = {{"move", game.move_string(pos, m)}};
    if (const auto numbers = prover.Numbers(child)) {
      const auto [pn, dn] = *numbers;  // for the child's mover: dn = 0, it loses
      j.update({{"pn", pn}, {"dn", dn}});
      j["result"] = dn == 0 ? "wins" : pn == 0 ? "loses" : "open";  // for the root's mover
    } else {
      j["result"] = "not in the table";
    }
    moves.push_back(j);
  }
  return moves;
}

// An unfinished proof's frontier line (DfpnProver::Frontier) with its moves
// in notation; the numbers are each position's mover's.
template <class G, class Prover>
nlohmann::json FrontierLine(const G& game, typename G::Position pos, const Prover& prover) {
  nlohmann::json steps = nlohmann::json::array();
  for (const auto& step : prover.Frontier(pos, 100)) {
    steps.push_back({{"move", game.move_string(pos, step.move)},
                     {"pn", step.pn},
                     {"dn", step.dn},
                     {"in_table", step.in_table},
                     {"moves", step.moves},
                     {"decided", step.decided}});
    game.play(pos, step.move);
  }
  return steps;
}

// A line of moves from `pos` in notation, each written in the position it is played from.
template <class G, class Moves>
std::vector<std::string> LineInNotation(const G& game, typename G::Position pos,
                                        const Moves& moves) {
  std::vector<std::string> line;
  for (const auto& m : moves) {
    line.push_back(game.move_string(pos, m));
    game.play(pos, m);
  }
  return line;
}

// An unfinished proof's nearest decided position (DfpnProver::NearestDecided,
// walking at most 20,000 stored positions): its line in notation, its plies and
// its mover's result; or, found none, how many plies from the root are clear.
template <class G, class Prover>
nlohmann::json NearestDecidedJson(const G& game, const typename G::Position& pos,
                                  const Prover& prover) {
  const auto near = prover.NearestDecided(pos, 20000);
  if (!near.found) {
    return {{"plies", nullptr}, {"none_within", near.clear_plies}, {"walked", near.expanded}};
  }
  typename G::Position end = pos;
  for (const auto& m : near.line) game.play(end, m);
  return {{"plies", near.line.size()},
          {"line", LineInNotation(game, pos, near.line)},
          {"side_to_move", game.side_to_move(end)},
          {"result", near.mover_wins ? "win" : "loss"},
          {"walked", near.expanded}};
}

// The proof record (data/README.md, kind proof): this session's search
// added to the sessions before it (`previous`, null for none).
template <class G, class Prover>
nlohmann::json ProofRecord(const G& game, const typename G::Position& pos, const Prover& prover,
                           prove::Proof proof, std::string_view status, double seconds,
                           const std::vector<std::string>& line, const nlohmann::json& previous) {
  const prove::DfpnStats& st = prover.stats();
  auto before = [&](const char* key) -> double {
    return previous.is_object() ? previous.value(key, 0.0) : 0.0;
  };
  const auto nodes = static_cast<std::uint64_t>(before("nodes")) + st.nodes;
  const double total_seconds = before("seconds") + seconds;
  const int side = game.side_to_move(pos);
  const int r = proof == prove::Proof::kWin ? 1 : proof == prove::Proof::kLoss ? -1 : 0;
  const std::optional<prove::Goal>& goal = prover.options().goal;
  // With --at-least a "loss" is "below the threshold", no loss of the game.
  const nlohmann::json first =
      goal ? nlohmann::json()
           : nlohmann::json(r == 0 ? "unknown" : ((r > 0) == (side == 0) ? "win" : "loss"));
  const std::string db = absl::GetFlag(FLAGS_db);
  nlohmann::json j = RecordHeader(game, "proof");
  j.update({{"position", game.position_string(pos)},
            {"moves", absl::GetFlag(FLAGS_moves)},
            {"side_to_move", side},
            {"result", prove::ProofName(proof)},
            {"result_first_player", first},
            {"proof_line", line},
            {"method", "df-pn"},
            {"order", prove::ChildOrderName(prover.options().order)},
            {"init", prove::LeafInitName(prover.options().init)},
            {"combine", prove::CombineName(prover.options().numbers)},
            {"at_least", goal ? nlohmann::json(goal->at_least) : nlohmann::json()},
            {"status", status},
            {"sessions", static_cast<int>(before("sessions")) + 1},
            {"nodes", nodes},
            {"expansions", static_cast<std::uint64_t>(before("expansions")) + st.expansions},
            {"seconds", total_seconds},
            {"nps", total_seconds > 0 ? nodes / total_seconds : 0.0},
            {"root_pn", st.root_pn},
            {"root_dn", st.root_dn},
            {"root_moves", RootMoves(game, pos, prover)},
            {"frontier", r == 0 ? FrontierLine(game, pos, prover) : nlohmann::json()},
            {"nearest_decided", r == 0 ? NearestDecidedJson(game, pos, prover) : nlohmann::json()},
            {"max_depth", std::max<int>(static_cast<int>(before("max_depth")), st.max_depth)},
            {"stopped_by_budget", status == "stopped"},
            {"max_seconds", absl::GetFlag(FLAGS_budget_s)},
            {"max_nodes", absl::GetFlag(FLAGS_max_nodes)},
            {"probes", st.probes},
            {"probe_hits", st.probe_hits},
            {"tt_mb", absl::GetFlag(FLAGS_tt_mb)},
            {"tt_hits", st.tt_hits},
            {"db", db.empty() ? nlohmann::json() : nlohmann::json(db)},
            {"provenance", Provenance()}});
  if constexpr (retro::kHasTables<G>) {
    if (game.tables()) {
      j["db_selection"] = game.tables()->manifest().selection;
      j["db_encoding"] = std::string(retro::EncodingName(game.tables()->manifest().encoding));
      j["table_probes"] = game.tables()->probes();
      j["table_hits"] = game.tables()->hits();
    }
  }
  return j;
}

// The table file beside the record (TablePath) of the proof to continue,
// checked (checksum, same game and position) and put back into `prover`.
template <class G, class Prover>
absl::Status RestoreTable(const G& game, const typename G::Position& pos, const std::string& out,
                          Prover& prover) {
  absl::StatusOr<std::string> bytes = ReadWholeFile(TablePath(out));
  if (!bytes.ok()) {
    return absl::DataLossError(absl::StrCat("--resume: the table beside --out=", out,
                                            " cannot be read: ", bytes.status().message()));
  }
  absl::StatusOr<prove::DfpnTableFile> file = prove::ParseDfpnTable(*bytes, TablePath(out));
  if (!file.ok()) return file.status();
  if (const std::optional<std::string> key =
          FirstDifference(TableIdentityOf(game, pos), file->header)) {
    return absl::DataLossError(absl::StrCat(TablePath(out), " belongs to another proof (", *key,
                                            " differs from --out's record)"));
  }
  prove::RestoreDfpnTable(*file, prover);
  return absl::OkStatus();
}

// The text report of a df-pn run (`j`: its record).
template <class G, class Prover>
void PrintProof(const G& game, const typename G::Position& pos, const Prover& prover,
                prove::Proof proof, const std::vector<std::string>& line, const nlohmann::json& j,
                const std::string& out) {
  const prove::DfpnStats& st = prover.stats();
  const int side = game.side_to_move(pos);
  std::printf("position: %s\n", game.position_string(pos).c_str());
  std::printf("result: %s for the side to move (%s)\n", prove::ProofName(proof),
              side == 0 ? "first player" : "second player");
  if (const std::optional<prove::Goal>& goal = prover.options().goal;
      goal && proof != prove::Proof::kUnknown) {
    std::printf("that is: the side to move ends with %s %d\n",
                proof == prove::Proof::kWin ? "at least" : "less than", goal->at_least);
  }
  if (!line.empty()) std::printf("proof line: %s\n", absl::StrJoin(line, " ").c_str());
  std::printf("%llu nodes in %.1f s (%.0f k/s); root pn %u dn %u%s\n",
              static_cast<unsigned long long>(st.nodes), st.seconds,
              st.seconds > 0 ? st.nodes / st.seconds / 1e3 : 0.0, st.root_pn, st.root_dn,
              st.stopped
                  ? (InterruptGuard::Requested() ? "; interrupted" : "; stopped by the budget")
                  : "");
  if (const nlohmann::json& near = j["nearest_decided"];
      near.is_object() && near["plies"].is_null()) {
    std::printf(
        "nearest decided position: none within %d plies of the root (%d stored "
        "positions read)\n",
        near["none_within"].get<int>(), near["walked"].get<int>());
  } else if (near.is_object()) {
    std::vector<std::string> moves = near["line"].get<std::vector<std::string>>();
    const int mover = near["side_to_move"].get<int>();
    const int winner = near["result"] == "win" ? mover : 1 - mover;
    std::printf("nearest decided position: %d plies from the root (%s), won by the %s\n",
                near["plies"].get<int>(), absl::StrJoin(moves, " ").c_str(),
                winner == 0 ? "first player" : "second player");
  }
  if (j["sessions"].get<int>() > 1) {
    std::printf("over %d sessions: %llu nodes in %.1f s\n", j["sessions"].get<int>(),
                j["nodes"].get<unsigned long long>(), j["seconds"].get<double>());
  }
  if (!out.empty() && j["status"] == "stopped") {
    std::printf("saved in %s (and its table %s): continue with the same flags and --resume\n",
                out.c_str(), TablePath(out).c_str());
  }
}

// df-pn from `pos` with `options` (--order, --init); with --out, a checkpoint (record and table)
// every
// --checkpoint-s (spaced to keep saving under about 5% of the run), at the
// start and at the end; an interrupt (SIGINT/SIGTERM) stops at the next
// node and saves.
template <class G>
absl::Status Dfpn(const G& game, const typename G::Position& pos, prove::DfpnOptions options,
                  int tt_mb, double max_seconds, std::int64_t max_nodes, const std::string& out,
                  const nlohmann::json& previous) {
  options.tt_mb = static_cast<std::uint64_t>(tt_mb);
  options.max_seconds = max_seconds;
  options.max_nodes = static_cast<std::uint64_t>(max_nodes);
  options.progress_seconds = absl::GetFlag(FLAGS_json) ? 0 : 30;
  prove::DfpnProver<G> prover(game, options);
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::optional<InterruptGuard> guard;
  absl::Status save_error;
  const double interval = absl::GetFlag(FLAGS_checkpoint_s);
  double next_save = interval;
  auto record = [&](prove::Proof proof, std::string_view status,
                    const std::vector<std::string>& line) {
    return ProofRecord(game, pos, prover, proof, status, elapsed(), line, previous);
  };
  // The table first: a kill between the two writes leaves a table newer
  // than the record, which resumes all the same.
  auto save = [&](const nlohmann::json& j) -> absl::Status {
    const prove::SerializedDfpnTable table =
        prove::SerializeDfpnTable(TableIdentityOf(game, pos), prover);
    if (absl::Status s = WriteFileAtomically(TablePath(out), {table.head, table.payload});
        !s.ok()) {
      return s;
    }
    return WriteFileAtomically(out, j.dump(2) + "\n");
  };
  if (!out.empty()) {
    if (previous.is_object()) {
      if (absl::Status s = RestoreTable(game, pos, out, prover); !s.ok()) return s;
    }
    guard.emplace(
        "\ntav prove: interrupted; saving the table to resume from (interrupt again to stop at "
        "once: the last checkpoint is kept)\n");
    options.interrupted = [&] { return InterruptGuard::Requested() || !save_error.ok(); };
    options.checkpoint_seconds = std::min(interval, 5.0);
    options.checkpoint = [&] {
      if (elapsed() < next_save || !save_error.ok()) return;
      const double t0 = elapsed();
      save_error = save(record(prove::Proof::kUnknown, "running", {}));
      next_save = elapsed() + std::max(interval, 20 * (elapsed() - t0));
    };
    prover.set_options(options);
    // A fresh run's files exist from its start: a second run with this --out
    // is refused at once, and a kill before the first save leaves a run that
    // resumes from nothing rather than no run at all.
    if (!previous.is_object()) {
      if (absl::Status s = save(record(prove::Proof::kUnknown, "running", {})); !s.ok()) return s;
    }
  }
  const prove::Proof proof = prover.Prove(pos);
  if (!save_error.ok()) return save_error;
  const std::vector<std::string> line = proof == prove::Proof::kUnknown
                                            ? std::vector<std::string>()
                                            : LineInNotation(game, pos, prover.ProofLine(pos, 200));
  const std::string_view status = proof == prove::Proof::kUnknown ? "stopped" : "finished";
  if constexpr (retro::kHasTables<G>) {
    if (game.tables()) {
      if (absl::Status s = game.tables()->error(); !s.ok()) return s;
    }
  }
  const nlohmann::json j = record(proof, status, line);
  if (!out.empty()) {
    if (absl::Status s = save(j); !s.ok()) return s;
  }
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", j.dump().c_str());
    return absl::OkStatus();
  }
  PrintProof(game, pos, prover, proof, line, j, out);
  return absl::OkStatus();
}

// The nodes --check gives the exact solver when --max-nodes is not given.
constexpr std::uint64_t kCheckDefaultNodes = 100'000'000;

// --check=FILE: the record's proof line replayed and its positions re-solved
// (prove/line_check.h), reported as a record of kind proof_check. A file that
// is not a finished df-pn proof of this game is bad input (exit 2); a line
// that does not check out is a failure (exit 1), after its record.
template <class G>
absl::Status CheckRecord(const G& game, const std::string& path) {
  absl::StatusOr<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  const nlohmann::json record = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!record.is_object() || record.value("kind", "") != "proof" ||
      !record.value("position", nlohmann::json()).is_string() ||
      !record.value("proof_line", nlohmann::json()).is_array()) {
    return absl::DataLossError(
        absl::StrCat("--check=", path, " is not a tav prove record with a position and a line"));
  }
  const std::string result = record.value("result", "");
  if (result != "win" && result != "loss") {
    return absl::InvalidArgumentError(absl::StrCat("--check=", path, ": its result is '", result,
                                                   "', and only a finished proof has a line"));
  }
  auto pos = game.parse_position(record["position"].get<std::string>());
  if (!pos.ok()) {
    return absl::DataLossError(
        absl::StrCat("--check=", path, ": bad position: ", pos.status().message()));
  }
  const nlohmann::json identity = IdentityOf(game, *pos);
  if (const std::optional<std::string> key = FirstDifference(identity, record)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--check=", path, " records a proof of another game: its ", *key, " is ",
        record.value(*key, nlohmann::json()).dump(), ", this run's ", identity[*key].dump()));
  }
  std::vector<std::string> line;
  for (const nlohmann::json& m : record["proof_line"]) {
    if (!m.is_string()) {
      return absl::DataLossError(
          absl::StrCat("--check=", path, ": a move of its line is not text"));
    }
    line.push_back(m.get<std::string>());
  }
  const std::uint64_t max_nodes = FlagGiven("max-nodes")
                                      ? static_cast<std::uint64_t>(absl::GetFlag(FLAGS_max_nodes))
                                      : kCheckDefaultNodes;
  const prove::LineCheck c =
      prove::CheckProofLine(game, *pos, line, result == "win" ? 1 : -1, max_nodes);
  const std::string db = absl::GetFlag(FLAGS_db);
  nlohmann::json j = RecordHeader(game, "proof_check");
  j.update({{"record", path},
            {"position", record["position"]},
            {"result", result},
            {"checked_method", record.value("method", "")},
            {"line_plies", line.size()},
            {"replayed", c.plies},
            {"end", c.end},
            {"solved_from", c.solved_from >= 0 ? nlohmann::json(c.solved_from) : nlohmann::json()},
            {"solver_nodes", c.solver_nodes},
            {"solver_seconds", c.solver_seconds},
            {"max_nodes", max_nodes},
            {"ok", c.ok()},
            {"error", c.ok() ? nlohmann::json() : nlohmann::json(c.error)},
            {"db", db.empty() ? nlohmann::json() : nlohmann::json(db)},
            {"provenance", Provenance()}});
  if (absl::GetFlag(FLAGS_json)) {
    std::printf("%s\n", j.dump().c_str());
  } else {
    std::printf("record: %s (%s for the side to move)\n", path.c_str(), result.c_str());
    std::printf("line: %d of %zu moves replayed, ends %s\n", c.plies, line.size(),
                c.end == "over"    ? "with the game over"
                : c.end == "probe" ? "in the tables"
                                   : "open");
    if (c.solved_from >= 0) {
      std::printf("exact solver: agrees from move %d of the line to its end (%llu nodes, %.1f s)\n",
                  c.solved_from, static_cast<unsigned long long>(c.solver_nodes), c.solver_seconds);
    }
    std::printf("%s\n", c.ok() ? "ok" : ("FAIL: " + c.error).c_str());
  }
  if (!c.ok()) return absl::InternalError(absl::StrCat("--check=", path, ": ", c.error));
  return absl::OkStatus();
}

// A scored game (--at-least): df-pn of "the side to move ends with at least
// T" (prove/dfpn.h, "Scored games"); no tables, bounds or line check.
template <class G>
absl::Status ProveAtLeast(const G& game, const GameSpec& spec, prove::DfpnOptions settings,
                          int tt_mb, double max_seconds, std::int64_t max_nodes,
                          const std::string& out) {
  if (!FlagGiven("at-least")) {
    return absl::InvalidArgumentError(
        absl::StrCat("--game=", spec.game,
                     " has scores: give --at-least=T (does the side to move end with at least "
                     "T?), or use tav solve"));
  }
  for (std::string_view f : {"db", "within", "check"}) {
    if (FlagGiven(f)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", std::string(f), " is for win/loss games, not with --at-least"));
    }
  }
  const int at_least = absl::GetFlag(FLAGS_at_least);
  if (std::abs(at_least) > G::kMaxValue + 1) {
    return absl::InvalidArgumentError(absl::StrCat("--at-least=", at_least, " is outside ",
                                                   spec.game, "'s values (at most ", G::kMaxValue,
                                                   " either way)"));
  }
  auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
  if (!pos.ok()) return pos.status();
  settings.goal = prove::Goal{game.side_to_move(*pos), at_least};
  absl::StatusOr<nlohmann::json> previous = PreviousProof(game, *pos, out, "", settings);
  if (!previous.ok()) return previous.status();
  return Dfpn(game, *pos, settings, tt_mb, max_seconds, max_nodes, out, *previous);
}

absl::Status RunProve(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("prove takes no positional arguments");
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  // Ranges: ParseFlags (flags.h).
  const std::uint64_t memory = MemoryBytesFromFlag();
  const int tt_mb = absl::GetFlag(FLAGS_tt_mb);
  const double max_seconds = absl::GetFlag(FLAGS_budget_s);
  const std::int64_t max_nodes = absl::GetFlag(FLAGS_max_nodes);
  const std::string db = absl::GetFlag(FLAGS_db);
  const std::string out = absl::GetFlag(FLAGS_out);
  if (const double c = absl::GetFlag(FLAGS_checkpoint_s); !(c > 0 && c <= 1e6)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--checkpoint-s=", c, " is not in (0, 10^6] seconds"));
  }
  if (FlagGiven("checkpoint-s") && out.empty()) {
    return absl::InvalidArgumentError("--checkpoint-s needs --out (where the table is saved)");
  }
  const std::string check = absl::GetFlag(FLAGS_check);
  if (!check.empty()) {
    for (std::string_view f :
         {"out", "resume", "within", "order", "init", "combine", "position", "moves"}) {
      if (FlagGiven(f)) {
        return absl::InvalidArgumentError(
            absl::StrCat("--check takes the position from the record; --", std::string(f),
                         " cannot go with it"));
      }
    }
  }
  const absl::StatusOr<prove::DfpnOptions> settings = DfpnSettingsFromFlags();  // --order, --init
  if (!settings.ok()) return settings.status();
  // --db wraps the game (retro::WithTables): probe_result answers from the tables too.
  auto prove_game = [&](const auto& game) -> absl::Status {
    if (!check.empty()) return CheckRecord(game, check);
    auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
    if (!pos.ok()) return pos.status();
    absl::StatusOr<nlohmann::json> previous = PreviousProof(game, *pos, out, db, *settings);
    if (!previous.ok()) return previous.status();
    const int within = absl::GetFlag(FLAGS_within);  // 0..200: ParseFlags
    if (within > 0) return Bounds(game, *pos, within, tt_mb, max_seconds, db);
    return Dfpn(game, *pos, *settings, tt_mb, max_seconds, max_nodes, out, *previous);
  };
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!WinLossDistanceGame<G>) {
      return ProveAtLeast(game, *spec, *settings, tt_mb, max_seconds, max_nodes, out);
    } else {
      if (FlagGiven("at-least")) {
        return absl::InvalidArgumentError(absl::StrCat(
            "--at-least is for games with scores; --game=", spec->game, " is won or lost"));
      }
      return WithTablesFromFlag(game, db, memory, prove_game);
    }
  });
}

}  // namespace

Command ProveCommand() {
  const std::vector<std::string_view> flags =
      FlagList({kGameFlags,
                kPositionFlags,
                {"db", "memory-mb", "tt-mb", "budget-s", "max-nodes", "within", "json", "out",
                 "resume", "checkpoint-s", "order", "init", "combine", "check", "at-least"}});
  return {"prove", "prove who wins (or reaches a score) by proof-number search",
          "Depth-first proof-number search (df-pn) of a win/loss game: proves that the\n"
          "side to move wins or loses, without the distance. A game with scores\n"
          "(cathedral, othello, desdemona) needs --at-least=T: it proves whether the side\n"
          "to move ends with at least T (win) or less (loss). With --db=DIR, positions\n"
          "in those endgame tables are leaves. --budget-s (seconds) / --max-nodes bound the\n"
          "run; an unfinished proof reports the root's proof and disproof numbers and the\n"
          "decided position nearest the root that its table holds.\n"
          "With --out=FILE the proof record is kept in FILE and the table in FILE.table,\n"
          "saved every --checkpoint-s seconds, at the end and on an interrupt (Ctrl-C); a run\n"
          "stopped by the budget, an interrupt or a kill continues with the same flags and\n"
          "--resume, from every proof and disproof number it had saved.\n"
          "Example:\n"
          "  tav prove --game=prairie --size=5\n"
          "  tav prove --game=prairie --variant=extra4 --db=db/p11b1 --budget-s=600 --json\n"
          "  tav prove --game=prairie --size=8 --out=w8.json --budget-s=3600   (then --resume)\n"
          "  tav prove --game=cathedral --size=6 --moves=Ync4 --at-least=3\n"
          "With --within=D it bounds instead: for each side, the largest d such that it\n"
          "cannot force a win within d plies (iterative deepening), or its shortest win:\n"
          "  tav prove --game=prairie --within=25 --budget-s=3600\n"
          "An independent check of a finished proof: prove it again with other settings\n"
          "(--order=reversed --init=unit, or --combine=weak: another tree), and replay its\n"
          "line with --check,\n"
          "which re-solves the line's positions from the end by alpha-beta:\n"
          "  tav prove --game=prairie --size=7 --order=reversed --init=unit --out=w7b.json\n"
          "  tav prove --game=prairie --size=7 --check=w7.json --json",
          flags, RunProve};
}

}  // namespace tav::cli
