// `arcwave solve FILE`: MAC search on an XCSP 2.1 / XCSP3 instance, answer in the XCSP
// competition format (`s`, `v`, `o`, `c` lines). SIGINT, SIGTERM and -t stop the search and
// print the best answer found so far with its status. -p sets the workers (every core by
// default); started by mpirun (builds with MPI), every rank searches and rank 0 prints.
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "arcwave/competition.hpp"
#include "arcwave/error.hpp"
#ifdef ARCWAVE_HAVE_MPI
#include "arcwave/mpi.hpp"
#endif
#include "arcwave/solver.hpp"
#include "arcwave/version.hpp"
#include "cli/registry.hpp"
#include "cli/stop_guard.hpp"

namespace arcwave::cli {

namespace {

struct SolveArgs {
  std::string path;
  bool all = false;
  double timeout = 0;
  std::uint64_t seed = 0;
  std::string var_heuristic = "domwdegcacd";
  std::string val_heuristic = "lex";
  std::string restarts = "luby";
  std::string lns = "on";
  std::string nogoods = "on";
  std::uint64_t restart_base = 1000;
  std::string backend = "auto";
  std::string propagator = "auto";
  bool no_cliques = false;
  int threads = 0;
  bool portfolio = false;
  std::string parallel = "auto";
  int subproblems_per_worker = 30;
  std::string gpus = "all";
  double mpi_timeout = 30;
  int mpi_ranks = 1;  // set under mpirun
};

SolverOptions to_options(const SolveArgs& a) {
  SolverOptions o;
  o.all_solutions = a.all;
  o.difference_cliques = !a.no_cliques;
  o.seed = a.seed;
  if (a.threads < 0) throw InputError(fmt::format("--threads: {} (expected 0 or more)", a.threads));
  o.threads = a.threads;
  if (a.parallel == "auto")
    o.parallel = ParallelMode::kAuto;
  else if (a.parallel == "eps")
    o.parallel = ParallelMode::kDecomposed;
  else if (a.parallel == "portfolio")
    o.parallel = ParallelMode::kPortfolio;
  else
    throw InputError(fmt::format("--parallel: '{}' (expected auto, eps or portfolio)", a.parallel));
  if (a.portfolio) o.parallel = ParallelMode::kPortfolio;
  if (a.subproblems_per_worker < 1)
    throw InputError(
        fmt::format("--subproblems-per-worker: {} (expected 1 or more)", a.subproblems_per_worker));
  o.subproblems_per_worker = a.subproblems_per_worker;
  o.gpus = parse_gpu_list(a.gpus);
  if (a.var_heuristic == "domwdeg")
    o.var_heuristic = VarHeuristic::kDomWdeg;
  else if (a.var_heuristic == "domddeg")
    o.var_heuristic = VarHeuristic::kDomDdeg;
  else if (a.var_heuristic == "domwdegcacd")
    o.var_heuristic = VarHeuristic::kDomWdegCaCd;
  else
    throw InputError(fmt::format("--var-heuristic: '{}' (expected domwdeg, domwdegcacd or domddeg)",
                                 a.var_heuristic));
  if (a.val_heuristic == "lex")
    o.val_heuristic = ValHeuristic::kLex;
  else if (a.val_heuristic == "random")
    o.val_heuristic = ValHeuristic::kRandom;
  else
    throw InputError(
        fmt::format("--val-heuristic: '{}' (expected lex or random)", a.val_heuristic));
  o.restart_base = a.restart_base;
  if (a.lns != "on" && a.lns != "off")
    throw InputError(fmt::format("--lns: '{}' (expected on or off)", a.lns));
  o.lns = a.lns == "on";
  if (a.nogoods != "on" && a.nogoods != "off")
    throw InputError(fmt::format("--nogoods: '{}' (expected on or off)", a.nogoods));
  o.nogoods = a.nogoods == "on";
  if (a.restarts == "luby")
    o.restarts = RestartPolicy::kLuby;
  else if (a.restarts == "geometric")
    o.restarts = RestartPolicy::kGeometric;
  else if (a.restarts == "none")
    o.restarts = RestartPolicy::kNone;
  else
    throw InputError(
        fmt::format("--restarts: '{}' (expected luby, geometric or none)", a.restarts));
  switch (parse_backend(a.backend)) {
    case Backend::kAuto:
      o.backend = SolverBackend::kAuto;
      break;
    case Backend::kCpu:
      o.backend = SolverBackend::kCpu;
      break;
    case Backend::kGpu:
      o.backend = SolverBackend::kGpu;
      break;
  }
  if (a.propagator == "auto")
    o.tables = TablePropagation::kAuto;
  else if (a.propagator == "ac4")
    o.tables = TablePropagation::kAc4;
  else if (a.propagator == "ac3bit")
    o.tables = TablePropagation::kAc3Bit;
  else if (a.propagator == "ct")
    o.tables = TablePropagation::kCompactTable;
  else
    throw InputError(
        fmt::format("--propagator: '{}' (expected auto, ac4, ac3bit or ct)", a.propagator));
  return o;
}

void print_line(const std::string& line) {
  const std::lock_guard lock(output_lock());
  std::fputs(line.c_str(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

// What solve has to say when it does not stop by itself within the stop's grace period (it is
// still reading the file, waiting for the driver, or inside a long kernel): the stop guard's
// fallback prints the answer from the solutions seen so far (each one already checked).
class AnswerSoFar {
 public:
  explicit AnswerSoFar(bool quiet) : quiet_(quiet) {}

  void loaded(const Model& model, bool all_solutions) {
    const std::lock_guard lock(mutex_);
    model_ = &model;
    all_ = all_solutions;
  }
  // A search thread's solution: the first one when counting, the last (best) one otherwise.
  void solution(const Solution& s) {
    const std::lock_guard lock(mutex_);
    ++count_;
    if (!all_ || !best_) best_ = s.values;
  }
  // The answer is out (or the model is gone): the fallback only exits with `code`.
  void answered(int code) {
    const std::lock_guard lock(mutex_);
    answered_ = true;
    code_ = code;
    model_ = nullptr;
  }
  // Runs on the stop guard's thread, output lock held.
  int print() {
    const std::lock_guard lock(mutex_);
    if (answered_) return code_;
    if (quiet_) return 0;
    const auto line = [](const std::string& text) {
      std::fputs(text.c_str(), stdout);
      std::fputc('\n', stdout);
    };
    if (model_ == nullptr) {
      line("c stopped before the search started (reading the file or starting the GPU)");
      line(competition::status_line(SolveStatus::kUnknown));
      return 0;
    }
    line("c interrupted (time limit or signal): answer so far, the search did not stop in time");
    if (all_) line(fmt::format("c solutions {} (incomplete)", count_));
    line(competition::status_line(best_ ? SolveStatus::kSatisfiable : SolveStatus::kUnknown));
    if (best_) line(competition::instantiation_line(*model_, *best_));
    return 0;
  }

 private:
  std::mutex mutex_;
  bool quiet_;
  const Model* model_ = nullptr;
  bool all_ = false;
  std::uint64_t count_ = 0;
  std::optional<std::vector<Value>> best_;
  bool answered_ = false;
  int code_ = 0;
};

// Reads the instance, solves it with `solve` and prints the answer; `quiet` (MPI ranks other
// than 0) prints nothing. Returns the exit code.
int solve_and_print(const SolveArgs& args, const std::function<SolveResult(Solver&)>& solve,
                    bool quiet) {
  const SolverOptions options = to_options(args);  // bad options before any work
  const auto say = [quiet](const std::string& line) {
    if (!quiet) print_line(line);
  };
  // A stop (signal, -t) is answered by the search itself; if it has not answered within the
  // grace period (under mpirun the ranks first agree on the end), the stop guard prints the
  // answer so far in its place.
  auto so_far = std::make_shared<AnswerSoFar>(quiet);
  stop_gracefully(
      {args.mpi_ranks > 1 ? std::chrono::milliseconds(2500) : std::chrono::milliseconds(600),
       [so_far] { return so_far->print(); }});
  stop_after(args.timeout);
  say(fmt::format("c arcwave {} solve {}", kVersion, args.path));

  // auto and gpu look at the GPU first thing after reading: the driver and the contexts of the
  // devices of --gpus (0.1-0.3 s each) load while the file is read. An MPI rank uses one device,
  // picked from its local rank later: only the first one is warmed there, as before.
  if (options.backend != SolverBackend::kCpu) {
    if (args.mpi_ranks > 1)
      warm_up_gpu_in_background();
    else
      warm_up_gpus_in_background(options.gpus);
  }
  Solver solver = Solver::load(args.path, options);
  const Model& model = solver.model();
  say(fmt::format(
      "c instance {}: {} variables, {} constraints{}", model.source_format, model.variable_count(),
      model.constraints().size(),
      model.objective() ? (model.objective()->minimize ? ", minimise" : ", maximise") : ""));
  if (stop_flag().load() && args.mpi_ranks <= 1) {
    say(fmt::format("c stopped while reading ({:.3f} s)", solver.parse_seconds()));
    say(competition::status_line(SolveStatus::kUnknown));
    so_far->answered(0);
    return 0;
  }
  so_far->loaded(model, options.all_solutions);
  const bool optimise = model.objective().has_value() && !options.all_solutions;
  solver.on_solution([so_far, optimise, quiet](const Solution& s) {
    so_far->solution(s);
    if (optimise && !quiet) print_line(competition::bound_line(*s.objective));
  });
  solver.set_stop_flag(&stop_flag());
  say(fmt::format("c search {}, {}, restarts {}, last conflict, seed {}{}",
                  options.var_heuristic == VarHeuristic::kDomWdeg       ? "dom/wdeg"
                  : options.var_heuristic == VarHeuristic::kDomWdegCaCd ? "dom/wdeg^ca.cd"
                                                                        : "dom/ddeg",
                  options.val_heuristic == ValHeuristic::kLex ? "lex" : "random",
                  options.all_solutions ? "off (all solutions)" : args.restarts, options.seed,
                  options.all_solutions ? ", all solutions" : ""));

  const SolveResult r = solve(solver);
  const int code = r.status == SolveStatus::kUnsatisfiable ? 1 : 0;
  std::vector<std::string> lines;
  lines.push_back(fmt::format("c backend: {}", r.backend));
  lines.push_back(fmt::format("c engine {}", r.engine));
  for (std::string& line : competition::statistics_lines(r)) lines.push_back(std::move(line));
  if (!r.complete) lines.emplace_back("c interrupted (time limit or signal): answer so far");
  if (options.all_solutions)
    lines.push_back(
        fmt::format("c solutions {}{}", r.solutions, r.complete ? "" : " (incomplete)"));
  lines.push_back(competition::status_line(r.status));
  if (r.best && r.status != SolveStatus::kUnknown)
    lines.push_back(competition::instantiation_line(model, r.best->values));
  // The answer goes out whole, or (a stop meanwhile) the fallback's does: never both.
  const std::lock_guard lock(output_lock());
  so_far->answered(code);
  if (!quiet)
    for (const std::string& line : lines) {
      std::fputs(line.c_str(), stdout);
      std::fputc('\n', stdout);
    }
  std::fflush(stdout);
  return code;
}

#ifdef ARCWAVE_HAVE_MPI
// Under mpirun: every rank reads the file and searches; rank 0 prints. An error on any rank
// ends the whole job (MPI_Abort) with that error's exit code, after its message.
int run_solve_mpi(SolveArgs args) {
  mpi::Environment env;
  args.mpi_ranks = env.size();
  try {
    if (env.size() > 1 && args.path == "-")
      throw InputError("under mpirun every rank reads the instance: give a file, not '-'");
    if (env.size() == 1)
      return solve_and_print(
          args, [](Solver& s) { return s.solve(); }, false);
    const mpi::MpiOptions mpi_options{args.mpi_timeout};
    // Every rank ends with 0 once the answer is printed, UNSATISFIABLE included: mpirun takes a
    // rank's non-zero status for a failure, aborts the others (seconds later) and says so.
    solve_and_print(
        args, [&](Solver& s) { return mpi::solve(s, MPI_COMM_WORLD, mpi_options); },
        env.rank() != 0);
    return 0;
  } catch (const Error& e) {
    std::fflush(stdout);
    fmt::print(stderr, "arcwave (MPI rank {}): {}\n", env.rank(), e.what());
    std::fflush(stderr);
    mpi::Environment::abort(e.exit_code());
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "arcwave (MPI rank {}): out of host memory\n", env.rank());
    std::fflush(stderr);
    mpi::Environment::abort(4);
  } catch (const std::exception& e) {
    fmt::print(stderr, "arcwave (MPI rank {}): internal error: {}\n", env.rank(), e.what());
    std::fflush(stderr);
    mpi::Environment::abort(70);
  }
}
#endif

int run_solve(const SolveArgs& args) {
  if (!(args.mpi_timeout > 0))
    throw InputError(
        fmt::format("--mpi-timeout: {} (expected a positive number of seconds)", args.mpi_timeout));
#ifdef ARCWAVE_HAVE_MPI
  if (mpi::launched_by_mpi()) return run_solve_mpi(args);
#endif
  return solve_and_print(
      args, [](Solver& s) { return s.solve(); }, false);
}

void add_solve_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Solve an XCSP 2.1 / XCSP3 instance by MAC search; answer in the XCSP competition format "
      "(exit code 0, or 1 when unsatisfiable)");
  auto args = std::make_shared<SolveArgs>();
  cmd->add_option("file", args->path, "instance file (.xml, .lzma, .xz, .bz2, .gz; '-' for stdin)")
      ->required();
  cmd->add_flag("-a,--all", args->all, "find all solutions and print their number");
  cmd->add_option("-t,--timeout", args->timeout,
                  "stop after SECONDS (wall clock, reading included) and print the answer so far");
  cmd->add_option("--seed", args->seed, "seed for random choices (default 0)");
  cmd->add_option("--var-heuristic", args->var_heuristic,
                  "domwdegcacd (default: conflicts charged per variable, 1 / (future "
                  "variables x domain size)), domwdeg or domddeg");
  cmd->add_option("--val-heuristic", args->val_heuristic, "lex (default) or random");
  cmd->add_option("--restarts", args->restarts, "luby (default), geometric or none");
  cmd->add_option("--lns", args->lns,
                  "optimisation: large neighbourhood search alternating with the complete search "
                  "(on, the default, or off); the optimum is still proved by the complete search");
  cmd->add_option("--nogoods", args->nogoods,
                  "record nogoods at restarts so that they keep what was searched (on, the "
                  "default, or off)");
  cmd->add_option("--restart-base", args->restart_base,
                  "failures before the first restart (default 1000; Luby multiplies it)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  cmd->add_option("--backend", args->backend,
                  "auto (default: the GPU engine on binary networks with >= 5,000 value pairs "
                  "per value when a GPU is present, where it was measured faster; else the "
                  "CPU), cpu or gpu (binary networks)");
  cmd->add_option("--propagator", args->propagator,
                  "table propagation: auto (AC3bit+rm and Compact-Table), ac4, ac3bit or ct");
  cmd->add_flag("--no-difference-cliques", args->no_cliques,
                "do not add allDifferent over cliques of binary != constraints nor noOverlap "
                "over cliques of binary disjunctive pairs (CPU engine)");
  cmd->add_option("-p,--threads", args->threads,
                  "workers searching at once: 0 (default) one per core, 1 the sequential search");
  cmd->add_option("--parallel", args->parallel,
                  "with several workers: auto (default: the decomposition for --all; otherwise a "
                  "portfolio whose worker 0 runs the -p 1 search and the others, at idle "
                  "priority, other seeds and orders, sharing the best solution), eps (the search "
                  "space split into subproblems) or portfolio");
  cmd->add_flag("--portfolio", args->portfolio, "the same as --parallel portfolio");
  cmd->add_option("--subproblems-per-worker", args->subproblems_per_worker,
                  "decomposition: about K subproblems per worker (default 30)");
  cmd->add_option("--gpus", args->gpus,
                  "--backend gpu: the GPUs, as device ordinals after CUDA_VISIBLE_DEVICES "
                  "(\"0,1\"; one listed twice runs two workers on it), or all (default)")
      ->capture_default_str();
  cmd->add_option("--mpi-timeout", args->mpi_timeout,
                  "under mpirun: seconds of silence after which a rank is lost and the job ends "
                  "with an error (default 30)");
  cmd->callback([args, &ctx] { ctx.exit_code = run_solve(*args); });
}

const CommandRegistration registration(20, add_solve_command);

}  // namespace

}  // namespace arcwave::cli
