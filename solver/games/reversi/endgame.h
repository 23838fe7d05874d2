// The last few empties of Othello and Desdemona: a fast alpha-beta solver
// without transposition table (the game's solve_small hook).
//
// Below ~7 empties a node costs a few dozen nanoseconds, so table probes and
// mobility sorting cost more than they save (Edax draws the same line). What
// remains is cheap ordering and cheap leaves:
//   - parity: squares in regions (quadrants) with an odd number of empties
//     first, since the player who moves last in a region tends to keep it;
//     within a region's group, from 5 empties up, corners first and the
//     squares next to a corner last (Edax's presorted empties);
//   - at the last empty the score is computed from the flip count without
//     making the move, and a pass there costs one more flip count;
//   - with few empties the moves are found by testing each empty square for
//     flips (next to a capturable stone first) instead of a full move mask.
// Both games share the code: Desdemona (kNeutrals) differs only in what is
// capturable, how a capture recolours, and the final score.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/bits.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/last_flip.h"
#include "games/reversi/stability.h"

namespace tav::reversi {

// The squares next to each square (8-neighbourhood in the 8x8 frame).
struct NeighbourTable {
  std::array<u64, 64> mask{};
  constexpr NeighbourTable() {
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
          if ((dr || dc) && r + dr >= 0 && r + dr < 8 && c + dc >= 0 && c + dc < 8) {
            mask[sq] |= u64{1} << ((r + dr) * 8 + c + dc);
          }
        }
      }
    }
  }
};
inline constexpr NeighbourTable kNeighbours{};

// Board-size constants of the endgame code.
struct EndgameGeometry {
  int squares = 64;                   // N * N
  u64 outside = 0;                    // the squares of the 8x8 frame off the N x N board
  std::array<u64, 4> quadrant{};      // the four N/2 x N/2 regions of parity ordering
  std::array<u64, 64> quadrant_of{};  // the region holding each square (0 off the board)
  // The squares by class, in the order the small solver tries them within
  // a parity group: corners first, the C- and X-squares next to a corner
  // last (ForSize lists the classes).
  static constexpr int kSquareClasses = 9;
  std::array<u64, kSquareClasses> square_class{};

  static EndgameGeometry ForSize(int n) {
    EndgameGeometry g;
    g.squares = n * n;
    g.outside = ~BoardMask(n);
    const int h = n / 2;
    for (int sq = 0; sq < 64; ++sq) {
      const int r = sq / 8, c = sq % 8;
      if (r >= n || c >= n) continue;
      g.quadrant[(r >= h ? 2 : 0) + (c >= h ? 1 : 0)] |= u64{1} << sq;
    }
    for (int sq = 0; sq < 64; ++sq) {
      for (u64 q : g.quadrant) {
        if (q >> sq & 1) g.quadrant_of[sq] = q;
      }
    }
    // A square's class by its distances a <= b to the two nearest edges
    // (Edax's presorted order of the empties): corner (0,0); E (2,3) and
    // the centre; D (2,2); A (0,2); B (0,3); G (1,3); F (1,2); C (0,1);
    // X (1,1) (EdgeDistancesOf, bitboard.h; boards under 8x8 alike).
    static constexpr int kClassOf[4][4] = {{0, 7, 3, 4}, {7, 8, 6, 5}, {3, 6, 2, 1}, {4, 5, 1, 1}};
    for (int sq = 0; sq < 64; ++sq) {
      if (sq / 8 >= n || sq % 8 >= n) continue;
      const EdgeDistances d = EdgeDistancesOf(n, sq);
      g.square_class[kClassOf[d.a][d.b]] |= u64{1} << sq;
    }
    return g;
  }

  // The empty squares lying in quadrants with an odd number of empties.
  u64 OddRegions(u64 empty) const {
    if (squares == 64) {
      // 8x8: fold each quadrant's squares onto its low corner square by
      // XOR (rows 0-3 onto row 0, rows 4-7 onto row 4, then columns 0-3 onto
      // column 0 and 4-7 onto column 4), then spread the four parity bits
      // back over their quadrants.
      u64 x = empty ^ (empty >> 16);
      x ^= x >> 8;
      x ^= x >> 2;
      x ^= x >> 1;
      return ((x & 0x0000001100000011ULL) * 0xf * 0x01010101ULL) & empty;
    }
    u64 odd = 0;
    for (u64 q : quadrant) {
      if (PopCount(empty & q) & 1) odd |= q;
    }
    return odd & empty;
  }

  // OddRegions() after square x of `odd`'s empties is filled, leaving
  // `empty`: x's region changes parity, the others keep theirs (cheaper than
  // recounting, at every node of the small solver).
  u64 OddRegionsAfter(u64 odd, int x, u64 empty) const {
    return (odd ^ (quadrant_of[x] & empty)) & empty;
  }
};

#ifdef TAV_SC_OFF
inline constexpr int kStabilityOffset = TAV_SC_OFF;
#else
inline constexpr int kStabilityOffset = -62;
#endif

template <bool kNeutrals, bool kMisere>
class EndgameSolver {
 public:
  static constexpr int kInf = 1000;

