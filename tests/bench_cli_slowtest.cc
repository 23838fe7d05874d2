// `tav bench`: every position solved to its exact value, and the node total
// (the search's signature) is the same on every run.
#include <gtest/gtest.h>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

TEST(BenchCli, NodeSignatureIsReproducible) {
  const CliResult first = RunTav("bench --json");
  ASSERT_EQ(first.status, 0) << first.err;
  const CliResult second = RunTav("bench --json");
  ASSERT_EQ(second.status, 0) << second.err;
  const nlohmann::json a = nlohmann::json::parse(first.out), b = nlohmann::json::parse(second.out);
  EXPECT_EQ(a["kind"], "bench");
  EXPECT_GT(a["nodes"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(a["nodes"], b["nodes"]);
  ASSERT_GE(a["positions"].size(), 2u);
  // The first two are FFO #40 and #41: their published scores.
  EXPECT_EQ(a["positions"][0]["value"], 38);
  EXPECT_EQ(a["positions"][1]["value"], 0);
}

}  // namespace
}  // namespace tav::testing
