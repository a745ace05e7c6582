// The phone as a witness of the record (issue 19). Every page keeps, in this browser's local
// storage (per game; local storage is per origin already), the hash of every row of the log it
// has seen, and on each update checks by itself that the log still extends them: each new row
// linked to the one before, its hash recomputed (SHA-256 of the previous row's hash and the
// row's canonical bytes: docs/auditing.md, "the hashing rule") wherever its viewer may see the
// row, and the row it saw last still holding the hash it saw. A log rewritten behind its back:
// a red banner on top naming the first row that no longer matches, kept across reloads.
// Apart from referee.js: it watches the live part that referee.js swaps in, and nothing else.
"use strict";
(function () {
  // --- SHA-256: WebCrypto in a secure context (https, or http://127.0.0.1); a page on the
  // table's network over plain http has no crypto.subtle, so this small one stands in (the
  // tests check it against Python's hashlib).
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]);
  const START = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

  function rotr(x, n) {
    return (x >>> n) | (x << (32 - n));
  }

  function hex(words) {
    return Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, "0")).join("");
  }

  // FIPS 180-4, on bytes: padded with 0x80, zeros and the length in bits (big-endian).
  function sha256Small(bytes) {
    const blocks = new Uint8Array(((bytes.length + 8) >> 6) * 64 + 64);
    blocks.set(bytes);
    blocks[bytes.length] = 0x80;
    const view = new DataView(blocks.buffer);
    view.setUint32(blocks.length - 8, Math.floor(bytes.length / 0x20000000));
    view.setUint32(blocks.length - 4, (bytes.length * 8) >>> 0);
    const h = Uint32Array.from(START);
    const w = new Uint32Array(64);
    for (let at = 0; at < blocks.length; at += 64) {
      for (let i = 0; i < 16; i++) w[i] = view.getUint32(at + 4 * i);
      for (let i = 16; i < 64; i++) {
        const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1; // (a Uint32Array keeps it modulo 2^32)
      }
      let [a, b, c, d, e, f, g, k] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        k = g;
        g = f;
        f = e;
        e = (d + t1) >>> 0;
        d = c;
        c = b;
        b = a;
        a = (t1 + t2) >>> 0;
      }
      [a, b, c, d, e, f, g, k].forEach((v, i) => (h[i] += v));
    }
    return hex(h);
  }

  const subtle = window.crypto && window.crypto.subtle;

  async function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    if (!subtle) return sha256Small(bytes);
    const digest = new DataView(await subtle.digest("SHA-256", bytes));
    return hex(Array.from({ length: 8 }, (_, i) => digest.getUint32(4 * i)));
  }

  // For the tests (and anyone curious, from the browser's console).
  window.refereeWitness = {
    sha256,
    sha256Small: (text) => sha256Small(new TextEncoder().encode(text)),
    webCrypto: Boolean(subtle),
  };

  const script = document.currentScript;
  const route = script && script.dataset.witness;
  const live = document.getElementById("live");
  if (!route || !live) return;
  const KEY = "referee-witness/game-" + script.dataset.game;
  const GENESIS = "0".repeat(64);

  // --- what this browser saw: {hashes: [hash of #1, hash of #2, ...], alarm: null or what broke}.
  // Also kept in memory, for a storage that refuses it (full, or a private window): this page
  // then witnesses while it stays open.
  let memo = null;

  function read() {
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(KEY) || "null");
    } catch (error) {
      // unreadable: what memory holds, or witnessed afresh
    }
    if (!kept || !Array.isArray(kept.hashes)) kept = { hashes: [], alarm: null };
    if (memo && memo.hashes.length > kept.hashes.length) kept = { ...memo };
    if (memo && memo.alarm && !kept.alarm) kept.alarm = memo.alarm;
    return kept;
  }

  function keep(kept) {
    // Another page of this game in this browser may have written since: an alarm it raised
    // stays, and a longer record of the same rows is kept.
    const stored = read();
    const last = kept.hashes.length - 1;
    if (stored.alarm && !kept.alarm) kept.alarm = stored.alarm;
    if (stored.hashes.length > kept.hashes.length && (last < 0 || stored.hashes[last] === kept.hashes[last])) {
      kept.hashes = stored.hashes;
    }
    memo = kept;
    try {
      localStorage.setItem(KEY, JSON.stringify(kept));
    } catch (error) {
      // refused: kept in memory only
    }
  }

  function forget() {
    memo = null;
    try {
      localStorage.removeItem(KEY);
    } catch (error) {
      // nothing stored
    }
  }

  // The first row that no longer matches what this browser saw, or null.
  async function broken(kept, reply) {
    const seen = kept.hashes;
    const after = seen.length;
    const saw = after ? { seq: after, hash: seen[after - 1] } : null;
    if (after && reply.at !== seen[after - 1]) {
      const now = reply.hashes || [];
      let seq = 1;
      while (seq < after && now[seq - 1] === seen[seq - 1]) seq++;
      return { seq, how: seq > now.length ? "cut" : "rewritten", saw };
    }
    let prev = after ? seen[after - 1] : GENESIS;
    let seq = after + 1;
    for (const row of reply.rows) {
      if (row.seq !== seq || row.prev !== prev) return { seq, how: "unlinked", saw };
      if (row.payload !== null && (await sha256(prev + row.payload)) !== row.hash) {
        return { seq, how: "unhashed", saw };
      }
      prev = row.hash;
      seq += 1;
    }
    return null;
  }

  function el(tag, text) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function alarm(what) {
    let banner = document.getElementById("witness-alarm");
    if (!banner) {
      banner = el("div");
      banner.id = "witness-alarm";
      banner.className = "witness-alarm";
      banner.setAttribute("role", "alert");
      document.body.prepend(banner);
    }
    const n = "#" + what.seq;
    const said = {
      rewritten: `The log was rewritten at ${n} since this phone saw it: row ${n} no longer has the hash this phone saw.`,
      cut: `The log was cut at ${n} since this phone saw it: the rows from ${n} on are gone.`,
      unlinked: `The referee sent row ${n} not linked to the row before it: the log was rewritten at ${n}.`,
      unhashed: `The referee sent row ${n} with a hash that its contents do not make: the log was rewritten at ${n}.`,
    }[what.how];
    const head = el("p");
    head.append(el("b", said));
    const saw = what.saw;
    const todo = el("p");
    if (saw) {
      todo.append(`This phone saw the log up to #${saw.seq}, whose hash starts `, el("code", saw.hash.slice(0, 8)), ". ");
      todo.append("What the table can do: stop playing; on the laptop, ", el("code", `referee verify --head ${saw.hash.slice(0, 16)}`));
      todo.append(" says whether the log still holds what this phone saw; compare the head line on the other phones;");
    } else {
      todo.append("What the table can do: stop playing; compare the head line on the other phones;");
    }
    todo.append(" restore an export kept elsewhere (", el("code", "referee import FILE --copy"), ").");
    const full = el("p");
    if (saw) full.append(el("small", `#${saw.seq}: ${saw.hash}`));
    // No move from this page meanwhile: referee.js posts nothing, and its picker is hidden.
    document.body.setAttribute("data-rewritten", "");
    const none = el("p", "This page records no move while this banner is up.");
    const button = el("button", "this is another game under the same number: forget what this phone saw");
    button.type = "button";
    button.className = "quiet";
    button.addEventListener("click", () => {
      forget();
      banner.remove();
      document.body.removeAttribute("data-rewritten");
      check();
    });
    banner.replaceChildren(head, todo, none, full, button);
  }

  // The head line of the live part, marked once this browser has checked the rows up to it.
  function mark(kept) {
    const state = document.getElementById("state");
    const line = live.querySelector(".head");
    if (line && state && Number(state.dataset.head) <= kept.hashes.length && !kept.alarm) {
      line.classList.add("witnessed");
      line.title = "checked by this phone: the log extends every row it saw (referee verify --head)";
    }
  }

  async function checkOnce() {
    let kept = read();
    if (kept.alarm) return alarm(kept.alarm);
    for (;;) {
      const after = kept.hashes.length;
      const query = "?after=" + after + (after ? "&hash=" + kept.hashes[after - 1] : "");
      let reply;
      try {
        const response = await fetch(route + query, { cache: "no-store" });
        if (!response.ok) return; // a log that does not check out: the page itself says so
        reply = await response.json();
      } catch (error) {
        return; // not reached: the next update asks again
      }
      const what = await broken(kept, reply);
      if (what) {
        kept.alarm = what;
        keep(kept);
        return alarm(what);
      }
      kept.hashes.push(...reply.rows.map((row) => row.hash));
      keep(kept); // (merged with what another page of this game stored meanwhile)
      mark(kept);
      if (!reply.more || !reply.rows.length) return;
    }
  }

  // One check at a time; an update during one asks for one more after it.
  let running = null;
  let again = false;
  function check() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await checkOnce();
      } while (again);
    })().finally(() => {
      running = null;
    });
  }

  new MutationObserver(check).observe(live, { childList: true });
  check();
})();
