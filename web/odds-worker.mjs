// The odds worker (issue #28: no odds computation blocks the page's input for more than 100 ms).
//
// The page (web/roll/ui_odds.py) computes on its main thread only the odds that fit the main-thread
// share (tirada.odds.budget: counted work, about 4 ms of CPU on CPython, every typical expression);
// the rest — 100d16!>15, 100d12!p>11, 100d12k50, a 24-dice L5R check: up to ~1 s in Pyodide — is
// posted here and computed by a second Pyodide started the same way as the page's
// (pyodide-start.mjs: from the memory snapshot when the service worker controls the page, else
// plainly with engine.zip), off the main thread. It is started on the first such request only.
//
// Messages: in {id, request} (request: the roll request as JSON text); out {id, answer} (JSON text:
// {"ok": odds} | {"error": {"code", "rule"}} | {"failed": text}; the odds carry only the rows the
// card draws — tirada.odds.chart.for_card — so the main thread parses a few dozen rows, not 4 000) or {id, start_failed: text} when
// Pyodide could not start here (the page then computes on its main thread, as before issue #28).
import { loadPyodide } from "./pyodide-start.mjs";

const PYTHON = `
import json
from tirada import TiradaError
from tirada.odds import odds as _odds
from tirada.odds.chart import for_card


def tirada_odds_json(text):
    try:
        return json.dumps({"ok": for_card(_odds(json.loads(text)))})
    except TiradaError as err:
        return json.dumps({"error": {"code": err.code, "rule": err.rule}})
    except Exception as err:   # an engine bug: the page says the odds failed, never a traceback
        return json.dumps({"failed": f"{type(err).__name__}: {err}"[:300]})
`;

let compute = null;

function start() {
  compute ??= loadPyodide().then((pyodide) => {
    pyodide.runPython(PYTHON);
    return pyodide.globals.get("tirada_odds_json");
  });
  return compute;
}

self.onmessage = async (event) => {
  const { id, request } = event.data ?? {};
  let run;
  try {
    run = await start();
  } catch (err) {
    self.postMessage({ id, start_failed: String(err?.message ?? err).slice(0, 300) });
    return;
  }
  self.postMessage({ id, answer: run(String(request)) });
};

start().catch(() => {}); // boot at once; a failure is answered to the first request
