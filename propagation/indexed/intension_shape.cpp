// Definitions for propagation/indexed/intension_shape.hpp: the expression is read as a tree,
// each comparison's sides as linear forms over the slots (or the absolute value of one), and
// the logic above them turned into clauses by distribution, with the sizes capped at each step.
#include "propagation/indexed/intension_shape.hpp"

#include <algorithm>

namespace arcwave {

namespace {

__extension__ typedef __int128 Wide;

constexpr Wide kLimit = Wide{1} << 62;
constexpr std::size_t kMaxClauses = 16;
constexpr std::size_t kMaxLiterals = 8;

// A linear form over the slots, with a bound on the absolute value of every intermediate value
// of the subexpression it came from.
struct Form {
  std::vector<Wide> coeff;  // per slot
  Wide constant = 0;
  Wide magnitude = 0;
};

// One side of a comparison: a linear form, or the absolute value of one.
struct Side {
  Form form;
  bool abs = false;
};

struct Literal {
  Form form;  // form <op> 0
  Relation op;
};
using Clause = std::vector<Literal>;
using Cnf = std::vector<Clause>;  // empty: true; holding an empty clause: false

Form combine(const Form& a, Wide ka, const Form& b, Wide kb) {
  Form out;
  out.coeff.resize(a.coeff.size());
  for (std::size_t i = 0; i < out.coeff.size(); ++i)
    out.coeff[i] = ka * a.coeff[i] + kb * b.coeff[i];
  out.constant = ka * a.constant + kb * b.constant;
  out.magnitude = a.magnitude + b.magnitude;
  return out;
}

Form shifted(Form f, Wide k) {
  f.constant += k;
  return f;
}

Cnf truth(bool value) {
  return value ? Cnf{} : Cnf{Clause{}};
}

class Recogniser {
 public:
  Recogniser(const Expr& e, const std::vector<int>& scope, const std::vector<Domain>& domains)
      : scope_(scope) {
    for (int x : scope) {
      const auto& d = domains[static_cast<std::size_t>(x)];
      maxabs_.push_back(d.empty() ? 0
                                  : std::max(d.front() < 0 ? -Wide{d.front()} : d.front(),
                                             d.back() < 0 ? -Wide{d.back()} : d.back()));
    }
    std::vector<int> stack;
    for (const ExprInstr& in : e.code()) {
      Node n{in.op, in.operand, {}};
      if (in.arity > stack.size()) {
        ok_ = false;
        return;
      }
      n.kids.assign(stack.end() - in.arity, stack.end());
      stack.resize(stack.size() - in.arity);
      stack.push_back(static_cast<int>(nodes_.size()));
      nodes_.push_back(std::move(n));
    }
    ok_ = stack.size() == 1;
    root_ = ok_ ? stack[0] : -1;
  }

  std::optional<IntensionShape> run() {
    if (!ok_) return std::nullopt;
    Cnf cnf;
    if (!boolean(root_, true, cnf) || cnf.empty()) return std::nullopt;
    IntensionShape shape;
    for (const Clause& c : cnf) {
      if (c.empty()) return std::nullopt;  // false everywhere
      LinearClause out;
      for (const Literal& l : c) {
        LinearLiteral lit;
        lit.op = l.op;
        if (l.form.constant > kLimit || l.form.constant < -kLimit) return std::nullopt;
        lit.constant = static_cast<Value>(l.form.constant);
        for (std::size_t i = 0; i < l.form.coeff.size(); ++i) {
          const Wide k = l.form.coeff[i];
          if (k == 0) continue;
          if (k > kLimit || k < -kLimit) return std::nullopt;
          lit.vars.push_back(scope_[i]);
          lit.coeffs.push_back(static_cast<Value>(k));
        }
        out.push_back(std::move(lit));
      }
      shape.clauses.push_back(std::move(out));
    }
    return shape;
  }

 private:
  struct Node {
    ExprOp op;
    Value operand;
    std::vector<int> kids;
  };

  [[nodiscard]] std::size_t slots() const { return scope_.size(); }

