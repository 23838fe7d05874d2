#include "book/book.h"

#include <algorithm>
#include <cstring>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/game_options.h"
#include "core/strings.h"

namespace tav::book {

std::uint64_t Fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

void Book::Add(BookEntry entry) {
  auto it = index_.find(entry.position);
  if (it != index_.end()) {
    entries_[it->second] = std::move(entry);
  } else {
    index_.emplace(entry.position, entries_.size());
    entries_.push_back(std::move(entry));
  }
}

void Book::Finish() {
  std::sort(entries_.begin(), entries_.end(), [](const BookEntry& a, const BookEntry& b) {
    return a.key != b.key ? a.key < b.key : a.position < b.position;
  });
  index_.clear();
  for (std::size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].position, i);
}

const BookEntry* Book::Find(std::string_view position) const {
  auto it = index_.find(std::string(position));
  return it == index_.end() ? nullptr : &entries_[it->second];
}

// ---- Writing -----------------------------------------------------------------

namespace {

class Writer {
 public:
  void U8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void U16(std::uint16_t v) { Raw(v, 2); }
  void U32(std::uint32_t v) { Raw(v, 4); }
  void I32(std::int32_t v) { Raw(static_cast<std::uint32_t>(v), 4); }
  void U64(std::uint64_t v) { Raw(v, 8); }
  void Str(std::string_view s) {
    U16(static_cast<std::uint16_t>(std::min<std::size_t>(s.size(), 0xffff)));
    out_.append(s.data(), std::min<std::size_t>(s.size(), 0xffff));
  }
  void Val(const Value& v) {
    I32(v.value);
    I32(v.lower);
    I32(v.upper);
    U16(static_cast<std::uint16_t>(std::clamp(v.depth, 0, 0xffff)));
    U8(static_cast<std::uint8_t>(v.kind));
    U8(static_cast<std::uint8_t>(v.bound));
  }
  void Bytes(std::string_view s) { out_.append(s); }
  std::string& out() { return out_; }

 private:
  void Raw(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  std::string out_;
};

}  // namespace

std::string Serialize(const Book& book) {
  Writer payload;
  for (const BookEntry& e : book.entries()) {
    payload.U64(e.key);
    payload.Str(e.position);
    payload.Val(e.value);
    payload.Str(e.best_move);
    payload.U32(static_cast<std::uint32_t>(e.moves.size()));
    for (const MoveValue& m : e.moves) {
      payload.Str(m.move);
      payload.Val(m.value);
    }
  }
  Writer header;
  header.Bytes(std::string_view(kMagic, sizeof kMagic));
  header.U32(kVersion);
  header.U32(0);  // header_bytes, patched below
  header.U64(book.entries().size());
  header.U64(payload.out().size());
  header.U64(Fnv1a64(payload.out()));
  const BookHeader& h = book.header;
  for (const std::string* s : {&h.game, &h.variant, &h.board, &h.options, &h.tool}) header.Str(*s);
  header.I32(h.size);
  header.I32(h.max_value);
  const std::uint32_t header_bytes = static_cast<std::uint32_t>(header.out().size() + 8);
  for (int i = 0; i < 4; ++i)
    header.out()[12 + i] = static_cast<char>((header_bytes >> (8 * i)) & 0xff);
  header.U64(Fnv1a64(header.out()));
  return header.out() + payload.out();
}

absl::Status WriteBook(const std::string& path, const Book& book) {
  return WriteFileAtomically(path, Serialize(book));
}

// ---- Reading -----------------------------------------------------------------

namespace {

// A bounds-checked cursor: every read fails (and stays failed) past the end.
class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  bool ok() const { return ok_; }
  std::size_t pos() const { return pos_; }
  bool at_end() const { return pos_ == data_.size(); }

