// tav probe: the value of a position from a retrograde database, its best
// move and the value of every move (retro/lookup.h).
#include <algorithm>
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
#include "core/natural_order.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "retro/lookup.h"
#include "retro/manifest.h"

namespace tav::cli {
namespace {

std::string Describe(const retro::Outcome& o, bool distances) {
  if (o.result == 0) return "draw";
  if (!distances) return std::string(retro::ResultName(o.result));
  return absl::StrCat(retro::ResultName(o.result), " in ", o.plies);
}

nlohmann::json OutcomeJson(const retro::Outcome& o, bool distances, int side) {
  const int value = distances ? retro::ToGameValue(o) : o.result;
  return {{"result", std::string(retro::ResultName(o.result))},
          {"plies", distances && o.result != 0 ? nlohmann::json(o.plies) : nlohmann::json()},
          {"value", value},
          {"value_first_player", side == 0 ? value : -value}};
}

absl::Status RunProbe(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("probe takes no positional arguments");
  absl::StatusOr<DatabaseFlags> opened = DatabaseFromFlags();
  if (!opened.ok()) return opened.status();
  const std::string& db = opened->dir;
  const retro::Manifest* manifest = &opened->manifest;
  GameSpec spec = manifest->spec;
  if (!absl::GetFlag(FLAGS_variant).empty()) spec.variant = absl::GetFlag(FLAGS_variant);
  if (!GameOptionsFromFlags().empty()) spec.options = GameOptionsFromFlags();
  const bool distances = manifest->encoding == retro::Encoding::kDtw8;
  return WithGame(spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!retro::TierGame<G>) {
      return absl::FailedPreconditionError(absl::StrCat("--db=", db, " is not a tier database"));
    } else {
      auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
      if (!pos.ok()) return pos.status();
      absl::StatusOr<Database<G>> database =
          OpenDatabase(game, db, *manifest, opened->memory_bytes);
      if (!database.ok()) return database.status();
      const retro::TableLookup<G> lookup = database->Lookup(game);
      absl::StatusOr<std::optional<retro::Outcome>> value = lookup.Value(*pos);
      if (!value.ok()) return value.status();
      if (!value->has_value()) {
        return absl::NotFoundError(absl::StrCat(
            "the position is not in --db=", db, " (tier ",
            game.in_tables(*pos) ? game.tier_name(game.tier_of(*pos)) : std::string("none"),
            "; the database holds tiers '",
            manifest->selection.empty() ? "all" : manifest->selection, "' of ", manifest->board,
            ")"));
      }
      const int side = game.side_to_move(*pos);
      struct Row {
        std::string move;
        retro::Outcome outcome;  // for the side to move of the probed position
      };
      std::vector<Row> rows;
      typename G::MoveList moves;
      game.generate_moves(*pos, moves);
      for (const auto& m : moves) {
        auto child = *pos;
        game.play(child, m);
        absl::StatusOr<std::optional<retro::Outcome>> c = lookup.ChildValue(child);
        if (!c.ok()) return c.status();
        if (!c->has_value()) {
          return absl::NotFoundError(
              absl::StrCat("move ", game.move_string(*pos, m), " leads outside --db=", db));
        }
        rows.push_back({game.move_string(*pos, m), retro::TableLookup<G>::Backed(**c)});
      }
      std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (retro::TableLookup<G>::Better(a.outcome, b.outcome)) return true;
        if (retro::TableLookup<G>::Better(b.outcome, a.outcome)) return false;
        return NaturalLess(a.move, b.move);
      });
      if (absl::GetFlag(FLAGS_json)) {
        nlohmann::json j = RecordHeader(game, "retro_probe");
        j.update(OutcomeJson(**value, distances, side));
        j["position"] = game.position_string(*pos);
        j["moves_played"] = absl::GetFlag(FLAGS_moves);
        j["side_to_move"] = side;
        j["db"] = db;
        j["encoding"] = std::string(retro::EncodingName(manifest->encoding));
        j["best_move"] = rows.empty() ? nlohmann::json() : nlohmann::json(rows[0].move);
        j["moves"] = nlohmann::json::array();
        for (const Row& r : rows) {
          nlohmann::json row = OutcomeJson(r.outcome, distances, side);
          row["move"] = r.move;
          j["moves"].push_back(row);
        }
        std::printf("%s\n", j.dump().c_str());
        return absl::OkStatus();
      }
      std::printf("position: %s\n", game.position_string(*pos).c_str());
      std::printf("value: %s for the side to move (%s)\n", Describe(**value, distances).c_str(),
                  side == 0 ? "first player" : "second player");
      if (rows.empty()) {
        std::printf("the game is over\n");
        return absl::OkStatus();
      }
      std::printf("best move: %s\n", rows[0].move.c_str());
      for (const Row& r : rows) {
        std::printf("  %-14s %s\n", r.move.c_str(), Describe(r.outcome, distances).c_str());
      }
      return absl::OkStatus();
    }
  });
}

}  // namespace

Command ProbeCommand() {
  return {"probe",
          "look a position up in a retrograde database",
          "Prints the value of the position (win/loss/draw for the side to move and the\n"
          "distance in plies), the best move and the value of every move, from the\n"
          "tables alone. The game is the database's (its manifest); --variant may name\n"
          "another variant of the same board. Examples:\n"
          "  tav probe --db=db/prairie4 --moves='a7-a6 c2-c3'\n"
          "  tav probe --db=db/prairie4 --position='----DDCD----------------BBBB B' --json",
          {"db", "position", "moves", "variant", "empty-columns", "memory-mb", "json"},
          RunProbe};
}

}  // namespace tav::cli