  bool linear(int id, Form& out) const {
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    out = Form{};
    out.coeff.assign(slots(), 0);
    switch (n.op) {
      case ExprOp::kConst:
        out.constant = n.operand;
        out.magnitude = n.operand < 0 ? -Wide{n.operand} : Wide{n.operand};
        break;
      case ExprOp::kSlot: {
        const auto s = static_cast<std::size_t>(n.operand);
        if (s >= slots()) return false;
        out.coeff[s] = 1;
        out.magnitude = maxabs_[s];
        break;
      }
      case ExprOp::kNeg: {
        if (!linear(n.kids[0], out)) return false;
        out = combine(out, -1, out, 0);
        out.magnitude /= 2;  // combine added the magnitude twice
        break;
      }
      case ExprOp::kAdd:
      case ExprOp::kSub: {
        Form f;
        for (std::size_t k = 0; k < n.kids.size(); ++k) {
          if (!linear(n.kids[k], f)) return false;
          out = combine(out, 1, f, n.op == ExprOp::kSub && k > 0 ? -1 : 1);
          if (out.magnitude > kLimit) return false;
        }
        break;
      }
      case ExprOp::kMul: {
        // Products with at most one non-constant factor. The evaluator multiplies left to
        // right: every partial product is bounded by the product of the factors' magnitudes.
        Wide k = 1;
        Wide running = 1;
        Wide peak = 0;
        Form variable;
        bool have_variable = false;
        Form f;
        for (int kid : n.kids) {
          if (!linear(kid, f)) return false;
          running *= f.magnitude;
          if (running > kLimit) return false;
          peak = std::max({peak, running, f.magnitude});
          if (std::any_of(f.coeff.begin(), f.coeff.end(), [](Wide c) { return c != 0; })) {
            if (have_variable) return false;
            variable = f;
            have_variable = true;
          } else {
            k *= f.constant;  // |k| <= running
          }
        }
        if (have_variable) {
          out = combine(variable, k, variable, 0);
        } else {
          out.constant = k;
        }
        out.magnitude = peak;
        break;
      }
      default:
        return false;
    }
    return out.magnitude <= kLimit && std::all_of(out.coeff.begin(), out.coeff.end(), [](Wide c) {
             return c <= kLimit && c >= -kLimit;
           });
  }

  bool side(int id, Side& out) const {
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    out.abs = false;
    if (n.op == ExprOp::kAbs) {
      out.abs = true;
      return linear(n.kids[0], out.form);
    }
    if (n.op == ExprOp::kDist) {
      Form a;
      Form b;
      if (!linear(n.kids[0], a) || !linear(n.kids[1], b)) return false;
      out.abs = true;
      out.form = combine(a, 1, b, -1);
      return out.form.magnitude <= kLimit;
    }
    return linear(id, out.form);
  }

  // ---- clauses --------------------------------------------------------------------------------

  // A literal, folded to true / false when it has no variable left.
  static Cnf literal(Form form, Relation op) {
    if (std::all_of(form.coeff.begin(), form.coeff.end(), [](Wide c) { return c == 0; })) {
      const Wide c = form.constant;
      return truth(op == Relation::kLe ? c <= 0 : op == Relation::kEq ? c == 0 : c != 0);
    }
    return Cnf{Clause{Literal{std::move(form), op}}};
  }

  static bool fits(const Cnf& c) {
    if (c.size() > kMaxClauses) return false;
    return std::all_of(c.begin(), c.end(),
                       [](const Clause& k) { return k.size() <= kMaxLiterals; });
  }

  static bool conjoin(Cnf& into, const Cnf& other) {
    if (!into.empty() && into.front().empty()) return true;  // already false
    if (!other.empty() && other.front().empty()) {
      into = truth(false);
      return true;
    }
    into.insert(into.end(), other.begin(), other.end());
    return fits(into);
  }

  static bool disjoin(Cnf& into, const Cnf& other) {
    if (into.empty() || (!other.empty() && other.front().empty())) return true;  // true, or | false
    if (other.empty() || into.front().empty()) {
      into = other;
      return true;
    }
    if (into.size() * other.size() > kMaxClauses) return false;
    Cnf out;
    for (const Clause& a : into)
      for (const Clause& b : other) {
        Clause c = a;
        c.insert(c.end(), b.begin(), b.end());
        out.push_back(std::move(c));
      }
    into = std::move(out);
    return fits(into);
  }

