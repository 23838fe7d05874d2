// Turns a runtime GameSpec into a compile-time game type.
//
// This is the one place where the CLI switches on the game name; everything
// downstream is a template instantiated per game (no virtual calls). A new
// game adds one branch here.
#pragma once

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/strings.h"
#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"

namespace tav::cli {

inline constexpr std::string_view kGameNames = "othello, desdemona, cathedral, prairie";

// Calls f(game) with the game built from spec; f returns absl::Status.
template <class F>
absl::Status WithGame(const GameSpec& spec, F&& f) {
  auto run = [&](auto created) -> absl::Status {
    if (!created.ok()) return created.status();
    return std::forward<F>(f)(*created);
  };
  if (spec.game == "othello") return run(reversi::Othello::Create(spec));
  if (spec.game == "desdemona") return run(reversi::Desdemona::Create(spec));
  if (spec.game == "cathedral") return run(cathedral::Cathedral::Create(spec));
  if (spec.game == "prairie") return run(prairie::PrairieGame::Create(spec));
  return absl::InvalidArgumentError(
      absl::StrCat("unknown --game='", spec.game, "': expected one of ", AV(kGameNames)));
}

}  // namespace tav::cli
