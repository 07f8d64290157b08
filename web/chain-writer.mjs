// One chain writer across tabs (issue #39). Two tabs of this page share one chain book in
// localStorage, but localStorage reaches another tab's process late: two tabs rolling at one instant
// both read nº N and both write N+1 (a fork in the thread audit). A named roll is therefore numbered
// under a Web Lock ("tirada-chain": one tab at a time, across tabs and windows of this site), and
// the head it leaves is also written to IndexedDB (database "tirada-chain-heads"), whose
// transactions are ordered in the browser itself: the next tab to hold the lock reads the head there
// first, so it continues the chain even before the other tab's localStorage write has reached it.
// The numbering itself stays in Python (web/shell/chain_writer.py → STORE.book.number): this
// module only orders it. Without Web Locks or IndexedDB (refused: web/storage-guard.mjs) it numbers
// at once, as before.

import { CONTRACT } from "./generated.mjs";

const NAME = CONTRACT.functions.chain_number.name;
const HOLD = CONTRACT.functions.chain_hold.name;
const DB = "tirada-chain-heads";
const HEADS = "heads";
const LOCK = "tirada-chain";
let opened = null;

/** The heads database, or null when the browser refuses it. */
function heads() {
  if (!opened) {
    opened = new Promise((resolve) => {
      let request;
      try {
        request = indexedDB.open(DB, 1);
      } catch {
        resolve(null);
        return;
      }
      request.onupgradeneeded = () => {
        try {
          request.result.createObjectStore(HEADS);
        } catch {
          // an in-memory database makes its stores on first use
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
  }
  return opened;
}

/** Run ``work(store)`` (one request) in a transaction; resolves to its result once committed
 * (undefined on any failure: the chain book in localStorage is still the record). */
function transact(db, mode, work) {
  return new Promise((resolve) => {
    let tx;
    let request;
    try {
      tx = db.transaction(HEADS, mode);
      request = work(tx.objectStore(HEADS));
    } catch {
      resolve(undefined);
      return;
    }
    const committed = "oncomplete" in tx; // a real transaction: wait for its commit
    let value;
    request.onsuccess = () => {
      value = request.result;
      if (!committed) resolve(value);
    };
    request.onerror = () => resolve(undefined);
    if (committed) {
      tx.oncomplete = () => resolve(value);
      tx.onerror = tx.onabort = () => resolve(undefined);
    }
  });
}

/** ``tiradaChainNumber(key, number)``: under the lock, ``number(head JSON | null)`` (Python, sync; or
 * the reading core's roll in web/loader.js, async) numbers the roll and returns the chain's new head as
 * JSON ("" when nothing was numbered), which is written to IndexedDB before the lock is let go.
 * Resolves to that JSON. */
globalThis[NAME] = (key, number) => {
  const run = async () => {
    const db = await heads();
    const stored = db ? await transact(db, "readonly", (store) => store.get(key)) : undefined;
    const next = await number(typeof stored === "string" ? stored : null);
    if (db && next) await transact(db, "readwrite", (store) => store.put(next, key));
    return next;
  };
  const locks = globalThis.navigator && globalThis.navigator.locks;
  return locks && typeof locks.request === "function" ? locks.request(LOCK, run) : run();
};

/** ``tiradaChainHold(work)``: under the same lock, ``work(heads JSON)`` (Python, sync) gets every
 * head the tabs left in IndexedDB (``{chain key: head}``), does work that may number any chains
 * (a Confrontation move, a scene's draw: the engine names the roller as it goes) and returns the
 * heads it changed as JSON (``{}``: none), written before the lock is let go. Resolves to that JSON. */
globalThis[HOLD] = (work) => {
  const run = async () => {
    const db = await heads();
    let stored = {};
    if (db) {
      const keys = await transact(db, "readonly", (store) => store.getAllKeys());
      const values = await transact(db, "readonly", (store) => store.getAll());
      if (Array.isArray(keys) && Array.isArray(values) && keys.length === values.length) {
        keys.forEach((key, i) => {
          if (typeof values[i] === "string") stored[key] = values[i];
        });
      }
    }
    const changed = work(JSON.stringify(stored));
    let written = {};
    try {
      written = JSON.parse(changed || "{}");
    } catch {
      written = {};
    }
    if (db) {
      for (const [key, head] of Object.entries(written)) {
        await transact(db, "readwrite", (store) => store.put(head, key));
      }
    }
    return changed;
  };
  const locks = globalThis.navigator && globalThis.navigator.locks;
  return locks && typeof locks.request === "function" ? locks.request(LOCK, run) : run();
};
