// What the explorer's library tests share: a scratch directory per test
// program and the options of an exploration from a game's start.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "explore/explorer.h"

namespace tav::testing {

// A fresh directory /tmp/<program>_<pid>/<name>, the whole /tmp/<program>_<pid>
// removed when the test program exits.
inline std::string TempDir(const std::string& program, const std::string& name) {
  static const auto root =
      std::filesystem::temp_directory_path() / (program + "_" + std::to_string(::getpid()));
  static const struct Cleanup {
    ~Cleanup() { std::filesystem::remove_all(root); }
  } cleanup;
  const auto dir = root / name;
  std::filesystem::remove_all(dir);
  return dir.string();
}

// An exploration of `game` from its start to `plies` plies under `limits`,
// written to `dir` by `threads` threads, without progress lines.
template <class G>
explore::ExploreOptions ExploreOptionsFor(const G& game, int plies, explore::SearchLimits limits,
                                          const std::string& dir, int threads) {
  explore::ExploreOptions o;
  o.id.game = std::string(G::kName);
  o.id.variant = game.variant();
  o.id.size = game.size();
  o.id.board = game.board_name();
  o.id.plies = plies;
  o.id.limits = limits;
  o.threads = threads;
  o.out_dir = dir;
  o.progress = false;
  return o;
}

}  // namespace tav::testing
