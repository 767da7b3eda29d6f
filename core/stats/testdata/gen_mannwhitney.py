#!/usr/bin/python3
"""Generate mannwhitney.json, the golden data of core/stats's rank-sum test
and Holm correction.

Run with Debian's python3 (python3-scipy 1.10.1, python3-statsmodels
0.13.5), from the repository root:

    /usr/bin/python3 core/stats/testdata/gen_mannwhitney.py > core/stats/testdata/mannwhitney.json

The output is a function of this script (fixed seeds), so running it again
gives the same file.

Each rank-sum case holds two samples of runs a and b, each run a pair
[f, v] (v = 0: feasible). Runs are ordered by the CEC feasibility rule,
which for v >= 0 with v = 0 exactly when feasible is the lexicographic order
of (v, f); the script maps every run to its dense position in that order and
passes the positions to scipy.stats.mannwhitneyu(x, y) with the defaults
(alternative='two-sided', use_continuity=True, method='auto'). Ranks, and
so U and p, depend only on the order, so this is the test SciPy would run on
the runs themselves. For every case the file also holds the p-value of the
asymptotic method and, where there are no ties, of the exact method, and
which method 'auto' chose.

The Holm cases are statsmodels.stats.multitest.multipletests(p,
alpha=0.05, method='holm'): the adjusted p-values and the rejections.
"""

import json
import random
import sys

import numpy as np
import scipy
import scipy.stats
from scipy.stats import mannwhitneyu
from scipy.stats._mannwhitneyu import _mwu_choose_method
import statsmodels
from statsmodels.stats.multitest import multipletests

assert scipy.__version__ == "1.10.1", scipy.__version__
assert statsmodels.__version__.startswith("0.13.5"), statsmodels.__version__


def keys(a, b):
    """Dense positions of the runs of a and b in the (v, f) order."""
    order = sorted(set((v, f) for f, v in a + b))
    pos = {k: i for i, k in enumerate(order)}
    return ([float(pos[(v, f)]) for f, v in a],
            [float(pos[(v, f)]) for f, v in b])


def case(name, a, b):
    a = [[float(f), float(v)] for f, v in a]
    b = [[float(f), float(v)] for f, v in b]
    x, y = keys(a, b)
    res = mannwhitneyu(x, y)
    xy = np.concatenate([x, y])
    method = _mwu_choose_method(len(x), len(y), xy, "auto")
    ties = len(set(x + y)) < len(x) + len(y)
    out = {
        "name": name,
        "a": a,
        "b": b,
        "u": float(res.statistic),
        "p": float(res.pvalue),
        "method": method,
        "p_asymptotic": float(mannwhitneyu(x, y, method="asymptotic").pvalue),
    }
    if not ties:
        out["p_exact"] = float(mannwhitneyu(x, y, method="exact").pvalue)
    return out


def feasible(fs):
    return [(f, 0.0) for f in fs]


rng = random.Random(20240601)


def distinct(n, lo=-100.0, hi=100.0):
    s = set()
    while len(s) < n:
        s.add(round(rng.uniform(lo, hi), 6))
    out = list(s)
    rng.shuffle(out)
    return out


cases = []

# Every pair of small sizes without ties: 'auto' picks the exact method.
for n1 in range(1, 9):
    for n2 in range(1, 9):
        v = distinct(n1 + n2)
        cases.append(case(f"small {n1}x{n2}", feasible(v[:n1]), feasible(v[n1:])))

# The boundary of 'auto': one sample of 8 (exact) against larger ones, and
# 9 against 9 (asymptotic). SciPy 1.10's docstring says "less than 8", its
# code tests n1 > 8 and n2 > 8.
for n1, n2 in [(8, 9), (9, 8), (8, 12), (9, 9), (9, 12), (7, 30), (8, 40), (1, 30), (30, 2), (8, 200)]:
    v = distinct(n1 + n2)
    cases.append(case(f"boundary {n1}x{n2}", feasible(v[:n1]), feasible(v[n1:])))

# Complete separation.
cases.append(case("separated 3x3", feasible([1, 2, 3]), feasible([4, 5, 6])))
cases.append(case("separated 8x8", feasible(range(8)), feasible(range(8, 16))))
cases.append(case("separated 25x25", feasible(range(25)), feasible(range(25, 50))))
cases.append(case("separated 25x25 reversed", feasible(range(25, 50)), feasible(range(25))))
cases.append(case("interleaved 25x25", feasible(range(0, 50, 2)), feasible(range(1, 50, 2))))

# Ties: small samples with ties use the asymptotic method.
cases.append(case("tie across 1x1", feasible([3]), feasible([3])))
cases.append(case("distinct 1x1", feasible([3]), feasible([4])))
cases.append(case("all tied 3x4", feasible([2] * 3), feasible([2] * 4)))
cases.append(case("all tied 25x25", feasible([0.5] * 25), feasible([0.5] * 25)))
cases.append(case("tie within a 3x3", feasible([1, 1, 2]), feasible([3, 4, 5])))
cases.append(case("tie across 4x5", feasible([1, 2, 3, 4]), feasible([4, 5, 6, 7, 8])))
cases.append(case("one sample constant 5x5", feasible([7] * 5), feasible([1, 3, 7, 9, 11])))
cases.append(case("heavy ties 25x25",
                  feasible([rng.choice([0, 1, 2, 3]) for _ in range(25)]),
                  feasible([rng.choice([1, 2, 3, 4]) for _ in range(25)])))
