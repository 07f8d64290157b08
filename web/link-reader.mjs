// A small reader of Tirada roll links in JavaScript (issue #16): what a roll link *asks* — system,
// pool, label, roller, campaign, chain number — shown at once while the engine loads
// (web/loader.js), then replaced by the engine's verified result. It never reads or shows dice or a
// result: a link holds none (docs/link-format.md §1), and the request alone proves nothing until
// the engine has recomputed it.
//
// It follows the Python decoder step by step (pylib/tirada/wire/frame.py → roll_layout.py /
// roll_layout2.py, and links/pool.py for the pool line) and refuses what it refuses: any doubt and
// readLink() answers null, the page then shows nothing early and the engine words the error.
// tests/test_link_reader.py runs this module under Node on every link of tests/vectors/ (and on
// damaged copies of them) against the Python decoder, so the two cannot drift apart.
//
// The tables (system codes, key and text tables of tirada.systems.registry, the pool words of
// tirada.links.pool) are filled in by build.py (`const DATA = null;` below): never copied by hand.
// Not read here: compressed roll links (no encoder writes them) and links of other kinds.

/** Filled by build.py: {codes, keys, texts, short_names, game_names, words}; null = not built. */
const DATA = null;

const MAX_FRAGMENT = 8192;
const MAX_DEPTH = 32;
const CHECK_LEN = 4;
const MAX_STEPS = 40;
const LIMITS = { label: 200, roller: 40, campaign: 80 };
const MAX_SEQ = 1000000000n;
const MAX_CREATED = 253402300799n;
const SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006" +
  "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"; // Python's str.strip()
// tirada.names.HIDDEN plus control characters (Cc) and surrogates (Cs)
const HIDDEN = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060\ufeff\p{Cc}\p{Cs}]/u;

class Bad extends Error {}
const bad = () => {
  throw new Bad("link");
};

/** A CBOR float (kept apart from integers, which are BigInt here). */
class Float {
  constructor(value) {
    this.value = value;
  }
}
/** A CBOR simple value 0..19 (a table text of a roll link). */
class Simple {
  constructor(n) {
    this.n = n;
  }
}

function strip(text) {
  let a = 0;
  let b = text.length;
  while (a < b && SPACE.includes(text[a])) a++;
  while (b > a && SPACE.includes(text[b - 1])) b--;
  return text.slice(a, b);
}

/** Percent-decode once, as Python's unquote when every escape is valid UTF-8 (else unchanged). */
function unquote(text) {
  const bytes = [];
  const enc = new TextEncoder();
  for (let i = 0; i < text.length; ) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "%" && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 3;
    } else {
      const cp = text.codePointAt(i);
      const ch = String.fromCodePoint(cp);
      bytes.push(...enc.encode(ch));
      i += ch.length;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    return text;
  }
}

/** [version, rest] of an address (tirada.wire.frame.split_versioned). */
function splitVersioned(text) {
  if (typeof text !== "string" || [...text].length > 4 * MAX_FRAGMENT + 2048) bad();
  if (text.includes("%")) text = unquote(text);
  text = strip(text);
  const hash = text.indexOf("#");
  if (hash >= 0) {
    text = text.slice(hash + 1);
    if (text.includes("#")) bad();
  }
  text = strip(text);
  if ([...text].length > MAX_FRAGMENT || !text) bad();
  for (const version of [1, 2]) if (text.startsWith(`t${version}`)) return [version, text.slice(2)];
  return bad();
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Strict base64url without padding (frame.b64_decode): unused bits must be zero. */
function b64Decode(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) bad();
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const ch of text) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
      acc &= (1 << bits) - 1;
    }
  }
  if (acc !== 0) bad(); // a changed last character
  return new Uint8Array(out);
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16)));

async function sha256(...parts) {
  const all = [];
  for (const part of parts) all.push(...(typeof part === "string" ? new TextEncoder().encode(part) : part));
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(all)));
}

