// Definitions for cli/stop_guard.hpp.
#include "cli/stop_guard.hpp"

#include <semaphore.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <thread>
#include <vector>

namespace arcwave::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};        // the first stop signal, 0 for a time limit
std::atomic<int> g_signal_count{0};  // signals received
sem_t g_wake;                        // posted by the handler and by request_stop()
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

// What the watchdog needs from the command; guarded by state_lock().
struct GuardState {
  std::optional<GracefulStop> graceful;
  std::vector<std::string> partial_outputs;
};

std::mutex& state_lock() {
  static auto* m = new std::mutex;  // never destroyed: the watchdog may use it at any time
  return *m;
}
GuardState& state() {
  static auto* s = new GuardState;
  return *s;
}

void write_stderr(const char* text) {
  std::size_t n = 0;
  while (text[n] != '\0') ++n;
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, text, n);
}

extern "C" void on_stop_signal(int signal) {
  if (g_signal_count.fetch_add(1) > 0) {
    write_stderr("arcwave: second stop signal, ending now\n");
    ::_exit(128 + signal);
  }
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);
  g_stop.store(true);
  sem_post(&g_wake);
}

void remove_partial_outputs() {
  std::vector<std::string> paths;
  {
    std::lock_guard lock(state_lock());
    paths = state().partial_outputs;
  }
  for (const std::string& p : paths) ::unlink(p.c_str());
}

[[noreturn]] void end_now(int code) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(code);
}

// The watchdog's work once a stop came (it never returns).
[[noreturn]] void handle_stop() {
  const int signal = g_signal.load();
  std::optional<GracefulStop> graceful;
  {
    std::lock_guard lock(state_lock());
    graceful = state().graceful;
  }
  if (!graceful) {
    remove_partial_outputs();
    const char* name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a stop";
    std::lock_guard out(output_lock());
    std::fflush(stdout);
    std::fprintf(stderr, "arcwave: stopped by %s\n", name);
    end_now(signal != 0 ? 128 + signal : 1);
  }
  // The command stops by itself; it exits through exit_process(), which ends this thread too.
  std::this_thread::sleep_for(graceful->grace);
  // Still here: reading, in the driver, in a long kernel or writing. Wait briefly for the output
  // lock (the command may be printing its answer), then answer for it.
  const auto give_up = Clock::now() + std::chrono::milliseconds(300);
  while (!output_lock().try_lock()) {
    if (Clock::now() >= give_up) {
      remove_partial_outputs();
      end_now(0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  int code = 0;
  try {
    if (graceful->fallback) code = graceful->fallback();
  } catch (...) {
    code = 70;
  }
  remove_partial_outputs();
  end_now(code);  // the output lock stays held: nothing prints after the fallback
}

}  // namespace

void install_stop_guard() {
  sem_init(&g_wake, 0, 0);
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  // Interrupted reads and writes restart: the stop is seen through the flag, not as EINTR in
  // the readers.
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  std::thread([] {
    while (sem_wait(&g_wake) != 0) {
    }
    handle_stop();
  }).detach();
}

const std::atomic<bool>& stop_flag() {
  return g_stop;
}

void request_stop() {
  if (!g_stop.exchange(true)) sem_post(&g_wake);
}

void stop_after(double seconds) {
  if (!(seconds > 0)) return;
  const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(seconds));
  std::thread([end] {
    std::this_thread::sleep_until(end);
    request_stop();
  }).detach();
}

void stop_gracefully(GracefulStop how) {
  std::lock_guard lock(state_lock());
  state().graceful = std::move(how);
}

std::mutex& output_lock() {
  static auto* m = new std::mutex;
  return *m;
}

void note_partial_output(const std::string& path) {
  std::lock_guard lock(state_lock());
  state().partial_outputs.push_back(path);
}

void forget_partial_output(const std::string& path) {
  std::lock_guard lock(state_lock());
  auto& paths = state().partial_outputs;
  paths.erase(std::remove(paths.begin(), paths.end(), path), paths.end());
}

void exit_process(int code) {
  // Not while the watchdog's fallback prints: it ends the process itself.
  output_lock().lock();
  end_now(code);
}

}  // namespace arcwave::cli
