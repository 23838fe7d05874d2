// Parsing of FFO-format suite files.
#include "search/suite.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tav::search {
namespace {

// One Edax .obf line: "BOARD SIDE; MOVE:SCORE; ..." (suite.h).
absl::StatusOr<SuiteEntry> ParseObfLine(absl::string_view line, int line_number) {
  const auto bad = [](auto... why) { return absl::DataLossError(absl::StrCat(why...)); };
  const size_t semicolon = line.find(';');
  std::vector<absl::string_view> head =
      absl::StrSplit(absl::StripAsciiWhitespace(line.substr(0, semicolon)), absl::ByAnyChar(" \t"),
                     absl::SkipEmpty());
  if (head.size() != 2) {
    return bad(".obf line: expected the board, a space, the side to move and ';', got ",
               head.size(), " field(s) before the ';'");
  }
  SuiteEntry e;
  e.line = line_number;
  e.id = absl::StrCat(line_number);
  e.board = std::string(head[0]);
  for (char& c : e.board) {
    c = c == 'x' || c == '*' ? 'X' : c == 'o' ? 'O' : c == '.' ? '-' : c;
    if (c != 'X' && c != 'O' && c != '-') {
      return bad("bad board character '", std::string(1, c), "': expected X, *, O, - or .");
    }
  }
  e.side = absl::AsciiStrToUpper(head[1]);
  if (e.side == "*") e.side = "X";
  if (e.side != "X" && e.side != "O") {
    return bad("bad side '", head[1], "': expected X or O");
  }
  e.empties = static_cast<int>(std::count(e.board.begin(), e.board.end(), '-'));
  bool any = false;
  for (absl::string_view pair : absl::StrSplit(line.substr(semicolon + 1), ';')) {
    pair = absl::StripAsciiWhitespace(pair);
    if (pair.empty()) continue;
    const size_t colon = pair.find(':');
    if (colon == absl::string_view::npos) return bad("'", pair, "' is not 'move:score'");
    std::string move = absl::AsciiStrToLower(absl::StripAsciiWhitespace(pair.substr(0, colon)));
    if (move == "ps") move = "pass";
    absl::string_view number = absl::StripAsciiWhitespace(pair.substr(colon + 1));
    absl::ConsumePrefix(&number, "+");
    int score = 0;
    if (move.empty() || !absl::SimpleAtoi(number, &score)) {
      return bad("'", pair, "' is not 'move:score'");
    }
    if (!any || score > e.score) {
      e.best_moves.clear();
      e.score = score;
    }
    if (score == e.score) e.best_moves.push_back(std::move(move));
    any = true;
  }
  if (!any) return bad("no 'move:score' pairs: nothing to check the solver against");
  return e;
}

}  // namespace

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
    if (line.find('|') == absl::string_view::npos && line.find(';') != absl::string_view::npos) {
      absl::StatusOr<SuiteEntry> e = ParseObfLine(line, line_number);
      if (!e.ok()) return fail(std::string(e.status().message()));
      out.push_back(*std::move(e));
      continue;
    }
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
