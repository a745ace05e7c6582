"""``referee serve``: the table's pages, over the table's own network, on the same ledger.

Three kinds of page, each a rendering of the service's ``board()`` (the game's own
``present(view)``), ``log()``, ``score()`` and ``legal()``; no rules here:

- the board (``/``, no token): the public view, whose turn it is, the last moves, the score
  sheet and the chart of each round's end at the end (``/chart.svg``: the chart alone); for a
  shared screen.
- a player's page (``/t/TOKEN``): the board as that player may see it (their hand and secret
  goals) and their legal moves now, as buttons that post the typed command.
- the table's page (``/t/TOKEN`` of the table's link): the table's moves (reveals,
  declarations), any move typed as at the command line, undo, redo, void and verify.

Tokens are per game and stored hashed (``Referee.new_links``); a wrong or missing token gets
the public board only. Every page listens to ``/events`` (server-sent events): the server
polls the log's head, so a move recorded by the command line, ``play`` or a phone shows on
every page within ``POLL`` seconds (at once for a move made on a page).

Every page is also a witness of the record (``witness.js``): it shows the head as ``#SEQ`` and
a short hash, keeps the hash of every row it saw in its browser, and at each update checks the
log by itself against them from ``/witness.json`` (``/t/TOKEN/witness.json``: ``Referee.witness``
for that page's viewer).

A game whose log stops checking out (a row edited by hand while serving: the referee checks the
rows again whenever another process wrote, as a fresh command would) stops every page: each
shows what is wrong and what the table can do, and no page takes a move until it is resolved.
A link replaced or revoked (here, or by another process) ends its open event streams. Event
streams and posted bodies are bounded (``STREAMS``, ``STREAMS_PER_ADDRESS``, ``MAX_BODY``).

The service is synchronous SQLite: it is called from the event loop's one thread only (a
move takes milliseconds), which also keeps its connection in the thread that opened it.
"""

from referee_cli.serve.launch import run_server
from referee_cli.serve.links import lan_address, links_text, qr_svg
from referee_cli.serve.routes import MAX_BODY, make_app
from referee_cli.serve.table import HERE, STREAMS, STREAMS_PER_ADDRESS, Table, stream_cap

__all__ = [
    "HERE",
    "MAX_BODY",
    "STREAMS",
    "STREAMS_PER_ADDRESS",
    "Table",
    "lan_address",
    "links_text",
    "make_app",
    "qr_svg",
    "run_server",
    "stream_cap",
]