// ------------------------------------------------------------------- deterministic CBOR subset
function readItem(data, at, depth) {
  if (depth > MAX_DEPTH) bad();
  const take = (n) => {
    if (n > data.length - at.pos) bad();
    const chunk = data.subarray(at.pos, at.pos + n);
    at.pos += n;
    return chunk;
  };
  const first = take(1)[0];
  const major = first >> 5;
  const info = first & 31;
  if (major === 7) {
    if (info === 20) return false;
    if (info === 21) return true;
    if (info === 22) return null;
    if (info < 20) return new Simple(info);
    if (info === 27) return new Float(new DataView(take(8).slice().buffer).getFloat64(0));
    return bad();
  }
  let n;
  if (info < 24) n = BigInt(info);
  else if (info <= 27) n = take(1 << (info - 24)).reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
  else return bad();
  if (major === 0) return n;
  if (major === 1) return -1n - n;
  if (major === 2 || major === 3) {
    if (n > BigInt(data.length - at.pos)) bad();
    const raw = take(Number(n));
    if (major === 2) return raw.slice();
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(raw);
    } catch {
      return bad();
    }
  }
  if (n > BigInt(data.length - at.pos)) bad();
  if (major === 4) return Array.from({ length: Number(n) }, () => readItem(data, at, depth + 1));
  if (major === 5) {
    const out = new Map();
    for (let i = 0; i < Number(n); i++) {
      const key = readItem(data, at, depth + 1);
      if (typeof key !== "bigint" && typeof key !== "string") bad();
      out.set(key, readItem(data, at, depth + 1));
    }
    return out;
  }
  return bad(); // tags
}

function head(major, n, out) {
  if (n < 0n || n >= 1n << 64n) bad();
  if (n < 24n) {
    out.push((major << 5) | Number(n));
    return;
  }
  for (const [extra, size] of [[24, 1], [25, 2], [26, 4], [27, 8]]) {
    if (n < 1n << BigInt(8 * size)) {
      out.push((major << 5) | extra);
      for (let i = size - 1; i >= 0; i--) out.push(Number((n >> BigInt(8 * i)) & 0xffn));
      return;
    }
  }
}

function lessBytes(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Deterministic CBOR of the values readItem returns (frame.cbor_encode). */
function encode(value, out = [], depth = 0) {
  if (depth > MAX_DEPTH) bad();
  if (value === null) out.push(0xf6);
  else if (value === true || value === false) out.push(value ? 0xf5 : 0xf4);
  else if (value instanceof Simple) out.push(0xe0 | value.n);
  else if (typeof value === "bigint") value >= 0n ? head(0, value, out) : head(1, -1n - value, out);
  else if (value instanceof Float) {
    if (!Number.isFinite(value.value)) bad();
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value.value);
    out.push(0xfb, ...new Uint8Array(view.buffer));
  } else if (typeof value === "string") {
    const raw = new TextEncoder().encode(value);
    head(3, BigInt(raw.length), out);
    out.push(...raw);
  } else if (value instanceof Uint8Array) {
    head(2, BigInt(value.length), out);
    out.push(...value);
  } else if (Array.isArray(value)) {
    head(4, BigInt(value.length), out);
    for (const item of value) encode(item, out, depth + 1);
  } else if (value instanceof Map) {
    const items = [...value].map(([k, v]) => [encode(k, [], depth + 1), encode(v, [], depth + 1)]);
    items.sort((a, b) => lessBytes(a[0], b[0]));
    for (let i = 1; i < items.length; i++) if (lessBytes(items[i - 1][0], items[i][0]) === 0) bad();
    head(5, BigInt(items.length), out);
    for (const [k, v] of items) out.push(...k, ...v);
  } else bad();
  return out;
}

