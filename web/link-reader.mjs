// A small reader of Tirada roll links in JavaScript (issue #16): what a roll link *asks* — system,
// pool, label, roller, campaign, chain number — shown at once while the engine loads
// (web/loader.js), then replaced by the engine's verified result. It never reads or shows dice or a
// result: a link holds none (docs/link-format.md §1), and the request alone proves nothing until
// the engine has recomputed it.
//
// It follows the Python decoder step by step (pylib/tirada/wire/frame.py → roll_layout.py /
// roll_layout2.py; the pool line is said from links/pool.py's own templates, links/pool_wording.py) and
// refuses what it refuses: any doubt and readLink() answers null, the page then shows nothing early
// and the engine words the error.
// tests/test_link_reader.py runs this module under Node on every link of tests/vectors/ (and on
// damaged copies of them) against the Python decoder, so the two cannot drift apart.
//
// The tables (system codes, key and text tables of tirada.systems.registry, the pool templates and
// words of tirada.links.pool_wording) are written by the build into generated.mjs (LINK_DATA,
// buildtools/generated.py): never copied by hand.
// A Spoils bidding link (kind 10, issue #29) is read as far as its two sides and its number of bids:
// whose bid it is, and whether each bid is legal, only the engine says once it has folded them again.
// A roll link is read compressed too (Tirada's encoders never compress one, but decoders accept it for
// every kind: docs/link-format.md §3; the reading core verifies it on MicroPython, tirada.wire.inflate).
// Not read here: links of other kinds (the sealed kinds 6-9 have layouts of their own,
// tirada.wire.sealed_layout, not mirrored here).

import { LINK_DATA as DATA } from "./generated.mjs";

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

// ------------------------------------------------------------------ raw DEFLATE (RFC 1951)
const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
  195, 227, 258];
const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
  4097, 6145, 8193, 12289, 16385, 24577];
const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_BODY = 65536; // frame.MAX_BODY: the longest body after inflating

/** A canonical Huffman code from code lengths (zlib's puff.c): {counts, symbols, left} (left > 0: incomplete). */
function huffman(lengths) {
  const counts = new Array(16).fill(0);
  for (const n of lengths) counts[n]++;
  let left = 1;
  for (let n = 1; n < 16; n++) {
    left = 2 * left - counts[n];
    if (left < 0) bad(); // over-subscribed
  }
  const offs = [0, 0];
  for (let n = 1; n < 15; n++) offs[n + 1] = offs[n] + counts[n];
  const symbols = [];
  lengths.forEach((n, sym) => {
    if (n) symbols[offs[n]++] = sym;
  });
  return { counts, symbols, left: counts[0] === lengths.length ? 1 : left };
}

/** Inflate one raw-DEFLATE stream as frame.read_frame accepts it: complete, at most MAX_BODY bytes
 * out, no byte after it and its padding bits zero (frame._check_padding), zlib's refusals kept. */
