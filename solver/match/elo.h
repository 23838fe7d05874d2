// Match arithmetic: what a win/draw/loss count between two players says about
// their strength difference, in Elo, and when a match may stop (SPRT).
//
// Model (the one cutechess-cli reports, so our figures compare with chess
// engine testing): "logistic Elo". A player who scores s per game on average
// against another is D = -400 log10(1/s - 1) Elo stronger; a game is a
// trinomial draw (win 1, draw 1/2, loss 0) with independent, identically
// distributed games. The 95% interval comes from the normal approximation to
// the mean score (its standard error from the observed trinomial frequencies),
// mapped through the logistic curve, so it is not symmetric around the
// estimate except at 0 Elo. Trade-off: no prior and no draw model, so a score
// of 0 or 1 gives an infinite Elo (reported as +-infinity, never NaN), and
// small matches get intervals that are too narrow; that is what cutechess
// does too (cutechess's normal quantile is an approximation, 1.9572 instead
// of 1.95996, so its margins are 0.15% narrower than ours). Colour and opening pairing are ignored
// (a pentanomial model would account for paired openings; not done).
//
// The SPRT follows cutechess: the hypotheses H0: elo = elo0 and H1: elo =
// elo1 are logistic Elo; each is turned into a trinomial (win, draw, loss)
// law with the BayesElo parametrisation, whose draw Elo is estimated from the
// observed counts and whose Elo scale is converted from logistic Elo by
// cutechess's draw-dependent factor. The log-likelihood ratio of the counts
// under H1 vs H0 is compared with Wald's bounds log(beta/(1-alpha)) and
// log((1-beta)/alpha). Until the match has at least one win, one draw and one
// loss the draw Elo cannot be estimated, the LLR is 0 and the test continues.
#pragma once

#include <cstdint>
#include <string_view>

namespace tav::match {

// A match result from one player's point of view.
struct Wdl {
  std::int64_t wins = 0, draws = 0, losses = 0;
  std::int64_t games() const { return wins + draws + losses; }
};

// Mean score per game, (W + D/2) / N; 0.5 for an empty match.
double Score(const Wdl& r);

// Logistic Elo difference of a mean score s in [0, 1]: -400 log10(1/s - 1);
// -infinity at 0, +infinity at 1.
double EloFromScore(double s);

struct EloEstimate {
  double score = 0.5;       // mean score per game
  double score_stderr = 0;  // standard error of the mean score (trinomial)
  double elo = 0;           // EloFromScore(score)
  double lower = 0;         // 95% interval: EloFromScore(score -+ 1.95996 stderr),
  double upper = 0;         // the score clamped into [0, 1] first
  double margin = 0;        // (upper - lower) / 2, cutechess's "+/-" figure;
                            // +infinity when either end is infinite
};

// Elo and its 95% interval from a match result. An empty match gives 0 +- 0.
// The infinities of a 0% or 100% score are kept (margin is then infinite).
EloEstimate EstimateElo(const Wdl& r);

// Likelihood of superiority, in [0, 1]: the probability that the player is
// the stronger, Phi((W - L) / sqrt(W + L)) (draws carry no information);
// 0.5 when there are no decisive games.
double LikelihoodOfSuperiority(const Wdl& r);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };
std::string_view SprtDecisionName(SprtDecision d);  // "continue", "H0", "H1"

struct SprtResult {
  double llr = 0;          // log-likelihood ratio of H1 over H0
  double lower_bound = 0;  // log(beta / (1 - alpha))
  double upper_bound = 0;  // log((1 - beta) / alpha)
  SprtDecision decision = SprtDecision::kContinue;
};

// The SPRT of H0: elo = elo0 against H1: elo = elo1 (logistic Elo, elo0 <
// elo1) at error rates alpha, beta in (0, 1/2). H1 is accepted when llr >
// upper_bound, H0 when llr < lower_bound (strictly, as cutechess).
SprtResult Sprt(const Wdl& r, double elo0, double elo1, double alpha = 0.05, double beta = 0.05);

}  // namespace tav::match
