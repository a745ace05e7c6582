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
the public board only. ``/g/N`` is game N's board, whatever game ``/`` shows; no page makes
another game's table link. Every page listens to its event stream (server-sent events): a move
made on a page shows on every page at once; one recorded elsewhere (the command line, ``play``,
another ``serve`` process) at once on PostgreSQL, whose store tells every process of each write
(``Referee.listen``: LISTEN/NOTIFY), and within ``POLL`` seconds on SQLite, where the server
looks at the log's head by itself.

Every page is also a witness of the record (``witness.js``): it shows the head as ``#SEQ`` and
a short hash, keeps the hash of every row it saw in its browser, and at each update checks the
log by itself against them from ``/witness.json`` (``/t/TOKEN/witness.json``: ``Referee.witness``
for that page's viewer).

A game whose log stops checking out (a row edited by hand while serving: the referee checks the
rows again whenever another process wrote, as a fresh command would) stops every page: each
shows what is wrong and what the table can do, and no page takes a move until it is resolved.
A link replaced or revoked (here, or by another process) ends its open event streams. Event
streams and posted bodies are bounded (``STREAMS``, ``STREAMS_PER_ADDRESS``, ``MAX_BODY``).

The service is synchronous (SQLite, or psycopg's blocking connection): it is called from the
event loop's one thread only (a move takes milliseconds), through one referee for every game
the server shows (one connection, kept in the thread that opened it), plus, on PostgreSQL, one
asynchronous connection that listens for news.
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
