// The live part of every page comes from the server: this only swaps it in and posts moves.
"use strict";
(function () {
  const body = document.body;
  const live = document.getElementById("live");
  const link = document.getElementById("link");
  const said = document.getElementById("said");
  const action = body.dataset.action;
  let shownVoid = null; // { box, head }: the void shown (head: the log's it was told at; null: refused)

  function head() {
    const state = document.getElementById("state");
    return state ? Number(state.dataset.head) : null;
  }

  // A game the server stopped (its log does not check out: stopped.html) takes no move from
  // this page: the forms outside the live part are hidden too (referee.css), until it is shown again.
  function stopped() {
    body.toggleAttribute("data-stopped", Boolean(live.querySelector("[data-stopped]")));
  }

  function show(html) {
    // Keep which folded parts are open across updates: by the part's name (fold.html's
    // data-fold; its summary's words may change with the move, "the last moves (#81 to #88)"),
    // else by its summary's words.
    const key = (details) => details.dataset.fold || (details.querySelector("summary") || {}).textContent;
    const open = new Set([...live.querySelectorAll("details[open]")].map(key));
    live.innerHTML = html;
    live.querySelectorAll("details").forEach((details) => {
      if (open.has(key(details))) details.open = true;
    });
    stopped();
    drawPicker();
    turn();
    if (shownVoid && shownVoid.head !== null && shownVoid.head !== head()) {
      // Something was recorded since the void was shown: confirming it would be refused.
      unask();
      say("the table changed since the void was shown: void again to see what it takes back now", false);
    }
  }

  // --- the move picker: the verb, then each word still open, as chips; the move in words;
  // then record. The tree comes from the server (ledger/picker.py); this only walks it.
  let pick = { raw: null, tree: null, path: [], answers: [], told: null, telling: false, draft: null };

  function chip(label, onclick, cls) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "chip" + (cls ? " " + cls : "");
    button.textContent = label;
    button.addEventListener("click", onclick);
    return button;
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The chip of a move complete here that could go on: "✓ BUY FOOD at QUALITY 1" (its words,
  // its mover apart), beside the chips that add to it.
  function done(move) {
    const said = move.said ? move.said.slice(move.said.indexOf(": ") + 2) : "";
    return said ? `✓ ${said}` : "✓ this move";
  }

  // A verb's chip: its kind (FAVOUR BARTER), else the verb as the rulebook says it.
  function named(verb) {
    return verb.label || verb.said || verb.verb;
  }

  // Where the path leads: the verb, the step reached, the words chosen, the move if complete.
  function walk() {
    const verb = pick.tree.verbs[pick.path[0]];
    let step = verb.step;
    const words = [verb.said || verb.verb]; // (the crumbs: each chip's words, not the grammar's)
    let move = null;
    for (const index of pick.path.slice(1)) {
      if (index === -1) {
        move = step.move;
        break;
      }
      const choice = step.choices[index];
      if (choice.word) words.push(choice.label);
      step = choice.step;
    }
    // A step with one way on is taken for the player; a step with none is the move.
    while (!move) {
      if (!step.choices.length) {
        move = step.move;
        break;
      }
      if (step.choices.length !== 1 || step.move) break;
      const only = step.choices[0];
      if (only.word) words.push(only.label);
      step = only.step;
      pick.path.push(0);
    }
    return { verb, step, words, move };
  }

  // Each question a move asks, once per value it wants (a card's 2 colours: twice).
  function slots(move) {
    return move.asks.flatMap((ask) => Array.from({ length: ask.count }, (_, i) => ({ ask, i })));
  }

  // The path to the first move asked as one form (a board the setup waits for), if any, to open
  // by itself: only where no move is offered to tap (a card the library knows, a starting
  // MATERIAL dealt), which the form would otherwise cover; then the form is a chip like any.
  function formPath(tree) {
    const listed = (step) => Boolean(step.move && step.move.command) || step.choices.some((c) => listed(c.step));
    if (tree.verbs.some((verb) => listed(verb.step))) return null;
    const find = (step, path) => {
      if (step.move && step.move.form) return step.choices.length ? [...path, -1] : path;
      for (let i = 0; i < step.choices.length; i++) {
        const found = find(step.choices[i].step, [...path, i]);
        if (found) return found;
      }
      return null;
    };
    for (let i = 0; i < tree.verbs.length; i++) {
      const found = find(tree.verbs[i].step, [i]);
      if (found) return found;
    }
    return null;
  }

  // A card or board asked as one form, laid out like it: what the rulebook prints of it shown
  // and not editable, each named box a field (a box printed 3 times: 3 fields); posted as the
  // grammar's words, told first as any move is.
  function drawForm(box, move) {
    const form = el("form", "card-form");
    form.append(el("h3", null, move.label || move.text));
    move.fixed.forEach(([label, value]) => {
      const row = el("label", "field fixed");
      row.append(el("span", null, label));
      const input = el("input");
      input.value = value;
      input.readOnly = true;
      input.setAttribute("aria-label", label);
      row.append(input);
      form.append(row);
    });
    const inputs = [];
    slots(move).forEach(({ ask, i }, n) => {
      const row = el("label", printed(ask) ? "field fixed" : "field");
      const more = ask.least && i >= ask.least ? ", if printed" : ""; // (a card printing fewer: left empty)
      const name = ask.count > 1 ? `${ask.words} (${i + 1} of ${ask.count}${more})` : ask.words;
      row.append(el("span", null, name));
      let input;
      if (ask.choices.length && !ask.tap && !printed(ask)) {
        input = el("select");
        // an optional choice starts unchosen (a card may print none of it)
        if (ask.optional) input.append(Object.assign(el("option", null, "none"), { value: "" }));
        ask.choices.forEach((value) => input.append(el("option", null, value)));
      } else {
        input = el("input");
        input.autocomplete = "off";
        input.autocapitalize = "none";
        input.spellcheck = false;
        if (ask.example) input.placeholder = "e.g. " + ask.example;
      }
      input.setAttribute("aria-label", name);
      const kept = pick.answers[n] || (pick.typed || [])[n];
      if (printed(ask)) {
        // what the rulebook prints: shown, not editable, posted as it is
        input.value = ask.choices[0];
        input.readOnly = true;
      } else {
        if (kept) input.value = kept;
        // What is typed survives the page's live updates (a redraw builds the form afresh).
        const keep = () => { (pick.typed = pick.typed || [])[n] = input.value; };
        input.addEventListener("input", keep);
        input.addEventListener("change", keep);
      }
      row.append(input);
      if (ask.tap) row.append(taps(input, ask));
      form.append(row);
      inputs.push({ input, ask, i });
    });
    const row = el("div", "chips");
    const go = el("button", "chip record", "tell the move");
    row.append(go, chip("cancel", () => { reset(); drawPicker(); }, "quiet"));
    form.append(row);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const missing = inputs.find(
        ({ input, ask, i }) => !input.value.trim() && !printed(ask) && !ask.optional && !(ask.least && i >= ask.least),
      );
      if (missing) {
        say(`${missing.input.getAttribute("aria-label")}: as printed, please`, false);
        missing.input.focus();
        return;
      }
      pick.answers = inputs.map(({ input }) => input.value.trim());
      drawPicker();
    });
    box.append(form);
  }

  // A question whose one answer the rulebook prints (not optional): shown and posted as it is.
  function printed(ask) {
    return ask.choices.length === 1 && !ask.optional && !ask.tap;
  }

  // Chips tapped into a typed field, each adding its value after a comma (a list of resources);
  // a question asked once a value (a card's 2 colours: 2 fields), the field's one value.
  function taps(input, ask) {
    const row = el("span", "chips taps");
    ask.choices.forEach((value) => {
      const add = chip(value, () => {
        const now = input.value.trim();
        if (ask.count > 1) input.value = value;
        else input.value = !now || now.endsWith(",") ? now + value : `${now},${value}`;
        input.dispatchEvent(new Event("input"));
      });
      row.append(add);
    });
    if (ask.count > 1) return row; // (one value: typed over, or tapped again)
    row.append(chip("⌫ last", () => {
      input.value = input.value.replace(/,?[^,]*$/, "");
      input.dispatchEvent(new Event("input"));
    }, "quiet"));
    return row;
  }

  // A typed answer as one word of the grammar, whatever it holds (the server splits as a shell).
  function quoted(value) {
    return /^[\w:@=,.+-]+$/.test(value) ? value : "'" + value.replace(/'/g, "'\"'\"'") + "'";
  }

  // The grammar's words of the answers: "--flag a,b", "key=a key=b" (a flag ending in "="),
  // or the values alone; a question left out (not printed on the card) says nothing.
  function payload(move) {
    if (!move.asks.length) return { command: move.command };
    let at = 0;
    const asked = move.asks.flatMap((ask) => {
      // (a question answered with fewer values than it may take leaves the rest empty)
      const values = printed(ask) ? [ask.choices[0]] : pick.answers.slice(at, at + ask.count).filter((v) => v !== "");
      at += ask.count;
      if (!values.length) return [];
      if (ask.flag.endsWith("=")) return values.map((v) => quoted(ask.flag + v));
      const value = quoted(values.join(","));
      return [ask.flag ? ask.flag + " " + value : value];
    });
    return { text: [move.text, ...asked].join(" ") };
  }

  function reset() {
    pick.path = [];
    pick.answers = [];
    pick.told = null;
    pick.draft = null;
  }

  function back() {
    pick.told = null;
    pick.draft = null;
    if (pick.answers.length) {
      // Back over the empty values "that is all" left, then over the last value chosen.
      while (pick.answers.length && pick.answers[pick.answers.length - 1] === "") pick.answers.pop();
      pick.answers.pop();
    } else {
      // Back over the steps taken for the player, then over their last choice.
      while (pick.path.length > 1 && onlyWay(pick.path.slice(0, -1))) pick.path.pop();
      if (pick.path.length <= 1) pick.path = [];
      else pick.path.pop();
    }
    drawPicker();
  }

  function onlyWay(path) {
    let step = pick.tree.verbs[path[0]].step;
    for (const index of path.slice(1)) step = step.choices[index].step;
    return step.choices.length === 1 && !step.move;
  }

  async function tell(move) {
    if (pick.telling) return;
    const asked = pick;
    asked.telling = true;
    const reply = await send("preview", payload(move));
    asked.telling = false;
    if (pick !== asked) return; // the table changed meanwhile: the pick kept is told afresh
    if (!reply) return;
    if (!reply.ok) {
      say(reply.line, false);
      if (move.form) pick.typed = pick.answers; // a form keeps what was typed, to correct
      pick.answers = [];
      if (move.asks.length) drawPicker();
      else back();
      return;
    }
    pick.told = reply;
    drawPicker();
  }

  // A pick's choices by what they say (the verb, each chip's word), not by their place among
  // the choices: after another phone's move the same chip may sit elsewhere, or be gone.
  function pathKeys(tree, path) {
    const verb = tree.verbs[path[0]];
    const keys = [{ word: verb.verb, label: verb.label || "" }];
    let step = verb.step;
    for (const index of path.slice(1)) {
      if (index === -1) {
        keys.push(null);
        break;
      }
      const choice = step.choices[index];
      keys.push({ word: choice.word, label: choice.label });
      step = choice.step;
    }
    return keys;
  }

  function pathLabels(tree, path) {
    const verb = tree.verbs[path[0]];
    const labels = [verb.label || verb.verb];
    let step = verb.step;
    for (const index of path.slice(1)) {
      if (index === -1) break;
      const choice = step.choices[index];
      if (choice.label) labels.push(choice.label);
      step = choice.step;
    }
    return labels;
  }

  function follow(tree, keys) {
    const find = (items, key) => {
      const exact = items.findIndex((c) => c.word === key.word && (c.label || "") === key.label);
      return exact >= 0 ? exact : items.findIndex((c) => (key.word ? c.word === key.word : c.label === key.label));
    };
    const v = find(tree.verbs.map((verb) => ({ word: verb.verb, label: verb.label })), keys[0]);
    if (v < 0) return null;
    const path = [v];
    let step = tree.verbs[v].step;
    for (const key of keys.slice(1)) {
      if (key === null) {
        if (!step.move) return null;
        path.push(-1);
        break;
      }
      const i = find(step.choices, key);
      if (i < 0) return null;
      path.push(i);
      step = step.choices[i].step;
    }
    return path;
  }

  // The pick ``was`` carried over to the new tree, if it is still legal there: the same chips,
  // and each value answered still among those offered.
  function keep(was) {
    const path = follow(pick.tree, pathKeys(was.tree, was.path));
    let kept = path !== null;
    if (kept) {
      pick.path = path;
      const { move } = walk();
      if (was.answers.length) {
        const asked = move ? slots(move) : [];
        kept = was.answers.length <= asked.length && was.answers.every((value, n) => {
          const choices = asked[n].ask.choices;
          return value === "" || !choices.length || choices.includes(value);
        });
      }
    }
    if (kept) {
      pick.answers = was.answers.slice();
      pick.draft = was.draft;
      pick.typed = was.typed;
      return;
    }
    const picked = [...pathLabels(was.tree, was.path), ...was.answers.filter((v) => v !== "")].join(" ");
    pick.path = [];
    say(`the table changed: your pick (${picked}) is no longer a move now: pick again`, false);
  }

  function drawPicker() {
    const box = document.getElementById("picker");
    if (!box) return;
    const raw = box.dataset.picker;
    if (raw !== pick.raw) {
      // The table moved on: the choices are new. A pick half made is kept while every choice
      // in it is still offered (told afresh: what it does may have changed); else dropped, saying so.
      const was = pick;
      pick = { raw, tree: JSON.parse(raw), path: [], answers: [], told: null, telling: false, draft: null };
      if (was.raw !== null && was.path.length) keep(was);
      // What the setup waits for, laid out as its card or board (issue 41): opened at once.
      if (!pick.path.length) pick.path = formPath(pick.tree) || [];
    }
    const tree = pick.tree;
    if (!tree.verbs.length) return;
    box.replaceChildren();
    const title = el("h2", null, box.dataset.who === "the table" ? "The table’s moves now" : "Your move");
    box.append(title);
    const chips = el("div", "chips picks");
    if (!pick.path.length) {
      tree.verbs.forEach((verb, i) =>
        chips.append(chip(verb.count > 1 ? `${named(verb)} (${verb.count})` : named(verb), () => {
          pick.path = [i];
          drawPicker();
        }, "verb")),
      );
      box.append(chips);
      return;
    }
    const { verb, step, words, move } = walk();
    const cancel = () => chip("cancel", () => { reset(); drawPicker(); }, "quiet");
    if (move && pick.told) {
      // The move in words, as it would be recorded: the last look before it is.
      const told = el("div", "told");
      told.append(el("p", "move-text", pick.told.said || pick.told.text));
      const facts = el("ul", "facts");
      pick.told.facts.forEach((fact) => facts.append(el("li", null, fact)));
      if (pick.told.more) facts.append(el("li", "more", "and what follows, told once it is recorded"));
      told.append(facts);
      const row = el("div", "chips");
      row.append(
        chip("record", async () => {
          const made = payload(move);
          reset();
          // A form's card recorded: the setup's next card opens as its form, even where it is
          // asked as the last one was (the next Life Goal: the same picker), so read afresh.
          if (move.form) pick.raw = null;
          drawPicker(); // at once: a second tap finds no record button to post the move twice
          await post("move", made);
        }, "record"),
        chip("back", back, "quiet"),
        cancel(),
      );
      told.append(row);
      box.append(told);
      return;
    }
    const crumbs = el("p", "crumbs");
    // (with what is answered so far: a card's name, its first PROPERTY)
    const answered = move ? pick.answers.filter((v) => v !== "") : [];
    crumbs.append(el("b", null, [...words, ...answered].join(" ")));
    crumbs.append(" ", chip("back", back, "quiet"), " ", cancel());
    box.append(crumbs);
    if (verb.help) box.append(el("p", "help", verb.help));
    if (!move) {
      if (step.move) chips.append(chip(step.move.label || done(step.move), () => { pick.path.push(-1); drawPicker(); }, "done"));
      step.choices.forEach((choice, i) => chips.append(chip(choice.label, () => { pick.path.push(i); drawPicker(); })));
      box.append(chips);
      return;
    }
    if (move.form && pick.answers.length < slots(move).length) {
      drawForm(box, move);
      return;
    }
    const slot = slots(move)[pick.answers.length];
    if (slot) {
      const { ask, i } = slot;
      const of = ask.least ? `${ask.least} to ${ask.count}` : ask.count;
      box.append(el("p", "ask", ask.count > 1 ? `${ask.words} (${i + 1} of ${of})` : ask.words));
      const answer = (value) => { pick.draft = null; pick.answers.push(value); drawPicker(); };
      // The card prints fewer values than the most, or none: the rest of this question empty.
      const skip = (from) => {
        for (let n = from; n < ask.count; n++) pick.answers.push("");
        drawPicker();
      };
      const enough = (row) => {
        if (ask.least && i >= ask.least) row.append(chip("that is all", () => skip(i), "done"));
        else if (ask.optional && !i) row.append(chip("not on the card", () => skip(i), "done"));
      };
      if (ask.choices.length) {
        ask.choices.forEach((value) => chips.append(chip(value, () => answer(value))));
        enough(chips);
        box.append(chips);
      } else {
        // Nothing to choose from (a card's name): typed, then on.
        const form = el("form", "row");
        const input = el("input");
        input.setAttribute("aria-label", ask.words);
        input.autocomplete = "off";
        // What is being typed survives the page's live updates (another phone's move redraws
        // the picker; the question is the same while the choices are).
        const at = pick.answers.length;
        if (pick.draft && pick.draft.at === at) input.value = pick.draft.value;
        input.addEventListener("input", () => { pick.draft = { at, value: input.value }; });
        const go = el("button", null, "next");
        form.append(input, go);
        enough(form);
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          if (input.value.trim()) answer(input.value.trim());
        });
        box.append(form);
        input.focus();
      }
      return;
    }
    box.append(el("p", "help", "telling the move…"));
    tell(move);
  }

  // --- the your-turn cue: while something is asked of this page's player (the table, on its
  // page), the title says so and a bar stays in sight; when it becomes their turn, the phone
  // vibrates where the browser allows, and sounds if the page's "sound" box is ticked (off
  // unless ticked: kept in this browser). Nothing while nothing is asked of them.
  const title = document.title;
  const sound = document.getElementById("sound");
  let wasTurn = null;
  let audio = null;

  function beep() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.value = 0.2;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.3);
    } catch (error) {
      // (a browser that plays nothing without a tap first: the title and the bar still say it)
    }
  }

  function soundOn() {
    try {
      return localStorage.getItem("referee.sound") === "on";
    } catch (error) {
      return false;
    }
  }

  if (sound) {
    sound.checked = soundOn();
    sound.addEventListener("change", () => {
      try {
        localStorage.setItem("referee.sound", sound.checked ? "on" : "off");
      } catch (error) {
        // (storage refused: the box holds for this page only)
      }
      if (sound.checked) beep(); // what it will sound like (and the tap a browser wants first)
    });
  }

  function turn() {
    const bar = document.getElementById("turn");
    if (!bar) return;
    const state = document.getElementById("state");
    // (not while the page takes no move: a stopped game, or under witness.js's red banner)
    const mine = Boolean(state && state.hasAttribute("data-turn"))
      && !body.hasAttribute("data-stopped") && !body.hasAttribute("data-rewritten");
    bar.hidden = !mine;
    document.title = mine ? "● " + bar.textContent.split(":")[0].trim() + " · " + title : title;
    if (mine && wasTurn === false) {
      if (navigator.vibrate) {
        try {
          navigator.vibrate([200, 100, 200]);
        } catch (error) {
          // (not allowed here)
        }
      }
      if (sound ? sound.checked : soundOn()) beep();
    }
    wasTurn = mine;
  }

  function say(text, ok) {
    if (!said) return;
    said.textContent = text;
    said.className = "said " + (ok ? "ok" : "refused");
  }

  async function send(path, data) {
    // Under witness.js's red banner (the log differs from what this phone saw) this page
    // records nothing: its picker and forms are hidden (referee.css), and nothing is posted.
    if (body.hasAttribute("data-rewritten") && path !== "table/verify") {
      say("nothing is posted from this page while the log differs from what this phone saw (the red banner)", false);
      return null;
    }
    if (!("head" in data)) data.head = head(); // (a void confirmed: the head it was shown at)
    try {
      const response = await fetch(action + "/" + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(data),
      });
      return await response.json();
    } catch (error) {
      say("the referee cannot be reached: nothing was recorded", false);
      return null;
    }
  }

  // Each submission carries an id of its own, made here; a retry of the same submission after
  // the referee could not be reached keeps it, so the server records it once whatever arrived.
  let pending = null;

  function freshId() {
    // (getRandomValues, not randomUUID: a phone on the table's network is no secure context)
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function post(path, data) {
    const what = path + " " + JSON.stringify(data);
    if (!pending || pending.what !== what) pending = { what, id: freshId() };
    data.submission = pending.id;
    const reply = await send(path, data);
    if (!reply) return false; // not reached: the same submission again keeps its id
    pending = null;
    // (a refusal too brings the table as it stands: a stale page is refreshed, not left offering
    // what was refused; a retry's first answer may be older than the page)
    if (reply.html && !(reply.head < head())) show(reply.html);
    say(reply.line, reply.ok);
    const qr = document.getElementById("qr");
    if (qr && reply.qr) {
      // A link shown again: the link and its QR code together, at the top, in sight.
      const img = document.createElement("img");
      img.src = reply.qr;
      img.alt = "QR code of " + reply.url;
      const url = el("p", "url");
      url.append(el("b", null, reply.line.split(": http")[0] + ":"), " ", el("code", null, reply.url));
      qr.replaceChildren(url, img);
      qr.hidden = false;
      qr.scrollIntoView({ block: "start" });
    }
    return reply.ok;
  }

  // --- a void, shown before it is recorded: the move the seq names and, by cascade, each later
  // move it breaks, in words; "record this void" posts it with the head it was shown at, so that
  // anything recorded in between refuses it (as another writer's move). Every void is shown
  // first, cascade or not: a seq is typed by hand, and the move in words shows a mistyped one.

  function unask() {
    if (shownVoid) shownVoid.box.remove();
    shownVoid = null;
  }

  async function askVoid(form, data) {
    unask();
    const reply = await send(form.dataset.confirm, { ...data });
    if (!reply) return;
    say(reply.ok ? "" : reply.line, reply.ok);
    if (!reply.ok) {
      // (said here too, under the void's boxes: on a phone, the line at the top is a page away)
      const box = el("p", "said refused void-told", reply.line);
      form.after(box);
      shownVoid = { box, head: null };
      return;
    }
    const box = el("div", "told void-told");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "the void, to confirm");
    box.append(el("p", "move-text", reply.line));
    const moves = el("ul", "facts");
    reply.lines.forEach((line) => moves.append(el("li", null, line)));
    box.append(moves);
    const row = el("div", "chips");
    row.append(
      chip("record this void", async () => {
        unask(); // at once: a second tap finds nothing to post twice
        if (await post(form.dataset.post, { ...data, head: reply.head })) form.reset();
      }, "record"),
      chip("cancel", () => { unask(); say("nothing recorded", true); }, "quiet"),
    );
    box.append(row);
    form.after(box);
    shownVoid = { box, head: reply.head };
    box.scrollIntoView({ block: "nearest" });
  }

  if (action) {
    document.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-takeback]");
      if (button) post("takeback", { seq: Number(button.dataset.takeback) });
    });
    document.querySelectorAll("form[data-post]").forEach((form) => {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(form).entries());
        if (form.dataset.confirm) askVoid(form, data);
        else if ((await post(form.dataset.post, data)) && !("keep" in form.dataset)) form.reset();
      });
    });
  }

  // --- the board at an earlier move (Table.past): shown in place of the live part, which keeps
  // updating hidden; "back to live" shows it again. What is shown is the viewer's view then.
  const past = document.getElementById("past");

  async function showAt(seq) {
    let reply = null;
    try {
      reply = await (await fetch((action || "") + "/at/" + Number(seq) + ".json")).json();
    } catch (error) {
      reply = { ok: false, line: "the referee cannot be reached: the board stays as it is" };
    }
    if (!reply.ok) {
      say(reply.line, false);
      return;
    }
    past.innerHTML = reply.html;
    past.hidden = false;
    live.hidden = true;
    body.setAttribute("data-past", "");
    past.scrollIntoView({ block: "start" });
  }

  function toLive() {
    past.hidden = true;
    past.replaceChildren();
    live.hidden = false;
    body.removeAttribute("data-past");
  }

  if (past) {
    document.addEventListener("click", (event) => {
      const at = event.target.closest("button[data-at]");
      const voiding = event.target.closest("button[data-void]");
      if (at) showAt(at.dataset.at);
      else if (event.target.closest("button[data-live]")) toLive();
      else if (voiding) {
        // The table's page: the void's form, its seq filled in; the void is shown before it is recorded.
        const form = document.querySelector('form[data-post="table/void"]');
        if (!form) return;
        form.elements.seq.value = voiding.dataset.void;
        form.scrollIntoView({ block: "center" });
        form.elements.reason.focus();
      }
    });
    document.addEventListener("change", (event) => {
      const range = event.target.closest("input[data-seqs]");
      if (range) showAt(JSON.parse(range.dataset.seqs)[Number(range.value)]);
    });
  }

  stopped();
  drawPicker();
  turn();
  // The live updates. A stream the server refused (too many pages open) or lost is one the
  // browser gives up on: asked again later, ever more slowly (the page works meanwhile, as loaded).
  let wait = 5;
  function listen() {
    const events = new EventSource(body.dataset.events);
    events.addEventListener("board", (event) => {
      const data = JSON.parse(event.data);
      if (data.head !== head() || data.html !== live.innerHTML) show(data.html);
      link.textContent = "live";
      link.className = "link";
      wait = 5;
    });
    // This page's link was replaced or revoked: what it showed goes, and it asks no more.
    events.addEventListener("closed", (event) => {
      events.close();
      show(JSON.parse(event.data).html);
      link.textContent = "closed";
      link.className = "link off";
    });
    events.onerror = () => {
      link.textContent = "reconnecting…";
      link.className = "link off";
      if (events.readyState === EventSource.CLOSED) {
        setTimeout(listen, wait * 1000 * (0.5 + Math.random()));
        wait = Math.min(wait * 2, 60);
      }
    };
  }
  listen();
})();
