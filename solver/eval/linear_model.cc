#include "eval/linear_model.h"

namespace tav::eval {

absl::StatusOr<LinearModel> LoadModel(const std::string& path) {
  return absl::NotFoundError(
      absl::StrCat("bad --eval='", path, "': weights files are not supported yet"));
}

absl::StatusOr<LinearModel> BuiltInModel(const std::string& game, const std::string& variant,
                                         const std::string& board, const std::string&) {
  return absl::NotFoundError(absl::StrCat("no learned weights for ", game, " ", variant, " ", board,
                                          " in this build; use --eval=handmade"));
}

}  // namespace tav::eval
