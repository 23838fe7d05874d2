#include "core/game_options.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/strings.h"

namespace tav {

absl::StatusOr<std::vector<GameOption>> ParseGameOptions(std::string_view text) {
  std::vector<GameOption> out;
  for (absl::string_view piece : absl::StrSplit(AV(text), ';', absl::SkipWhitespace())) {
    const std::string_view item(piece.data(), piece.size());
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "bad game option '", AV(item), "' in --options='", AV(text), "': expected key=value"));
    }
    GameOption o{std::string(item.substr(0, eq)), std::string(item.substr(eq + 1))};
    for (const GameOption& seen : out) {
      if (seen.key == o.key) {
        return absl::InvalidArgumentError(
            absl::StrCat("game option '", o.key, "' given twice in --options='", AV(text), "'"));
      }
    }
    out.push_back(std::move(o));
  }
  return out;
}

std::string JoinGameOptions(std::vector<GameOption> options) {
  std::sort(options.begin(), options.end(),
            [](const GameOption& a, const GameOption& b) { return a.key < b.key; });
  std::vector<std::string> items;
  for (const GameOption& o : options) {
    if (!o.value.empty()) items.push_back(absl::StrCat(o.key, "=", o.value));
  }
  return absl::StrJoin(items, ";");
}

std::string TakeGameOption(std::vector<GameOption>& options, std::string_view key) {
  for (auto it = options.begin(); it != options.end(); ++it) {
    if (it->key == key) {
      std::string value = std::move(it->value);
      options.erase(it);
      return value;
    }
  }
  return "";
}

absl::Status NoOtherGameOptions(const std::vector<GameOption>& options, std::string_view game) {
  if (options.empty()) return absl::OkStatus();
  const std::string& key = options.front().key;
  // The two options with flags of their own are named by their flags.
  const std::string name = key == "pieces"          ? "--pieces"
                           : key == "empty-columns" ? "--empty-columns"
                                                    : absl::StrCat("game option '", key, "'");
  return absl::InvalidArgumentError(absl::StrCat(name, " does not apply to ", AV(game)));
}

std::string LegacyGameOptions(std::string_view pieces, std::string_view empty_columns) {
  return JoinGameOptions(
      {{"pieces", std::string(pieces)}, {"empty-columns", std::string(empty_columns)}});
}

std::string GameOptionsFromJson(const nlohmann::json& j) {
  if (j.contains("options")) return j.at("options").get<std::string>();
  return LegacyGameOptions(j.value("pieces", ""), j.value("empty_columns", ""));
}

}  // namespace tav
