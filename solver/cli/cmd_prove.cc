// tav prove: proves or disproves "the side to move wins" by proof-number
// search (prove/dfpn.h), probing endgame tables (--db) at the leaves.
#include <cstdio>
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
#include "core/provenance.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "prove/bounded.h"
#include "prove/dfpn.h"

ABSL_FLAG(std::int64_t, max_nodes, 0, "prove: stop after this many nodes (0 = no limit)");
ABSL_FLAG(int, within, 0,
          "prove: instead of df-pn, bound each side's shortest forced win: iterative deepening "
          "up to this many plies (0 = df-pn)");

namespace tav::cli {
namespace {

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
  // --db wraps the game (retro::WithTables): probe_result answers from the tables too.
  auto prove_game = [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
    if (!pos.ok()) return pos.status();
    const int within = absl::GetFlag(FLAGS_within);  // 0..200: ParseFlags
    if (within > 0) return Bounds(game, *pos, within, tt_mb, max_seconds, db);
    prove::DfpnOptions options;
    options.tt_mb = static_cast<std::uint64_t>(tt_mb);
    options.max_seconds = max_seconds;
    options.max_nodes = static_cast<std::uint64_t>(max_nodes);
    options.progress_seconds = absl::GetFlag(FLAGS_json) ? 0 : 30;
    prove::DfpnProver<G> prover(game, options);
    const prove::Proof proof = prover.Prove(*pos);
    const prove::DfpnStats& st = prover.stats();
    std::vector<std::string> line;
    if (proof != prove::Proof::kUnknown) {
      auto p = *pos;
      for (const auto& m : prover.ProofLine(*pos, 200)) {
        line.push_back(game.move_string(p, m));
        game.play(p, m);
      }
    }
    const int side = game.side_to_move(*pos);
    const int r = proof == prove::Proof::kWin ? 1 : proof == prove::Proof::kLoss ? -1 : 0;
    const char* first = r == 0 ? "unknown" : ((r > 0) == (side == 0) ? "win" : "loss");
    nlohmann::json j = RecordHeader(game, "proof");
    j.update({{"position", game.position_string(*pos)},
              {"moves", absl::GetFlag(FLAGS_moves)},
              {"side_to_move", side},
              {"result", prove::ProofName(proof)},
              {"result_first_player", first},
              {"proof_line", line},
              {"method", "df-pn"},
              {"nodes", st.nodes},
              {"expansions", st.expansions},
              {"seconds", st.seconds},
              {"nps", st.seconds > 0 ? st.nodes / st.seconds : 0.0},
              {"root_pn", st.root_pn},
              {"root_dn", st.root_dn},
              {"max_depth", st.max_depth},
              {"stopped_by_budget", st.stopped},
              {"max_seconds", max_seconds},
              {"max_nodes", max_nodes},
              {"probes", st.probes},
              {"probe_hits", st.probe_hits},
              {"tt_mb", tt_mb},
              {"tt_hits", st.tt_hits},
              {"db", db.empty() ? nlohmann::json() : nlohmann::json(db)},
              {"provenance", Provenance()}});
    if constexpr (retro::kHasTables<G>) {
      if (game.tables()) {
        j["db_selection"] = game.tables()->manifest().selection;
        j["db_encoding"] = std::string(retro::EncodingName(game.tables()->manifest().encoding));
        j["table_probes"] = game.tables()->probes();
        j["table_hits"] = game.tables()->hits();
        if (absl::Status s = game.tables()->error(); !s.ok()) return s;
      }
    }
    if (absl::GetFlag(FLAGS_json)) {
      std::printf("%s\n", j.dump().c_str());
    } else {
      std::printf("position: %s\n", game.position_string(*pos).c_str());
      std::printf("result: %s for the side to move (%s)\n", prove::ProofName(proof),
                  side == 0 ? "first player" : "second player");
      if (!line.empty()) std::printf("proof line: %s\n", absl::StrJoin(line, " ").c_str());
      std::printf("%llu nodes in %.1f s (%.0f k/s); root pn %u dn %u%s\n",
                  static_cast<unsigned long long>(st.nodes), st.seconds,
                  st.seconds > 0 ? st.nodes / st.seconds / 1e3 : 0.0, st.root_pn, st.root_dn,
                  st.stopped ? "; stopped by the budget" : "");
    }
    return absl::OkStatus();
  };
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!WinLossDistanceGame<G>) {
      return absl::InvalidArgumentError(absl::StrCat(
          "tav prove needs a win/loss game; --game=", spec->game, " has scores (use tav solve)"));
    } else {
      return WithTablesFromFlag(game, db, memory, prove_game);
    }
  });
}

}  // namespace

Command ProveCommand() {
  std::vector<std::string_view> flags = kGameFlags;
  for (std::string_view f : {"moves", "position", "db", "memory-mb", "tt-mb", "budget-s",
                             "max-nodes", "within", "json"}) {
    flags.push_back(f);
  }
  return {"prove", "prove who wins (win/loss only) by proof-number search",
          "Depth-first proof-number search (df-pn) of a win/loss game: proves that the\n"
          "side to move wins or loses, without the distance. With --db=DIR, positions\n"
          "in those endgame tables are leaves. --budget-s (seconds) / --max-nodes bound the\n"
          "run; an unfinished proof reports the root's proof and disproof numbers.\n"
          "Example:\n"
          "  tav prove --game=prairie --size=5\n"
          "  tav prove --game=prairie --variant=extra4 --db=db/p11b1 --budget-s=600 --json\n"
          "With --within=D it bounds instead: for each side, the largest d such that it\n"
          "cannot force a win within d plies (iterative deepening), or its shortest win:\n"
          "  tav prove --game=prairie --within=25 --budget-s=3600",
          flags, RunProve};
}

}  // namespace tav::cli
