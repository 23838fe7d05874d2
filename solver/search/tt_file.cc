// Saving and restoring a transposition table (tt_file.h).
#include "search/tt_file.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/atomic_file.h"
#include "core/hash.h"

namespace tav::search {
namespace {

constexpr std::size_t kRecordBytes = 16, kTrailerBytes = 24;
constexpr char kTrailerMagic[8] = {'t', 'a', 'v', 't', 't', 'e', 'n', 'd'};
constexpr std::size_t kBufferRecords = std::size_t{1} << 16;  // 1 MiB pieces

}  // namespace

absl::StatusOr<std::uint64_t> SaveTable(const TranspositionTable& table, nlohmann::json header,
                                        std::uint64_t root_key, const std::string& path) {
  header["root_key"] = root_key;
  const std::string head = absl::StrCat(kTableFileMagic, "\n", header.dump(), "\n");
  std::uint64_t records = 0;
  const absl::Status status = WriteFileAtomicallyStreamed(path, [&](const PieceWriter& write) {
    if (absl::Status s = write(head); !s.ok()) return s;
    WordChecksum sum;  // the payload, key and payload words in order
    std::vector<std::uint64_t> buffer;
    buffer.reserve(2 * kBufferRecords);
    absl::Status error;
    auto flush = [&] {
      if (error.ok() && !buffer.empty()) {
        error = write(std::string_view(reinterpret_cast<const char*>(buffer.data()),
                                       buffer.size() * sizeof(std::uint64_t)));
      }
      buffer.clear();
    };
    table.ForEachEntry([&](std::uint64_t key, std::uint64_t payload) {
      sum.Add(key);
      sum.Add(payload);
      buffer.push_back(key);
      buffer.push_back(payload);
      ++records;
      if (buffer.size() == 2 * kBufferRecords) flush();
    });
    flush();
    if (!error.ok()) return error;
    char trailer[kTrailerBytes];
    const std::uint64_t checksum = sum.Finish(records);
    std::memcpy(trailer, &records, 8);
    std::memcpy(trailer + 8, &checksum, 8);
    std::memcpy(trailer + 16, kTrailerMagic, 8);
    return write(std::string_view(trailer, kTrailerBytes));
  });
  if (!status.ok()) return status;
  return records;
}

absl::StatusOr<LoadedTable> LoadTable(const std::string& path, std::uint64_t root_key,
                                      TranspositionTable& table) {
  auto damaged = [&](const std::string& why) {
    return absl::DataLossError(absl::StrCat("damaged table file ", path, ": ", why));
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return absl::NotFoundError(absl::StrCat("no table file ", path));
  }
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return absl::NotFoundError(absl::StrCat("cannot open table file ", path));
  std::string magic, header_line;
  if (!std::getline(in, magic) || magic != kTableFileMagic) {
    return damaged(absl::StrCat("its first line is not '", kTableFileMagic, "'"));
  }
  if (!std::getline(in, header_line)) return damaged("no header line");
  LoadedTable loaded;
  loaded.header = nlohmann::json::parse(header_line, nullptr, /*allow_exceptions=*/false);
  if (!loaded.header.is_object() || !loaded.header.contains("root_key") ||
      !loaded.header["root_key"].is_number_unsigned()) {
    return damaged("the header line is not a table header");
  }
  const std::uint64_t head_bytes = magic.size() + header_line.size() + 2;
  if (size < head_bytes + kTrailerBytes || (size - head_bytes - kTrailerBytes) % kRecordBytes) {
    return damaged(absl::StrCat(size, " bytes: not a whole number of records and a trailer"));
  }
  if (loaded.header["root_key"].get<std::uint64_t>() != root_key) {
    return absl::FailedPreconditionError(
        absl::StrCat("table file ", path,
                     " was written by a build that hashes positions differently (its root_key "
                     "is not this build's)"));
  }
  const std::uint64_t records = (size - head_bytes - kTrailerBytes) / kRecordBytes;
  WordChecksum sum;  // the payload, key and payload words in order
  std::vector<std::uint64_t> buffer(2 * kBufferRecords);
  for (std::uint64_t done = 0; done < records;) {
    const std::uint64_t n = std::min<std::uint64_t>(kBufferRecords, records - done);
    if (!in.read(reinterpret_cast<char*>(buffer.data()),
                 static_cast<std::streamsize>(n * kRecordBytes))) {
      table.Clear();
      return damaged("truncated");
    }
    for (std::uint64_t i = 0; i < n; ++i) {
      sum.Add(buffer[2 * i]);
      sum.Add(buffer[2 * i + 1]);
      table.Restore(buffer[2 * i], buffer[2 * i + 1]);
    }
    done += n;
  }
  char trailer[kTrailerBytes];
  std::uint64_t count = 0, checksum = 0;
  if (!in.read(trailer, kTrailerBytes)) {
    table.Clear();
    return damaged("truncated");
  }
  std::memcpy(&count, trailer, 8);
  std::memcpy(&checksum, trailer + 8, 8);
  if (std::memcmp(trailer + 16, kTrailerMagic, 8) != 0 || count != records ||
      checksum != sum.Finish(records)) {
    table.Clear();
    return damaged(count != records ? "its record count does not match its size"
                                    : "checksum mismatch");
  }
  loaded.entries = records;
  return loaded;
}

}  // namespace tav::search
