// Helpers shared by the retrograde solver's tests: solving into a temporary
// directory, verifying, and comparing tables with plain minimax.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"
#include "games/prairie/prairie.h"
#include "retro/lookup.h"
#include "retro/solver.h"
#include "retro/verifier.h"
#include "wld_minimax.h"

namespace tav::testing {

namespace fs = std::filesystem;
using prairie::PrairieGame;

inline PrairieGame Make(int width, const char* variant = "") {
  return *PrairieGame::Create(GameSpec{"prairie", variant, width, ""});
}

inline fs::path TempDir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / absl::StrCat("tav_retro_test_", ::getpid(), "_", name);
  fs::remove_all(dir);
  return dir;
}

template <class G>
retro::SolveSummary Solve(const G& game, const fs::path& dir, const std::string& selection = "",
                          int threads = 1, retro::Encoding encoding = retro::Encoding::kDtw8,
                          std::int64_t stop_after = -1, bool backward = true) {
  retro::SolveOptions options;
  options.dir = dir.string();
  options.selection = selection;
  options.threads = threads;
  options.encoding = encoding;
  options.progress = false;
  options.durable = false;
  options.stop_after = stop_after;
  options.backward = backward;
  GameSpec spec{std::string(G::kName), game.variant(), game.size(), ""};
  absl::StatusOr<retro::SolveSummary> summary = retro::RetroSolver<G>(game, spec, options).Run();
  EXPECT_TRUE(summary.ok()) << summary.status();
  return summary.ok() ? *summary : retro::SolveSummary{};
}

template <class G>
absl::Status Verify(const G& game, const fs::path& dir) {
  absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(dir.string());
  if (!manifest.ok()) return manifest.status();
  retro::VerifyOptions options;
  options.dir = dir.string();
  options.threads = 1;
  return retro::RetroVerifier<G>(game, *manifest, options).Run().status();
}

inline std::map<std::string, std::string> TierFiles(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir / "tiers")) {
    files[e.path().filename().string()] = testing::ReadFile(e.path());
  }
  return files;
}

// Every position of every tier against memoized minimax.
template <class G>
void ExpectTablesMatchMinimax(const G& game, const fs::path& dir, const std::string& selection,
                              std::uint64_t sample_every) {
  auto store = std::make_shared<retro::TierStore>(
      dir.string(),
      retro::TierIdentity{"prairie", game.size(), game.board_name(), retro::Encoding::kDtw8},
      std::uint64_t{1} << 30);
  retro::TableLookup<G> lookup(game, store);
  testing::WldMinimax<G> minimax(game);
  std::uint64_t checked = 0, index_seed = 0;
  const std::vector<typename G::Tier> tiers = game.tiers(selection).value();
  for (auto tier : tiers) {
    const std::uint64_t size = game.tier_size(tier);
    for (std::uint64_t i = index_seed % sample_every; i < size; i += sample_every) {
      typename G::Position p;
      ASSERT_TRUE(game.unrank(tier, i, p));
      absl::StatusOr<std::optional<retro::Outcome>> stored = lookup.Lookup(p);
      ASSERT_TRUE(stored.ok() && stored->has_value()) << game.position_string(p);
      ASSERT_EQ(retro::ToGameValue(**stored), minimax.Value(p)) << game.position_string(p);
      // The mirror image is looked up through the canonical tier.
      const typename G::Position m = game.transform(p, 1);
      ASSERT_EQ(retro::ToGameValue(**lookup.Lookup(m)), minimax.Value(m))
          << game.position_string(m);
      ++checked;
    }
    ++index_seed;
  }
  EXPECT_GT(checked, 1000u);
}

}  // namespace tav::testing
