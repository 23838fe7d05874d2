// Turns a runtime GameSpec into a compile-time game type.
//
// This is the one place where the CLI lists the games: KnownGames, one entry
// (the game's type) per game. Its name (G::kName) and factory (G::Create)
// come from the type, and WithGame, the --game flag's help and the errors
// naming the games are all derived from the list, so a new game adds one line
// to it. Everything downstream is a template instantiated per game (no
// virtual calls); the cost is that every command's code is compiled once per
// game.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/strings.h"
#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"

namespace tav::cli {

// A list of game types: kNames their names, With() the game a spec names.
template <class... Gs>
struct GameList {
  static constexpr std::array<std::string_view, sizeof...(Gs)> kNames = {Gs::kName...};

  // Calls f(game) with the game of spec.game built from spec; f returns
  // absl::Status. An unknown name is InvalidArgument listing `names` (the
  // list's names as text); a game's Create() error is returned as it is.
  template <class F>
  static absl::Status With(const GameSpec& spec, std::string_view names, F&& f) {
    absl::Status status = absl::InvalidArgumentError(
        absl::StrCat("unknown --game='", spec.game, "': expected one of ", AV(names)));
    // The first type whose name matches builds the game; the rest are skipped.
    const auto try_one = [&]<class G>() {
      if (spec.game != G::kName) return false;
      auto created = G::Create(spec);
      status = created.ok() ? std::forward<F>(f)(*created) : created.status();
      return true;
    };
    (try_one.template operator()<Gs>() || ...);
    return status;
  }
};

// The games of the CLI: one line per game.
using KnownGames = GameList<reversi::Othello,       //
                            reversi::Desdemona,     //
                            cathedral::Cathedral,   //
                            prairie::PrairieGame>;  //

// Text built at compile time (the flag library takes its help as a constant),
// NUL-terminated.
struct ConstText {
  char data[160] = {};
  std::size_t size = 0;
  constexpr void Append(std::string_view s) {
    for (char c : s) data[size++] = c;  // past the end: not a constant, a compile error
  }
  constexpr std::string_view view() const { return {data, size}; }
};

// `prefix` and then the known games' names: "a, b, c or d".
constexpr ConstText GameNamesText(std::string_view prefix) {
  ConstText t;
  t.Append(prefix);
  const auto& names = KnownGames::kNames;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) t.Append(i + 1 == names.size() ? " or " : ", ");
    t.Append(names[i]);
  }
  return t;
}

inline constexpr ConstText kGameNamesText = GameNamesText("");
inline constexpr ConstText kGameFlagHelpText = GameNamesText("game: ");
// "othello, desdemona, cathedral or prairie"
inline constexpr std::string_view kGameNames = kGameNamesText.view();
// The --game flag's help (NUL-terminated: the flag library takes a C string).
inline constexpr const char* kGameFlagHelp = kGameFlagHelpText.data;

// Calls f(game) with the game built from spec; f returns absl::Status.
template <class F>
absl::Status WithGame(const GameSpec& spec, F&& f) {
  return KnownGames::With(spec, kGameNames, std::forward<F>(f));
}

}  // namespace tav::cli
