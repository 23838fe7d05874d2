// The labelled positions of a `tav learn` run as a file (trainer.h design,
// 5): `--training-set-out` writes them, `--training-set` fits from them without
// playing a game.
//
// Format (data/README.md, kind learn_samples): JSON lines. The first is the
// record header (game, variant, size, board, options) with `samples` (the
// count), `command` and `provenance` of the run that labelled them; then one
// line per sample, {"position": the game's one-line position string,
// "label": its value for the side to move}, in the order fitted. Positions
// rather than features: a file stays valid when the features change, at the
// cost of recomputing them on reading (microseconds each). Written
// atomically; a reader checks the header names this game and board and that
// every line parses, and refuses anything else with one line naming the line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "core/record_header.h"
#include "learn/trainer.h"
#include "nlohmann/json.hpp"

namespace tav::learn {

inline constexpr std::string_view kSamplesKind = "learn_samples";

// The file's text: the header (`extra` adds keys to it) and one line per sample.
template <Game G>
std::string SamplesText(const G& game, const std::vector<Sample<typename G::Position>>& samples,
                        const nlohmann::json& extra) {
  nlohmann::json header = RecordHeader(game, kSamplesKind);
  header["samples"] = samples.size();
  header.update(extra);
  std::string text = header.dump() + "\n";
  for (const auto& s : samples) {
    text += nlohmann::json{{"position", game.position_string(s.pos)}, {"label", s.label}}.dump();
    text += '\n';
  }
  return text;
}

template <class Position>
struct SamplesFile {
  nlohmann::json header;  // the first line
  std::vector<Sample<Position>> samples;
};

// The samples of file `path` for `game`. FailedPrecondition naming the file
// (and the line) for a file of another kind, game or board, a line that is
// not a sample or a position that does not parse; NotFound and the other
// read errors as ReadWholeFile gives them.
template <Game G>
absl::StatusOr<SamplesFile<typename G::Position>> ReadSamples(const G& game,
                                                              const std::string& path) {
  absl::StatusOr<std::string> text = ReadWholeFile(path);
  if (!text.ok()) return text.status();
  auto bad = [&](int line, absl::string_view why) {
    return absl::FailedPreconditionError(
        absl::StrCat("bad --training-set file ", path, " line ", line, ": ", why));
  };
  SamplesFile<typename G::Position> file;
  auto& samples = file.samples;
  int line_no = 0;
  std::size_t declared = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n', absl::SkipEmpty())) {
    ++line_no;
    const nlohmann::json j = nlohmann::json::parse(std::string_view(line.data(), line.size()),
                                                   nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) return bad(line_no, "not a JSON object");
    if (line_no == 1) {
      const nlohmann::json want = RecordHeader(game, kSamplesKind);
      for (const auto& [key, value] : want.items()) {
        if (!j.contains(key) || j[key] != value) {
          return bad(1,
                     absl::StrCat("its '", key, "' is ", j.contains(key) ? j[key].dump() : "absent",
                                  ", this run's is ", value.dump()));
        }
      }
      if (!j.contains("samples") || !j["samples"].is_number_unsigned())
        return bad(1, "no sample count");
      declared = j["samples"].get<std::size_t>();
      file.header = j;
      continue;
    }
    if (!j.contains("position") || !j["position"].is_string() || !j.contains("label") ||
        !j["label"].is_number_integer()) {
      return bad(line_no, "not {\"position\": string, \"label\": integer}");
    }
    absl::StatusOr<typename G::Position> pos =
        game.parse_position(j["position"].get<std::string>());
    if (!pos.ok()) return bad(line_no, pos.status().message());
    samples.push_back({*pos, j["label"].get<int>()});
  }
  if (line_no == 0) return bad(1, "empty file");
  if (samples.size() != declared) {
    return bad(line_no, absl::StrCat(samples.size(), " samples where the header says ", declared,
                                     " (a truncated file?)"));
  }
  return file;
}

}  // namespace tav::learn
