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

namespace {

// The means and spreads of a dataset's columns, and the label's mean.
struct Spread {
  std::vector<double> mean, scale;
  double y_mean = 0;
  // Column i standardised: 0 for a constant column.
  double Z(int i, float x) const { return scale[i] > 1e-12 ? (x - mean[i]) / scale[i] : 0.0; }
};

Spread SpreadOf(const Dataset& data) {
  const int m = data.columns;
  const std::size_t rows = data.rows();
  Spread s;
  s.mean.assign(m, 0.0);
  s.scale.assign(m, 0.0);
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) s.mean[i] += x[i];
    s.y_mean += data.y[r];
  }
  for (int i = 0; i < m; ++i) s.mean[i] /= static_cast<double>(rows);
  s.y_mean /= static_cast<double>(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) s.scale[i] += (x[i] - s.mean[i]) * (x[i] - s.mean[i]);
  }
  for (int i = 0; i < m; ++i) s.scale[i] = std::sqrt(s.scale[i] / static_cast<double>(rows));
  return s;
}

// The weights and bias on raw features of weights `standardised` (one per
// column) on the standardised ones with bias `centred_bias`; 0 for a
// constant column.
LinearFit FromStandardised(const Spread& spread, double centred_bias,
                           const std::vector<double>& standardised) {
  LinearFit fit;
  fit.weights.assign(spread.mean.size(), 0.0);
  fit.bias = centred_bias;
  for (std::size_t i = 0; i < spread.mean.size(); ++i) {
    if (spread.scale[i] <= 1e-12) continue;
    fit.weights[i] = standardised[i] / spread.scale[i];
    fit.bias -= fit.weights[i] * spread.mean[i];
  }
  return fit;
}

// The normal equations of a pattern model (FitRidge): unknowns are the bias
// (unpenalised), the m standardised weights, then the table entries.
class PatternSystem {
 public:
  PatternSystem(const Dataset& data, const Spread& spread, double lambda,
                const PatternFitOptions& o)
      : data_(data), spread_(spread), m_(data.columns), n_(1 + m_ + data.entries) {
    penalty_.assign(n_, o.entry_ridge);
    penalty_[0] = 0;
    for (int i = 0; i < m_; ++i) {
      penalty_[1 + i] =
          lambda * static_cast<double>(data.rows()) + (spread.scale[i] > 1e-12 ? 0.0 : 1.0);
    }
  }

  std::size_t size() const { return n_; }

  // out = (A'A + penalty) v, and (for `rhs`) A'y: the rows in chunks that
  // depend only on the row count, summed in order, so that the result does
  // not depend on the threads.
  void Apply(const std::vector<double>& v, std::vector<double>& out, bool rhs = false) const {
    const std::size_t rows = data_.rows();
    const int chunks = static_cast<int>(std::min<std::size_t>(kChunks, 1 + rows / kChunkRows));
    part_.resize(chunks);
#pragma omp parallel for schedule(static) if (chunks > 1)
    for (int c = 0; c < chunks; ++c) {
      std::vector<double>& acc = part_[c];
      acc.assign(n_, 0.0);
      std::vector<double> z(m_);
      for (std::size_t r = rows * c / chunks; r < rows * (c + 1) / chunks; ++r) {
        const auto x = data_.row(r);
        const std::uint32_t* e = data_.picked_row(r);
        for (int i = 0; i < m_; ++i) z[i] = spread_.Z(i, x[i]);
        double pred = data_.y[r];
        if (!rhs) {
          pred = v[0];
          for (int i = 0; i < m_; ++i) pred += z[i] * v[1 + i];
          for (int k = 0; k < data_.instances; ++k) pred += v[1 + m_ + e[k]];
        }
        acc[0] += pred;
        for (int i = 0; i < m_; ++i) acc[1 + i] += z[i] * pred;
        for (int k = 0; k < data_.instances; ++k) acc[1 + m_ + e[k]] += pred;
      }
    }
    out.assign(n_, 0.0);
    for (const std::vector<double>& acc : part_) {
      for (std::size_t j = 0; j < n_; ++j) out[j] += acc[j];
    }
    if (!rhs) {
      for (std::size_t j = 0; j < n_; ++j) out[j] += penalty_[j] * v[j];
    }
  }

