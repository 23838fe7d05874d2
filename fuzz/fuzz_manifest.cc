// Retrograde database manifests (retro/manifest.h, DIR/manifest.json).
// Checked: an accepted manifest converts back to JSON that is accepted as
// the same database (Manifest::SameAs) with the same counts.
#include "fuzz_util.h"
#include "nlohmann/json.hpp"
#include "retro/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using tav::fuzz::Require;
  const nlohmann::json j =
      nlohmann::json::parse(tav::fuzz::AsText(data, size), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  auto m = tav::retro::Manifest::FromJson(j);
  if (!m.ok()) {
    tav::fuzz::RequireMessage(m.status());
    return 0;
  }
  auto again = tav::retro::Manifest::FromJson(m->ToJson());
  Require(again.ok(), "Manifest::ToJson's output is rejected");
  Require(again->SameAs(*m).ok(), "a manifest names another database after a round trip");
  Require(again->tiers == m->tiers && again->positions == m->positions &&
              again->spec.size == m->spec.size,
          "a manifest's counts change through a round trip");
  return 0;
}
