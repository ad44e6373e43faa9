// cli/stop_guard.hpp — how the `arcwave` process ends: SIGINT, SIGTERM and `-t` stop it within
// a second whatever it is doing (reading, creating a CUDA context, searching, writing), and every
// exit leaves through exit_process(), which skips static destructors.
//
// Why the process never returns from main(): the CUDA context may still be being created on a
// background thread when an early error ends the run; exit() would then tear the CUDA runtime
// down (its atexit handlers) while that thread is inside the driver — measured on the H100: a
// hang that ignored SIGTERM, or glibc's "pthread_mutex_lock ... assertion failed" abort.
//
// A stop (signal or time limit) wakes a watchdog thread. A command that stops by itself (solve
// polls the flag and prints its answer) gets a grace period to do so; if it has not exited by
// then — it is reading, waiting for the driver, or inside a long kernel — the watchdog takes the
// output lock, runs the command's fallback (solve prints the best answer it has seen), removes
// unfinished output files and ends the process. Other commands end at once: unfinished output
// files are removed and the exit code is 128 + the signal (130 SIGINT, 143 SIGTERM). A second
// signal ends the process at once in every case.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>

namespace arcwave::cli {

/// Installs the SIGINT / SIGTERM handlers and starts the watchdog. Call first in main(), before
/// any other thread exists (threads inherit nothing, but handlers must be in place before a
/// signal can arrive).
void install_stop_guard();

/// Raised by a signal or by request_stop(); commands that stop by themselves poll it.
const std::atomic<bool>& stop_flag();
/// Raises the stop flag as a time limit does (no signal): the same grace and fallback.
void request_stop();
/// request_stop() `seconds` from now (nothing for 0 or less); the time limit of `-t`.
void stop_after(double seconds);

/// What the watchdog does when the command has not ended `grace` after a stop. It runs with the
/// output lock held and returns the process's exit code.
struct GracefulStop {
  std::chrono::milliseconds grace{600};
  std::function<int()> fallback;
};
/// The running command stops by itself on the stop flag (solve); without this call a stop ends
/// the process at once.
void stop_gracefully(GracefulStop how);

/// Every line of standard output goes out under this lock, so that the watchdog's fallback never
/// interleaves with the command's own output.
std::mutex& output_lock();

/// An output file being written: removed if the process is stopped before it is finished.
/// Paths are copied; forget_partial_output() once the file is complete (or renamed).
void note_partial_output(const std::string& path);
void forget_partial_output(const std::string& path);

/// Flushes standard output and error and ends the process with `code`, skipping static
/// destructors and atexit handlers (see the file comment).
[[noreturn]] void exit_process(int code);

}  // namespace arcwave::cli
