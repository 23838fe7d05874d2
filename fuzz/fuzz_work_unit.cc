// Work-unit and unit-result JSON (explore/work_unit.h). The first byte picks
// the form: '0' a unit (WorkUnit::FromJson), otherwise a result
// (ResultFromJson, values within ±64). Checked: what is accepted converts
// back to JSON that is accepted again as the same thing, and the JSON is
// stable (ToJson of the re-read value is the same text).
#include "explore/work_unit.h"
#include "fuzz_util.h"
#include "nlohmann/json.hpp"

namespace {

using tav::fuzz::Require;
using tav::fuzz::RequireMessage;

void FuzzUnit(const nlohmann::json& j) {
  auto unit = tav::explore::WorkUnit::FromJson(j);
  if (!unit.ok()) return RequireMessage(unit.status());
  const nlohmann::json out = unit->ToJson();
  auto again = tav::explore::WorkUnit::FromJson(out);
  Require(again.ok(), "WorkUnit::ToJson's output is rejected");
  Require(again->ToJson().dump() == out.dump(), "a work unit changes through ToJson/FromJson");
}

void FuzzResult(const nlohmann::json& j) {
  constexpr int kMaxValue = 64;
  auto result = tav::explore::ResultFromJson(j, kMaxValue);
  if (!result.ok()) return RequireMessage(result.status());
  const nlohmann::json out = tav::explore::ResultToJson(*result, "p");
  auto again = tav::explore::ResultFromJson(out, kMaxValue);
  Require(again.ok(), "ResultToJson's output is rejected");
  Require(tav::explore::ResultToJson(*again, "p").dump() == out.dump(),
          "a unit result changes through ResultToJson/ResultFromJson");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = tav::fuzz::AsText(data, size);
  const std::size_t form = tav::fuzz::Choice(text, 2);
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  if (form == 0) {
    FuzzUnit(j);
  } else {
    FuzzResult(j);
  }
  return 0;
}
