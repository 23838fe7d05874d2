#include "core/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace tav {
namespace {

std::atomic<int> g_interrupts{0};
std::atomic<bool> g_requested{false};  // Flag(); set from the handler, hence lock-free
static_assert(std::atomic<bool>::is_always_lock_free);
const char* g_message = "";
struct sigaction g_old_int, g_old_term;

void OnSignal(int sig) {
  if (g_interrupts.fetch_add(1) == 0) {
    g_requested.store(true, std::memory_order_relaxed);
    [[maybe_unused]] ssize_t n = ::write(2, g_message, std::strlen(g_message));
  } else {
    ::signal(sig, SIG_DFL);
    ::raise(sig);
  }
}

}  // namespace

InterruptGuard::InterruptGuard(const char* message) {
  g_interrupts = 0;
  g_requested = false;
  g_message = message;
  struct sigaction sa = {};
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &g_old_int);
  sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

bool InterruptGuard::Requested() { return g_interrupts.load(std::memory_order_relaxed) > 0; }

const std::atomic<bool>& InterruptGuard::Flag() { return g_requested; }

}  // namespace tav
