// Weights files: writing, reading and checking (linear_model.h has the format).
#include "eval/linear_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_format.h"
#include "core/atomic_file.h"
#include "core/hash.h"
#include "zlib.h"

namespace tav::eval {
namespace {

constexpr std::string_view kKind = "eval_weights";
constexpr int kOneSetSchema = 1;   // bias, weights
constexpr int kPhasedSchema = 2;   // phase_feature, phase_edges, sets
constexpr int kPatternSchema = 3;  // schema 2 and pattern tables

bool Phased(const LinearModel& m) {
  return !m.phase_feature.empty() || m.sets.size() != 1 || m.has_patterns();
}

// Mix64 folded over the bytes of `text`, eight at a time (little-endian
// words, the last one zero-padded), then over the length.
std::uint64_t HashText(std::string_view text) {
  std::uint64_t h = 0x7461762d65766131ULL;  // "tav-eva1"
  for (std::size_t i = 0; i < text.size(); i += 8) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8 && i + k < text.size(); ++k) {
      word |= static_cast<std::uint64_t>(static_cast<unsigned char>(text[i + k])) << (8 * k);
    }
    h = HashCombine(h, word);
  }
  return HashCombine(h, text.size());
}

// A table's entries as stored: little-endian int16 in units of 1/kTableScale.
std::string TableBytes(const std::vector<float>& table) {
  std::string bytes(2 * table.size(), '\0');
  for (std::size_t i = 0; i < table.size(); ++i) {
    const double units = std::clamp(std::round(table[i] * kTableScale), -32768.0, 32767.0);
    const auto u = static_cast<std::uint16_t>(static_cast<std::int16_t>(units));
    bytes[2 * i] = static_cast<char>(u & 0xff);
    bytes[2 * i + 1] = static_cast<char>(u >> 8);
  }
  return bytes;
}

// The file's text of a table: TableBytes compressed by zlib, in base64.
std::string EncodeTable(const std::vector<float>& table) {
  const std::string bytes = TableBytes(table);
  uLongf size = compressBound(bytes.size());
  std::string packed(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                reinterpret_cast<const Bytef*>(bytes.data()), bytes.size(), 9) != Z_OK) {
    throw std::runtime_error("zlib could not compress a pattern table");
  }
  packed.resize(size);
  return absl::Base64Escape(packed);
}

// The `entries` entries of an EncodeTable text; throws std::runtime_error
// (damage) if it does not decode to exactly that many.
std::vector<float> DecodeTable(const std::string& text, std::size_t entries,
                               const std::string& where) {
  std::string packed;
  if (!absl::Base64Unescape(text, &packed)) {
    throw std::runtime_error(absl::StrCat("'", where, "' is not base64"));
  }
  std::string bytes(2 * entries + 1, '\0');
  uLongf size = bytes.size();
  if (uncompress(reinterpret_cast<Bytef*>(bytes.data()), &size,
                 reinterpret_cast<const Bytef*>(packed.data()), packed.size()) != Z_OK ||
      size != 2 * entries) {
    throw std::runtime_error(
        absl::StrCat("'", where, "' does not decompress to ", entries, " table entries"));
  }
  std::vector<float> table(entries);
  for (std::size_t i = 0; i < entries; ++i) {
    const auto u = static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i]) |
                                              (static_cast<unsigned char>(bytes[2 * i + 1]) << 8));
    table[i] = static_cast<float>(static_cast<std::int16_t>(u) / kTableScale);
  }
  return table;
}

// The part of the file the checksum covers: identity and numbers (a one-set
// model exactly as schema 1 wrote it, so schema 1 checksums still hold).
nlohmann::json CheckedPart(const LinearModel& m) {
  nlohmann::json j;
  j["game"] = m.game;
  j["variant"] = m.variant;
  j["board"] = m.board;
  j["options"] = m.options;
  j["feature_set"] = m.feature_set;
  j["feature_names"] = m.feature_names;
  if (!Phased(m)) {
    j["bias"] = m.sets[0].bias;
    j["weights"] = m.sets[0].weights;
    return j;
  }
  j["phase_feature"] = m.phase_feature;
  j["phase_edges"] = m.phase_edges;
  j["sets"] = nlohmann::json::array();
  for (const WeightSet& s : m.sets) {
    j["sets"].push_back({{"bias", s.bias}, {"weights", s.weights}});
    // The entries, not their compressed text (another zlib may pack them
    // differently): the file holds "table" in place of this.
    if (m.has_patterns()) {
      j["sets"].back()["table_hash"] = absl::StrFormat("%016x", HashText(TableBytes(s.table)));
    }
  }
  if (m.has_patterns()) {
    j["pattern_set"] = m.pattern_set;
    j["pattern_tables"] = m.pattern_tables;
    j["pattern_instances"] = m.pattern_instances;
  }
  return j;
}

