// A start that never waits on storage (issue #39). PyScript opens an IndexedDB database before the
// interpreter starts (its packages cache) and waits for it: when the browser refuses IndexedDB
// (a cross-site frame with third-party storage blocked, the userscript's hidden verification frame;
// a site whose data the user blocked; some private windows) `indexedDB.open` throws, fails, or never
// answers, and the page would say «Sigue cargando…» for ever. Imported first by loader.js (so it
// runs before pyscript/core.js), this module wraps `indexedDB.open`: a database the browser refuses,
// or that has not answered within OPEN_WAIT_MS, is opened in memory instead, for this session.
// Tirada keeps nothing of its own in IndexedDB (its data is in localStorage: web/shell/store.py,
// which has its own memory fallback), so only PyScript's cache is lost, and nothing is said.
// globalThis.tiradaIndexedDB says which was used ("browser" | "memory"; web/shell/contract.json).

import { CONTRACT } from "./generated.mjs";

const DIAG = Object.fromEntries(Object.entries(CONTRACT.diagnostics.values).map(([key, v]) => [key, v.name]));
/** How long a database may stay silent before the memory one is used (a real open takes ~10 ms). */
const OPEN_WAIT_MS = 3000;

/** A request as IndexedDB hands it out: handlers are set after the call, so results come later. */
function later(result) {
  const request = { result, error: null, readyState: "pending" };
  setTimeout(() => {
    request.readyState = "done";
    if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
  }, 0);
  return request;
}

/** An object store kept in a Map: the calls PyScript's IDBMap makes (count, clear, delete, get,
 * getKey, getAllKeys, put), each answering through a request. */
function memoryStore(map) {
  return {
    count: () => later(map.size),
    clear: () => later(void map.clear()),
    delete: (key) => later(void map.delete(key)),
    get: (key) => later(map.get(key)),
    getKey: (key) => later(map.has(key) ? key : undefined),
    getAll: () => later([...map.values()]),
    getAllKeys: () => later([...map.keys()]),
    put: (value, key) => later((map.set(key, value), key)),
  };
}

/** A database in memory with any object store it is asked for (created on first use). */
function memoryDatabase(name) {
  const stores = new Map();
  const store = (storeName) => {
    if (!stores.has(storeName)) stores.set(storeName, new Map());
    return memoryStore(stores.get(storeName));
  };
  return {
    name,
    version: 1,
    get objectStoreNames() {
      return { length: stores.size, contains: (n) => stores.has(n) };
    },
    createObjectStore: (storeName) => store(storeName),
    transaction: () => ({ objectStore: store }),
    close() {},
  };
}

/** Install the wrapper (once; a browser without IndexedDB at all gets the memory one). */
function guard() {
  let real = null;
  try {
    real = globalThis.indexedDB || null;
  } catch {
    real = null; // reading it threw: refused
  }
  const opened = new Map(); // name → memory database (one per name, for this session)
  const memory = (name) => {
    globalThis[DIAG.indexeddb] = "memory";
    if (!opened.has(name)) opened.set(name, memoryDatabase(name));
    return opened.get(name);
  };
  const open = (name, version) => {
    const request = { result: null, error: null, readyState: "pending" };
    let settled = false;
    const fallBack = () => {
      if (settled) return;
      settled = true;
      request.result = memory(String(name));
      request.readyState = "done";
      if (typeof request.onsuccess === "function") request.onsuccess({ type: "success", target: request });
    };
    let inner;
    try {
      inner = version === undefined ? real.open(name) : real.open(name, version);
    } catch {
      setTimeout(fallBack, 0); // SecurityError (or no IndexedDB at all)
      return request;
    }
    const timer = setTimeout(fallBack, OPEN_WAIT_MS);
    inner.onupgradeneeded = (event) => {
      if (settled) return;
      clearTimeout(timer);
      settled = true;
      globalThis[DIAG.indexeddb] = "browser";
      request.result = inner.result;
      if (typeof request.onupgradeneeded === "function") request.onupgradeneeded(event);
    };
    inner.onsuccess = (event) => {
      clearTimeout(timer);
      if (request.result === inner.result && request.readyState === "pending") {
        request.readyState = "done";
        if (typeof request.onsuccess === "function") request.onsuccess(event);
        return;
      }
      if (settled) {
        inner.result.close(); // answered too late: the memory one is in use
        return;
      }
      settled = true;
      globalThis[DIAG.indexeddb] = "browser";
      request.result = inner.result;
      request.readyState = "done";
      if (typeof request.onsuccess === "function") request.onsuccess(event);
    };
    inner.onerror = (event) => {
      clearTimeout(timer);
      if (event && typeof event.preventDefault === "function") event.preventDefault(); // handled here
      if (request.result === inner.result && request.readyState === "pending") {
        // failed during its upgrade: nothing the memory one can take over
        request.error = inner.error;
        if (typeof request.onerror === "function") request.onerror(event);
        return;
      }
      fallBack();
    };
    return request;
  };
  const wrapped = {
    open,
    deleteDatabase: (name) => (real ? real.deleteDatabase(name) : later(undefined)),
    cmp: (a, b) => (real ? real.cmp(a, b) : a < b ? -1 : a > b ? 1 : 0),
    databases: () => (real && real.databases ? real.databases() : Promise.resolve([])),
  };
  try {
    Object.defineProperty(globalThis, "indexedDB", { configurable: true, enumerable: true, value: wrapped });
  } catch {
    // cannot be replaced: PyScript uses the browser's as it is
  }
}

guard();
