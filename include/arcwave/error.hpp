// arcwave/error.hpp — the exceptions arcwave throws, and the exit code each one maps to.
//
// Bad input is an InputError that names file:line:column (exit code 2); a feature the
// readers know of but do not support is Unsupported (exit code 3); resource limits
// (device memory, host memory) are ResourceError; a failed MPI run is DistributedError (exit
// code 6); a violated internal invariant, such as a solution that fails the checker, is
// InternalError (a bug: exit code 70).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace arcwave {

/// Where in an input a problem was found. Line and column count from 1; 0 means unknown.
struct SourcePosition {
  std::string file;
  std::uint64_t line = 0;
  std::uint64_t column = 0;
  /// "file:line:column" (parts that are unknown are left out).
  [[nodiscard]] std::string to_string() const;
};

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  /// The process exit code the command-line tool uses for this error.
  [[nodiscard]] virtual int exit_code() const noexcept { return 1; }
};

/// Malformed input: a file, a command-line value, a generator parameter.
class InputError : public Error {
 public:
  InputError(SourcePosition where, const std::string& message);
  explicit InputError(const std::string& message);
  [[nodiscard]] const SourcePosition& where() const noexcept { return where_; }
  [[nodiscard]] const std::string& message() const noexcept { return message_; }
  [[nodiscard]] int exit_code() const noexcept override { return 2; }

 private:
  SourcePosition where_;
  std::string message_;
};

/// A well-formed input that uses something arcwave does not implement.
class Unsupported : public Error {
 public:
  Unsupported(SourcePosition where, const std::string& what);
  [[nodiscard]] int exit_code() const noexcept override { return 3; }
};

/// Not enough device or host memory (computed before the work starts where possible).
class ResourceError : public Error {
 public:
  using Error::Error;
  [[nodiscard]] int exit_code() const noexcept override { return 4; }
};

/// A CUDA runtime call or kernel launch failed.
class CudaError : public Error {
 public:
  using Error::Error;
  [[nodiscard]] int exit_code() const noexcept override { return 5; }
};

/// A distributed (MPI) solve failed: a process died or stopped answering, sent a malformed
/// message, or read a different model than rank 0.
class DistributedError : public Error {
 public:
  using Error::Error;
  [[nodiscard]] int exit_code() const noexcept override { return 6; }
};

/// A bug: an internal invariant failed (for example a solution rejected by the checker).
class InternalError : public Error {
 public:
  using Error::Error;
  [[nodiscard]] int exit_code() const noexcept override { return 70; }
};

}  // namespace arcwave