function inflateRaw(data) {
  let pos = 0;
  let bit = 0;
  const out = [];
  const bits = (n) => {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (pos >= data.length) bad();
      v |= ((data[pos] >> bit) & 1) << i;
      if (++bit === 8) [bit, pos] = [0, pos + 1];
    }
    return v;
  };
  const decode = (h) => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let n = 1; n < 16; n++) {
      code |= bits(1);
      if (code - h.counts[n] < first) return h.symbols[index + code - first];
      index += h.counts[n];
      first = (first + h.counts[n]) << 1;
      code <<= 1;
    }
    return bad();
  };
  // an incomplete code is refused unless it is a single code of one bit (zlib)
  const usable = (h, lengths) => h.left === 0 || (h.counts[1] === 1 && lengths.filter(Boolean).length === 1);
  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) { // stored
      if (bit) [bit, pos] = [0, pos + 1];
      if (pos + 4 > data.length) bad();
      const len = data[pos] | (data[pos + 1] << 8);
      if ((len ^ 0xffff) !== (data[pos + 2] | (data[pos + 3] << 8)) || pos + 4 + len > data.length) bad();
      out.push(...data.subarray(pos + 4, pos + 4 + len));
      pos += 4 + len;
    } else if (type === 3) bad();
    else {
      let lit;
      let dist;
      if (type === 1) { // fixed codes
        lit = huffman([...Array(144).fill(8), ...Array(112).fill(9), ...Array(24).fill(7), ...Array(8).fill(8)]);
        dist = huffman(Array(30).fill(5));
      } else { // dynamic codes
        const nlen = bits(5) + 257;
        const ndist = bits(5) + 1;
        const ncode = bits(4) + 4;
        if (nlen > 286 || ndist > 30) bad();
        const codeLengths = new Array(19).fill(0);
        for (let i = 0; i < ncode; i++) codeLengths[ORDER[i]] = bits(3);
        const lencode = huffman(codeLengths);
        if (lencode.left !== 0) bad();
        const lengths = [];
        while (lengths.length < nlen + ndist) {
          const sym = decode(lencode);
          if (sym < 16) lengths.push(sym);
          else {
            if (sym === 16 && !lengths.length) bad();
            const [value, count] = sym === 16 ? [lengths[lengths.length - 1], 3 + bits(2)]
              : [0, sym === 17 ? 3 + bits(3) : 11 + bits(7)];
            if (lengths.length + count > nlen + ndist) bad();
            for (let i = 0; i < count; i++) lengths.push(value);
          }
        }
        if (!lengths[256]) bad(); // no end-of-block code
        const litLengths = lengths.slice(0, nlen);
        const distLengths = lengths.slice(nlen);
        lit = huffman(litLengths);
        dist = huffman(distLengths);
        if (!usable(lit, litLengths) || (!usable(dist, distLengths) && distLengths.some(Boolean))) bad();
      }
      for (;;) {
        const sym = decode(lit);
        if (sym === 256) break;
        if (sym < 256) out.push(sym);
        else {
          if (sym > 285) bad();
          const len = LBASE[sym - 257] + bits(LEXT[sym - 257]);
          const d = decode(dist);
          if (d > 29) bad();
          const back = DBASE[d] + bits(DEXT[d]);
          if (back > out.length) bad(); // too far back
          for (let i = 0; i < len; i++) out.push(out[out.length - back]);
        }
        if (out.length > MAX_BODY) bad();
      }
    }
    if (out.length > MAX_BODY) bad();
  }
  if (bit) {
    if (data[pos] >> bit) bad(); // a padding bit set: the link was changed
    pos++;
  }
  if (pos !== data.length) bad(); // data after the stream
  return new Uint8Array(out);
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

const truthy = (v) => !(v === null || v === undefined || v === false || v === 0 || v === 0n || v === "" ||
  (Array.isArray(v) && !v.length) || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length));
const isPyInt = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
const get = (req, key, fallback = null) => (Object.hasOwn(req, key) ? req[key] : fallback);
const signed = (v) => (!isPyInt(v) || Number(v) === 0 ? "" : Number(v) > 0 ? ` +${v}` : ` \u2212${String(v).slice(1)}`);

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

const OPS = ["+", "-", "*", "/", "max", "min"];
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
    if (op === "max" || op === "min") { // {a, b}kh1: the chain of the same op written as one group
      const items = [rest];
      let first = left;
      while (Array.isArray(first) && first.length === 3 && first[0] === op) {
        items.push(first[2]);
        first = first[1];
      }
      items.push(first);
      return "{" + items.reverse().map((i) => text(i, null, false)).join(", ") + "}" + (op === "max" ? "kh1" : "kl1");
    }
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

const isMap = (x) => x !== null && typeof x === "object" && !Array.isArray(x) && !(x instanceof Float) &&
  !(x instanceof Simple);
const isIntLike = (v) => isPyInt(v) || typeof v === "boolean"; // Python's isinstance(v, int)
const toInt = (v) => (typeof v === "bigint" ? v : BigInt(Number(v)));
const SIGNS = { "+": " + ", "-": " \u2212 ", "*": " \u00d7 ", "/": " \u00f7 " };

/** Python's == on JSON-like values as tirada.links.pool compares them (numbers by value, a bool as
 * 0 or 1, lists and mappings by content). */
function pyEq(a, b) {
  const num = (v) => isIntLike(v) || typeof v === "number" || v instanceof Float;
  if (num(a) && num(b)) {
    const n = (v) => (v instanceof Float ? v.value : typeof v === "boolean" ? Number(v) : v);
    return typeof n(a) === "bigint" && typeof n(b) === "bigint" ? n(a) === n(b) : Number(n(a)) === Number(n(b));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => pyEq(v, b[i]));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEq(a[k], b[k]));
  }
  return a === b;
}

/** Outcome bands after the pool (template node "bands"), as tirada.links.pool.band_parts writes them:
 * ", resultados: ≤6 Fallo / 7–9 … / ≥10 Éxito". */
