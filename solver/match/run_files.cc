#include "match/run_files.h"

#include <filesystem>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/hash.h"
#include "explore/run_files.h"

namespace tav::match {

using nlohmann::json;
namespace fs = std::filesystem;

void MatchIdentity::PutInto(json& run) const {
  run["game"] = spec.game;
  run["variant"] = spec.variant;
  run["size"] = spec.size;
  run["board"] = board;
  run["options"] = spec.options;
  run["a"] = engine::EngineConfigString(a);
  run["b"] = engine::EngineConfigString(b);
  run["openings"] = openings;
  run["games"] = games;
  run["sprt"] = sprt ? sprt->ToJson() : json(nullptr);
  run["openings_source"] = openings_source;
  if (games_per_opening > 0) run["games_per_opening"] = games_per_opening;
}

std::vector<GameUnit> PlanUnits(const MatchIdentity& id) {
  std::vector<GameUnit> units;
  if (id.openings.empty()) return units;
  const int n = static_cast<int>(id.openings.size());
  const int per = id.games_per_opening;
  for (int g = 0; g < id.games; ++g) {
    GameUnit u;
    u.spec = id.spec;
    u.game_index = g;
    u.opening_index = per > 0 ? (g / per) % n : (g / 2) % n;
    u.opening = id.openings[static_cast<std::size_t>(u.opening_index)];
    u.a_first = g % 2 == 0;
    u.a = id.a;
    u.b = id.b;
    if (per > 0) {
      const auto game = static_cast<std::uint64_t>(g);
      u.a.seed = Mix64(id.a.seed ^ Mix64(2 * game + 1));
      u.b.seed = Mix64(id.b.seed ^ Mix64(2 * game + 2));
    }
    units.push_back(std::move(u));
  }
  return units;
}

absl::StatusOr<DirLock> LockMatchDirectory(const std::string& dir, bool must_resume) {
  constexpr OtherOutput kOthers[] = {kDatabaseOutput, kExploreOutput};
  if (absl::Status s = RefuseOtherOutputs(dir, kOthers, "a match"); !s.ok()) return s;
  if (must_resume) {
    if (absl::Status s = CheckSomethingToResume(dir, "a match"); !s.ok()) return s;
  }
  return LockOutputDirectory(dir, kOthers, "a match");
}

namespace {

absl::Status CheckSameMatch(const json& run, const MatchIdentity& id, const std::string& path) {
  json want;
  id.PutInto(want);
  want.erase("openings_source");
  for (const auto& [key, value] : want.items()) {
    const json have = run.contains(key) ? run.at(key) : json(nullptr);
    if (have != value) {
      std::string shown_have = have.dump(), shown_want = value.dump();
      if (key == "openings") shown_have = shown_want = "";  // long: say only that they differ
      return absl::FailedPreconditionError(absl::StrCat(
          "cannot resume: ", path, " describes a different match (", key,
          key == "openings" ? " differ"
                            : absl::StrCat(" ", shown_have, " there, ", shown_want, " now"),
          "); use another --out or the same parameters"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<json> OpenMatchRun(const std::string& dir, const MatchIdentity& id, bool resume) {
  const fs::path run_path = fs::path(dir) / "run.json", log_path = fs::path(dir) / "games.jsonl";
  std::error_code ec;
  if (fs::exists(run_path, ec)) {
    if (!resume) {
      return absl::AlreadyExistsError(
          absl::StrCat(dir,
                       " already holds a match (run.json); add --resume to continue it, or choose "
                       "another --out"));
    }
    absl::StatusOr<std::string> text = ReadWholeFile(run_path.string());
    if (!text.ok()) return text.status();
    json run = json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!run.is_object()) {
      return absl::DataLossError(
          absl::StrCat(run_path.string(), " is not a JSON object (corrupted?)"));
    }
    if (run.value("kind", json()) != "match_run" || run.value("schema", json()) != 1) {
      return absl::FailedPreconditionError(
          absl::StrCat(run_path.string(), " is not a match_run file of schema 1"));
    }
    if (absl::Status s = CheckSameMatch(run, id, run_path.string()); !s.ok()) return s;
    return run;
  }
  if (fs::exists(log_path, ec) && fs::file_size(log_path, ec) > 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        log_path.string(),
        " exists without run.json, so it cannot be checked against this match; move it away or "
        "choose another --out"));
  }
  return json();
}

absl::Status CheckGameRecord(const json& r, const std::vector<GameUnit>& units) {
  auto bad = [](const std::string& why) { return absl::DataLossError(why); };
  if (r.value("kind", json()) != "match_game" || r.value("schema", json()) != 1) {
    return bad("not a match_game record of schema 1");
  }
  const json index = r.value("game_index", json());
  if (!index.is_number_integer() || index.get<long long>() < 0 ||
      index.get<long long>() >= static_cast<long long>(units.size())) {
    return bad(absl::StrCat("game_index ", index.dump(), " is not a game of this match"));
  }
  const int g = index.get<int>();
  const json want = units[static_cast<std::size_t>(g)].ToJson();
  for (const char* key : {"opening", "a_first", "a", "b", "opening_index"}) {
    if (r.value(key, json()) != want[key]) {
      return bad(absl::StrCat("game ", g, "'s ", key, " is not this match's"));
    }
  }
  if (absl::StatusOr<double> p = RecordPoints(r); !p.ok())
    return bad(std::string(p.status().message()));
  for (const char* key : {"plies", "a_margin", "margin"}) {
    if (!r.value(key, json()).is_number()) return bad(absl::StrCat("no number \"", key, "\""));
  }
  if (!r.contains("exact_from_ply")) return bad("no \"exact_from_ply\"");
  return absl::OkStatus();
}

absl::StatusOr<LoadedGames> LoadGames(const std::string& path, const std::vector<GameUnit>& units) {
  absl::StatusOr<explore::LoadedResults> loaded = explore::LoadResults(path);
  if (!loaded.ok()) return loaded.status();
  LoadedGames out;
  out.valid_bytes = loaded->valid_bytes;
  out.torn_tail = loaded->torn_tail;
  absl::flat_hash_set<int> seen;
  int line = 0;
  for (json& r : loaded->records) {
    ++line;
    auto bad = [&](const std::string& why) {
      return absl::DataLossError(absl::StrCat(path, " line ", line, ": ", why,
                                              " (remove that line to resume without it)"));
    };
    if (absl::Status s = CheckGameRecord(r, units); !s.ok()) return bad(std::string(s.message()));
    const int g = r["game_index"].get<int>();
    if (!seen.insert(g).second) return bad(absl::StrCat("game ", g, " is recorded twice"));
    out.records.push_back(std::move(r));
  }
  return out;
}

}  // namespace tav::match
