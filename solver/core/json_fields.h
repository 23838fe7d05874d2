// Strict reading of integer fields from parsed JSON (work units, manifests,
// tier headers).
//
// nlohmann's get<int>() converts any JSON number: a float out of int's
// range is undefined behaviour (found by fuzz/fuzz_work_unit), 2.5 becomes
// 2 and -1 read as an unsigned count wraps to 2^64 - 1. These helpers accept
// only a JSON integer within the target type's range and throw
// std::invalid_argument otherwise (naming the key), so the readers' existing
// try/catch turns a bad field into their one error message.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "core/strings.h"
#include "nlohmann/json.hpp"

namespace tav {

// The integer `v` as T; throws std::invalid_argument (mentioning `what`) for
// a non-integer or a value outside T's range.
template <class T>
T JsonInt(const nlohmann::json& v, std::string_view what) {
  static_assert(std::is_integral_v<T>);
  const auto bad = [&](const char* why) {
    return std::invalid_argument(absl::StrCat("'", AV(what), "' ", why, ": ", v.dump()));
  };
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) throw bad("out of range");
    return static_cast<T>(u);
  }
  if (v.is_number_integer()) {
    const auto i = v.get<std::int64_t>();
    if (i < 0 && !std::is_signed_v<T>) throw bad("is negative");
    if constexpr (std::is_signed_v<T>) {
      if (i < std::numeric_limits<T>::min() || i > std::numeric_limits<T>::max()) {
        throw bad("out of range");
      }
    }
    return static_cast<T>(i);
  }
  throw bad("is not an integer");
}

// j[key] as T (JsonInt); throws nlohmann's out_of_range when the key is absent.
template <class T>
T JsonIntAt(const nlohmann::json& j, const std::string& key) {
  return JsonInt<T>(j.at(key), key);
}

// j[key] as T, or `fallback` when j has no such key.
template <class T>
T JsonIntOr(const nlohmann::json& j, const std::string& key, T fallback) {
  const auto it = j.find(key);
  return it == j.end() ? fallback : JsonInt<T>(*it, key);
}

}  // namespace tav