// The string field `key` of j; throws std::invalid_argument naming it.
std::string StringField(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) throw std::invalid_argument(absl::StrCat("missing field '", key, "'"));
  if (!it->is_string()) throw std::invalid_argument(absl::StrCat("field '", key, "' is not text"));
  return it->get<std::string>();
}

double NumberField(const nlohmann::json& v, const std::string& what) {
  if (!v.is_number()) throw std::invalid_argument(absl::StrCat("'", what, "' is not a number"));
  return v.get<double>();
}

const nlohmann::json& ArrayField(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) throw std::invalid_argument(absl::StrCat("missing field '", key, "'"));
  if (!it->is_array()) {
    throw std::invalid_argument(absl::StrCat("field '", key, "' is not a list"));
  }
  return *it;
}

// One weight set: the fields bias and weights of j (`where` prefixes their
// names in errors); throws std::invalid_argument.
WeightSet SetFromJson(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw std::invalid_argument(absl::StrCat("'", where, "' is not an object"));
  if (!j.contains("bias"))
    throw std::invalid_argument(absl::StrCat("missing field '", where, "bias'"));
  WeightSet s;
  s.bias = NumberField(j["bias"], where + "bias");
  const nlohmann::json& weights = ArrayField(j, "weights");
  for (std::size_t i = 0; i < weights.size(); ++i) {
    s.weights.push_back(NumberField(weights[i], absl::StrCat(where, "weights[", i, "]")));
  }
  return s;
}

// The pattern fields of a schema 3 file into m; throws std::invalid_argument.
void PatternsFromJson(const nlohmann::json& j, LinearModel& m) {
  m.pattern_set = StringField(j, "pattern_set");
  if (m.pattern_set.empty()) throw std::invalid_argument("empty 'pattern_set'");
  for (const auto& t : ArrayField(j, "pattern_tables")) {
    if (!t.is_array() || t.size() != 2 || !t[0].is_string() || !t[1].is_number_integer() ||
        t[1].get<std::int64_t>() <= 0 || t[1].get<std::int64_t>() > (1 << 24)) {
      throw std::invalid_argument("a pattern table is not [name, entries]");
    }
    m.pattern_tables.emplace_back(t[0].get<std::string>(), t[1].get<int>());
  }
  const auto it = j.find("pattern_instances");
  if (it == j.end() || !it->is_number_integer() || it->get<std::int64_t>() <= 0 ||
      it->get<std::int64_t>() > 4096) {
    throw std::invalid_argument("missing or bad field 'pattern_instances'");
  }
  m.pattern_instances = it->get<int>();
}

// The model of a parsed file; throws std::invalid_argument naming the problem.
LinearModel FromJson(const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("not a JSON object");
  if (StringField(j, "kind") != kKind) {
    throw std::invalid_argument(
        absl::StrCat("kind '", StringField(j, "kind"), "', not '", std::string(kKind), "'"));
  }
  const auto schema = j.find("schema");
  if (schema == j.end()) throw std::invalid_argument("missing field 'schema'");
  if (!schema->is_number_integer() || schema->get<std::int64_t>() < kOneSetSchema ||
      schema->get<std::int64_t>() > kPatternSchema) {
    throw std::invalid_argument(absl::StrCat("schema ", schema->dump(),
                                             ", this build reads schemas ", kOneSetSchema, " to ",
                                             kPatternSchema));
  }
  LinearModel m;
  m.game = StringField(j, "game");
  m.variant = StringField(j, "variant");
  m.board = StringField(j, "board");
  m.options = StringField(j, "options");
  m.feature_set = StringField(j, "feature_set");
  for (const auto& name : ArrayField(j, "feature_names")) {
    if (!name.is_string()) throw std::invalid_argument("a feature name is not text");
    m.feature_names.push_back(name.get<std::string>());
  }
  if (schema->get<std::int64_t>() == kOneSetSchema) {
    m.sets.push_back(SetFromJson(j, ""));
  } else {
    if (schema->get<std::int64_t>() == kPatternSchema) PatternsFromJson(j, m);
    m.phase_feature = StringField(j, "phase_feature");
    const nlohmann::json& edges = ArrayField(j, "phase_edges");
    for (std::size_t i = 0; i < edges.size(); ++i) {
      m.phase_edges.push_back(NumberField(edges[i], absl::StrCat("phase_edges[", i, "]")));
      if (i > 0 && !(m.phase_edges[i] > m.phase_edges[i - 1])) {
        throw std::invalid_argument("phase_edges are not ascending");
      }
    }
    const nlohmann::json& sets = ArrayField(j, "sets");
    for (std::size_t k = 0; k < sets.size(); ++k) {
      m.sets.push_back(SetFromJson(sets[k], absl::StrCat("sets[", k, "].")));
      if (m.has_patterns()) {
        const std::string where = absl::StrCat("sets[", k, "].table");
        if (!sets[k].contains("table") || !sets[k]["table"].is_string()) {
          throw std::invalid_argument(absl::StrCat("missing field '", where, "'"));
        }
        m.sets.back().table =
            DecodeTable(sets[k]["table"].get<std::string>(), m.PatternEntries(), where);
      }
    }
    if (m.sets.size() != m.phase_edges.size() + 1) {
      throw std::invalid_argument(
          absl::StrCat(m.sets.size(), " weight sets for ", m.phase_edges.size(), " phase edges"));
    }
    if (!m.SetPhaseIndex()) {
      throw std::invalid_argument(
          absl::StrCat("phase_feature '", m.phase_feature, "' is not one of the feature names"));
    }
  }
  for (const WeightSet& s : m.sets) {
    if (s.weights.size() != m.feature_names.size()) {
      throw std::invalid_argument(absl::StrCat(s.weights.size(), " weights for ",
                                               m.feature_names.size(), " feature names"));
    }
  }
  if (j.contains("training")) m.training = j["training"];
  const std::string checksum = StringField(j, "checksum");
  if (checksum != ModelChecksum(m)) {
    // Thrown as a different type so the caller reports DataLoss.
    throw std::runtime_error(absl::StrCat("checksum mismatch (file says ", checksum,
                                          ", contents give ", ModelChecksum(m),
                                          "): the file is damaged or was edited"));
  }
  return m;
}

}  // namespace

