// Game options: the part of a game's identity beyond game, variant and size
// (Cathedral's piece list, Prairie's empty columns, ...), owned by the game.
//
// Generic code carries them as one opaque text, GameSpec::options, unchanged
// through work units, run identities, manifests, tier headers and book
// headers; only the game parses it (in Create) and prints it back
// (`options()`, game.h). So a new game option touches the game and nothing
// else: `tav --options='key=value;...'` reaches it through every file.
//
// Text form: "key=value" items joined by ';' (values may hold ',' but not ';'
// or '='), e.g. "pieces=VSLN" or "empty-columns=a,k". The empty text is the
// game's default. A game prints its options canonically (keys sorted, values
// normalised, default values left out), so equal games print equal text.
//
// Files written before options existed carry Cathedral's `pieces` and
// Prairie's `empty_columns` as fields of their own; LegacyGameOptions turns
// them into the text form, the one place that knows those two names.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "nlohmann/json.hpp"

namespace tav {

struct GameOption {
  std::string key, value;
};

// Splits the text form; InvalidArgument for an item without '=' or with an
// empty key, or a key given twice.
absl::StatusOr<std::vector<GameOption>> ParseGameOptions(std::string_view text);

// The text form of `options`, sorted by key; items with empty values are left out.
std::string JoinGameOptions(std::vector<GameOption> options);

// Removes `key` from `options` and returns its value ("" when absent).
std::string TakeGameOption(std::vector<GameOption>& options, std::string_view key);

// OK when nothing is left in `options` (after the game took its own);
// otherwise InvalidArgument naming the first unknown key and the game.
absl::Status NoOtherGameOptions(const std::vector<GameOption>& options, std::string_view game);

// The options of a file from before the `options` field (see the top).
std::string LegacyGameOptions(std::string_view pieces, std::string_view empty_columns);

// The options of a JSON record or header: its "options" key, or for files
// written before it the legacy "pieces" and "empty_columns" keys.
std::string GameOptionsFromJson(const nlohmann::json& j);

template <class G>
concept HasOptions = requires(const G& g) {
  { g.options() } -> std::convertible_to<std::string>;
};

// The game's canonical options text ("" for a game without options).
template <Game G>
std::string GameOptions(const G& game) {
  if constexpr (HasOptions<G>) {
    return game.options();
  } else {
    (void)game;
    return "";
  }
}

}  // namespace tav