function bandsText(value, w) {
  const isInt = (v) => typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
  if (!Array.isArray(value) || value.length < 4 || value.length % 2 || !isInt(value[0]) || BigInt(value[0]) !== 1n) return "";
  const labels = value.filter((_, i) => i % 2 === 1);
  const cuts = value.filter((_, i) => i > 0 && i % 2 === 0);
  if (!labels.every((x) => typeof x === "string") || !cuts.every(isInt)) return "";
  const big = cuts.map((c) => BigInt(c));
  if (big.some((c, i) => i > 0 && big[i - 1] >= c)) return "";
  const num = (n) => (n < 0n ? `\u2212${-n}` : String(n));
  const parts = labels.map((label, i) => {
    const lo = i ? big[i - 1] : null;
    const hi = i < big.length ? big[i] - 1n : null;
    const edge = lo === null ? `\u2264${num(hi)}` : hi === null ? `\u2265${num(lo)}` : lo === hi ? num(lo) : `${num(lo)}\u2013${num(hi)}`;
    return `${edge} ${label}`;
  });
  if (parts.length > 5) return `, ${w.bands}: ${parts[0]} / \u2026 / ${parts[parts.length - 1]} (${parts.length})`;
  return `, ${w.bands}: ${parts.join(" / ")}`;
}

/** One system's pool template said for one request (tirada.links.pool._Say: the same templates,
 * LINK_DATA.templates, from tirada/links/pool_wording.py; its docstring lists the nodes). */
class Say {
  constructor(templates, lang) {
    this.templates = templates;
    this.lang = lang;
    this.words = DATA.words[lang];
  }

  value(node, scope) {
    const [op] = node;
    if (op === "get") return get(scope, node[1], node.length > 2 ? node[2] : null);
    if (op === "lit") return node[1];
    if (op === "or") {
      const v = this.value(node[1], scope);
      return truthy(v) ? v : this.value(node[2], scope);
    }
    if (op === "times") return BigInt(node[1]) * toInt(this.value(node[2], scope));
    if (op === "inc_if") {
      const v = this.value(node[1], scope);
      return isIntLike(v) && this.cond(node[2], scope) ? toInt(v) + 1n : v;
    }
    if (op === "sum") {
      const values = node.slice(1).map((key) => (truthy(get(scope, key)) ? scope[key] : 0n));
      return values.every(isIntLike) ? values.reduce((a, v) => a + toInt(v), 0n) : 0n;
    }
    if (op === "pick") return this.value(this.cond(node[1], scope) ? node[2] : node[3], scope);
    throw new Bad("template");
  }

  cond(node, scope, first = false) {
    const v = () => this.value(node[1], scope);
    switch (node[0]) {
      case "truthy": return truthy(v());
      case "int": return isPyInt(v());
      case "str": return typeof v() === "string";
      case "list": return Array.isArray(v()) && v().length > 0;
      case "is_list": return Array.isArray(v());
      case "not_none": return v() !== null && v() !== undefined;
      case "has": return Object.hasOwn(scope, node[1]);
      case "differ": return !pyEq(v(), this.value(node[2], scope));
      case "word_in": {
        const w = this.value(node[2], scope);
        return typeof w === "string" && Object.hasOwn(this.words[node[1]], w);
      }
      case "lang": return this.lang === node[1];
      case "first": return first;
      case "not": return !this.cond(node[1], scope, first);
      case "and": return node.slice(1).every((c) => this.cond(c, scope, first));
      case "or": return node.slice(1).some((c) => this.cond(c, scope, first));
      default: throw new Bad("template");
    }
  }

  text(nodes, scope, first = false) {
    return nodes.map((n) => this.node(n, scope, first)).join("");
  }

  node(node, scope, first) {
    if (typeof node === "string") return node;
    const w = this.words;
    const v = (i = 1) => this.value(node[i], scope);
    switch (node[0]) {
      case "show": return pyStr(v());
      case "word": return w[node[1]];
      case "word_of": return w[node[1]][v(2)];
      case "plural": return w[node[1]][pyEq(v(2), 1n) ? 0 : 1];
      case "signed": return signed(v());
      case "compare": return compare(v(), v(2));
      case "list": return v().map((x) => pyStr(x)).join(", ");
      case "if": {
        const branch = this.cond(node[1], scope, first) ? node[2] : node.length > 3 ? node[3] : [];
        return this.text(branch, scope, first);
      }
      case "ref": return this.text(this.templates[node[1]], scope);
      case "each": return this.items(v(), node[3], node[4]).join(node[2]);
      case "lstrip": return this.text(node[1], scope, first).trimStart();
      case "join": {
        const parts = [];
        for (const item of node[4]) {
          if (item[0] === "words_if") {
            for (const [key, word] of Object.entries(w[item[1]])) if (truthy(get(scope, key))) parts.push(word);
          } else {
            const said = this.node(item, scope, first);
            if (said) parts.push(said);
          }
        }
        return parts.length ? `${node[2]}${parts.join(node[1])}${node[3]}` : "";
      }
      case "expr": {
        const leaf = (g) => {
          const said = this.text(node[2], g);
          return said.includes(" ") ? `(${said})` : said;
        };
        return exprText(v(), leaf, SIGNS);
      }
      case "bands": return bandsText(v(), w);
      default: throw new Bad("template");
    }
  }

