// `tav bench`: every position solved to its exact value, and the node total
// (the search's signature) is the same on every run and equal to the one
// committed in bench/bench_signature.txt.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

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
  EXPECT_GT(a["cpu_seconds"].get<double>(), 0.0);
  EXPECT_GT(a["nps_cpu"].get<double>(), 0.0);
}

// The committed signature: its last line that is not a comment.
std::uint64_t CommittedSignature() {
  std::ifstream in(std::string(TAV_SOURCE_DIR) + "/bench/bench_signature.txt");
  std::string line, last;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') last = line;
  }
  return last.empty() ? 0 : std::stoull(last);
}

TEST(BenchCli, NodeCountEqualsTheCommittedSignature) {
  const std::uint64_t expected = CommittedSignature();
  ASSERT_GT(expected, 0u) << "no signature in bench/bench_signature.txt";
  const CliResult r = RunTav("bench --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["nodes"].get<std::uint64_t>(), expected)
      << "the search visits another tree: if on purpose, update bench/bench_signature.txt "
         "and say why in the commit";
}

}  // namespace
}  // namespace tav::testing
