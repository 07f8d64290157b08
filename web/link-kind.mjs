// The game a link's frame says it holds, from its first byte (issue #41): no dependencies, so that
// web/loader.js can ask before anything is loaded, and tell the reading core's worker (web/core-worker.mjs,
// which then fetches the games' bundle at once) with its first message.
// Nothing is checked here: the reading core replays the link (tirada.links.core_game) and refuses it
// if it is damaged; this only decides whether to ask it, and to fetch the games' bundle early.

/** The game kinds the reading core replays (tirada.links.core_game.GAME_KINDS), by their codes in
 * tirada.wire.codec.KINDS: a Blood Red Sands Confrontation, a Tragedia scene, a Spoils bidding. */
const GAME_KINDS = new Map([[2, "brs"], [3, "scene"], [10, "bid"]]);
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The game a link holds, "brs", "scene" or "bid", or null (another kind, or not a Tirada link).
 *
 * @param {string} address  the URL fragment (with or without "#"), or a whole address
 * @returns {"brs"|"scene"|"bid"|null}
 */
export function gameKind(address) {
  const text = String(address ?? "").trim();
  const match = /^t[12]([A-Za-z0-9_-])([A-Za-z0-9_-])/.exec(text.slice(text.indexOf("#") + 1).trim());
  if (!match) return null;
  const head = ((B64.indexOf(match[1]) << 2) | (B64.indexOf(match[2]) >> 4)) & 0x7f; // the frame's first byte
  return GAME_KINDS.get(head) || null;
}
