// tav perft | moves | show: the rules engine from the command line.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/natural_order.h"
#include "core/perft.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "nlohmann/json.hpp"

ABSL_FLAG(bool, divide, false, "perft: also print the count below each move of the position");

namespace tav::cli {
namespace {

template <class G>
absl::StatusOr<typename G::Position> PositionFromFlags(const G& game) {
  return SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
}

// The keys every --json record of these commands starts with (data/README.md).
template <class G>
nlohmann::json PositionRecord(const G& game, std::string_view kind,
                              const typename G::Position& pos) {
  nlohmann::json j = RecordHeader(game, kind);
  j["position"] = game.position_string(pos);
  j["side_to_move"] = game.side_to_move(pos);
  return j;
}

// The legal moves' notation, in natural order.
template <class G>
std::vector<std::string> SortedMoves(const G& game, const typename G::Position& pos) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  std::vector<std::string> names;
  for (const auto& m : moves) names.push_back(game.move_string(pos, m));
  std::sort(names.begin(), names.end(), NaturalLess);
  return names;
}

absl::Status RunPerft(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("perft takes no positional arguments");
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  const int depth = absl::GetFlag(FLAGS_depth);
  if (depth < 1 || depth > 64) {
    return absl::InvalidArgumentError(absl::StrCat("bad --depth=", depth, ": must be 1..64"));
  }
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    auto pos = PositionFromFlags(game);
    if (!pos.ok()) return pos.status();
    using Clock = std::chrono::steady_clock;
    const bool json = absl::GetFlag(FLAGS_json);
    nlohmann::json record = PositionRecord(game, "perft", *pos);
    record["depths"] = nlohmann::json::array();
    std::uint64_t total_leaves = 0;
    double total_seconds = 0;
    for (int d = 1; d <= depth; ++d) {
      const auto t0 = Clock::now();
      const std::uint64_t leaves = Perft(game, *pos, d);
      const double s = std::chrono::duration<double>(Clock::now() - t0).count();
      total_leaves += leaves;
      total_seconds += s;
      if (json) {
        record["depths"].push_back({{"depth", d}, {"leaves", leaves}, {"seconds", s}});
        continue;
      }
      std::printf("perft %2d %16llu   %9.3f s\n", d, static_cast<unsigned long long>(leaves), s);
      std::fflush(stdout);
    }
    record["divide"] = nullptr;
    if (absl::GetFlag(FLAGS_divide)) {
      typename std::decay_t<decltype(game)>::MoveList moves;
      game.generate_moves(*pos, moves);
      std::vector<std::pair<std::string, std::uint64_t>> rows;
      for (const auto& m : moves) {
        auto child = *pos;
        game.play(child, m);
        rows.emplace_back(game.move_string(*pos, m), Perft(game, child, depth - 1));
      }
      std::sort(rows.begin(), rows.end(),
                [](const auto& a, const auto& b) { return NaturalLess(a.first, b.first); });
      if (json) record["divide"] = nlohmann::json::array();
      for (const auto& [name, count] : rows) {
        if (json) {
          record["divide"].push_back({{"move", name}, {"leaves", count}});
        } else {
          std::printf("  %-12s %llu\n", name.c_str(), static_cast<unsigned long long>(count));
        }
      }
    }
    const double rate = total_seconds > 0 ? total_leaves / total_seconds : 0.0;
    if (json) {
      record["leaves"] = total_leaves;
      record["seconds"] = total_seconds;
      record["leaves_per_second"] = rate;
      std::printf("%s\n", record.dump().c_str());
      return absl::OkStatus();
    }
    std::printf("leaves/s %.0f  (%llu leaves in %.3f s over depths 1..%d)\n", rate,
                static_cast<unsigned long long>(total_leaves), total_seconds, depth);
    return absl::OkStatus();
  });
}

absl::Status RunMoves(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("moves takes no positional arguments");
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    auto pos = PositionFromFlags(game);
    if (!pos.ok()) return pos.status();
    const std::vector<std::string> names = SortedMoves(game, *pos);
    if (absl::GetFlag(FLAGS_json)) {
      nlohmann::json record = PositionRecord(game, "moves", *pos);
      record["moves"] = names;
      record["over"] = game.is_over(*pos);
      std::printf("%s\n", record.dump().c_str());
      return absl::OkStatus();
    }
    std::printf("%s\n", absl::StrJoin(names, " ").c_str());
    return absl::OkStatus();
  });
}

absl::Status RunShow(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("show takes no positional arguments");
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    auto pos = PositionFromFlags(game);
    if (!pos.ok()) return pos.status();
    if (absl::GetFlag(FLAGS_json)) {
      nlohmann::json record = PositionRecord(game, "show", *pos);
      record["moves"] = SortedMoves(game, *pos);
      record["over"] = game.is_over(*pos);
      record["diagram"] = game.diagram(*pos);
      std::printf("%s\n", record.dump().c_str());
      return absl::OkStatus();
    }
    std::printf("%s", game.diagram(*pos).c_str());
    std::printf("position: %s\n", game.position_string(*pos).c_str());
    return absl::OkStatus();
  });
}

}  // namespace

Command PerftCommand() {
  return {"perft", "count the leaf positions at each depth (rules-engine check)",
          "Prints one line per depth 1..D with the leaf count and the time, then the\n"
          "leaves per second. A forced pass is one ply; a finished game is a leaf at any\n"
          "depth (RULES.md); --json: one record at the end (kind perft, data/README.md).\n"
          "Example:\n"
          "  tav perft --game=othello --depth=9",
          FlagList({kGameFlags, kPositionFlags, {"depth", "divide", "json"}}), RunPerft};
}

Command MovesCommand() {
  return {"moves", "list the legal moves of a position",
          "Prints the legal moves, sorted, space separated, on one line: 'pass' when the\n"
          "only move is a forced pass, an empty line when the game is over; --json: one\n"
          "record (kind moves, data/README.md). Example:\n"
          "  tav moves --game=desdemona --moves='d3 e3'",
          FlagList({kGameFlags, kPositionFlags, {"json"}}), RunMoves};
}

Command ShowCommand() {
  return {"show", "draw a position with the side to move",
          "Prints the board as a diagram and its one-line position string; --json: one\n"
          "record (kind show: position, legal moves, diagram; data/README.md). An Othello\n"
          "8x8 --position may also be an Edax .obf line ('BOARD X; g8:+18; ...'). Example:\n"
          "  tav show --game=othello --size=6 --moves='c2'",
          FlagList({kGameFlags, kPositionFlags, {"json"}}), RunShow};
}

}  // namespace tav::cli
