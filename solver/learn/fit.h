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
//
// Pattern tables (eval/linear_model.h) add an unknown per table entry, about
// 172 K for Othello: too many for a dense Cholesky, but each row touches
// only its few dozen entries, so the same normal equations are solved by
// conjugate gradients, which need only products with X and X' (one pass over
// the data each), and stay deterministic where no learning rate is tuned.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

namespace tav::learn {

// Row-major samples: features (rows x columns), for a pattern model the
// pattern entries each row picks (rows x instances, numbers below
// `entries`), and one label per row.
struct Dataset {
  int columns = 0;
  int instances = 0;        // 0: no patterns
  std::size_t entries = 0;  // pattern table entries in all
  std::vector<float> x;
  std::vector<std::uint32_t> picked;
  std::vector<double> y;

  std::size_t rows() const { return y.size(); }
  void Add(std::span<const float> features, double label,
           std::span<const std::uint32_t> entries_picked = {}) {
    x.insert(x.end(), features.begin(), features.end());
    picked.insert(picked.end(), entries_picked.begin(), entries_picked.end());
    y.push_back(label);
  }
  std::span<const float> row(std::size_t r) const {
    return std::span<const float>(x.data() + r * columns, static_cast<std::size_t>(columns));
  }
  // The pattern entries row r picks (instances of them).
  const std::uint32_t* picked_row(std::size_t r) const {
    return instances == 0 ? nullptr : picked.data() + r * instances;
  }
  // An empty dataset of the same shape.
  Dataset EmptyLike() const {
    Dataset d;
    d.columns = columns;
    d.instances = instances;
    d.entries = entries;
    return d;
  }
};

struct LinearFit {
  double bias = 0;
  std::vector<double> weights;
  std::vector<float> table;  // pattern entries (empty without patterns)
};

// How a pattern model is fitted (FitRidge with data.instances > 0).
struct PatternFitOptions {
  double entry_ridge = 3;  // penalty per table entry: as many labels of 0 for it
  int max_iterations = 300;
  double tolerance = 1e-7;  // on the preconditioned residual, relative to the start
};

// The weights minimising sum (y - bias - w.x)^2 + lambda * |w_standardised|^2.
// InvalidArgument for an empty dataset; FailedPrecondition if the system is
// not positive definite (only with lambda == 0 and dependent columns).
// With patterns (data.instances > 0), the weights and table entries
// minimising sum (y - bias - w.x - sum of the picked entries)^2 +
// lambda * |w_standardised|^2 + entry_ridge * |table|^2: the normal
// equations have one unknown per entry (about 172 K for Othello), too many
// for Cholesky but sparse (each row touches `instances` of them), so they are
// solved by conjugate gradients with a diagonal preconditioner, which is
// deterministic; the entries come back rounded to 1/eval::kTableScale, as a
// weights file stores them.
absl::StatusOr<LinearFit> FitRidge(const Dataset& data, double lambda,
                                   const PatternFitOptions& patterns = {});

// Phases (eval/linear_model.h): the edges cutting column `column` of `data`
// into `phases` sets of about equal size (its quantiles), ascending and
// distinct, so fewer when values repeat; none for phases <= 1.
std::vector<double> PhaseEdges(const Dataset& data, int column, int phases);

// One FitRidge per phase set: set k on the rows whose `column` value falls in
// it (eval::PhaseSet). InvalidArgument if a set has no rows.
absl::StatusOr<std::vector<LinearFit>> FitPhases(const Dataset& data, double lambda, int column,
                                                 const std::vector<double>& edges,
                                                 const PatternFitOptions& patterns = {});

// bias + w.x (+ the entries picked, with patterns) for one row.
double Predict(const LinearFit& fit, std::span<const float> features,
               const std::uint32_t* picked = nullptr, int instances = 0);

// Solves A x = b for a symmetric positive definite n x n matrix A (row-major)
// by Cholesky; false if A is not positive definite.
bool CholeskySolve(std::vector<double> a, std::vector<double>& b, int n);

}  // namespace tav::learn
