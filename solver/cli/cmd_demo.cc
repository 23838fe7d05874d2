// tav demo: the built-in default job of the README's first command.
//
// Checks the engines against the published numbers (Othello perft, the
// Desdemona seed's example line) and prints them as a table. It exits 1 if
// anything disagrees, so the first command a new user runs is also a test.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "cli/command.h"
#include "core/natural_order.h"
#include "core/perft.h"
#include "core/setup.h"
#include "games/reversi/reversi.h"

namespace tav::cli {
namespace {

template <class G>
std::string SortedMoves(const G& game, const typename G::Position& pos) {
  typename G::MoveList list;
  game.generate_moves(pos, list);
  std::vector<std::string> names;
  for (auto m : list) names.push_back(game.move_string(pos, m));
  std::sort(names.begin(), names.end(), NaturalLess);
  return absl::StrJoin(names, " ");
}

absl::Status RunDemo(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("demo takes no positional arguments");
  bool all_ok = true;

  std::printf("Othello 8x8: perft from the start against the published counts (RULES.md)\n");
  std::printf("%5s %14s %14s %10s %8s\n", "depth", "published", "computed", "seconds", "check");
  const std::uint64_t published[] = {4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
  auto othello = *reversi::Othello::Create(GameSpec{"othello", "", 8, ""});
  for (int d = 1; d <= 9; ++d) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t got = Perft(othello, othello.start(), d);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const bool ok = got == published[d - 1];
    all_ok &= ok;
    std::printf("%5d %14llu %14llu %10.4f %8s\n", d,
                static_cast<unsigned long long>(published[d - 1]),
                static_cast<unsigned long long>(got), s, ok ? "ok" : "WRONG");
  }

  std::printf("\nDesdemona 8x8: legal moves along the seed's example line\n");
  std::printf("%4s %6s %6s  %-22s %-22s %s\n", "ply", "move", "to-move", "legal moves", "seed says",
              "check");
  auto desdemona = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 8, ""});
  struct Step {
    const char* move;
    const char* expected;
  };
  const Step line[] = {
      {"", "c4 d3 e6 f5"}, {"d3", "c3 c5 e3"}, {"e3", "f3 f5"}, {"f3", "c3 c5 e2"}};
  auto pos = desdemona.start();
  int ply = 0;
  for (const Step& step : line) {
    if (*step.move) {
      auto next = PlayMoves(desdemona, pos, step.move);
      if (!next.ok()) return next.status();
      pos = *next;
      ++ply;
    }
    const std::string got = SortedMoves(desdemona, pos);
    const bool ok = got == step.expected;
    all_ok &= ok;
    std::printf("%4d %6s %6s  %-22s %-22s %s\n", ply, *step.move ? step.move : "-",
                desdemona.side_to_move(pos) ? "O" : "X", got.c_str(), step.expected,
                ok ? "ok" : "WRONG");
  }
  std::printf("position after the line: %s\n", desdemona.position_string(pos).c_str());
  std::printf("\n%s\n", all_ok ? "all checks passed" : "SOME CHECKS FAILED");
  if (!all_ok) return absl::InternalError("the demo's checks failed");
  return absl::OkStatus();
}

}  // namespace

Command DemoCommand() {
  return {"demo",
          "the built-in default job: engine checks against published numbers",
          "Runs Othello perft 1..9 against the published counts and replays the\n"
          "Desdemona seed's example line, printing a table; exits 1 on any mismatch.",
          {},
          RunDemo};
}

}  // namespace tav::cli
