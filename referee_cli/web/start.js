// The table's page of a new game (start.html): the chosen game's mode and options shown, the
// form posted as JSON (the pages' guard against another site's posts: a JSON body cannot be
// sent across sites without the server's consent), and the game's links shown once started.
(function () {
  "use strict";
  const body = document.body;
  const action = body.dataset.action;
  const form = document.getElementById("new-game");
  const said = document.getElementById("said");
  if (!form || !action) return;

  function chosen() {
    const radio = form.querySelector('input[name="game"]:checked');
    return radio ? radio.value : "";
  }

  function showSetup() {
    for (const set of form.querySelectorAll("fieldset.setup")) set.hidden = set.dataset.game !== chosen();
  }
  for (const radio of form.querySelectorAll('input[name="game"]')) radio.addEventListener("change", showSetup);
  showSetup();

  function say(text, ok) {
    said.textContent = text;
    said.className = "said " + (ok ? "ok" : "refused");
  }

  async function send(path, data) {
    try {
      const response = await fetch(action + "/" + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(data),
      });
      return await response.json();
    } catch (error) {
      say("the referee cannot be reached: no game was started", false);
      return null;
    }
  }

  function asked() {
    const set = form.querySelector('fieldset.setup[data-game="' + chosen() + '"]');
    const options = {};
    for (const field of set.querySelectorAll("select[data-option], input[data-option]")) {
      options[field.dataset.option] = field.value.trim();
    }
    for (const group of set.querySelectorAll("div[data-option]")) {
      const ticked = Array.from(group.querySelectorAll("input:checked"), (box) => box.value);
      options[group.dataset.option] = ticked.join(",");
    }
    const mode = set.querySelector('select[name="mode"]');
    return {
      game: chosen(),
      players: Array.from(form.querySelectorAll('input[name="player"]'), (input) => input.value.trim()),
      mode: mode ? mode.value : "",
      options: options,
      title: form.querySelector('input[name="title"]').value.trim(),
      seed: form.querySelector('input[name="seed"]').value.trim(),
    };
  }

  // Each submission carries an id of its own (as referee.js's moves do): the same form posted
  // again (a double tap, a retry after the referee could not be reached) keeps it, and the
  // server starts one game for it, answering the second post as the first.
  let pending = null;

  function freshId() {
    // (getRandomValues, not randomUUID: a phone on the table's network is no secure context)
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return; // (a double tap starts one game)
    busy = true;
    const button = document.getElementById("start-game");
    button.disabled = true;
    const data = asked();
    const what = JSON.stringify(data);
    if (!pending || pending.what !== what) pending = { what, id: freshId() };
    data.submission = pending.id;
    const reply = await send("new", data);
    busy = false;
    button.disabled = false;
    if (!reply) return; // not reached: the same submission again keeps its id
    pending = null;
    if (!reply.ok) {
      say(reply.line, false);
      return;
    }
    document.getElementById("start").innerHTML = reply.html;
    document.querySelector("h1").textContent = reply.line.split(":")[0];
    window.scrollTo(0, 0);
  });

})();