  // a <op> b, op one of lt, le, eq, ne (ge / gt swapped by the caller).
  static bool compare(const Side& a, const Side& b, Relation op, Cnf& out) {
    const bool strict = op == Relation::kLt;
    const Wide step = strict ? 1 : 0;
    if (!a.abs && !b.abs) {
      out = literal(shifted(combine(a.form, 1, b.form, -1), step), strict ? Relation::kLe : op);
      return true;
    }
    if (op == Relation::kEq || op == Relation::kNe) {
      if (!a.abs) return compare(b, a, op, out);  // |L| on the left
      const Form& l = a.form;
      const Form& r = b.form;
      const Relation rel = op;
      // |L| = R: (L = R or L = -R) and R >= 0 (both sides absolute: R >= 0 already holds).
      // |L| != R: (L != R or R < 0) and (L != -R or R < 0).
      Cnf minus = literal(combine(l, 1, r, -1), rel);
      Cnf plus = literal(combine(l, 1, r, 1), rel);
      if (op == Relation::kEq) {
        out = minus;
        if (!disjoin(out, plus)) return false;
        if (!b.abs) return conjoin(out, literal(combine(r, -1, r, 0), Relation::kLe));
        return true;
      }
      if (!b.abs) {
        const Cnf negative = literal(shifted(combine(r, 1, r, 0), 1), Relation::kLe);
        if (!disjoin(minus, negative) || !disjoin(plus, negative)) return false;
      }
      out = minus;
      return conjoin(out, plus);
    }
    // Orders: max(p, q) <= max(r, s) is (p <= r or p <= s) and (q <= r or q <= s), with
    // |L| = max(L, -L) and a plain side as the maximum of itself.
    std::vector<Form> left = {a.form};
    if (a.abs) left.push_back(combine(a.form, -1, a.form, 0));
    std::vector<Form> right = {b.form};
    if (b.abs) right.push_back(combine(b.form, -1, b.form, 0));
    out = truth(true);
    for (const Form& p : left) {
      Cnf clause = truth(false);
      for (const Form& r : right)
        if (!disjoin(clause, literal(shifted(combine(p, 1, r, -1), step), Relation::kLe)))
          return false;
      if (!conjoin(out, clause)) return false;
    }
    return true;
  }

  static Relation complement(Relation op) {
    switch (op) {
      case Relation::kLt:
        return Relation::kGe;
      case Relation::kLe:
        return Relation::kGt;
      case Relation::kGe:
        return Relation::kLt;
      case Relation::kGt:
        return Relation::kLe;
      case Relation::kEq:
        return Relation::kNe;
      default:
        return Relation::kEq;
    }
  }

  bool relation(const Side& a, const Side& b, Relation op, Cnf& out) const {
    if (op == Relation::kGe) return compare(b, a, Relation::kLe, out);
    if (op == Relation::kGt) return compare(b, a, Relation::kLt, out);
    return compare(a, b, op, out);
  }

  bool comparison(const Node& n, bool positive, Cnf& out) const {
    std::vector<Side> sides(n.kids.size());
    for (std::size_t k = 0; k < n.kids.size(); ++k)
      if (!side(n.kids[k], sides[k])) return false;
    Relation op = Relation::kEq;
    switch (n.op) {
      case ExprOp::kLt:
        op = Relation::kLt;
        break;
      case ExprOp::kLe:
        op = Relation::kLe;
        break;
      case ExprOp::kGe:
        op = Relation::kGe;
        break;
      case ExprOp::kGt:
        op = Relation::kGt;
        break;
      case ExprOp::kNe:
        op = Relation::kNe;
        break;
      default:
        break;
    }
    if (sides.size() == 2) return relation(sides[0], sides[1], positive ? op : complement(op), out);
    // n-ary: eq is a chain of equalities, ne every pair distinct; negated, a disjunction.
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i + 1 < sides.size(); ++i) {
      if (op == Relation::kEq) {
        pairs.emplace_back(i, i + 1);
        continue;
      }
      for (std::size_t j = i + 1; j < sides.size(); ++j) pairs.emplace_back(i, j);
    }
    out = truth(positive);
    for (const auto& [i, j] : pairs) {
      Cnf one;
      if (!relation(sides[i], sides[j], positive ? op : complement(op), one)) return false;
      if (!(positive ? conjoin(out, one) : disjoin(out, one))) return false;
    }
    return true;
  }

