// The live part of every page comes from the server: this only swaps it in and posts moves.
"use strict";
(function () {
  const body = document.body;
  const live = document.getElementById("live");
  const link = document.getElementById("link");
  const said = document.getElementById("said");
  const action = body.dataset.action;

  function head() {
    const state = document.getElementById("state");
    return state ? Number(state.dataset.head) : null;
  }

  function show(html) {
    // Keep which groups of moves are open across updates.
    const open = new Set([...live.querySelectorAll("details[open] summary")].map((s) => s.textContent.split(" ")[0]));
    live.innerHTML = html;
    live.querySelectorAll("details summary").forEach((s) => {
      if (open.has(s.textContent.split(" ")[0])) s.parentElement.open = true;
    });
  }

  function say(text, ok) {
    if (!said) return;
    said.textContent = text;
    said.className = "said " + (ok ? "ok" : "refused");
  }

  async function post(path, data) {
    data.head = head();
    let reply;
    try {
      const response = await fetch(action + "/" + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(data),
      });
      reply = await response.json();
    } catch (error) {
      say("the referee cannot be reached: nothing was recorded", false);
      return false;
    }
    say(reply.line, reply.ok);
    if (reply.html) show(reply.html);
    return reply.ok;
  }

  if (action) {
    document.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-command]");
      if (button) post("move", { command: button.dataset.command });
    });
    document.querySelectorAll("form[data-post]").forEach((form) => {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(form).entries());
        if (await post(form.dataset.post, data)) form.reset();
      });
    });
  }

  const events = new EventSource(body.dataset.events);
  events.addEventListener("board", (event) => {
    const data = JSON.parse(event.data);
    if (data.head !== head() || data.html !== live.innerHTML) show(data.html);
    link.textContent = "live";
    link.className = "link";
  });
  events.onerror = () => {
    link.textContent = "reconnecting…";
    link.className = "link off";
  };
})();
