// The audit worker (issue #41: Pyodide in a worker where the work allows it — the thread audit).
//
// The audit view (web/audit/ui_audit.py, web/audit/ui_audit_worker.py) starts it as soon as a thread
// of 100,000 characters or more is in its text box, and hands it such audits: a second Pyodide
// started the same way as the page's (pyodide-start.mjs: from the memory snapshot when the service
// worker controls the page, else plainly with engine.zip) runs tirada.links.audit_job.AuditJob a
// slice at a time, off the page's thread. Where it is not up within a few seconds, or cannot start,
// the page audits on its own thread in 25 ms slices, as before.
//
// Messages in: {id, args, text} (args: the audit's arguments but the thread's text as JSON text,
// tirada.links.audit_job; text: the thread's text, as it is) or
// {cancel: id} (stop that audit at its next slice). Out: {ready: true, how} once Pyodide is up (how:
// "snapshot" — the page makes this worker with pyodide-start.mjs's CONTROLLED_WORKER name when its
// service worker answers, and it starts from the precached memory snapshot — or "plain"), or
// {start_failed: text}; then per audit {id, kind, text} — kind "progress", "report", "piece",
// "error" or "failed", text the job's JSON answer (the page parses it; nothing is parsed here).
import { CONTRACT } from "./generated.mjs";
import { loadPyodide } from "./pyodide-start.mjs";

const SLICE_MS = 50; // engine work between two answers (the worker's own turns: a cancel gets in)

let jobs = null;
let current = null; // the id of the audit being run; a cancel or a newer audit replaces it

function start() {
  jobs ??= loadPyodide().then((pyodide) => {
    pyodide.runPython("from tirada.links.audit_job import AuditJob");
    return pyodide.globals.get("AuditJob");
  });
  return jobs;
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run(id, args, text) {
  let AuditJob;
  try {
    AuditJob = await start();
  } catch (err) {
    self.postMessage({ id, start_failed: String(err?.message ?? err).slice(0, 300) });
    return;
  }
  if (current !== id) return; // cancelled, or a newer audit came, while Pyodide started
  const job = AuditJob(String(args), String(text ?? ""));
  try {
    while (current === id) {
      const text = job.run(SLICE_MS);
      self.postMessage({ id, kind: String(job.kind), text: String(text) });
      if (job.done) break;
      await turn();
    }
  } finally {
    job.destroy();
    if (current === id) current = null;
  }
}

self.onmessage = (event) => {
  const data = event.data ?? {};
  if ("cancel" in data) {
    if (current === data.cancel) current = null;
    return;
  }
  current = data.id; // a newer audit: the one running stops at its next slice
  run(data.id, data.args, data.text);
};

start().then(
  // how it started (web/pyodide-start.mjs's diagnostic tiradaStart: "snapshot" or "plain")
  () => self.postMessage({ ready: true, how: String(globalThis[CONTRACT.diagnostics.values.start.name] ?? "") }),
  (err) => self.postMessage({ start_failed: String(err?.message ?? err).slice(0, 300) }),
);
