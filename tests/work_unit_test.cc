// Work units and their results as JSON (explore/work_unit.h): what a reader
// accepts and what it refuses by name.
#include "explore/work_unit.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/proven_value.h"
#include "nlohmann/json.hpp"

namespace tav::explore {
namespace {

constexpr int M = 64;

// Found by fuzz/fuzz_work_unit: a JSON number out of int's range was cast to
// int (undefined behaviour; in practice any garbage accepted), a fraction
// truncated and a negative count wrapped. Each is now rejected by name.
TEST(WorkUnitJson, NumbersOutsideAFieldsTypeAreRejectedNotConverted) {
  const nlohmann::json unit = {
      {"schema", 1},     {"kind", "explore_unit"}, {"game", "othello"}, {"size", 4},
      {"position", "p"}, {"mode", "exact"},        {"depth", 0},        {"tt_mb", 1}};
  ASSERT_TRUE(WorkUnit::FromJson(unit).ok());
  for (const auto& [key, bad] :
       std::vector<std::pair<std::string, nlohmann::json>>{{"size", -3.1e109},
                                                           {"size", 2.5},
                                                           {"depth", 1e10},
                                                           {"tt_mb", 4294967296LL},
                                                           {"schema", 1.0}}) {
    nlohmann::json j = unit;
    j[key] = bad;
    absl::StatusOr<WorkUnit> u = WorkUnit::FromJson(j);
    ASSERT_FALSE(u.ok()) << key << "=" << bad.dump();
    EXPECT_NE(u.status().message().find("'" + key + "'"), std::string::npos) << u.status();
  }
  UnitResult r;
  r.value = ExactValue(3);
  const nlohmann::json result = ResultToJson(r, "p");
  ASSERT_TRUE(ResultFromJson(result, M).ok());
  for (const auto& [key, bad] : std::vector<std::pair<std::string, nlohmann::json>>{
           {"nodes", -1}, {"value", 3.5e9}, {"lower", 2.5}, {"threads", "2"}}) {
    nlohmann::json j = result;
    j[key] = bad;
    EXPECT_FALSE(ResultFromJson(j, M).ok()) << key << "=" << bad.dump();
  }
}

TEST(WorkUnitJson, AThresholdUnitCarriesItsThresholdAndOthersDoNot) {
  WorkUnit unit;
  unit.spec = GameSpec{"cathedral", "lehmann", 7, ""};
  unit.position = "p";
  unit.limits.mode = Mode::kThreshold;
  unit.limits.threshold = -3;
  unit.tt_mb = 16;
  const nlohmann::json j = unit.ToJson();
  EXPECT_EQ(j.at("threshold"), -3);
  absl::StatusOr<WorkUnit> back = WorkUnit::FromJson(j);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->limits.mode, Mode::kThreshold);
  EXPECT_EQ(back->limits.threshold, -3);
  nlohmann::json without = j;
  without.erase("threshold");
  absl::StatusOr<WorkUnit> missing = WorkUnit::FromJson(without);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("'threshold'"), std::string::npos) << missing.status();
  unit.limits.mode = Mode::kWld;  // the units of other modes are the text they always were
  EXPECT_FALSE(unit.ToJson().contains("threshold"));
}

}  // namespace
}  // namespace tav::explore