  std::uint64_t Raw(int n) {
    if (!Need(n)) return 0;
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i)
      v |= std::uint64_t{static_cast<unsigned char>(data_[pos_ + i])} << (8 * i);
    pos_ += n;
    return v;
  }
  std::uint8_t U8() { return static_cast<std::uint8_t>(Raw(1)); }
  std::uint16_t U16() { return static_cast<std::uint16_t>(Raw(2)); }
  std::uint32_t U32() { return static_cast<std::uint32_t>(Raw(4)); }
  std::int32_t I32() { return static_cast<std::int32_t>(static_cast<std::uint32_t>(Raw(4))); }
  std::uint64_t U64() { return Raw(8); }
  std::string Str() {
    const std::uint16_t n = U16();
    if (!Need(n)) return "";
    std::string s(data_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  // Raw kind/bound bytes are range-checked by the caller (Validate).
  Value Val(bool* bad_enum) {
    Value v;
    v.value = I32();
    v.lower = I32();
    v.upper = I32();
    v.depth = U16();
    const std::uint8_t kind = U8(), bound = U8();
    if (kind > static_cast<std::uint8_t>(ValueKind::kHeuristic) ||
        bound > static_cast<std::uint8_t>(BoundSide::kUpper)) {
      *bad_enum = true;
    }
    v.kind = static_cast<ValueKind>(std::min<std::uint8_t>(kind, 3));
    v.bound = static_cast<BoundSide>(std::min<std::uint8_t>(bound, 2));
    return v;
  }

 private:
  bool Need(std::size_t n) {
    if (!ok_ || data_.size() - pos_ < n) ok_ = false;
    return ok_;
  }
  std::string_view data_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

absl::StatusOr<Book> Parse(std::string_view bytes, std::string_view name) {
  auto error = [&](auto... parts) {
    return absl::DataLossError(absl::StrCat(AV(name), ": ", parts...));
  };
  if (bytes.size() < 16) {
    if (bytes.size() >= 8 && std::memcmp(bytes.data(), kMagic, 8) != 0) {
      return error("not a Tavoliere book (bad magic)");
    }
    return error("truncated: ", bytes.size(), " bytes is shorter than a book header");
  }
  if (std::memcmp(bytes.data(), kMagic, 8) != 0) return error("not a Tavoliere book (bad magic)");
  Reader r(bytes);
  r.Raw(8);
  const std::uint32_t version = r.U32();
  if (version != kVersion && version != kVersionPiecesOnly) {
    return error("unsupported book version ", version, " (this tav reads versions ",
                 kVersionPiecesOnly, " and ", kVersion, ")");
  }
  const std::uint32_t header_bytes = r.U32();
  if (header_bytes < 64 || header_bytes > 1'000'000) {
    return error("corrupted header (impossible header length ", header_bytes, ")");
  }
  if (bytes.size() < header_bytes) {
    return error("truncated: the header needs ", header_bytes, " bytes, the file has ",
                 bytes.size());
  }
  Book book;
  BookHeader& h = book.header;
  h.version = version;
  h.record_count = r.U64();
  const std::uint64_t payload_bytes = r.U64();
  const std::uint64_t payload_checksum = r.U64();
  h.game = r.Str();
  h.variant = r.Str();
  h.board = r.Str();
  h.options = r.Str();
  // Version 1 held Cathedral's piece list where version 2 holds the options.
  if (version == kVersionPiecesOnly) h.options = LegacyGameOptions(h.options, "");
  h.tool = r.Str();
  h.size = r.I32();
  h.max_value = r.I32();
  if (!r.ok() || r.pos() + 8 != header_bytes) return error("corrupted header (bad field lengths)");
  const std::uint64_t header_checksum = r.U64();
  if (header_checksum != Fnv1a64(bytes.substr(0, header_bytes - 8))) {
    return error("corrupted header (checksum mismatch)");
  }
  const std::uint64_t actual_payload = bytes.size() - header_bytes;
  if (actual_payload < payload_bytes) {
    return error("truncated: ", payload_bytes, " bytes of records expected, ", actual_payload,
                 " present");
  }
  if (actual_payload > payload_bytes) {
    return error(actual_payload - payload_bytes, " unexpected bytes after the records");
  }
  const std::string_view payload = bytes.substr(header_bytes);
  if (Fnv1a64(payload) != payload_checksum) return error("corrupted records (checksum mismatch)");
  if (h.max_value <= 0) return error("corrupted header (max_value ", h.max_value, ")");

  // The checksum matched, so what follows was written by a writer; the checks
  // still guard against a buggy or foreign writer.
  Reader p(payload);
  const BookEntry* previous = nullptr;
  absl::flat_hash_set<std::string> positions;
  std::vector<BookEntry> entries;
  entries.reserve(std::min<std::uint64_t>(h.record_count, payload_bytes / 32 + 1));
  for (std::uint64_t i = 0; i < h.record_count; ++i) {
    BookEntry e;
    bool bad_enum = false;
    e.key = p.U64();
    e.position = p.Str();
    e.value = p.Val(&bad_enum);
    e.best_move = p.Str();
    const std::uint32_t moves = p.U32();
    if (!p.ok()) return error("record ", i + 1, " of ", h.record_count, " runs past the end");
    if (moves > payload.size()) return error("record ", i + 1, ": impossible move count");
    for (std::uint32_t k = 0; k < moves && p.ok(); ++k) {
      MoveValue mv;
      mv.move = p.Str();
      mv.value = p.Val(&bad_enum);
      if (!bad_enum && p.ok()) {
        if (absl::Status s = Validate(mv.value, h.max_value); !s.ok()) {
          return error("record ", i + 1, " move ", mv.move, ": ", s.message());
        }
      }
      e.moves.push_back(std::move(mv));
    }
    if (!p.ok()) return error("record ", i + 1, " of ", h.record_count, " runs past the end");
    if (bad_enum) return error("record ", i + 1, ": unknown value kind or bound code");
    if (absl::Status s = Validate(e.value, h.max_value); !s.ok()) {
      return error("record ", i + 1, ": ", s.message());
    }
    if (previous != nullptr &&
        !(previous->key < e.key || (previous->key == e.key && previous->position < e.position))) {
      return error("record ", i + 1, " is out of order or duplicated");
    }
    // Sorted (key, position) pairs can still repeat a position under another
    // key; Book::Add would then silently keep only the last (fuzz_book).
    if (!positions.insert(e.position).second) {
      return error("record ", i + 1, " repeats the position of an earlier record");
    }
    entries.push_back(std::move(e));
    previous = &entries.back();
  }
  if (!p.at_end()) return error("the records end before the payload does");
  for (BookEntry& e : entries) book.Add(std::move(e));
  book.Finish();
  return book;
}

absl::StatusOr<Book> ReadBook(const std::string& path) {
  absl::StatusOr<std::string> bytes = ReadWholeFile(path);
  if (!bytes.ok()) return absl::NotFoundError(absl::StrCat("cannot read book ", path));
  return Parse(*bytes, path);
}

// ---- Merging -----------------------------------------------------------------

namespace {

bool Contradict(const Value& a, const Value& b) { return a.upper < b.lower || b.upper < a.lower; }

}  // namespace

absl::StatusOr<Book> Merge(const std::vector<Book>& books, std::vector<std::string>* conflicts) {
  if (books.empty()) return absl::InvalidArgumentError("nothing to merge");
  Book out;
  out.header = books.front().header;
  for (const Book& b : books) {
    const BookHeader& h = b.header;
    const BookHeader& f = out.header;
    if (h.game != f.game || h.variant != f.variant || h.board != f.board ||
        h.options != f.options || h.size != f.size || h.max_value != f.max_value) {
      return absl::InvalidArgumentError(absl::StrCat(
          "cannot merge a book of ", h.game, " ", h.variant, " ", h.board, " [", h.options,
          "] into one of ", f.game, " ", f.variant, " ", f.board, " [", f.options, "]"));
    }
  }
  absl::flat_hash_map<std::string, BookEntry> merged;
  std::vector<std::string> order;
  for (const Book& b : books) {
    for (const BookEntry& e : b.entries()) {
      auto [it, inserted] = merged.try_emplace(e.position, e);
      if (inserted) {
        order.push_back(e.position);
        continue;
      }
      BookEntry& have = it->second;
      if (conflicts != nullptr && Contradict(have.value, e.value)) {
        conflicts->push_back(absl::StrCat("position ", e.position, ": ", Describe(have.value),
                                          " vs ", Describe(e.value)));
      }
      if (Stronger(e.value, have.value)) {
        have.value = e.value;
        have.best_move = e.best_move;
      }
      for (const MoveValue& m : e.moves) {
        auto found = std::find_if(have.moves.begin(), have.moves.end(),
                                  [&](const MoveValue& x) { return x.move == m.move; });
        if (found == have.moves.end()) {
          have.moves.push_back(m);
        } else if (Stronger(m.value, found->value)) {
          found->value = m.value;
        }
      }
    }
  }
  for (const std::string& p : order) out.Add(std::move(merged[p]));
  out.Finish();
  return out;
}

}  // namespace tav::book
