// tav book query | export | merge: opening books (book/book.h) from the command line.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "book/book.h"
#include "book/lookup.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/atomic_file.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "core/strings.h"
#include "explore/run_files.h"
#include "explore/work_unit.h"

ABSL_FLAG(std::string, book, "", "book: the book file (book.tvb)");
ABSL_FLAG(std::string, format, "jsonl", "book export: csv or jsonl");

namespace tav::cli {
namespace {

using nlohmann::json;

// The game a book's records name: its header's.
RecordGame BookGame(const book::BookHeader& h) {
  return {h.game, h.variant, h.size, h.board, h.options};
}

absl::StatusOr<book::Book> BookFromFlag() {
  const std::string path = absl::GetFlag(FLAGS_book);
  if (path.empty()) return absl::InvalidArgumentError("missing --book (a book.tvb file)");
  if (absl::Status s = CheckInputFile("--book", path); !s.ok()) return s;
  return book::ReadBook(path);
}

absl::Status RunBookQuery(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("book query takes no positional arguments");
  absl::StatusOr<book::Book> b = BookFromFlag();
  if (!b.ok()) return b.status();
  const book::BookHeader& h = b->header;
  const GameSpec spec{h.game, h.variant, h.size, h.options};
  return WithGame(spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if (game.board_name() != h.board || G::kMaxValue != h.max_value) {
      return absl::DataLossError(absl::StrCat("the book is for board ", h.board,
                                              " but this tav builds ", game.board_name(),
                                              " from its header"));
    }
    auto pos = SetupPosition(game, absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_moves));
    if (!pos.ok()) return pos.status();
    const std::optional<book::Answer> found = book::Query(game, *b, *pos);
    if (!found) {
      return absl::NotFoundError(absl::StrCat("position ", game.position_string(*pos),
                                              " is not in the book (", b->entries().size(),
                                              " positions)"));
    }
    const book::BookEntry& e = *found->entry;
    const std::string& best = found->best_move;
    const auto& rows = found->moves;
    const int side = game.side_to_move(*pos);
    if (absl::GetFlag(FLAGS_json)) {
      json j = RecordHeader(BookGame(h), "book_query");
      j["position"] = game.position_string(*pos);
      j["side_to_move"] = side;
      explore::PutValue(j, e.value);
      j["value_first_player"] = side == 0 ? e.value.value : -e.value.value;
      j["best_move"] = best.empty() ? json(nullptr) : json(best);
      json list = json::array();
      for (const auto& [name, v] : rows) {
        json m = {{"move", name}};
        if (v) {
          explore::PutValue(m, *v);
        } else {
          m["value"] = nullptr;
          m["value_kind"] = nullptr;
        }
        list.push_back(std::move(m));
      }
      j["moves"] = std::move(list);
      std::printf("%s\n", j.dump().c_str());
      return absl::OkStatus();
    }
    std::printf("position %s (side %d to move)\n", game.position_string(*pos).c_str(), side);
    std::printf("value: %s\n", Describe(e.value).c_str());
    std::printf("best move: %s\n", best.empty() ? "-" : best.c_str());
    if (!rows.empty()) std::printf("moves:\n");
    for (const auto& [name, v] : rows) {
      std::printf("  %-14s %s\n", name.c_str(), v ? Describe(*v).c_str() : "not in the book");
    }
    return absl::OkStatus();
  });
}

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

