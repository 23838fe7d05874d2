#include "learn/fit.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "eval/linear_model.h"

namespace tav::learn {

bool CholeskySolve(std::vector<double> a, std::vector<double>& b, int n) {
  // Step 1. A = L L' in place (lower triangle).
  for (int j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (int k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    a[j * n + j] = std::sqrt(d);
    for (int i = j + 1; i < n; ++i) {
      double s = a[i * n + j];
      for (int k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = s / a[j * n + j];
    }
  }
  // Step 2. L z = b, then L' x = z.
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
    b[i] /= a[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
    b[i] /= a[i * n + i];
  }
  return true;
}

absl::StatusOr<LinearFit> FitRidge(const Dataset& data, double lambda) {
  const int m = data.columns;
  const std::size_t rows = data.rows();
  if (rows == 0) return absl::InvalidArgumentError("no labelled positions to fit");
  // Step 1. Means and spreads of the columns and the label.
  std::vector<double> mean(m, 0.0), scale(m, 0.0);
  double y_mean = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) mean[i] += x[i];
    y_mean += data.y[r];
  }
  for (int i = 0; i < m; ++i) mean[i] /= static_cast<double>(rows);
  y_mean /= static_cast<double>(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) scale[i] += (x[i] - mean[i]) * (x[i] - mean[i]);
  }
  for (int i = 0; i < m; ++i) scale[i] = std::sqrt(scale[i] / static_cast<double>(rows));
  // Step 2. The normal equations of the standardised columns (a constant
  // column is left at zero: its row and column hold only the penalty).
  std::vector<double> a(static_cast<std::size_t>(m) * m, 0.0), b(m, 0.0), z(m);
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) z[i] = scale[i] > 1e-12 ? (x[i] - mean[i]) / scale[i] : 0.0;
    const double y = data.y[r] - y_mean;
    for (int i = 0; i < m; ++i) {
      if (z[i] == 0) continue;
      b[i] += z[i] * y;
      for (int k = 0; k <= i; ++k) a[i * m + k] += z[i] * z[k];
    }
  }
  for (int i = 0; i < m; ++i) {
    for (int k = 0; k < i; ++k) a[k * m + i] = a[i * m + k];
    a[i * m + i] += lambda * static_cast<double>(rows) + (scale[i] > 1e-12 ? 0.0 : 1.0);
  }
  // Step 3. Solve, and map back to raw features.
  if (!CholeskySolve(std::move(a), b, m)) {
    return absl::FailedPreconditionError(
        "the features are linearly dependent on this data: fit with a ridge penalty > 0");
  }
  LinearFit fit;
  fit.weights.assign(m, 0.0);
  fit.bias = y_mean;
  for (int i = 0; i < m; ++i) {
    if (scale[i] <= 1e-12) continue;
    fit.weights[i] = b[i] / scale[i];
    fit.bias -= fit.weights[i] * mean[i];
  }
  return fit;
}

double Predict(const LinearFit& fit, std::span<const float> features) {
  double v = fit.bias;
  for (std::size_t i = 0; i < features.size(); ++i) v += fit.weights[i] * features[i];
  return v;
}

std::vector<double> PhaseEdges(const Dataset& data, int column, int phases) {
  std::vector<double> edges;
  if (phases <= 1 || data.rows() == 0) return edges;
  std::vector<float> values(data.rows());
  for (std::size_t r = 0; r < data.rows(); ++r) values[r] = data.row(r)[column];
  std::sort(values.begin(), values.end());
  for (int k = 1; k < phases; ++k) {
    const double edge = values[values.size() * k / phases];
    // Distinct and above the smallest value, so that no set is empty.
    if (edge > values.front() && (edges.empty() || edge > edges.back())) edges.push_back(edge);
  }
  return edges;
}

absl::StatusOr<std::vector<LinearFit>> FitPhases(const Dataset& data, double lambda, int column,
                                                 const std::vector<double>& edges) {
  std::vector<Dataset> parts(edges.size() + 1);
  for (Dataset& part : parts) part.columns = data.columns;
  for (std::size_t r = 0; r < data.rows(); ++r) {
    const auto x = data.row(r);
    parts[eval::PhaseSet(x[column], edges)].Add(x, data.y[r]);
  }
  std::vector<LinearFit> fits;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].rows() == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("no labelled positions in phase set ", k, ": ask for fewer --phases"));
    }
    absl::StatusOr<LinearFit> fit = FitRidge(parts[k], lambda);
    if (!fit.ok()) return fit.status();
    fits.push_back(*std::move(fit));
  }
  return fits;
}

}  // namespace tav::learn
