// The MPI dispatcher of a build without MPI (CMake found none, or
// TAV_MPI=OFF): every entry point refuses with one line (mpi.h).
#include <cstdlib>

#include "dispatch/mpi.h"

namespace tav::dispatch {

bool MpiBuilt() { return false; }

absl::StatusOr<MpiPlace> JoinMpiWorld() {
  return absl::FailedPreconditionError(
      "--mpi needs a tav built with MPI (install libopenmpi-dev and openmpi-bin, then "
      "reconfigure with cmake; this build has TAV_MPI off or found no MPI)");
}

Dispatcher& MpiMaster(UnitSolver) { std::abort(); }  // unreachable: JoinMpiWorld never succeeds

absl::Status ServeMpiUnits(const UnitSolver&) { return JoinMpiWorld().status(); }

void LeaveMpiWorld(int) {}

}  // namespace tav::dispatch