absl::Status RunBookExport(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("book export takes no positional arguments");
  const std::string format = absl::GetFlag(FLAGS_format);
  if (format != "csv" && format != "jsonl") {
    return absl::InvalidArgumentError(
        absl::StrCat("bad --format='", format, "': expected csv or jsonl"));
  }
  const std::string path = absl::GetFlag(FLAGS_out);
  if (!path.empty()) {
    if (absl::Status s = CheckOutputFile(path, {absl::GetFlag(FLAGS_book)}); !s.ok()) return s;
  }
  absl::StatusOr<book::Book> b = BookFromFlag();
  if (!b.ok()) return b.status();
  const book::BookHeader& h = b->header;
  std::string out;
  if (format == "csv") {
    out = "key,position,value,value_kind,bound,depth,lower,upper,best_move,moves\n";
    for (const book::BookEntry& e : b->entries()) {
      std::vector<std::string> moves;
      for (const MoveValue& m : e.moves) {
        moves.push_back(absl::StrCat(m.move, ":", m.value.value, ":", AV(KindName(m.value.kind))));
      }
      absl::StrAppend(&out, explore::KeyHex(e.key), ",", CsvField(e.position), ",", e.value.value,
                      ",", AV(KindName(e.value.kind)), ",", AV(BoundName(e.value.bound)), ",",
                      e.value.kind == ValueKind::kHeuristic ? absl::StrCat(e.value.depth) : "", ",",
                      e.value.lower, ",", e.value.upper, ",", CsvField(e.best_move), ",",
                      CsvField(absl::StrJoin(moves, ";")), "\n");
    }
  } else {
    for (const book::BookEntry& e : b->entries()) {
      json j = RecordHeader(BookGame(h), "book_entry");
      j["key"] = explore::KeyHex(e.key);
      j["position"] = e.position;
      explore::PutValue(j, e.value);
      j["best_move"] = e.best_move.empty() ? json(nullptr) : json(e.best_move);
      json moves = json::array();
      for (const MoveValue& m : e.moves) {
        json mj = {{"move", m.move}};
        explore::PutValue(mj, m.value);
        moves.push_back(std::move(mj));
      }
      j["moves"] = std::move(moves);
      absl::StrAppend(&out, j.dump(), "\n");
    }
  }
  if (path.empty()) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    return absl::OkStatus();
  }
  return WriteFileAtomically(path, out);
}

absl::Status RunBookMerge(const std::vector<std::string>& args) {
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return absl::InvalidArgumentError("missing --out (the merged book)");
  if (args.empty()) return absl::InvalidArgumentError("book merge needs the books to merge");
  if (absl::Status s = CheckOutputFile(out, args); !s.ok()) return s;
  std::vector<book::Book> books;
  std::size_t total = 0;
  for (const std::string& path : args) {
    if (absl::Status s = CheckInputFile("book", path); !s.ok()) return s;
    absl::StatusOr<book::Book> b = book::ReadBook(path);
    if (!b.ok()) return b.status();
    total += b->entries().size();
    books.push_back(std::move(*b));
  }
  std::vector<std::string> conflicts;
  absl::StatusOr<book::Book> merged = book::Merge(books, &conflicts);
  if (!merged.ok()) return merged.status();
  for (const std::string& c : conflicts) {
    std::fprintf(stderr, "tav book merge: warning: the books contradict each other at %s\n",
                 c.c_str());
  }
  if (absl::Status s = book::WriteBook(out, *merged); !s.ok()) return s;
  std::printf("merged %zu books (%zu entries) into %s: %zu positions, %zu contradictions\n",
              books.size(), total, out.c_str(), merged->entries().size(), conflicts.size());
  return absl::OkStatus();
}

}  // namespace

Command BookQueryCommand() {
  return {"book query",
          "look a position up in an opening book",
          "Prints the value of the position (with its kind: exact, wld, bound or heuristic),\n"
          "the best move and the value of each legal move, in notation, from the book\n"
          "written by `tav explore`. The position may be any symmetric image of a stored\n"
          "one; moves are mapped accordingly. The book names its game, so no --game is\n"
          "needed. Example:\n"
          "  tav book query --book=explore-demo/book.tvb --moves='b1 a1'",
          {"book", "moves", "position", "json"},
          RunBookQuery};
}

Command BookExportCommand() {
  return {"book export",
          "write an opening book as CSV or JSONL",
          "One line per stored position: key, position, value and kind, best move, and each\n"
          "explored move's value (formats: data/README.md). Writes to --out (atomically;\n"
          "never over the book itself, also not through a link) or stdout.\n"
          "Example:\n"
          "  tav book export --book=explore-demo/book.tvb --format=csv",
          {"book", "format", "out"},
          RunBookExport};
}

Command BookMergeCommand() {
  return {"book merge",
          "combine opening books of the same game into one",
          "Reads every book given, keeps for each position (and each move) the strongest\n"
          "value: exact over wld over bound over heuristic, the deeper heuristic, the\n"
          "tighter bound; warns where proven values contradict each other. --out may not\n"
          "be one of the books merged (also not through a link). Example:\n"
          "  tav book merge --out=all.tvb run1/book.tvb run2/book.tvb",
          {"out"},
          RunBookMerge};
}

}  // namespace tav::cli
