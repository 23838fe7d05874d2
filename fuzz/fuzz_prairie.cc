// Prairie position strings and move notation (simple and compound extra-move
// first turns); fuzz/game_fuzz.h lists the checks. The first byte picks the
// width and variant.
#include <vector>

#include "game_fuzz.h"
#include "games/prairie/prairie.h"

namespace {

tav::prairie::PrairieGame Make(const char* variant, int size, const char* empty_columns = "") {
  tav::GameSpec spec;
  spec.variant = variant;
  spec.size = size;
  if (*empty_columns != '\0') spec.options = std::string("empty-columns=") + empty_columns;
  return *tav::prairie::PrairieGame::Create(spec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<tav::prairie::PrairieGame> games = {
      Make("standard", 11), Make("standard", 5), Make("handicap2", 11),
      Make("extra3", 7),    Make("standard", 3), Make("standard", 6, "b,e")};
  std::string_view text = tav::fuzz::AsText(data, size);
  tav::fuzz::FuzzPositionAndMoves(games[tav::fuzz::Choice(text, games.size())], text);
  return 0;
}
