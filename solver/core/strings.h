// Debian's Abseil is built with its own absl::string_view (not an alias of
// std::string_view). Our interfaces use std::string_view; AV() crosses over
// when calling Abseil's string functions.
#pragma once

#include <string_view>

#include "absl/strings/string_view.h"

namespace tav {

inline absl::string_view AV(std::string_view s) { return absl::string_view(s.data(), s.size()); }

}  // namespace tav
