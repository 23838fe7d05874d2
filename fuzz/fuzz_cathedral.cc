// Cathedral position strings and move notation; fuzz/game_fuzz.h lists the
// checks. The first byte picks the variant and board size.
#include <vector>

#include "game_fuzz.h"
#include "games/cathedral/cathedral.h"

namespace {

tav::cathedral::Cathedral Make(const char* variant, int size) {
  tav::GameSpec spec;
  spec.variant = variant;
  spec.size = size;
  return *tav::cathedral::Cathedral::Create(spec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<tav::cathedral::Cathedral> games = {
      Make("classic", 10), Make("lehmann", 7), Make("classic", 8), Make("lehmann", 5)};
  std::string_view text = tav::fuzz::AsText(data, size);
  tav::fuzz::FuzzPositionAndMoves(games[tav::fuzz::Choice(text, games.size())], text);
  return 0;
}