  /** Each item said by ``template``; one that is no mapping is skipped, read as {} or said "?". */
  items(list, template, other) {
    const out = [];
    list.forEach((item, i) => {
      if (isMap(item)) out.push(this.text(template, item, i === 0));
      else if (other === "empty") out.push(this.text(template, {}, i === 0));
      else if (other === "?") out.push("?");
    });
    return out;
  }
}

/** tirada.links.pool.pool_text: the pool of a request in its game's notation ("SIFRP 4D+2B contra 12"). */
export function poolText(request, lang = "es") {
  const system = request.system;
  const templates = typeof system === "string" && Object.hasOwn(DATA.templates, system) ? DATA.templates[system] : null;
  if (templates === null) {
    if (typeof system === "string" && Object.hasOwn(DATA.short_names, system)) return DATA.short_names[system];
    return [...pyStr(system)].slice(0, 40).join("");
  }
  const text = new Say(templates, lang === "es" ? "es" : "en").text(templates.main, request);
  const name = Object.hasOwn(DATA.game_names, system) ? DATA.game_names[system] : "";
  return name ? `${name} ${text}` : text;
}

// ------------------------------------------------------------------------ Spoils bidding links
const BID = 10; // tirada.wire.codec.KINDS["bid"]

/** codec._json_like: no bytes, no simple values, text keys only (the body of a "bid" link). */
function jsonLike(value) {
  if (value instanceof Uint8Array || value instanceof Simple) bad();
  if (value instanceof Map) {
    for (const [key, item] of value) {
      if (typeof key !== "string") bad();
      jsonLike(item);
    }
  } else if (Array.isArray(value)) value.forEach(jsonLike);
}

/** What a bidding link says before the engine folds its bids (tirada.systems.brs.bidlink): the two
 * sides and how many bids it holds. Whose bid it is, and whether the rules allow each bid, only the
 * engine says (it may still refuse the link). */
function bidView(value) {
  jsonLike(value);
  if (!(value instanceof Map) || value.size !== 2 || !(value.get("setup") instanceof Map)) bad();
  const bids = value.get("bids");
  const sides = value.get("setup").get("sides");
  if (!Array.isArray(bids) || !Array.isArray(sides) || sides.length !== 2) bad();
  if (!sides.every((side) => typeof side === "string" && side)) bad();
  return { sides, bids: bids.length };
}

/**
 * Read what a link asks, or null (not built, a kind it does not read, or anything the Python
 * decoder would refuse).
 *
 * @param {string} address  the URL fragment (with or without "#"), or a whole address
 * @returns {Promise<null|{version: number, link: object, pool: {es: string, en: string}}|
 *   {version: number, kind: "bid", sides: string[], bids: number}>}
 *   a roll link: ``link`` is what tirada.wire.codec.decode_payload_versioned returns for it
 *   (JSON-like), ``pool`` the pool line in Spanish and English; a Spoils bidding (kind 10): its two
 *   sides and its number of bids. Never dice, never a result.
 */
export async function readLink(address) {
  try {
    if (!DATA || !globalThis.crypto?.subtle) return null;
    const [version, text] = splitVersioned(address);
    const frame = b64Decode(text);
    if (frame.length < 1 + CHECK_LEN + 1) return null;
    const headByte = frame[0];
    const kind = headByte & 0x7f;
    const stored = frame.subarray(1, frame.length - CHECK_LEN);
    // a bidding link is mostly compressed; a roll link only by another encoder
    if (kind !== 1 && kind !== BID) return null;
    const body = headByte & 0x80 ? inflateRaw(stored) : stored;
    const digest = await sha256(`tirada${version}`, [kind], body);
    if (!sameBytes(digest.subarray(0, CHECK_LEN), frame.subarray(frame.length - CHECK_LEN))) return null;
    const value = cborDecode(body);
    if (kind === BID) return { version, kind: "bid", ...bidView(value) };
    const link = plain(version === 2 ? await roll2FromCbor(value) : rollFromCbor(value));
    return { version, link, pool: { es: poolText(link.request, "es"), en: poolText(link.request, "en") } };
  } catch {
    return null; // Bad, or anything unexpected: show nothing early, the engine words the error
  }
}
