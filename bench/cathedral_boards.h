// The Cathedral games the benches share (built once per program).
#pragma once

#include "games/cathedral/cathedral.h"

namespace tav {

// Classic Cathedral on the real 10x10 board.
inline const cathedral::Cathedral& Game10() {
  static const cathedral::Cathedral game =
      *cathedral::Cathedral::Create(GameSpec{"cathedral", "classic", 10, ""});
  return game;
}

}  // namespace tav
