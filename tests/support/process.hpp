// tests/support/process.hpp — starts the `arcwave` binary of the build under test as a child
// process whose standard input the test holds (a pipe), sends it signals at chosen moments and
// measures how long it takes to end after each: the exit-path tests (issue 28).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "tests/support/cli.hpp"

extern char** environ;

namespace arcwave::test {

/// A running `arcwave` with stdout and stderr in files of `dir` and stdin a pipe held here.
class ArcwaveProcess {
 public:
  using Clock = std::chrono::steady_clock;

  ArcwaveProcess(const std::vector<std::string>& args, const std::filesystem::path& dir)
      : out_(dir / "process_stdout.txt"), err_(dir / "process_stderr.txt") {
    std::signal(SIGPIPE, SIG_IGN);  // writing to a child that has ended is not an error here
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
    stdin_ = fds[1];
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const std::string binary = arcwave_binary().string();
    std::vector<char*> argv{const_cast<char*>(binary.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    started_ = Clock::now();
    const int status = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (status != 0) throw std::runtime_error("posix_spawn " + binary + " failed");
  }
  ~ArcwaveProcess() {
    close_stdin();
    if (!ended_) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
  }
  ArcwaveProcess(const ArcwaveProcess&) = delete;
  ArcwaveProcess& operator=(const ArcwaveProcess&) = delete;

  /// Writes to the child's standard input (it may block while the child does not read).
  void write_stdin(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(stdin_, bytes.data(), bytes.size());
      if (n <= 0) return;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
  }
  void close_stdin() {
    if (stdin_ >= 0) ::close(stdin_);
    stdin_ = -1;
  }

  /// Waits up to `limit` for the child's standard output to hold `text` (a line the command
  /// flushes, e.g. solve's "c search"): true when it does. Signals sent after it reach the stage
  /// the test means, however slowly a loaded machine started the child.
  bool wait_for_output(std::string_view text, std::chrono::milliseconds limit) {
    const auto end = Clock::now() + limit;
    for (;;) {
      if (slurp(out_).find(text) != std::string::npos) return true;
      if (Clock::now() >= end) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  /// Sends `signal` now and remembers when.
  void signal(int signal) {
    signalled_ = Clock::now();
    ::kill(pid_, signal);
  }

  /// Waits up to `limit` for the child to end; false if it has not (it is then killed).
  bool wait(std::chrono::milliseconds limit) {
    const auto end = Clock::now() + limit;
    for (;;) {
      int status = 0;
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        ended_at_ = Clock::now();
        ended_ = true;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        term_signal_ = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        return true;
      }
      if (Clock::now() >= end) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        ended_ = true;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }

  [[nodiscard]] int exit_code() const noexcept { return exit_code_; }
  /// The signal that killed the child (0 when it exited by itself).
  [[nodiscard]] int term_signal() const noexcept { return term_signal_; }
  /// Seconds from the last signal() (or the start) to the end.
  [[nodiscard]] double seconds_to_end() const {
    const auto from = signalled_.value_or(started_);
    return std::chrono::duration<double>(ended_at_ - from).count();
  }
  [[nodiscard]] double seconds_alive() const {
    return std::chrono::duration<double>(ended_at_ - started_).count();
  }
  [[nodiscard]] CliRun output() const {
    CliRun r;
    r.exit_code = exit_code_;
    r.out = slurp(out_);
    r.err = slurp(err_);
    return r;
  }

 private:
  std::filesystem::path out_;
  std::filesystem::path err_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  Clock::time_point started_;
  std::optional<Clock::time_point> signalled_;
  Clock::time_point ended_at_;
  bool ended_ = false;
  int exit_code_ = -1;
  int term_signal_ = 0;
};

}  // namespace arcwave::test