cases.append(case("heavy ties 100x100",
                  feasible([rng.choice([0, 1, 2, 3, 4]) for _ in range(100)]),
                  feasible([rng.choice([0, 1, 2, 3, 4, 5]) for _ in range(100)])))
# Values near zero as the CEC problems give them: equal optima tie.
cases.append(case("optimum reached 25x25",
                  feasible([0.0] * 20 + [1e-30, 2e-25, 3e-24, 5e-20, 1e-12]),
                  feasible([0.0] * 12 + [round(rng.uniform(1e-3, 1e2), 6) for _ in range(13)])))

# Large samples like the paper's 25 runs, continuous.
for k in range(4):
    shift = [0.0, 10.0, 25.0, 60.0][k]
    a = [round(rng.gauss(100.0, 50.0), 6) for _ in range(25)]
    b = [round(rng.gauss(100.0 + shift, 50.0), 6) for _ in range(25)]
    cases.append(case(f"normal 25x25 shift {shift:g}", feasible(a), feasible(b)))
cases.append(case("unequal 10x40", feasible(distinct(10, 0, 60)), feasible(distinct(40, 20, 100))))
cases.append(case("unequal 3x25", feasible(distinct(3, 0, 30)), feasible(distinct(25, 0, 100))))

# The feasibility rule: feasible runs before infeasible ones whatever f,
# infeasible ones by v, then f.
cases.append(case("feasible beats infeasible 4x4",
                  [(50, 0), (60, 0), (70, 0), (80, 0)],
                  [(-10, 0.5), (-20, 0.25), (-30, 1.0), (-40, 2.0)]))
cases.append(case("infeasible by v then f 3x3",
                  [(5, 0.5), (1, 0.5), (9, 0.25)],
                  [(3, 0.5), (0, 1.0), (2, 0.25)]))
cases.append(case("infeasible ties on (v, f) 4x4",
                  [(1, 0.5), (1, 0.5), (2, 0.5), (0, 0)],
                  [(1, 0.5), (3, 0.5), (1, 0.25), (1, 0.5)]))
cases.append(case("equal f, different v 3x3",
                  [(1, 0.0), (1, 0.1), (1, 0.2)],
                  [(1, 0.3), (1, 0.4), (1, 0.0)]))
mixed_a, mixed_b = [], []
for _ in range(25):
    mixed_a.append((round(rng.uniform(0, 100), 4), 0.0) if rng.random() < 0.7
                   else (round(rng.uniform(-50, 50), 4), round(rng.uniform(1e-4, 1.0), 6)))
    mixed_b.append((round(rng.uniform(0, 100), 4), 0.0) if rng.random() < 0.4
                   else (round(rng.uniform(-50, 50), 4), round(rng.uniform(1e-4, 1.0), 6)))
cases.append(case("mixed feasibility 25x25", mixed_a, mixed_b))
cases.append(case("all infeasible 25x25 ties in v",
                  [(round(rng.uniform(0, 10), 2), rng.choice([0.5, 1.0, 2.0])) for _ in range(25)],
                  [(round(rng.uniform(0, 10), 2), rng.choice([1.0, 2.0, 4.0])) for _ in range(25)]))
cases.append(case("infeasible 5x6 no ties",
                  [(1, 0.1), (2, 0.2), (3, 0.3), (4, 0.4), (5, 0.5)],
                  [(1, 0.15), (2, 0.25), (3, 0.35), (4, 0.45), (5, 0.55), (6, 0.65)]))

holm = []
for p in [
    [0.01, 0.04, 0.03, 0.005],
    [0.05],
    [0.049, 0.051],
    [0.02, 0.02, 0.02],
    [0.01, 0.02, 0.03, 0.04, 0.05],
    [0.9, 0.001, 0.5, 0.0125, 0.0126, 1.0],
    [1e-12, 0.3, 0.3, 0.004],
    [0.6, 0.7, 0.8],
    [0.2, 0.0166, 0.0167],
]:
    reject, adj, _, _ = multipletests(p, alpha=0.05, method="holm")
    holm.append({"p": p, "adjusted": [float(x) for x in adj], "reject": [bool(r) for r in reject]})

json.dump({
    "generator": "core/stats/testdata/gen_mannwhitney.py",
    "scipy": scipy.__version__,
    "numpy": np.__version__,
    "statsmodels": statsmodels.__version__,
    "alpha": 0.05,
    "mannwhitneyu": cases,
    "holm": holm,
}, sys.stdout, indent=1)
sys.stdout.write("\n")