  bool membership(const Node& n, bool positive, Cnf& out) const {
    Side x;
    if (!side(n.kids[0], x)) return false;
    // in: x equals one of them; notin: x differs from each.
    const bool any = (n.op == ExprOp::kIn) == positive;
    out = truth(!any);
    for (std::size_t k = 1; k < n.kids.size(); ++k) {
      Side v;
      if (!side(n.kids[k], v)) return false;
      Cnf one;
      if (!relation(x, v, any ? Relation::kEq : Relation::kNe, one)) return false;
      if (!(any ? disjoin(out, one) : conjoin(out, one))) return false;
    }
    return true;
  }

  // The clauses of node `id` read as a Boolean (negated when !positive).
  bool boolean(int id, bool positive, Cnf& out) const {
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    switch (n.op) {
      case ExprOp::kLt:
      case ExprOp::kLe:
      case ExprOp::kGe:
      case ExprOp::kGt:
      case ExprOp::kEq:
      case ExprOp::kNe:
        return comparison(n, positive, out);
      case ExprOp::kIn:
      case ExprOp::kNotIn:
        return membership(n, positive, out);
      case ExprOp::kNot:
        return boolean(n.kids[0], !positive, out);
      case ExprOp::kAnd:
      case ExprOp::kOr: {
        const bool all = (n.op == ExprOp::kAnd) == positive;
        out = truth(all);
        for (int kid : n.kids) {
          Cnf one;
          if (!boolean(kid, positive, one)) return false;
          if (!(all ? conjoin(out, one) : disjoin(out, one))) return false;
        }
        return true;
      }
      case ExprOp::kImp: {
        // a -> b is (not a) or b; negated, a and not b.
        Cnf a;
        Cnf b;
        if (!boolean(n.kids[0], !positive, a) || !boolean(n.kids[1], positive, b)) return false;
        out = std::move(a);
        return positive ? disjoin(out, b) : conjoin(out, b);
      }
      case ExprOp::kIff:
      case ExprOp::kXor: {
        if (n.kids.size() != 2) return false;
        // iff(a, b) is (not a or b) and (a or not b); xor is its negation.
        const bool equal = (n.op == ExprOp::kIff) == positive;
        Cnf a;
        Cnf na;
        Cnf b;
        Cnf nb;
        if (!boolean(n.kids[0], true, a) || !boolean(n.kids[0], false, na) ||
            !boolean(n.kids[1], true, b) || !boolean(n.kids[1], false, nb))
          return false;
        Cnf first = na;
        Cnf second = a;
        if (!disjoin(first, equal ? b : nb) || !disjoin(second, equal ? nb : b)) return false;
        out = std::move(first);
        return conjoin(out, second);
      }
      default: {
        // An arithmetic value read as a Boolean: non-zero.
        Form f;
        if (!linear(id, f)) return false;
        out = literal(std::move(f), positive ? Relation::kNe : Relation::kEq);
        return true;
      }
    }
  }

  const std::vector<int>& scope_;
  std::vector<Wide> maxabs_;
  std::vector<Node> nodes_;
  int root_ = -1;
  bool ok_ = false;
};

}  // namespace

bool LinearLiteral::holds(std::span<const Value> values) const {
  Wide s = constant;
  for (std::size_t i = 0; i < vars.size(); ++i) s += Wide{coeffs[i]} * values[i];
  switch (op) {
    case Relation::kLe:
      return s <= 0;
    case Relation::kEq:
      return s == 0;
    default:
      return s != 0;
  }
}

std::optional<IntensionShape> recognise_intension(const Expr& expr, const std::vector<int>& scope,
                                                  const std::vector<Domain>& domains) {
  return Recogniser(expr, scope, domains).run();
}

}  // namespace arcwave
