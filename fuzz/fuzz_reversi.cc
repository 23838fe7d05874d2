// Othello and Desdemona position strings (RULES.md format and, for 8x8
// Othello, Edax .obf lines) and move notation; fuzz/game_fuzz.h lists the
// checks. The first byte picks the game and size.
#include <vector>

#include "game_fuzz.h"
#include "games/reversi/reversi.h"

namespace {

template <class G>
G Make(int size) {
  tav::GameSpec spec;
  spec.size = size;
  return *G::Create(spec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using tav::reversi::Desdemona;
  using tav::reversi::Othello;
  static const std::vector<Othello> othello = {Make<Othello>(8), Make<Othello>(6),
                                               Make<Othello>(4)};
  static const std::vector<Desdemona> desdemona = {Make<Desdemona>(8), Make<Desdemona>(6)};
  std::string_view text = tav::fuzz::AsText(data, size);
  const std::size_t k = tav::fuzz::Choice(text, othello.size() + desdemona.size());
  if (k < othello.size()) {
    tav::fuzz::FuzzPositionAndMoves(othello[k], text);
  } else {
    tav::fuzz::FuzzPositionAndMoves(desdemona[k - othello.size()], text);
  }
  return 0;
}