  // The diagonal of A'A + penalty (the preconditioner).
  std::vector<double> Diagonal() const {
    std::vector<double> d = penalty_;
    d[0] += static_cast<double>(data_.rows());
    for (std::size_t r = 0; r < data_.rows(); ++r) {
      const auto x = data_.row(r);
      for (int i = 0; i < m_; ++i) d[1 + i] += spread_.Z(i, x[i]) * spread_.Z(i, x[i]);
      const std::uint32_t* e = data_.picked_row(r);
      for (int k = 0; k < data_.instances; ++k) d[1 + m_ + e[k]] += 1;
    }
    for (double& x : d) x = x > 0 ? x : 1;
    return d;
  }

 private:
  static constexpr int kChunks = 8;                 // at most
  static constexpr std::size_t kChunkRows = 65536;  // rows per chunk at least
  const Dataset& data_;
  const Spread& spread_;
  int m_;
  std::size_t n_;
  std::vector<double> penalty_;
  mutable std::vector<std::vector<double>> part_;  // the chunks' sums, kept between calls
};

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// FitRidge with patterns: preconditioned conjugate gradients on the normal
// equations (fit.h).
LinearFit FitPatterns(const Dataset& data, double lambda, const PatternFitOptions& o) {
  const Spread spread = SpreadOf(data);
  const PatternSystem system(data, spread, lambda, o);
  const std::size_t n = system.size();
  const std::vector<double> diag = system.Diagonal();
  std::vector<double> x(n, 0.0), r, z(n), p, ap;
  system.Apply(x, r, /*rhs=*/true);  // r = A'y - (A'A + penalty) 0
  for (std::size_t j = 0; j < n; ++j) z[j] = r[j] / diag[j];
  p = z;
  double rz = Dot(r, z);
  const double rz0 = rz;
  for (int it = 0; it < o.max_iterations && rz > o.tolerance * o.tolerance * rz0; ++it) {
    system.Apply(p, ap);
    const double alpha = rz / Dot(p, ap);
    for (std::size_t j = 0; j < n; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * ap[j];
      z[j] = r[j] / diag[j];
    }
    const double rz_next = Dot(r, z);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (std::size_t j = 0; j < n; ++j) p[j] = z[j] + beta * p[j];
  }
  const int m = data.columns;
  LinearFit fit =
      FromStandardised(spread, x[0], std::vector<double>(x.begin() + 1, x.begin() + 1 + m));
  fit.table.resize(data.entries);
  for (std::size_t e = 0; e < data.entries; ++e) {
    fit.table[e] =
        static_cast<float>(std::round(x[1 + m + e] * eval::kTableScale) / eval::kTableScale);
  }
  return fit;
}

}  // namespace

absl::StatusOr<LinearFit> FitRidge(const Dataset& data, double lambda,
                                   const PatternFitOptions& patterns) {
  const int m = data.columns;
  const std::size_t rows = data.rows();
  if (rows == 0) return absl::InvalidArgumentError("no labelled positions to fit");
  if (data.instances > 0) return FitPatterns(data, lambda, patterns);
  // Step 1. Means and spreads of the columns and the label.
  const Spread spread = SpreadOf(data);
  const std::vector<double>& scale = spread.scale;
  const double y_mean = spread.y_mean;
  // Step 2. The normal equations of the standardised columns (a constant
  // column is left at zero: its row and column hold only the penalty).
  std::vector<double> a(static_cast<std::size_t>(m) * m, 0.0), b(m, 0.0), z(m);
  for (std::size_t r = 0; r < rows; ++r) {
    const auto x = data.row(r);
    for (int i = 0; i < m; ++i) z[i] = spread.Z(i, x[i]);
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
  return FromStandardised(spread, y_mean, b);
}

double Predict(const LinearFit& fit, std::span<const float> features, const std::uint32_t* picked,
               int instances) {
  double v = fit.bias;
  for (std::size_t i = 0; i < features.size(); ++i) v += fit.weights[i] * features[i];
  for (int k = 0; k < instances; ++k) v += fit.table[picked[k]];
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
                                                 const std::vector<double>& edges,
                                                 const PatternFitOptions& patterns) {
  std::vector<Dataset> parts(edges.size() + 1, data.EmptyLike());
  for (std::size_t r = 0; r < data.rows(); ++r) {
    const auto x = data.row(r);
    parts[eval::PhaseSet(x[column], edges)].Add(
        x, data.y[r],
        std::span<const std::uint32_t>(data.picked_row(r),
                                       static_cast<std::size_t>(data.instances)));
  }
  std::vector<LinearFit> fits;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].rows() == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("no labelled positions in phase set ", k, ": ask for fewer --phases"));
    }
    absl::StatusOr<LinearFit> fit = FitRidge(parts[k], lambda, patterns);
    if (!fit.ok()) return fit.status();
    fits.push_back(*std::move(fit));
  }
  return fits;
}

}  // namespace tav::learn
