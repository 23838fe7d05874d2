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

}  // namespace
}  // namespace tav::explore