  explicit EndgameSolver(const EndgameGeometry& g) : g_(g) {}

  // Fail-soft value within (alpha, beta) for player P to move against O, with
  // neutral stones N (Desdemona) and empty squares E.
  int Solve(u64 P, u64 O, u64 N, u64 E, int alpha, int beta, std::uint64_t& nodes) const {
    const int empties = PopCount(E);
    if (empties == 0) {
      ++nodes;
      return Final(P, O, 0);
    }
    return Dispatch(P, O, N, E, empties, alpha, beta, nodes);
  }

  // The final score for P (the game is over with `empties` empty squares).
  int Final(u64 P, u64 O, int empties) const {
    const int diff = PopCount(P) - PopCount(O);
    if constexpr (kNeutrals) {
      (void)empties;
      return kMisere ? -diff : diff;
    } else {
      // Othello: empty squares go to the winner.
      return diff > 0 ? diff + empties : (diff < 0 ? diff - empties : 0);
    }
  }

 private:
  static u64 Capturable(u64 O, u64 N) { return kNeutrals ? (O | N) : O; }

  // The position after P plays x flipping f, from the new mover's side.
  static void Play(u64& P, u64& O, u64& N, int x, u64 f) {
    const u64 placed = Bit(x);
    if constexpr (kNeutrals) {
      const u64 mine = P | placed | (f & N);
      N = (N & ~f) | (f & O);
      P = O & ~f;
      O = mine;
    } else {
      const u64 mine = P | placed | f;
      P = O & ~f;
      O = mine;
    }
  }

  // One empty square x left: the exact score, from flip counts only.
  int Last(u64 P, u64 O, u64 N, int x, std::uint64_t& nodes) const {
    ++nodes;
    if constexpr (kNeutrals) {
      if (const u64 f = Flips(x, P, O | N)) {
        const int diff = PopCount(P) + 1 + PopCount(f & N) - (PopCount(O) - PopCount(f & O));
        return kMisere ? -diff : diff;
      }
      if (const u64 f = Flips(x, O, P | N)) {
        const int diff = PopCount(P) - PopCount(f & P) - (PopCount(O) + 1 + PopCount(f & N));
        return kMisere ? -diff : diff;
      }
      return Final(P, O, 1);
    } else {
      const int p = PopCount(P);
      if (g_.outside == 0) {  // a full 8x8 board: count the flips without the flip mask
        if (const int n = CountLastFlips(x, P)) return 2 * (p + 1 + n) - 64;
        if (const int n = CountLastFlips(x, O)) return 2 * (p - n) - 64;
      } else {
        if (const u64 f = Flips(x, P, O)) return 2 * (p + 1 + PopCount(f)) - g_.squares;
        if (const u64 f = Flips(x, O, P)) return 2 * (p - PopCount(f)) - g_.squares;
      }
      // Nobody can play x: the empty square goes to the winner.
      const int diff = 2 * p + 1 - g_.squares;
      return diff > 0 ? diff + 1 : diff - 1;
    }
  }

  // The stable stones of `own` (stability.h: edge-seeded on Othello 8x8).
  u64 Stable(u64 own, u64 theirs, const FullLines& full) const {
    return StableStonesOf<kNeutrals>(own, theirs, full, g_.outside);
  }

  // Does P have a legal move? (few empties: test each square)
  static bool CanMove(u64 P, u64 C, u64 E) {
    for (int x : SetBits(E)) {
      if ((kNeighbours.mask[x] & C) && Flips(x, P, C)) return true;
    }
    return false;
  }

  // Two empty squares: the loop of Search() unrolled, with the same move
  // order (lowest square first: parity does not split two squares), the same
  // cutoffs and the same node count, so the trees are Search()'s own.
  int Solve2(u64 P, u64 O, u64 N, u64 E, int alpha, int beta, std::uint64_t& nodes) const {
    ++nodes;
    const int x1 = LowestBit(E), x2 = HighestBit(E);
    const u64 C = Capturable(O, N);
    int best = -kInf;
    if (kNeighbours.mask[x1] & C) {
      if (const u64 f = Flips(x1, P, C)) {
        u64 p = P, o = O, n = N;
        Play(p, o, n, x1, f);
        best = -Last(p, o, n, x2, nodes);
        if (best >= beta) return best;
      }
    }
    if (kNeighbours.mask[x2] & C) {
      if (const u64 f = Flips(x2, P, C)) {
        u64 p = P, o = O, n = N;
        Play(p, o, n, x2, f);
        const int v = -Last(p, o, n, x1, nodes);
        return v > best ? v : best;
      }
    }
    if (best != -kInf) return best;
    // No move: pass if the opponent can play, otherwise the game is over.
    if (CanMove(O, Capturable(P, N), E)) return -Solve2(O, P, N, E, -beta, -alpha, nodes);
    return Final(P, O, 2);
  }

