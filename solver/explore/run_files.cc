#include "explore/run_files.h"

#include <cstdio>
#include <filesystem>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/atomic_file.h"
#include "core/game_options.h"

namespace tav::explore {

using nlohmann::json;

void RunIdentity::PutInto(json& run) const {
  run["game"] = game;
  run["variant"] = variant;
  run["size"] = size;
  run["board"] = board;
  run["options"] = options;
  run["root_position"] = root_position;
  run["root_moves"] = root_moves;
  run["plies"] = plies;
  run["mode"] = ModeName(limits.mode);
  // An engine's configuration carries its own budget.
  const bool engine = !limits.engine.empty();
  const bool search = limits.mode == Mode::kSearch && !engine;
  run["depth"] = search && limits.budget_s <= 0 ? json(limits.depth) : json(nullptr);
  run["budget_s"] = search && limits.budget_s > 0 ? json(limits.budget_s) : json(nullptr);
  run["engine"] = engine ? json(limits.engine) : json(nullptr);
  run["threshold"] = limits.mode == Mode::kThreshold ? json(limits.threshold) : json(nullptr);
}

namespace {

// The identity key `key` of `run`, null when absent (a run.json from before
// "engine"); a run.json from before "options" names them by the legacy keys.
json IdentityKey(const json& run, const std::string& key) {
  if (key == "options") return json(GameOptionsFromJson(run));
  return run.contains(key) ? run.at(key) : json(nullptr);
}

// The first of `keys` whose identity value in `run` differs from `want`'s,
// with both values; nullopt when all agree.
struct Difference {
  std::string key;
  json have, want;
};
std::optional<Difference> FirstDifference(const json& run, const json& want,
                                          const std::vector<std::string>& keys) {
  for (const std::string& key : keys) {
    json have = IdentityKey(run, key);
    if (have != want[key]) return Difference{key, std::move(have), want[key]};
  }
  return std::nullopt;
}

}  // namespace

absl::Status CheckSameRun(const json& run, const RunIdentity& id, const std::string& path) {
  json want;
  id.PutInto(want);
  // "engine" first: with another engine (or none) depth and budget_s differ
  // too, and the engine is what the user changed.
  std::vector<std::string> keys = {"engine"};
  for (const auto& [key, value] : want.items()) {
    if (key != "engine") keys.push_back(key);
  }
  if (const std::optional<Difference> d = FirstDifference(run, want, keys)) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot resume: ", path, " describes a different exploration (", d->key, " ",
                     d->have.dump(), " there, ", d->want.dump(),
                     " now); use another --out or the same parameters"));
  }
  return absl::OkStatus();
}

absl::Status CheckSameGame(const json& run, const RunIdentity& id, const std::string& path) {
  json want;
  id.PutInto(want);
  if (const std::optional<Difference> d = FirstDifference(
          run, want,
          {"game", "variant", "size", "board", "options", "root_position", "root_moves"})) {
    return absl::FailedPreconditionError(
        absl::StrCat("--known: ", path, " explores another game or root (", d->key, " ",
                     d->have.dump(), " there, ", d->want.dump(), " here)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<DirLock> LockRunDirectory(const std::string& dir, bool must_resume) {
  constexpr OtherOutput kOthers[] = {kDatabaseOutput, kMatchOutput};
  if (absl::Status s = RefuseOtherOutputs(dir, kOthers, "an exploration"); !s.ok()) return s;
  if (must_resume) {
    if (absl::Status s = CheckSomethingToResume(dir, "an exploration"); !s.ok()) return s;
  }
  return LockOutputDirectory(dir, kOthers, "an exploration");
}

absl::StatusOr<json> ReadRunJson(const std::string& path) {
  if (!std::filesystem::exists(path)) return absl::NotFoundError(absl::StrCat(path, " not found"));
  absl::StatusOr<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  json run = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (run.is_discarded() || !run.is_object()) {
    return absl::DataLossError(absl::StrCat(path, " is not a JSON object (corrupted?)"));
  }
  if (run.value("kind", "") != "explore_run") {
    return absl::FailedPreconditionError(absl::StrCat(path, " is not an explore_run file"));
  }
  if (!run.contains("schema") || run["schema"] != 1) {
    return absl::FailedPreconditionError(absl::StrCat(path, ": unsupported explore_run schema ",
                                                      run.value("schema", json()).dump()));
  }
  return run;
}

absl::StatusOr<LoadedResults> LoadResults(const std::string& path) {
  LoadedResults out;
  if (!std::filesystem::exists(path)) return out;
  absl::StatusOr<LogLines> lines = ReadLogLines(path);
  if (!lines.ok()) return lines.status();
  out.valid_bytes = lines->valid_bytes;
  out.torn_tail = lines->torn_tail;
  if (out.torn_tail) {
    out.torn_bytes = static_cast<long long>(std::filesystem::file_size(path)) - out.valid_bytes;
  }
  int number = 0;
  for (const std::string& line : lines->lines) {
    ++number;
    if (line.empty()) continue;
    json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) {
      return absl::DataLossError(absl::StrCat(path, " line ", number,
                                              " is not a JSON record (corrupted file; remove "
                                              "that line to resume without it)"));
    }
    out.records.push_back(std::move(j));
  }
  return out;
}

LogSyncer::LogSyncer(AppendLog& log) : log_(log), thread_([this] { Loop(); }) {}

LogSyncer::~LogSyncer() { (void)Finish(); }

void LogSyncer::Dirty() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    dirty_ = true;
  }
  cv_.notify_one();
}

void LogSyncer::Loop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    cv_.wait(lock, [this] { return dirty_ || stop_; });
    if (dirty_) {
      dirty_ = false;
      lock.unlock();
      absl::Status s = log_.Sync();
      lock.lock();
      if (!s.ok() && error_.ok()) error_ = s;
      continue;  // look again: more may have been written meanwhile
    }
    if (stop_) return;
  }
}

absl::Status LogSyncer::Finish() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  return error_;
}

std::string KeyHex(std::uint64_t key) { return absl::StrFormat("%016x", key); }

}  // namespace tav::explore
