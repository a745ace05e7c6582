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

  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return; // (a double tap starts one game)
    busy = true;
    const button = document.getElementById("start-game");
    button.disabled = true;
    const reply = await send("new", asked());
    busy = false;
    button.disabled = false;
    if (!reply) return;
    if (!reply.ok) {
      say(reply.line, false);
      return;
    }
    document.getElementById("start").innerHTML = reply.html;
    document.querySelector("h1").textContent = reply.line.split(":")[0];
    window.scrollTo(0, 0);
  });

})();
