// An L5R check played on the reading core while Pyodide starts (issue #41: the roll forms of SIFRP, L5R and
// the generic roll ready to roll before the full engine).
//
// The check is played in steps (l5r5e.md §The check: roll → reroll → keep → explode). web/l5r/core_check.py
// plays it on MicroPython in the core's worker (web/core-worker.mjs ``check``) with the page's own pieces:
// each step rolled by tirada.links.fair_roll with fresh dice numbered on the roller's chain, the board drawn
// and worded by web/l5r/ui_l5r_render.py — the HTML the full page draws. This module only puts that HTML in
// #result and sends the board's taps back: a die (marked or refused with the rules' reason), the confirm
// button, an explosion die kept or dropped, the add box. A decision that draws dice takes the chain lock
// (web/loader.js ``numberOnCore``: the chain's new head is stored before the next board is shown). Once the
// check is done its link, history entry and card are the core roll's (web/loader.js ``onRolled``). The full
// page never takes a half-played check over: the core plays it to the end, also after Pyodide came up
// (web/l5r/ui_l5r.py handles only its own checks); a board the full page replaced (another roll) is left.

/**
 * Play an L5R check on the core.
 *
 * @param {object} env  what the loader gives: ``core`` (core-first.mjs coreForm: ``check(op, arg)``),
 *   ``ask`` (the form's ask: system, values, label, roller, campaign, created, random, lang, page_url),
 *   ``number(call)`` (runs ``call(ask)`` under the roller's chain lock with ``ask.book`` / ``ask.head``
 *   as stored now, stores the answer's ``entry``/``head`` first; resolves to the answer; rejects when the
 *   chain moved or cannot be stored), ``fresh()`` (new random hex for a decision), ``onRolled(roll)``
 *   (the finished check: a tirada.core_roll.CoreRoll's fields), ``say(name)`` and ``sayWith(name, values)``
 *   (loader strings).
 * @returns {Promise<object|null>} the first CheckStep: state "board" when the core plays it; else (state
 *   "full", its code) the full engine must play it
 */
export async function playCheck(env) {
  const first = await numbered(env, (ask) => env.core.check("begin", JSON.stringify(ask)));
  const result = document.getElementById("result");
  if (!first || first.state !== "board" || !result) return first;
  for (const id of ["shared", "share"]) {
    const node = document.getElementById(id);
    if (node) node.hidden = true;
  }
  result.removeAttribute("data-core-fragment");
  result.setAttribute("aria-atomic", "false");
  result.hidden = false;
  let board = null;
  let busy = false;

  const draw = (step) => {
    if (step.html) {
      result.innerHTML = step.html;
      board = result.querySelector(".l5r-board");
      if (board) board.dataset.core = "check";
    }
    const status = document.getElementById("l5r-status");
    if (status && typeof step.status === "string") status.textContent = step.status;
    const confirm = document.getElementById("l5r-confirm");
    if (confirm && typeof step.confirm === "string") confirm.textContent = step.confirm;
    const error = document.getElementById("l5r-error");
    if (error) {
      error.textContent = step.error || "";
      error.hidden = !step.error;
    }
    let focus = null;
    if (step.focus === "step") focus = document.getElementById("l5r-step");
    else if (step.focus === "add") focus = result.querySelector("[data-l5r-add]");
    else if (step.focus.startsWith("die:")) focus = result.querySelector(`[data-l5r-die="${step.focus.slice(4)}"]`);
    focus?.focus();
  };

  const live = () => board?.isConnected && board.dataset.core === "check";

  const leave = () => {
    result.removeEventListener("click", onClick);
    result.removeEventListener("submit", onSubmit);
  };

  const decide = async (fields, button) => {
    busy = true;
    board.setAttribute("aria-busy", "true");
    for (const node of board.querySelectorAll("button")) node.disabled = true;
    let step = null;
    try {
      step = await numbered(env, (ask) => env.core.check("decide", JSON.stringify({ ...ask, ...fields, random: env.fresh() })));
    } catch (err) {
      console.warn("Tirada: the core could not number this decision.", err);
    }
    busy = false;
    if (!live()) return;
    board.removeAttribute("aria-busy");
    for (const node of board.querySelectorAll("button")) node.disabled = false;
    if (step?.state === "rolled") {
      leave();
      env.onRolled(step.roll);
    } else if (step?.state === "board") {
      draw(step);
    } else {
      // refused by the rules (the reason, the board as it was), or not numbered now (chain moved)
      const retry = env.sayWith("checkcoreretry", { code: "core.step_not_saved" });
      draw({ html: "", status: null, confirm: null, error: step?.error || retry, focus: "" });
      button?.focus();
    }
  };

  const onClick = async (event) => {
    if (!live()) {
      leave(); // the full page or another roll replaced the board
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    if (!target || busy) return;
    const stage = board.dataset.stage;
    const die = target.closest("[data-l5r-die]");
    const confirm = target.closest("[data-l5r-confirm]");
    const boom = target.closest("[data-l5r-explosion]");
    const add = target.closest("[data-l5r-add]");
    const unadd = target.closest("[data-l5r-unadd]");
    if (die && (stage === "reroll" || stage === "keep")) {
      draw(await env.core.check("tap", Number(die.dataset.l5rDie)));
    } else if (confirm) {
      await decide({ name: stage === "reroll" ? "rerolls" : "keep" }, confirm);
    } else if (boom && stage === "explosion") {
      await decide({ name: "explosions", keep: boom.dataset.l5rExplosion === "keep" }, boom);
    } else if (add && stage === "keep") {
      const chosen = document.getElementById("l5r-add-result");
      if (chosen) draw(await env.core.check("add", String(chosen.value)));
    } else if (unadd && stage === "keep") {
      draw(await env.core.check("add", Number(unadd.dataset.l5rUnadd)));
    }
  };
  const onSubmit = (event) => {
    if (live()) event.preventDefault(); // the board holds no form the core plays (typed faces wait for the engine)
  };

  // the page's language changed mid-check (the language button, before or after Pyodide): the board again
  const redraw = new MutationObserver(async () => {
    if (!live()) {
      redraw.disconnect();
      return;
    }
    const lang = document.documentElement.lang === "en" ? "en" : "es";
    const step = await env.core.check("redraw_in", lang).catch(() => null);
    if (step?.state === "board" && live() && !busy) draw(step);
  });
  redraw.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });

  draw(first);
  result.addEventListener("click", onClick);
  result.addEventListener("submit", onSubmit);
  return first;
}

/** ``env.number(call)``, and when the core answered but its chain entry could not be stored (full
 * storage, another writer meanwhile: ``env.number`` rejects after the call), the core's check is put back
 * as it was before the call (its ``undo``): the decision did not happen, no number was handed out, and
 * the player may press again. Rejects as ``env.number`` does. */
async function numbered(env, call) {
  let called = false;
  try {
    return await env.number((ask) => {
      called = true;
      return call(ask);
    });
  } catch (err) {
    if (called) await env.core.check("undo", "").catch(() => null);
    throw err;
  }
}
