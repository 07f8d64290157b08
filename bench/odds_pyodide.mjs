// Exact odds speed INSIDE Pyodide (CPython 3.14 on WebAssembly) under Node (issue #8).
//
// Budget: the largest standard pools — SIFRP 8D + 8B; L5R ring 5 + skill 5 + 2 helpers + Void —
// must compute in ≤ 100 ms inside Pyodide. Not a test (timings vary by machine): run
//
//     node bench/odds_pyodide.mjs [--runs 25] [--write]
//
// (or `python3 build.py bench`, which passes --write). Prints a Markdown table of the median,
// best and first (cold: imports included) timings of odds(request) and of odds + the page's chart
// (tirada.odds.chart: bars, SVG and table); --write replaces the part of docs/benchmarks.md between
// the ODDS-BENCH markers (section "## Odds speed (Pyodide under Node)"). Exit status 1 when a
// standard pool's median is over the budget.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 25;
const WRITE = args.includes("--write");
const DOC = resolve(ROOT, "docs", "benchmarks.md");
const START = "<!-- ODDS-BENCH:START -->";
const END = "<!-- ODDS-BENCH:END -->";

const pyodide = await loadPyodide();
pyodide.mountNodeFS("/project", ROOT);
pyodide.globals.set("RUNS", RUNS);
const rows = JSON.parse(await pyodide.runPythonAsync(`
import json, statistics, sys, time
sys.path.insert(0, "/project/pylib")

from tirada.systems.notation import parse
TYPICAL = ["1d20+5", "2d20kh1", "4d6k3", "3d6", "1d8+1d6+3", "5d10!k3", "d6!", "4dF", "10d10>8f1", "4d6r<2k3",
           "2d20ro1kh1", "6d6!>5", "8d6!!", "d%"]
HEAVIEST = ["100d16!>15", "100d12!p>11", "100d6!>5"]

CASES = [
    ("SIFRP 8D + 8B vs 21", True,
     {"system": "sifrp", "test_dice": 8, "bonus_dice": 8, "difficulty": 21}),
    ("L5R ring 5, skill 5, 2 skilled helpers, Void, TN 5", True,
     {"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 2, "void": True, "tn": 5}),
    ("L5R ring 5, skill 5, 2 unskilled helpers, Void, TN 5", True,
     {"system": "l5r5e", "ring": 5, "skill": 5, "assist_unskilled": 2, "void": True, "tn": 5}),
    ("generic 10d10 keep 5 vs 30", False,
     {"system": "generic", "dice": 10, "sides": 10, "keep": 5, "difficulty": 30}),
    ("L5R large: ring 6, skill 8, 10 unskilled helpers (24 dice)", False,
     {"system": "l5r5e", "ring": 6, "skill": 8, "assist_unskilled": 10, "tn": 8}),
    # issue 28: exploding dice, dice groups, the pools that froze the page, the heaviest accepted
    ("generic d6! vs 7", False, {"system": "generic", "dice": 1, "sides": 6, "explode": True, "difficulty": 7}),
    ("generic 5d10!k3", False, {"system": "generic", "dice": 5, "sides": 10, "keep": 3, "explode": True}),
    ("generic 1d8+1d6+3 vs 9", False, {"system": "generic", "groups": [{"dice": 1, "sides": 8},
                                       {"dice": 1, "sides": 6}], "modifier": 3, "difficulty": 9}),
    ("generic 60d30k15 (froze the page)", False, {"system": "generic", "dice": 60, "sides": 30, "keep": 15}),
    ("generic 72d200k2 (froze the page)", False, {"system": "generic", "dice": 72, "sides": 200, "keep": 2}),
    ("generic 100d12k50 (near the work limit)", False, {"system": "generic", "dice": 100, "sides": 12, "keep": 50}),
    ("generic 8d100k7 (near the work limit)", False, {"system": "generic", "dice": 8, "sides": 100, "keep": 7}),
    # issue 28: typical notation (its p95 is the "typical" figure), L5R with a Distinction or an
    # Adversity, and the heaviest accepted expressions (computed in the page's odds worker)
    *[(f"typical {t}", "typical", {"system": "generic", **parse(t)}) for t in TYPICAL],
    ("L5R ring 3, skill 2, TN 3, distinction", "typical", {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 3, "distinction": True}),
    ("L5R ring 5, skill 5, 2 skilled helpers, Void, TN 5, adversity", False,
     {"system": "l5r5e", "ring": 5, "skill": 5, "assist_skilled": 2, "void": True, "tn": 5, "adversity": True}),
    *[(f"heaviest accepted {t}", False, {"system": "generic", **parse(t)}) for t in HEAVIEST],
]

def ms(fn):
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000

t0 = time.perf_counter()
from tirada.odds import odds
from tirada.odds.chart import chart
import_ms = (time.perf_counter() - t0) * 1000

def with_chart(request):
    result = odds(request)
    mark = result.get("difficulty", result.get("tn"))
    return chart(result["at_least"], True, "t", "d", "c", ("a", "b", "c"), "es", mark)

out = [{"name": "import tirada.odds (+ chart), first time", "standard": False, "first": import_ms}]
def where(request):
    """Where the page computes it: its main thread (within tirada.odds.budget's share) or its worker."""
    try:
        odds(request, main_thread=True)
        return "main thread"
    except Exception:
        return "worker"

typical_runs = []
for name, standard, request in CASES:
    first = ms(lambda: odds(request))
    n = RUNS if first < 150 else max(3, RUNS // 5)   # the heaviest: fewer runs
    runs = sorted(ms(lambda: odds(request)) for _ in range(n))
    charted = [ms(lambda: with_chart(request)) for _ in range(min(n, 5))]
    if standard == "typical":
        typical_runs += runs
    out.append({"name": name, "standard": standard is True, "first": first, "best": runs[0],
                "median": statistics.median(runs), "p95": runs[min(len(runs) - 1, int(0.95 * len(runs)))],
                "chart_median": statistics.median(charted), "where": where(request)})
typical_runs.sort()
json.dumps({"python": sys.version.split()[0], "rows": out,
            "typical_p95": typical_runs[int(0.95 * len(typical_runs))] if typical_runs else None,
            "typical_n": len(typical_runs)})
`));

