// The generator subcommands of arcwave-gen (instances/tools/gen_commands.hpp).
#include "instances/tools/gen_commands.hpp"

#include <optional>

#include <fmt/format.h>

#include "arcwave/error.hpp"

#include "instances/csp/generators.hpp"

namespace arcwave::gen {

namespace {

using Sink = std::function<void(Generated)>;

void add_queens(CLI::App& app, const Sink& out) {
  auto* cmd = app.add_subcommand("queens", "n-queens: q[i] is the column of the queen of row i");
  auto n = std::make_shared<int>(8);
  auto encoding = std::make_shared<std::string>("intension");
  cmd->add_option("n", *n, "board size")->required()->check(CLI::Range(1, 100000));
  cmd->add_option("--encoding", *encoding, "intension | extension | alldifferent")
      ->check(CLI::IsMember({"intension", "extension", "alldifferent"}))
      ->capture_default_str();
  cmd->callback([=] {
    const QueensEncoding e = *encoding == "extension"      ? QueensEncoding::kExtension
                             : *encoding == "alldifferent" ? QueensEncoding::kAllDifferent
                                                           : QueensEncoding::kIntension;
    out({queens(*n, e),
         fmt::format("queens-{}", *n),
         fmt::format("arcwave-gen queens {} --encoding {}", *n, *encoding),
         {}});
  });
}

void add_rb(CLI::App& app, const Sink& out) {
  auto* cmd = app.add_subcommand(
      "rb", "RB-model random binary network (e constraints on distinct pairs, conflict tables)");
  auto p = std::make_shared<RbParams>();
  cmd->add_option("--n", p->n, "variables")->capture_default_str();
  cmd->add_option("--d", p->d, "domain size")->capture_default_str();
  cmd->add_option("--e", p->e, "constraints")->capture_default_str();
  cmd->add_option("--tightness", p->tightness, "share of forbidden tuples")->capture_default_str();
  cmd->add_option("--seed", p->seed, "random seed")->capture_default_str();
  cmd->add_flag("--supports", p->supports, "state the tables as supports (the same network)");
  cmd->add_flag("--forced", p->forced, "plant a solution (satisfiable, frb-style)");
  cmd->callback([=] {
    out({rb(*p),
         fmt::format("rb-{}-{}-{}-{}-{}{}", p->n, p->d, p->e, p->tightness, p->seed,
                     p->forced ? "-forced" : ""),
         fmt::format("arcwave-gen rb --n {} --d {} --e {} --tightness {} --seed {}{}{}", p->n, p->d,
                     p->e, p->tightness, p->seed, p->supports ? " --supports" : "",
                     p->forced ? " --forced" : ""),
         p->forced ? rb_forced_solution(*p) : std::vector<Value>{}});
  });
}

void add_composed(CLI::App& app, const Sink& out) {
  auto* cmd = app.add_subcommand(
      "composed", "composed-m-n-k network: main part of m variables, n satellites, k links each");
  auto m = std::make_shared<int>(25);
  auto n = std::make_shared<int>(1);
  auto k = std::make_shared<int>(25);
  auto seed = std::make_shared<std::uint64_t>(1);
  cmd->add_option("m", *m, "main variables")->required();
  cmd->add_option("n", *n, "satellites")->required();
  cmd->add_option("k", *k, "links per satellite")->required();
  cmd->add_option("--seed", *seed, "random seed")->capture_default_str();
  cmd->callback([=] {
    out({composed(composed_family(*m, *n, *k, *seed)),
         fmt::format("composed-{}-{}-{}-{}", *m, *n, *k, *seed),
         fmt::format("arcwave-gen composed {} {} {} --seed {}", *m, *n, *k, *seed),
         {}});
  });
}

void add_random(CLI::App& app, const Sink& out) {
  auto* cmd =
      app.add_subcommand("random", "random network of any arity (support tables, distinct scopes)");
  auto p = std::make_shared<RandomParams>();
  cmd->add_option("--n", p->n, "variables")->capture_default_str();
  cmd->add_option("--d", p->d, "domain size")->capture_default_str();
  cmd->add_option("--arity", p->arity, "arity of every constraint")->capture_default_str();
  cmd->add_option("--constraints", p->constraints, "constraints")->capture_default_str();
  cmd->add_option("--tightness", p->tightness, "share of forbidden tuples")->capture_default_str();
  cmd->add_option("--seed", p->seed, "random seed")->capture_default_str();
  cmd->callback([=] {
    out({random_network(*p),
         fmt::format("rand-{}-{}-{}-{}-{}-{}", p->arity, p->n, p->d, p->constraints, p->tightness,
                     p->seed),
         fmt::format("arcwave-gen random --n {} --d {} --arity {} --constraints {} --tightness {} "
                     "--seed {}",
                     p->n, p->d, p->arity, p->constraints, p->tightness, p->seed),
         {}});
  });
}

void add_latin(CLI::App& app, const Sink& out) {
  auto* cmd = app.add_subcommand(
      "latin", "latin square / quasigroup with holes (pre-assigned from a random latin square)");
  auto n = std::make_shared<int>(10);
  auto holes = std::make_shared<double>(1.0);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto binary = std::make_shared<bool>(false);
  cmd->add_option("n", *n, "order")->required();
  cmd->add_option("--holes", *holes, "share of free cells (1: plain latin square)")
      ->capture_default_str();
  cmd->add_option("--seed", *seed, "random seed")->capture_default_str();
  cmd->add_flag("--binary", *binary, "pairwise ne constraints instead of allDifferent");
  cmd->callback([=] {
    Model model = latin_square(*n, *holes, *seed, !*binary);
    const std::vector<int> square = random_latin_square(*n, *seed);
    out({std::move(model),
         *holes >= 1.0 ? fmt::format("latin-{}", *n)
                       : fmt::format("qwh-{}-{}-{}", *n, *holes, *seed),
         fmt::format("arcwave-gen latin {} --holes {} --seed {}{}", *n, *holes, *seed,
                     *binary ? " --binary" : ""),
         std::vector<Value>(square.begin(), square.end())});
  });
}

void add_langford(CLI::App& app, const Sink& out) {
  auto* cmd = app.add_subcommand("langford", "Langford's problem L(k, n)");
  auto k = std::make_shared<int>(2);
  auto n = std::make_shared<int>(4);
  auto binary = std::make_shared<bool>(false);
  cmd->add_option("k", *k, "copies of each number")->required();
  cmd->add_option("n", *n, "numbers 1..n")->required();
  cmd->add_flag("--binary", *binary, "pairwise ne constraints instead of allDifferent");
  cmd->callback([=] {
    out({langford(*k, *n, !*binary),
         fmt::format("langford-{}-{}", *k, *n),
         fmt::format("arcwave-gen langford {} {}{}", *k, *n, *binary ? " --binary" : ""),
         {}});
  });
}

}  // namespace

Generated generate(const std::vector<std::string>& words) {
  CLI::App app{"arcwave-gen"};
  app.require_subcommand(1);
  std::optional<Generated> generated;
  add_generator_commands(app, [&generated](Generated g) { generated = std::move(g); });
  std::vector<std::string> reversed(words.rbegin(), words.rend());  // CLI11 takes them reversed
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw InputError(fmt::format("arcwave-gen arguments: {}", e.what()));
  }
  if (!generated) throw InputError("arcwave-gen arguments: no generator ran");
  return std::move(*generated);
}

WriteOptions write_options(const Generated& generated, const std::string& name_override) {
  WriteOptions options;
  options.name = name_override.empty() ? generated.name : name_override;
  const std::string& command = generated.command;
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (command.compare(i, 3, " --") == 0) {
      options.comment += ", ";
      i += 2;
      continue;
    }
    options.comment += command[i];
  }
  return options;
}

void add_generator_commands(CLI::App& app, std::function<void(Generated)> out) {
  add_queens(app, out);
  add_rb(app, out);
  add_composed(app, out);
  add_random(app, out);
  add_latin(app, out);
  add_langford(app, out);
}

}  // namespace arcwave::gen
