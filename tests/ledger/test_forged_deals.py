"""A deal the seed did not make (issue 40's checks of what the seed alone can confirm): a
``--seed`` game's FAVOUR drawn, rewritten to another card with every hash recomputed, is named
wherever the seed is at hand, as the rules would decide the move again from it: an import of an
export that carries the seed (``--with-seed``), an import into the database that keeps it, rows
appended behind the verified mark with a revert among them, and the table's void of such a
damaged move. Where the seed is lost, such a deal is taken as recorded (docs/auditing.md); and a
seed an import reads in its file is kept, for every copy of the game there."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ledger.games.loop.data import FAVOURS
from ledger.service import Referee
from tests import finished
from tests.conftest import Result
from tests.ledger.test_integrity import rechain, write_export

Cli = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "loop-test-cards.toml"
DRAWN = "loop.favour_drawn"


def start(cli: Cli) -> None:
    assert cli("new", "loop", "--players", "ann,ben,cat", "--seed", "7", "--cards", str(CARDS)).code == 0
    assert cli("loop", "work", "ann").code == 0


def end_ann(cli: Cli) -> int:
    """ann ends her turn: ben's turn starts and the referee draws him a FAVOUR from the deck.
    Returns the move's seq."""
    done = cli("loop", "end", "ann", "--json")
    assert done.code == 0, done
    return int(json.loads(done.out)["seq"])


def other_card(card: str) -> str:
    return next(c for c in FAVOURS if c != card)


def forged(lines: list[str]) -> tuple[dict[str, object], list[dict[str, object]], int]:
    """An export's lines with the last FAVOUR drawn changed to another card, ready for
    ``write_export`` (every hash recomputed); and that row's seq."""
    header, *rows = (json.loads(line) for line in lines)
    row = [r for r in rows if r["type"] == DRAWN][-1]
    row["body"]["card"] = other_card(row["body"]["card"])  # type: ignore[index]
    return header, rows, int(row["seq"])  # type: ignore[call-overload]


