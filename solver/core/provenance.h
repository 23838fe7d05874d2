// Where a result came from: the command, the toolkit version and git commit,
// the machine, and timestamps. Every result file we write carries this, so a
// number in data/ can always be traced back and reproduced.
#pragma once

#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace tav {

// Recorded once by main(); used by every writer of result files.
void SetCommandLine(int argc, char** argv);
const std::vector<std::string>& CommandArgs();  // argv as given
std::string CommandLineString();                // shell-quoted, e.g. "tav solve --game=othello"

// {"hostname", "cpu", "cores", "memory_gb"}
nlohmann::json MachineInfo();

// {"command", "argv", "toolkit_version", "commit", "machine", "time"}: the
// common provenance block of our JSON records (time: UTC, ISO 8601).
nlohmann::json Provenance();

std::string UtcNowIso8601();

// Toolkit version and git commit of this build (set by the CLI's version.h;
// library-only users get "unknown").
void SetBuildInfo(const char* version, const char* commit);
const char* ToolkitVersion();
const char* GitCommit();

}  // namespace tav