  // The solver for `empties` empty squares: one compiled level per count up
  // to 7 (kSmallSolverRemaining), where the count is a constant the compiler
  // folds into every test below (a sixth fewer instructions on FFO #40, the
  // same trees), and the run-time count beyond.
  int Dispatch(u64 P, u64 O, u64 N, u64 E, int empties, int alpha, int beta,
               std::uint64_t& nodes) const {
    switch (empties) {
      case 1:
        return Last(P, O, N, LowestBit(E), nodes);
      case 2:
        return Solve2(P, O, N, E, alpha, beta, nodes);
      case 3:
        return Search<3>(P, O, N, E, g_.OddRegions(E), 3, alpha, beta, nodes);
      case 4:
        return Search<4>(P, O, N, E, g_.OddRegions(E), 4, alpha, beta, nodes);
      case 5:
        return Search<5>(P, O, N, E, g_.OddRegions(E), 5, alpha, beta, nodes);
      case 6:
        return Search<6>(P, O, N, E, g_.OddRegions(E), 6, alpha, beta, nodes);
      case 7:
        return Search<7>(P, O, N, E, g_.OddRegions(E), 7, alpha, beta, nodes);
      default:
        return Search<0>(P, O, N, E, g_.OddRegions(E), empties, alpha, beta, nodes);
    }
  }

  // kEmpties: the number of empty squares (3..7), or 0 for `run_time_empties`
  // (8 or more); odd: g_.OddRegions(E), handed down from the parent.
  template <int kEmpties>
  int Search(u64 P, u64 O, u64 N, u64 E, u64 odd, int run_time_empties, int alpha, int beta,
             std::uint64_t& nodes) const {
    const int empties = kEmpties > 0 ? kEmpties : run_time_empties;
    ++nodes;
    if (empties >= 4) {
      // Stability cutoff: the opponent's stable stones bound the score from
      // above (stability.h). Only tried when alpha is high enough for the
      // bound to reach it. The mirror test -- one's own stable stones as a
      // lower bound against a very low beta -- is not made: counted on FFO
      // #40 it cut at 2-4% of its tries at 4-7 empties while costing a
      // stability computation at almost every node with 4 or 5 empties;
      // without it the solve takes 0.9% more nodes and 9% fewer instructions
      // (Edax tests the one side too).
      const int threshold = g_.squares + kStabilityOffset + 2 * empties;
      if (alpha >= threshold) {
        const FullLines full = ComputeFullLines(P | O | N | g_.outside);
        const int upper = g_.squares - 2 * PopCount(Stable(kMisere ? P : O, kMisere ? O : P, full));
        if (upper <= alpha) return upper;
      }
    }
    const u64 C = Capturable(O, N);
    // With few empties, test squares next to a capturable stone directly;
    // with more, one move mask is cheaper than many failed flip attempts
    // (the crossover, by callgrind on FFO #40: 5 empties tested square by
    // square take 2.4% fewer instructions in all than by move mask, 6 more).
    const bool by_square = empties <= 5;
    const u64 candidates = by_square ? E : LegalMoves(P, C, E);
    int best = -kInf;
    // Odd regions first, each by square class from 5 empties up (below,
    // where most nodes are, the classes cost more than they save: FFO
    // #40-#49 by one thread took 1.0413 G nodes with classes at every
    // level, 1.0456 G from 5 empties, 1.0531 G from 6 and 1.0687 G with
    // four coarser classes; without classes the nodes rise by 4%).
    // A group's classes are taken until its squares run out (a handful).
    const bool by_class = empties >= 5;
    for (int group = 0; group < 2; ++group) {
      u64 rest = candidates & (group == 0 ? odd : ~odd);
      for (int k = 0; rest != 0 && k < EndgameGeometry::kSquareClasses; ++k) {
        const u64 squares = by_class ? rest & g_.square_class[k] : rest;
        rest ^= squares;
        for (int x : SetBits(squares)) {
          if (by_square && !(kNeighbours.mask[x] & C)) continue;
          const u64 f = Flips(x, P, C);
          if (by_square && !f) continue;
          u64 p = P, o = O, n = N;
          Play(p, o, n, x, f);
          int v;
          if constexpr (kEmpties == 3) {
            v = -Solve2(p, o, n, E ^ Bit(x), -beta, -alpha, nodes);
          } else if constexpr (kEmpties > 3) {
            const u64 e = E ^ Bit(x);
            v = -Search<kEmpties - 1>(p, o, n, e, g_.OddRegionsAfter(odd, x, e), kEmpties - 1,
                                      -beta, -alpha, nodes);
          } else {
            v = -Dispatch(p, o, n, E ^ Bit(x), empties - 1, -beta, -alpha, nodes);
          }
          if (v > best) {
            best = v;
            if (v > alpha) {
              alpha = v;
              if (alpha >= beta) return best;
            }
          }
        }
      }
    }
    if (best != -kInf) return best;
    // No move: pass if the opponent can play, otherwise the game is over.
    const u64 their_capturable = Capturable(P, N);
    if (by_square ? CanMove(O, their_capturable, E) : LegalMoves(O, their_capturable, E) != 0) {
      return -Search<kEmpties>(O, P, N, E, odd, empties, -beta, -alpha, nodes);
    }
    return Final(P, O, empties);
  }

  const EndgameGeometry& g_;
};

}  // namespace tav::reversi