bool LinearModel::SetPhaseIndex() {
  phase_index = -1;
  if (phase_feature.empty()) return true;
  const auto it = std::find(feature_names.begin(), feature_names.end(), phase_feature);
  if (it == feature_names.end()) return false;
  phase_index = static_cast<int>(it - feature_names.begin());
  return true;
}

std::string ModelChecksum(const LinearModel& model) {
  return absl::StrFormat("%016x", HashText(CheckedPart(model).dump()));
}

nlohmann::json ModelJson(const LinearModel& model) {
  nlohmann::json j = CheckedPart(model);
  const std::string checksum = ModelChecksum(model);
  if (model.has_patterns()) {
    for (std::size_t k = 0; k < model.sets.size(); ++k) {
      j["sets"][k].erase("table_hash");
      j["sets"][k]["table"] = EncodeTable(model.sets[k].table);
    }
  }
  j["schema"] = model.has_patterns() ? kPatternSchema
                : Phased(model)      ? kPhasedSchema
                                     : kOneSetSchema;
  j["kind"] = std::string(kKind);
  j["training"] = model.training;
  j["checksum"] = checksum;
  return j;
}

absl::StatusOr<LinearModel> ParseModel(std::string_view text, const std::string& source) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    return absl::DataLossError(absl::StrCat("weights file ", source, " is not JSON"));
  }
  try {
    return FromJson(j);
  } catch (const std::invalid_argument& e) {
    return absl::InvalidArgumentError(absl::StrCat("weights file ", source, ": ", e.what()));
  } catch (const std::exception& e) {
    return absl::DataLossError(absl::StrCat("weights file ", source, ": ", e.what()));
  }
}

absl::StatusOr<LinearModel> LoadModel(const std::string& path) {
  absl::StatusOr<std::string> text = ReadWholeFile(path);
  if (!text.ok()) {
    if (absl::IsNotFound(text.status())) {
      return absl::NotFoundError(absl::StrCat(
          "bad --eval='", path,
          "': no such weights file (the evaluations are handmade, learned, default or a FILE)"));
    }
    return text.status();
  }
  return ParseModel(*text, path);
}

absl::Status SaveModel(const LinearModel& model, const std::string& path) {
  return WriteFileAtomically(path, ModelJson(model).dump(1) + "\n");
}

absl::StatusOr<LinearModel> BuiltInModel(const std::string& game, const std::string& variant,
                                         const std::string& board, const std::string& options) {
  for (std::size_t i = 0; i < BuiltInWeightsTexts().size(); ++i) {
    absl::StatusOr<LinearModel> m =
        ParseModel(BuiltInWeightsTexts()[i], absl::StrCat("built-in #", i));
    // A built-in file was checked when it was committed (eval_weights_test).
    if (!m.ok()) return absl::InternalError(m.status().message());
    if (m->game == game && m->variant == variant && m->board == board && m->options == options) {
      return m;
    }
  }
  return absl::NotFoundError(absl::StrCat("no learned weights for ", game, " ", variant, " ", board,
                                          options.empty() ? "" : " ", options,
                                          " in this build; use --eval=handmade or a FILE"));
}

}  // namespace tav::eval
