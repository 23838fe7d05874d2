#include "core/provenance.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

namespace tav {
namespace {

std::vector<std::string>& Args() {
  static std::vector<std::string> args;
  return args;
}
const char* g_version = "unknown";
const char* g_commit = "unknown";

std::string ShellQuote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_=./,:+@%") == std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

void SetCommandLine(int argc, char** argv) {
  Args().assign(argv, argv + argc);
  if (!Args().empty()) {
    // Record the program as "tav", not the build path it was run from.
    const std::string& p = Args()[0];
    const size_t slash = p.rfind('/');
    Args()[0] = slash == std::string::npos ? p : p.substr(slash + 1);
  }
}
const std::vector<std::string>& CommandArgs() { return Args(); }

std::string CommandLineString() {
  std::string out;
  for (const std::string& a : Args()) {
    if (!out.empty()) out += ' ';
    out += ShellQuote(a);
  }
  return out;
}

void SetBuildInfo(const char* version, const char* commit) {
  g_version = version;
  g_commit = commit;
}
const char* ToolkitVersion() { return g_version; }
const char* GitCommit() { return g_commit; }

std::string UtcNowIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json MachineInfo() {
  nlohmann::json m;
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  m["hostname"] = host;
  std::string cpu = "unknown";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) cpu = line.substr(colon + 2);
      break;
    }
  }
  m["cpu"] = cpu;
  m["cores"] = std::thread::hardware_concurrency();
  const double bytes = static_cast<double>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGE_SIZE);
  m["memory_gb"] = static_cast<double>(static_cast<long long>(bytes / (1 << 30) * 10)) / 10;
  utsname u{};
  if (uname(&u) == 0) m["os"] = std::string(u.sysname) + " " + u.release;
  return m;
}

nlohmann::json Provenance() {
  nlohmann::json p;
  p["command"] = CommandLineString();
  p["argv"] = CommandArgs();
  p["toolkit_version"] = ToolkitVersion();
  p["commit"] = GitCommit();
  p["machine"] = MachineInfo();
  p["time"] = UtcNowIso8601();
  return p;
}

}  // namespace tav
