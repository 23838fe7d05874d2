// Parsing of FFO-format suite files.
#include "search/suite.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tav::search {

absl::StatusOr<std::vector<SuiteEntry>> ParseSuite(std::string_view text, std::string_view name) {
  std::vector<SuiteEntry> out;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++line_number;
    const absl::string_view line = absl::StripAsciiWhitespace(raw);
    if (line.empty() || line[0] == '#') continue;
    const auto fail = [&](const std::string& what) {
      return absl::DataLossError(
          absl::StrCat(absl::string_view(name.data(), name.size()), ":", line_number, ": ", what));
    };
    std::vector<absl::string_view> fields = absl::StrSplit(line, '|');
    for (absl::string_view& f : fields) f = absl::StripAsciiWhitespace(f);
    if (fields.size() < 6) {
      return fail(
          absl::StrCat("expected at least 6 '|'-separated fields (id | board | side | "
                       "empties | score | best_moves), got ",
                       fields.size()));
    }
    SuiteEntry e;
    e.line = line_number;
    e.id = std::string(fields[0]);
    if (e.id.empty()) return fail("empty id");
    e.board = std::string(fields[1]);
    if (e.board.empty()) return fail("empty board");
    e.side = std::string(fields[2]);
    if (e.side != "X" && e.side != "O") {
      return fail(absl::StrCat("bad side '", fields[2], "': expected X or O"));
    }
    if (!absl::SimpleAtoi(fields[3], &e.empties) || e.empties < 0) {
      return fail(absl::StrCat("bad empties '", fields[3], "'"));
    }
    absl::string_view score = fields[4];
    absl::ConsumePrefix(&score, "+");
    if (!absl::SimpleAtoi(score, &e.score))
      return fail(absl::StrCat("bad score '", fields[4], "'"));
    for (absl::string_view m : absl::StrSplit(fields[5], ',', absl::SkipWhitespace())) {
      e.best_moves.push_back(absl::AsciiStrToLower(absl::StripAsciiWhitespace(m)));
    }
    if (e.best_moves.empty()) return fail("no best move listed");
    int counted = 0;
    for (char c : e.board) counted += c == '-';
    if (counted != e.empties) {
      return fail(absl::StrCat("board has ", counted, " empty squares but the empties field says ",
                               e.empties));
    }
    out.push_back(std::move(e));
  }
  if (out.empty()) {
    return absl::DataLossError(
        absl::StrCat(absl::string_view(name.data(), name.size()), ": no positions in the file"));
  }
  return out;
}

absl::StatusOr<std::vector<SuiteEntry>> ReadSuiteFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read suite file '", path, "'"));
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return absl::NotFoundError(absl::StrCat("cannot read suite file '", path, "'"));
  return ParseSuite(buffer.str(), path);
}

}  // namespace tav::search
