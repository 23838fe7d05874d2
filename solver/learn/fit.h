// Least-squares fitting of a linear evaluation: ridge regression by the
// normal equations.
//
// Design. With a few dozen features and up to a few hundred thousand labelled
// positions, the normal equations (X'X + lambda I) w = X'y are a tiny dense
// system: accumulating X'X is one pass over the data and a Cholesky solve is
// exact, deterministic and instant, with no learning rate or epochs to tune
// (gradient descent would only be needed for millions of sparse features).
// Columns are standardised (centred, divided by their spread) before the
// solve so that one ridge penalty treats features of different scales alike,
// and the weights are mapped back to raw features afterwards; a constant
// column (a feature that never varies in the data) gets weight 0. The
// penalty keeps collinear features (reach and safe room overlap) from
// trading huge opposite weights.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

namespace tav::learn {

// Row-major samples: features (rows x columns) and one label per row.
struct Dataset {
  int columns = 0;
  std::vector<float> x;
  std::vector<double> y;

  std::size_t rows() const { return y.size(); }
  void Add(std::span<const float> features, double label) {
    x.insert(x.end(), features.begin(), features.end());
    y.push_back(label);
  }
  std::span<const float> row(std::size_t r) const {
    return std::span<const float>(x.data() + r * columns, static_cast<std::size_t>(columns));
  }
};

struct LinearFit {
  double bias = 0;
  std::vector<double> weights;
};

// The weights minimising sum (y - bias - w.x)^2 + lambda * |w_standardised|^2.
// InvalidArgument for an empty dataset; FailedPrecondition if the system is
// not positive definite (only with lambda == 0 and dependent columns).
absl::StatusOr<LinearFit> FitRidge(const Dataset& data, double lambda);

// Phases (eval/linear_model.h): the edges cutting column `column` of `data`
// into `phases` sets of about equal size (its quantiles), ascending and
// distinct, so fewer when values repeat; none for phases <= 1.
std::vector<double> PhaseEdges(const Dataset& data, int column, int phases);

// One FitRidge per phase set: set k on the rows whose `column` value falls in
// it (eval::PhaseSet). InvalidArgument if a set has no rows.
absl::StatusOr<std::vector<LinearFit>> FitPhases(const Dataset& data, double lambda, int column,
                                                 const std::vector<double>& edges);

// bias + w.x for one row.
double Predict(const LinearFit& fit, std::span<const float> features);

// Solves A x = b for a symmetric positive definite n x n matrix A (row-major)
// by Cholesky; false if A is not positive definite.
bool CholeskySolve(std::vector<double> a, std::vector<double>& b, int n);

}  // namespace tav::learn