function sameBytes(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** One canonical CBOR item (frame.cbor_decode). */
function cborDecode(data) {
  const at = { pos: 0 };
  const value = readItem(data, at, 0);
  if (at.pos !== data.length || !sameBytes(encode(value), data)) bad();
  return value;
}

// ------------------------------------------------------------------------- roll-link layout
const isInt = (v) => typeof v === "bigint";
/** A system's key or text table (empty for a system without one). */
const table = (tables, system) => (Object.hasOwn(tables, system) ? tables[system] : []);

/** roll_layout.check_text: null, or a non-empty NFC text within its limit, without hidden marks. */
function checkText(value, name) {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string") bad();
  value = value.normalize("NFC");
  if ([...value].length > LIMITS[name] || HIDDEN.test(value)) bad();
  return value;
}

function checkInt(value, lo, hi) {
  if (value === null || value === undefined) return null;
  if (!isInt(value) || value < lo || value > hi) bad();
  return value;
}

const checkPrev = (value) => {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" && /^[0-9a-fA-F]{12}$/.test(value)) return fromHex(value);
  return bad();
};

function unpack(value, keys, texts) {
  if (value instanceof Map) {
    const out = new Map();
    for (let [key, item] of value) {
      if (isInt(key)) {
        if (key < 0n || key >= BigInt(keys.length)) bad();
        key = keys[Number(key)];
      }
      out.set(key, unpack(item, keys, texts));
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => unpack(v, keys, texts));
  if (value instanceof Simple) return value.n < texts.length ? texts[value.n] : bad();
  if (value instanceof Uint8Array) bad();
  return value;
}

function pack(value, keys, texts) {
  if (value instanceof Map) {
    const out = new Map();
    for (const [k, v] of value) out.set(keys.includes(k) ? BigInt(keys.indexOf(k)) : k, pack(v, keys, texts));
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => pack(v, keys, texts));
  if (typeof value === "string" && texts.includes(value)) return new Simple(texts.indexOf(value));
  if (value instanceof Float && Number.isInteger(value.value) && Math.abs(value.value) < 2 ** 63) {
    return BigInt(value.value);
  }
  return value;
}

function plainDepth(value, depth) {
  if (depth > 16) bad();
  if (value instanceof Map) for (const item of value.values()) plainDepth(item, depth + 1);
  else if (Array.isArray(value)) for (const item of value) plainDepth(item, depth + 1);
}

/** roll_layout.roll_to_cbor on the internal form (request: a Map). */
function rollToCbor(link) {
  const request = new Map(link.request);
  const system = request.get("system");
  const seed = request.get("seed");
  const label = checkText(request.has("label") ? request.get("label") : null, "label");
  for (const name of ["system", "seed", "label"]) request.delete(name);
  if (typeof system !== "string" || !system) bad();
  if (typeof seed !== "string" || !/^([0-9a-f]{2}){16,32}$/.test(seed)) bad();
  plainDepth(request, 0);
  const params = pack(request, table(DATA.keys, system), table(DATA.texts, system));
  const seq = checkInt(link.seq, 1n, MAX_SEQ);
  const prev = checkPrev(link.prev);
  const roller = checkText(link.roller, "roller");
  if (seq !== null && roller === null) bad();
  if (((seq === null || seq === 1n) && prev !== null) || ((seq ?? 1n) > 1n && prev === null)) bad();
  const code = Object.hasOwn(DATA.codes, system) ? BigInt(DATA.codes[system]) : system;
  const out = [code, params, fromHex(seed), checkInt(link.created, 0n, MAX_CREATED), label, roller,
    checkText(link.campaign, "campaign"), seq, prev];
  while (out[out.length - 1] === null) out.pop();
  return out;
}

/** roll_layout.roll_from_cbor: the roll-link view (internal form) or Bad. */
function rollFromCbor(value) {
  if (!Array.isArray(value) || value.length < 3 || value.length > 9 || value[value.length - 1] === null ||
      value.some((v) => v instanceof Simple)) bad();
  const [code, params, seed, created, label, roller, campaign, seq, prev] =
    [...value, ...Array(9 - value.length).fill(null)];
  const names = Object.fromEntries(Object.entries(DATA.codes).map(([name, c]) => [String(c), name]));
  const system = isInt(code) ? names[String(code)] : code;
  if (typeof system !== "string" || !(params instanceof Map)) bad();
  if (!(seed instanceof Uint8Array) || typeof prev === "string") bad();
  const request = new Map([["system", system], ["seed", hex(seed)]]);
  if (label !== null) request.set("label", label);
  for (const [name, item] of unpack(params, table(DATA.keys, system), table(DATA.texts, system))) {
    if (request.has(name) || ["faces", "system", "seed", "label", "fresh"].includes(name)) bad();
    request.set(name, item);
  }
  const link = { request };
  for (const [name, item] of [["roller", roller], ["campaign", campaign], ["seq", seq], ["created", created]]) {
    if (item !== null) link[name] = item;
  }
  if (prev !== null) link.prev = prev instanceof Uint8Array ? hex(prev) : prev;
  if (!sameBytes(encode(rollToCbor(link)), encode(value))) bad();
  return link;
}

async function entryId(seq, prev, fresh) {
  const u64 = [];
  for (let i = 7; i >= 0; i--) u64.push(Number((seq >> BigInt(8 * i)) & 0xffn));
  const digest = await sha256("tirada2 entry", u64, prev ? fromHex(prev) : [], fresh);
  return hex(digest.subarray(0, 6));
}

/** roll_layout2.roll2_to_cbor on the internal form. */
async function roll2ToCbor(link) {
  const request = new Map(link.request);
  const fresh = request.get("fresh") || [];
  request.delete("fresh");
  if (fresh.length > MAX_STEPS) bad();
  const out = rollToCbor({ ...link, request });
  const gm = link.gm_request ? fromHex(link.gm_request) : null;
  if (!fresh.length) return gm === null ? out : [...out, ...Array(10 - out.length).fill(null), gm];
  const entries = [];
  if (link.seq !== undefined) {
    entries.push({ seq: link.seq, id: await entryId(link.seq, link.prev, fromHex(request.get("seed"))) });
    for (let k = 0; k < fresh.length; k++) {
      const last = entries[entries.length - 1];
      const pos = link.positions[k];
      const n = checkInt(pos.seq, 1n, MAX_SEQ);
      const prev = checkPrev(pos.prev);
      if (n === null || prev === null || n <= last.seq) bad();
      entries.push({ seq: n, prev: pos.prev.toLowerCase(), id: await entryId(n, pos.prev, fromHex(fresh[k])) });
    }
  }
  const steps = fresh.map((nonce, k) => {
    if (!entries.length) return fromHex(nonce);
    const [before, here] = [entries[k], entries[k + 1]];
    if (here.seq === before.seq + 1n && here.prev === before.id) return fromHex(nonce);
    return [here.seq, fromHex(here.prev), fromHex(nonce)];
  });
  return [...out, ...Array(9 - out.length).fill(null), steps, ...(gm === null ? [] : [gm])];
}

/** roll_layout2.roll2_from_cbor: the format-2 roll-link view (internal form) or Bad. */
async function roll2FromCbor(value) {
  if (!Array.isArray(value) || value.length < 3 || value.length > 11 || value[value.length - 1] === null) bad();
  const steps = value.length >= 10 ? value[9] : null;
  const gm = value.length === 11 ? value[10] : null;
  if (gm !== null && !(gm instanceof Uint8Array && gm.length === 8)) bad();
  const base = value.slice(0, 9);
  while (base.length && base[base.length - 1] === null) base.pop();
  const link = { format: 2, ...rollFromCbor(base) };
  const fresh = [];
  link.request.set("fresh", fresh);
  if (gm !== null) link.gm_request = hex(gm);
  if (steps === null && gm === null) return link;
  if (steps !== null && (!Array.isArray(steps) || steps.length < 1 || steps.length > MAX_STEPS)) bad();
  const positions = [];
  const chained = link.seq !== undefined;
  for (const step of steps || []) {
    const explicit = Array.isArray(step);
    const nonce = explicit && step.length === 3 ? step[2] : step;
    if (!(nonce instanceof Uint8Array) || nonce.length !== 8 || (explicit && !chained)) bad();
    fresh.push(hex(nonce));
    if (explicit) {
      if (!isInt(step[0]) || !(step[1] instanceof Uint8Array)) bad();
      positions.push({ seq: step[0], prev: step[1].length === 6 ? hex(step[1]) : null });
    } else positions.push(null);
  }
  if (chained && positions.length) {
    const entries = [{ seq: link.seq, id: await entryId(link.seq, link.prev, fromHex(link.request.get("seed"))) }];
    for (let k = 0; k < positions.length; k++) {
      const last = entries[entries.length - 1];
      if (positions[k] === null) positions[k] = { seq: last.seq + 1n, prev: last.id };
      const pos = positions[k];
      if (pos.prev === null || pos.seq < 0n || pos.seq >= 1n << 64n) bad();
      entries.push({ seq: pos.seq, id: await entryId(pos.seq, pos.prev, fromHex(fresh[k])) });
    }
    link.positions = positions;
  }
  if (!sameBytes(encode(await roll2ToCbor(link)), encode(value))) bad();
  return link;
}

/** The internal form as JSON-like values: integers as numbers (BigInt beyond 2^53), maps as objects. */
function plain(value) {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (value instanceof Float) return value.value;
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

// ------------------------------------------------------------------------------ the pool line
/** Python's str() of a JSON-like value, as tirada.links.pool shows a value of the wrong type. */
function pyStr(value, quoted = false) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return quoted ? `'${value}'` : value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => pyStr(v, true)).join(", ")}]`;
  return `{${Object.entries(value).map(([k, v]) => `'${k}': ${pyStr(v, true)}`).join(", ")}}`;
}

const truthy = (v) => !(v === null || v === undefined || v === false || v === 0 || v === "" ||
  (Array.isArray(v) && !v.length) || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length));
const isPyInt = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
const get = (req, key, fallback = null) => (Object.hasOwn(req, key) ? req[key] : fallback);
const signed = (v) => (!isPyInt(v) || Number(v) === 0 ? "" : Number(v) > 0 ? ` +${v}` : ` \u2212${String(v).slice(1)}`);
const pyEq = (a, b) => (typeof a === "boolean" ? Number(a) : a) === (typeof b === "boolean" ? Number(b) : b);

/** One character's dice in a SIFRP test: "4D+2B−1P +3 +helpers (2, 3) +extra time 1". */
function sifrpDice(req, w) {
  const d = get(req, "test_dice", "?");
  let b = get(req, "bonus_dice") || 0;
  const p = get(req, "penalty_dice") || 0;
  if (truthy(get(req, "destiny_bonus")) && isPyInt(b)) b = Number(b) + 1;
  let text = `${pyStr(d)}D`;
  if (truthy(b)) text += `+${pyStr(b)}B`;
  if (truthy(p)) text += `\u2212${pyStr(p)}P`;
  text += signed(get(req, "modifier"));
  const helpers = get(req, "helpers");
  if (Array.isArray(helpers) && helpers.length) text += ` +${w.helpers} (${helpers.map((h) => pyStr(h)).join(", ")})`;
  if (truthy(get(req, "extra_time"))) text += ` +${w.extra_time} ${pyStr(req.extra_time)}`;
  return text;
}

function sifrp(req, w) {
  let text = sifrpDice(req, w);
  const rank = get(req, "passive_rank");
  if (isPyInt(rank)) text += ` ${w.vs} ${4n * BigInt(rank)} (${w.passive} ${rank}\u00d74)`; // a conflict
  else text += ` ${w.vs} ${pyStr(get(req, "difficulty", 9))}`;
  const rivals = get(req, "rivals");
  if (Array.isArray(rivals) && rivals.length) { // a competition: each rival's dice
    const names = rivals.filter((x) => x && typeof x === "object" && !Array.isArray(x))
      .map((x) => `${pyStr(get(x, "name"))} ${sifrpDice(x, w)}`);
    text += `; ${w.competition}: ${pyStr(get(req, "name"))}, ` + names.join(", ");
  }
  if (get(req, "weapon_damage") !== null) text += `, ${w.weapon} ${pyStr(req.weapon_damage)}`;
  return text;
}

function genericGroup(req, w) {
  const dice = get(req, "dice", "?");
  let text = `${pyStr(dice)}d${truthy(get(req, "fate")) ? "F" : pyStr(get(req, "sides", "?"))}`;
  if (truthy(get(req, "explode"))) { // "!! (compounding ≥5)" as links/pool.py
    const kind = truthy(get(req, "compound")) ? "compounding" : truthy(get(req, "penetrate")) ? "penetrating" : "exploding";
    const mark = truthy(get(req, "compound")) ? "!" : truthy(get(req, "penetrate")) ? "p" : "";
    const sides = truthy(get(req, "fate")) ? "F" : get(req, "sides", "?");
    const at = get(req, "explode_at") !== null ? ` ${compare(req.explode_at, sides)}` : "";
    text += `!${mark} (${w[kind]}${at})`;
  }
  const keep = get(req, "keep");
  if (keep !== null && (!pyEq(keep, dice) || truthy(get(req, "keep_lowest")))) {
    text += `, ${w.keep} ${pyStr(keep)}` + (truthy(get(req, "keep_lowest")) ? ` ${w.lowest}` : "");
  }
  const sides = truthy(get(req, "fate")) ? "F" : get(req, "sides", "?");
  if (get(req, "reroll") !== null) {
    text += `, ${truthy(get(req, "reroll_once")) ? w.reroll_once : w.reroll} ${compare(req.reroll, sides)}`;
  }
  for (const name of ["successes", "failures"]) {
    if (get(req, name) !== null) text += `, ${w[name]} ${compare(req[name], sides)}`;
  }
  return text;
}

/** [7, 10] on a d10 → "≥7", [1, 2] → "≤2", [3, 3] → "=3"; anything else as Python's str() (links/pool.py). */
function compare(faces, sides) {
  if (!Array.isArray(faces) || faces.length !== 2 || !faces.every(isPyInt)) return pyStr(faces);
  const [lo, hi] = faces;
  const same = (a, b) => isPyInt(a) && isPyInt(b) && BigInt(a) === BigInt(b); // ints only, as Python's == here
  if (same(lo, hi)) return `=${pyStr(lo)}`;
  if (same(hi, sides)) return `\u2265${pyStr(lo)}`;
  if (same(lo, 1)) return `\u2264${pyStr(hi)}`;
  return pyStr(faces);
}

const OPS = ["+", "-", "*", "/"];
const LEVEL = { "+": 1, "-": 1, "*": 2, "/": 2 };

/** An arithmetic tree with the fewest parentheses, as tirada.systems.notation.tree.expr_text. */
function exprText(tree, leaf, signs) {
  const minus = signs["-"].trim();
  const text = (node, parent, right) => {
    if (node && typeof node === "object" && !Array.isArray(node)) return leaf(node);
    if (!(Array.isArray(node) && node.length === 3 && OPS.includes(node[0]))) {
      if (!isPyInt(node)) return pyStr(node);
      if (node >= 0) return String(node);
      return right ? `(${minus}${String(-node)})` : minus + String(-node);
    }
    const [op, left, rest] = node;
    if (op === "-" && isPyInt(left) && Number(left) === 0) { // a leading minus
      const body = minus + text(rest, "*", true);
      return right || parent === "*" || parent === "/" ? `(${body})` : body;
    }
    const body = text(left, op, false) + signs[op] + text(rest, op, true);
    const wrap = parent !== null && (LEVEL[op] < LEVEL[parent] || (right && LEVEL[op] === LEVEL[parent] &&
      (parent === "-" || parent === "/" || (parent === "*" && op === "/"))));
    return wrap ? `(${body})` : body;
  };
  return text(tree, null, false);
}

function genericOne(req, w) {
  const groups = get(req, "groups");
  let text = "";
  if (Object.hasOwn(req, "expr")) { // arithmetic: "(2d6 + 3) × 2", a group with words in parentheses
    const leaf = (g) => { const t = genericGroup(g, w); return t.includes(" ") ? `(${t})` : t; };
    text = exprText(req.expr, leaf, { "+": " + ", "-": " \u2212 ", "*": " \u00d7 ", "/": " \u00f7 " });
  } else if (Array.isArray(groups)) { // "1d8 + 1d6, keep 1 − 1d4": each group with its sign (as links/pool.py)
    groups.forEach((g, i) => {
      const group = g && typeof g === "object" && !Array.isArray(g) ? g : {};
      text += (truthy(get(group, "subtract")) ? " \u2212 " : i ? " + " : "") + genericGroup(group, w);
    });
    text = text.trimStart();
  } else {
    text = genericGroup(req, w);
  }
  text += signed(get(req, "modifier"));
  if (get(req, "difficulty") !== null) text += ` ${w.vs} ${pyStr(req.difficulty)}`;
  return text;
}

function generic(req, w) {
  const rolls = get(req, "rolls");
  if (Array.isArray(rolls)) {
    return rolls.map((r) => (r && typeof r === "object" && !Array.isArray(r)
      ? (typeof get(r, "label") === "string" ? `${r.label}: ` : "") + genericOne(r, w) : "?")).join("; ");
  }
  return genericOne(req, w);
}

function l5r(req, w, lang) {
  let text = `${w.ring} ${pyStr(get(req, "ring", "?"))} + ${w.skill} ${pyStr(get(req, "skill", 0))} ` +
    `${w.vs} ${w.tn} ${pyStr(get(req, "tn", "?"))}`;
  const extras = [];
  const stance = get(req, "stance");
  if (typeof stance === "string" && Object.hasOwn(w.stances, stance)) {
    extras.push(lang === "es" ? `${w.stance} de ${w.stances[stance]}` : `${w.stance} ${w.stances[stance]}`);
  }
  const counts = ["assist_skilled", "assist_unskilled"].map((k) => get(req, k) || 0);
  const helpers = counts.every((v) => isPyInt(v) || typeof v === "boolean") ? counts.reduce((a, v) => a + Number(v), 0) : 0;
  if (helpers) extras.push(`${helpers} ${w.assist[helpers !== 1 ? 1 : 0]}`);
  if (truthy(get(req, "void"))) extras.push(w.void);
  for (const [key, word] of Object.entries(w.advantages)) if (truthy(get(req, key))) extras.push(word);
  return text + (extras.length ? ` (${extras.join(", ")})` : "");
}

function tragedia(req, w) {
  let text = `${pyStr(get(req, "protagonist_dice", "?"))} ${w.protagonist} ${w.vs} ` +
    `${pyStr(get(req, "adversary_dice", "?"))} ${w.adversary}`;
  const n = get(req, "auto_successes");
  if (truthy(n)) text += `, ${pyStr(n)} ${w.auto[pyEq(n, 1) ? 0 : 1]}`;
  return text;
}

const BUILDERS = { sifrp, generic, l5r5e: l5r, tragedia };

/** tirada.links.pool.pool_text: the pool of a request in its game's notation ("SIFRP 4D+2B contra 12"). */
export function poolText(request, lang = "es") {
  const system = request.system;
  const build = typeof system === "string" && Object.hasOwn(BUILDERS, system) ? BUILDERS[system] : null;
  if (build === null) {
    if (typeof system === "string" && Object.hasOwn(DATA.short_names, system)) return DATA.short_names[system];
    return [...pyStr(system)].slice(0, 40).join("");
  }
  const words = DATA.words[lang === "es" ? "es" : "en"];
  const text = build(request, words, lang === "es" ? "es" : "en");
  const name = Object.hasOwn(DATA.game_names, system) ? DATA.game_names[system] : "";
  return name ? `${name} ${text}` : text;
}

/**
 * Read a roll link's request, or null (not built, not a roll link, or anything the Python decoder
 * would refuse).
 *
 * @param {string} address  the URL fragment (with or without "#"), or a whole address
 * @returns {Promise<null|{version: number, link: object, pool: {es: string, en: string}}>}
 *   ``link`` is what tirada.wire.codec.decode_payload_versioned returns for it (JSON-like);
 *   ``pool`` the pool line in Spanish and English. Never dice, never a result.
 */
export async function readLink(address) {
  try {
    if (!DATA || !globalThis.crypto?.subtle) return null;
    const [version, text] = splitVersioned(address);
    const frame = b64Decode(text);
    if (frame.length < 1 + CHECK_LEN + 1) return null;
    const headByte = frame[0];
    const body = frame.subarray(1, frame.length - CHECK_LEN);
    if (headByte !== 1) return null; // a roll link, not compressed (no encoder compresses one)
    const digest = await sha256(`tirada${version}`, [headByte], body);
    if (!sameBytes(digest.subarray(0, CHECK_LEN), frame.subarray(frame.length - CHECK_LEN))) return null;
    const value = cborDecode(body);
    const link = plain(version === 2 ? await roll2FromCbor(value) : rollFromCbor(value));
    return { version, link, pool: { es: poolText(link.request, "es"), en: poolText(link.request, "en") } };
  } catch {
    return null; // Bad, or anything unexpected: show nothing early, the engine words the error
  }
}
