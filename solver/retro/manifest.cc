#include "retro/manifest.h"

#include <filesystem>

#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/game_options.h"
#include "core/json_fields.h"
#include "core/provenance.h"

namespace tav::retro {

nlohmann::json Manifest::ToJson() const {
  return {{"schema", kManifestSchema},
          {"kind", "retro_db"},
          {"game", spec.game},
          {"variant", spec.variant},
          {"size", spec.size},
          {"board", board},
          {"options", spec.options},
          {"selection", selection},
          {"encoding", std::string(EncodingName(encoding))},
          {"tiers", tiers},
          {"positions", positions},
          {"provenance", Provenance()}};
}

absl::StatusOr<Manifest> Manifest::FromJson(const nlohmann::json& j) {
  Manifest m;
  try {
    if (JsonIntAt<int>(j, "schema") != kManifestSchema || j.at("kind") != "retro_db") {
      return absl::DataLossError(
          absl::StrCat("unknown manifest schema/kind (this build reads kind "
                       "retro_db schema ",
                       kManifestSchema, ")"));
    }
    m.spec.game = j.at("game").get<std::string>();
    m.spec.variant = j.at("variant").get<std::string>();
    m.spec.size = JsonIntAt<int>(j, "size");
    m.spec.options = GameOptionsFromJson(j);
    m.board = j.at("board").get<std::string>();
    m.selection = j.at("selection").get<std::string>();
    absl::StatusOr<Encoding> enc = ParseEncoding(j.at("encoding").get<std::string>());
    if (!enc.ok()) return absl::DataLossError(enc.status().message());
    m.encoding = *enc;
    m.tiers = JsonIntAt<std::uint64_t>(j, "tiers");
    m.positions = JsonIntAt<std::uint64_t>(j, "positions");
  } catch (const std::exception& e) {
    return absl::DataLossError(absl::StrCat("bad manifest: ", e.what()));
  }
  return m;
}

absl::Status Manifest::SameAs(const Manifest& o) const {
  auto differ = [](const std::string& what, const std::string& a, const std::string& b) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the directory holds another database: ", what, " '", a, "', this run '", b, "'"));
  };
  if (spec.game != o.spec.game) return differ("game", spec.game, o.spec.game);
  if (spec.variant != o.spec.variant) return differ("variant", spec.variant, o.spec.variant);
  if (board != o.board) return differ("board", board, o.board);
  if (spec.options != o.spec.options) {
    return differ("game options", spec.options, o.spec.options);
  }
  if (selection != o.selection) return differ("tier selection", selection, o.selection);
  if (encoding != o.encoding) {
    return differ("encoding", std::string(EncodingName(encoding)),
                  std::string(EncodingName(o.encoding)));
  }
  return absl::OkStatus();
}

std::string ManifestPath(const std::string& dir) { return dir + "/manifest.json"; }

absl::StatusOr<Manifest> ReadManifest(const std::string& dir) {
  const std::string path = ManifestPath(dir);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return absl::NotFoundError(
        absl::StrCat("no retrograde database in ", dir, " (", path, " missing)"));
  }
  absl::StatusOr<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded()) return absl::DataLossError(absl::StrCat("damaged ", path, ": not JSON"));
  absl::StatusOr<Manifest> m = Manifest::FromJson(j);
  if (!m.ok()) return absl::DataLossError(absl::StrCat(path, ": ", m.status().message()));
  return m;
}

absl::Status WriteManifest(const std::string& dir, const Manifest& manifest) {
  return WriteFileAtomically(ManifestPath(dir), manifest.ToJson().dump(2) + "\n");
}

absl::StatusOr<DirLock> LockDatabaseDirectory(const std::string& dir) {
  constexpr OtherOutput kOthers[] = {kExploreOutput, kMatchOutput};
  return LockOutputDirectory(dir, kOthers, "a retrograde database");
}

}  // namespace tav::retro
