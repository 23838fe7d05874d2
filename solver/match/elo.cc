// Match arithmetic (see elo.h for the model).
#include "match/elo.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tav::match {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kZ975 = 1.959963984540054;  // Phi^-1(0.975): two-sided 95%

// Win/draw/loss probabilities of the BayesElo trinomial law with Elo `elo`
// and draw Elo `draw_elo`: P(win) = f(elo - draw_elo), P(loss) = f(-elo -
// draw_elo), where f(x) = 1 / (1 + 10^(-x/400)); a draw takes the rest.
struct Trinomial {
  double win, draw, loss;
};
Trinomial BayesEloLaw(double elo, double draw_elo) {
  auto f = [](double x) { return 1.0 / (1.0 + std::pow(10.0, -x / 400.0)); };
  const double win = f(elo - draw_elo), loss = f(-elo - draw_elo);
  return {win, 1.0 - win - loss, loss};
}

}  // namespace

double Score(const Wdl& r) {
  const std::int64_t n = r.games();
  if (n == 0) return 0.5;
  return (static_cast<double>(r.wins) + 0.5 * static_cast<double>(r.draws)) /
         static_cast<double>(n);
}

double EloFromScore(double s) {
  if (s <= 0) return -kInfinity;
  if (s >= 1) return kInfinity;
  return -400.0 * std::log10(1.0 / s - 1.0);
}

EloEstimate EstimateElo(const Wdl& r) {
  EloEstimate e;
  const std::int64_t n = r.games();
  if (n == 0) return e;
  const double nd = static_cast<double>(n);
  const double w = r.wins / nd, d = r.draws / nd, l = r.losses / nd;
  e.score = w + 0.5 * d;
  // Variance of one game's score around the mean, then of the mean.
  const double per_game = w * (1 - e.score) * (1 - e.score) +
                          d * (0.5 - e.score) * (0.5 - e.score) + l * e.score * e.score;
  e.score_stderr = std::sqrt(per_game / nd);
  e.elo = EloFromScore(e.score);
  e.lower = EloFromScore(std::clamp(e.score - kZ975 * e.score_stderr, 0.0, 1.0));
  e.upper = EloFromScore(std::clamp(e.score + kZ975 * e.score_stderr, 0.0, 1.0));
  // An infinite end (a 0% or 100% score, or an interval reaching one) makes
  // the margin infinite; computed naively, infinity - infinity would be NaN.
  e.margin = std::isfinite(e.lower) && std::isfinite(e.upper) ? (e.upper - e.lower) / 2 : kInfinity;
  return e;
}

double LikelihoodOfSuperiority(const Wdl& r) {
  const double decisive = static_cast<double>(r.wins + r.losses);
  if (decisive == 0) return 0.5;
  return 0.5 + 0.5 * std::erf(static_cast<double>(r.wins - r.losses) / std::sqrt(2.0 * decisive));
}

std::string_view SprtDecisionName(SprtDecision d) {
  switch (d) {
    case SprtDecision::kAcceptH0:
      return "H0";
    case SprtDecision::kAcceptH1:
      return "H1";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

SprtResult Sprt(const Wdl& r, double elo0, double elo1, double alpha, double beta) {
  SprtResult s;
  s.lower_bound = std::log(beta / (1 - alpha));
  s.upper_bound = std::log((1 - beta) / alpha);
  if (r.wins == 0 || r.draws == 0 || r.losses == 0) return s;  // draw Elo not estimable
  // Step 1. Fit the BayesElo law to the observed frequencies: from P(win) =
  // f(elo - draw_elo) and P(loss) = f(-elo - draw_elo), 10^(-(elo - draw_elo)
  // /400) = 1/pw - 1 and 10^((elo + draw_elo)/400) = 1/pl - 1, whose product
  // gives draw_elo.
  const double n = static_cast<double>(r.games());
  const double pw = r.wins / n, pl = r.losses / n;
  const double draw_elo = 200.0 * std::log10((1 / pw - 1) * (1 / pl - 1));
  // Step 2. Logistic Elo to BayesElo: near 0 Elo the expected score of the
  // BayesElo law changes scale(draw_elo) times as fast as the logistic one.
  const double x = std::pow(10.0, -draw_elo / 400.0);
  const double scale = 4 * x / ((1 + x) * (1 + x));
  const Trinomial h0 = BayesEloLaw(elo0 / scale, draw_elo);
  const Trinomial h1 = BayesEloLaw(elo1 / scale, draw_elo);
  // Step 3. The log-likelihood ratio of the counts, and Wald's decision.
  s.llr = r.wins * std::log(h1.win / h0.win) + r.draws * std::log(h1.draw / h0.draw) +
          r.losses * std::log(h1.loss / h0.loss);
  if (s.llr > s.upper_bound) {
    s.decision = SprtDecision::kAcceptH1;
  } else if (s.llr < s.lower_bound) {
    s.decision = SprtDecision::kAcceptH0;
  }
  return s;
}

}  // namespace tav::match
