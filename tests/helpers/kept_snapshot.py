"""The kept unpacked snapshot in Cache Storage (web/pyodide-start.mjs, sparse()/unsparse()), read by
the browser tests (test_runtime_files, test_kept_snapshot)."""

from __future__ import annotations

#: the kept copy against the precached snapshot, gunzipped here. Resolves to {state, magic,
#: keptBytes, snapshotBytes}: state is "good" when the copy unpacks to the precached snapshot's very
#: bytes (SHA-256), else what is wrong ("0 kept", unsparse()'s error, "differs")
KEPT_STATE = """async () => {
  const {unsparse} = await import('./pyodide-start.mjs');
  const cache = await caches.open('tirada-snapshot-unpacked');
  const keys = await cache.keys();
  if (keys.length !== 1) return {state: `${keys.length} kept`};
  const kept = new Uint8Array(await (await cache.match(keys[0])).arrayBuffer());
  const gz = await caches.match(keys[0].url);
  const raw = new Uint8Array(await new Response(gz.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const facts = {magic: new TextDecoder().decode(kept.subarray(0, 4)), keptBytes: kept.length, snapshotBytes: raw.length};
  let bytes;
  try { bytes = unsparse(kept); } catch (err) { return {...facts, state: err.message}; }
  const hash = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b))).join(',');
  return {...facts, state: (await hash(bytes)) === (await hash(raw)) ? 'good' : 'differs'};
}"""


def kept_is(state: str) -> str:
    """A wait_for_function expression: true once the kept copy's state (KEPT_STATE) is ``state``."""
    return f"({KEPT_STATE})().then((kept) => kept.state === {state!r}, () => false)"