const BUDGET_MS = 100;
const fmt = (v) => (v === undefined ? "—" : `${v.toFixed(1)} ms`);
let over = false;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node bench/odds_pyodide.mjs --runs ${RUNS}\`: ` +
    `Pyodide ${pyodide.version} (Python ${rows.python}) under Node ${process.versions.node}, ` +
    `median and best of ${RUNS} runs after one cold run. Budget: ≤ ${BUDGET_MS} ms for the standard pools (★).`,
  "",
  `Load average when measured: ${loadavg().map((x) => x.toFixed(1)).join(", ")} (2 cores). ` +
    `Typical expressions (rows "typical", ${rows.typical_n} runs): p95 ${fmt(rows.typical_p95 ?? undefined)}. ` +
    `"Where": the page's main thread (within its work share) or its odds worker (issue #28).`,
  "",
  "| request | median | p95 | best | first run | odds + chart (median) | where |",
  "|---|---|---|---|---|---|---|",
];
for (const r of rows.rows) {
  if (r.standard && r.median > BUDGET_MS) over = true;
  const flag = r.standard ? (r.median > BUDGET_MS ? " ★ OVER BUDGET" : " ★") : "";
  lines.push(`| ${r.name}${flag} | ${fmt(r.median)} | ${fmt(r.p95)} | ${fmt(r.best)} | ${fmt(r.first)} | ` +
    `${fmt(r.chart_median)} | ${r.where ?? "—"} |`);
}
const table = lines.join("\n");
console.log(table);

if (WRITE) {
  const section = "## Odds speed (Pyodide under Node)";
  let doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n\n<!-- BENCH:START -->\n<!-- BENCH:END -->\n";
  if (!doc.includes(START)) {
    doc = doc.replace(/\s*$/, "\n\n") + `${section}\n\n${START}\n${END}\n`;
  }
  const head = doc.slice(0, doc.indexOf(START));
  const tail = doc.slice(doc.indexOf(END) + END.length);
  writeFileSync(DOC, `${head}${START}\n${table}\n${END}${tail}`);
  console.log(`wrote ${DOC}`);
}
process.exit(over ? 1 : 0);