@contextmanager
def behind_the_mark(db_path: Path) -> Iterator[None]:
    """Rows written inside this block end up behind the verified mark of before it: the mark
    row as it was (its seal the referee's own) is put back afterwards, as if they had been
    appended by hand."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    (mark,) = conn.execute("SELECT * FROM verified WHERE game_id = 1").fetchall()
    try:
        yield
    finally:
        names = mark.keys()
        conn.execute("DELETE FROM verified WHERE game_id = 1")
        conn.execute(
            f"INSERT INTO verified ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
            tuple(mark),
        )
        conn.close()


def forge_in_place(db_path: Path) -> int:
    conn = sqlite3.connect(db_path, isolation_level=None)
    seq, body = conn.execute(
        "SELECT seq, body FROM events WHERE game_id = 1 AND type = ? ORDER BY seq DESC LIMIT 1", (DRAWN,)
    ).fetchone()
    fact = json.loads(body)
    fact["card"] = other_card(fact["card"])
    conn.execute(
        "UPDATE events SET body = ? WHERE game_id = 1 AND seq = ?",
        (json.dumps(fact, sort_keys=True, separators=(",", ":")), seq),
    )
    conn.close()
    rechain(db_path)
    return int(seq)


def drawn_card(db_path: Path) -> str:
    conn = sqlite3.connect(db_path)
    (body,) = conn.execute(
        "SELECT body FROM events WHERE game_id = 1 AND type = ? ORDER BY seq DESC LIMIT 1", (DRAWN,)
    ).fetchone()
    conn.close()
    return str(json.loads(body)["card"])


def different_facts(move: int) -> str:
    return f"move #{move} (end ann) is refused: it would now record different facts"


def test_a_forged_deal_in_an_export_with_its_seed_is_refused_on_import(
    cli: Cli, elsewhere: Cli, tmp_path: Path
) -> None:
    """`export --with-seed` carries the seed, and the import deals every move again from it."""
    start(cli)
    move = end_ann(cli)
    header, rows, _ = forged(cli("export", "--with-seed").out.splitlines())
    other = tmp_path / "other.db"
    result = elsewhere(other, "import", str(write_export(tmp_path / "forged.jsonl", header, rows)))
    assert result.code == 1 and different_facts(move) in result.err, result
    assert not other.exists()  # refused before anything is kept


def test_a_forged_deal_in_an_export_without_its_seed_is_refused_where_the_seed_is_kept(
    cli: Cli, tmp_path: Path
) -> None:
    """An export while the game runs carries no seed; imported into the database that keeps it
    sealed (a copy restored, `import --copy`), the deals are checked with the seed kept: the
    file as exported imports, its deals confirmed; the forged one is refused."""
    start(cli)
    move = end_ann(cli)
    lines = cli("export").out.splitlines()
    header, rows, _ = forged(lines)
    result = cli("import", str(write_export(tmp_path / "forged.jsonl", header, rows)), "--copy")
    assert result.code == 1 and different_facts(move) in result.err, result
    assert len(json.loads(cli("games", "--json").out)["games"]) == 1
    plain = tmp_path / "plain.jsonl"
    plain.write_text("\n".join(lines) + "\n")
    assert cli("import", str(plain), "--copy").code == 0
    checked = json.loads(cli("verify", "--json").out)
    assert (checked["game_id"], checked["seed"], checked.get("unconfirmed", 0)) == (2, "sealed", 0)


def test_a_forged_deal_appended_behind_the_mark_with_a_revert_after_it_is_named(
    cli: Cli, db_path: Path
) -> None:
    """Rows after the verified mark are checked before anything is shown; with a revert among
    them the whole log is dealt again, from the seed kept: a deal rewritten there is named, and
    nothing is appended after."""
    start(cli)
    with behind_the_mark(db_path):
        move = end_ann(cli)
        assert cli("undo").code == 0
    forge_in_place(db_path)
    status = cli("status")
    assert status.code == 3 and different_facts(move) in status.err, status
    assert cli("loop", "end", "ann").code == 3
    verified = cli("verify")
    assert verified.code == 1 and different_facts(move) in verified.err


def test_the_table_voids_a_forged_deal_and_the_seed_deals_the_card_again(cli: Cli, db_path: Path) -> None:
    """The table's answer to a move the rules refuse (docs/auditing.md): `void` it. The void of a
    forged deal is checked with the seed kept, which refuses that deal; once voided the game
    checks out, and ann's end of turn draws ben the card the seed dealt him."""
    start(cli)
    with behind_the_mark(db_path):
        move = end_ann(cli)
    dealt = drawn_card(db_path)
    forge_in_place(db_path)
    assert different_facts(move) in cli("status").err
    void = cli("void", str(move), "--reason", "not the card dealt")
    assert void.code == 0, void
    assert cli("verify").code == 0
    end_ann(cli)
    assert drawn_card(db_path) == dealt


def test_a_seed_a_file_reveals_confirms_the_deals_of_every_copy_of_its_game(
    cli: Cli, referee: Referee, elsewhere: Cli, tmp_path: Path
) -> None:
    """A copy of a running game imported without its seed reads as its log holds it (its deals
    unconfirmed); once the table imports the same game revealed (`reveal-seed`, then `export`),
    the seed is known there, and that copy's deals are confirmed by it too."""
    start(cli)
    there, running, revealed = tmp_path / "there.db", tmp_path / "running.jsonl", tmp_path / "revealed.jsonl"
    assert cli("export", "-o", str(running)).code == 0
    assert elsewhere(there, "import", str(running)).code == 0
    lost = json.loads(elsewhere(there, "verify", "--json").out)
    assert lost["seed"] == "lost" and lost["unconfirmed"] > 0
    finished.play(referee, 1, "loop")
    assert cli("reveal-seed").code == 0 and cli("export", "-o", str(revealed)).code == 0
    assert elsewhere(there, "import", str(revealed)).code == 0
    copy = json.loads(elsewhere(there, "--game", "1", "verify", "--json").out)
    assert (copy["game_id"], copy["seed"], copy.get("unconfirmed", 0)) == (1, "sealed", 0)
