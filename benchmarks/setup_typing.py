"""Commands a table types before the first player's move: a group's first game of each kind
against its second, on one database (issue 17). Prints figures, asserts nothing.

    python benchmarks/setup_typing.py

Each game is driven through the real command line (``referee_cli.main.run``, in process), as
a table at real cards would type it: ``new``, then the table's setup reveals (the cards the
shuffle put there, named as the README names them), until a player is to act. In the first
game the library is empty, so the table also types every face the referee asks for (the
boards and settings the setup waits for, each card it reveals or the first player takes):
each card's in the reveal (or trait, or draft) that brings it out, one card a command
(issue 41); the boards and settings, which no move brings out, each with a ``declare`` (Pursuit's
settings all in one ``declare settings``). The
faces are the invented test decks in ``fixtures/``. The second game, of the same group on
the same database, starts from the card library. Goal for a second game: at most 2 + one
command per player.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
import tempfile
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ledger import games, library  # noqa: E402
from ledger.games.pursuit.faces import as_typed  # noqa: E402
from ledger.games.pursuit.model import Declare  # noqa: E402
from ledger.service import Referee  # noqa: E402
from ledger.words import card_name  # noqa: E402
from referee_cli.main import run  # noqa: E402

FIXTURES = ROOT / "fixtures"
MODULES = "community,friends,pets,school,stand-alone-jobs"
NAMES = ["ann", "ben", "cat", "dan", "eve"]


@dataclass(frozen=True)
class Setup:
    kind: str
    players: int
    new: tuple[str, ...]  # options of `new` besides --players
    reveals: tuple[str, ...]  # the table's setup commands, in the game's grammar
    first_move: str  # the first player's move (not counted): the faces it needs are
    files: tuple[str, ...]  # the invented faces the table declares in its first game
    bound: str = ""  # what keeps a second game above the goal, if anything


LOOP_AREA = ["dance", "picnic", "hiking", "gardening", "board-games"]
PLANET_B_NEWS = ("reveal news I plastic-bags II bribe III summit",)
PURSUIT_FRIENDS = "reveal friends kevin test-friend-1 test-friend-2 test-friend-3"
PURSUIT_FILES = ("pursuit-test-settings.toml", "pursuit-test-cards.toml")

SETUPS = [
    Setup(
        "loop",
        3,
        (),
        ("reveal material glass food metal --to ann,ben,cat", f"reveal activity {' '.join(LOOP_AREA)}"),
        "work ann",
        ("loop-test-cards.toml",),
    ),
    Setup(
        "planet-b",
        2,
        (),
        (
            "reveal tiles orbital-farms asteroid-mining media-house",
            f"{PLANET_B_NEWS[0]} --removed deep-mine",  # 2 players: the removed B tile with the news
        ),
        "draft ben bakery",
        ("planet-b-test-cards.toml",),
    ),
    Setup(
        "planet-b",
        4,
        (),
        ("reveal tiles orbital-farms asteroid-mining media-house", *PLANET_B_NEWS),
        "draft dan bakery",
        ("planet-b-test-cards.toml",),
    ),
    Setup(
        "pursuit",
        3,
        ("--modules", MODULES),
        ("reveal goals test-well-read test-career-minded test-richest", PURSUIT_FRIENDS),
        "trait ann test-artist",
        PURSUIT_FILES,
    ),
    Setup(
        "pursuit",
        5,
        ("--modules", MODULES),
        (
            "reveal goals test-well-read test-career-minded test-richest test-family-first"
            " test-good-neighbour",
            PURSUIT_FRIENDS,
        ),
        "trait ann test-artist",
        PURSUIT_FILES,
    ),
]


class Table:
    """One group's database; ``type`` runs a command as the table types it, and counts it."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.typed = 0
        self.words = 0

    def type(self, line: str, *, count: bool = True) -> None:
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            code = run(["--db", str(self.db), *shlex.split(line)])
        if code != 0:
            raise SystemExit(f"`referee {line}` exited {code}: {sink.getvalue().strip()}")
        self.typed += count
        self.words += count * len(shlex.split(line))

    def referee(self) -> Referee:
        return Referee.open(self.db, create=False)


def faces(kind: str, files: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """The test decks' declarations, by card name (or library key): name -> (key, typed text)."""
    game = games.get(kind)
    setup = library.scratch(game)
    out: dict[str, tuple[str, str]] = {}
    for file in files:
        commands = game.load_cards(setup, (FIXTURES / file).read_text())
        for command, events in library.declared(game, game.initial(setup), commands):
            for key, _, _ in library.faces_of(game, events):
                text = game.text(command)
                if kind == "pursuit":  # what a text prints of a named card is not typed (issue 41)
                    text = game.text(Declare(as_typed(command.face)))
                out[key] = (key, text)
                out[key.split(" ", 1)[-1]] = (key, text)
    return out


FILLED = ("set=", "pile=")  # what a Planet B reveal or draft fills itself: the tile set, the pile


def planet_b_lines(
    line: str, deck: dict[str, tuple[str, str]], library_faces: Container[str], declared: set[str]
) -> list[str]:
    """A Planet B setup line as a first game types it: each card new to the referee alone, its
    face in the reveal (or draft) that brings it out, the pile or set left to the move; the
    cards it knows together, as the second game types them (issue 41)."""

    def new(word: str) -> str:
        key, text = deck.get(card_name(word), ("", ""))
        if not key or key in library_faces or key in declared:
            return ""
        declared.add(key)
        return " ".join(w for w in text.split()[3:] if not w.startswith(FILLED))

    words = line.split()
    if words[:2] != ["reveal", "news"]:
        head, names = words[:2], words[2:]
        faces = [(name, new(name)) for name in names]
        known = [name for name, face in faces if not face]
        lines = [" ".join([*head, name, face]) for name, face in faces if face]
        return lines + ([" ".join([*head, *known])] if known or not lines else [])
    removed = words[words.index("--removed") + 1] if "--removed" in words else ""
    pairs = list(zip(words[2 : len(words) - (2 if removed else 0) : 2], words[3::2], strict=False))
    lines, known = [], []
    tile = new(removed) if removed else ""
    if tile:
        lines.append(f"reveal removed {removed} {tile}")
    for pile, name in pairs:
        face = new(name)
        if face:
            lines.append(f"reveal news {pile} {name} {face}")
        else:
            known += [pile, name]
    if known or (removed and not tile):
        lines.append(
            " ".join(["reveal news", *known, *([f"--removed {removed}"] if removed and not tile else [])])
        )
    return lines


def play(table: Table, setup: Setup) -> tuple[int, int]:
    """Type one game's setup up to its first player's move; how many commands and words it took."""
    kind = setup.kind
    deck = faces(kind, setup.files)
    table.typed = table.words = 0
    players = ",".join(NAMES[: setup.players])
    table.type(f"new {kind} --players {players} " + " ".join(setup.new))
    referee = table.referee()
    game_id = referee.resolve(None)
    declared: set[str] = set()

    def declare(key: str, text: str) -> None:
        table.type(f"{kind} {text}")
        declared.add(key)

    # What the setup waits for (boards, settings): the prompt names each "declare KIND NAME";
    # Pursuit's settings in one "declare settings NAME=SHAPE ..." (issue 41), typed at once.
    while True:
        _, board, _ = referee.board(game_id)
        folded = [i for i in board.prompt.split(": ", 1)[-1].split("; ") if i.startswith("declare settings ")]
        if folded:
            names = [word.split("=")[0] for word in folded[0].split()[2:]]
            table.type(f"{kind} declare settings " + " ".join(f"{n}={deck[n][1].split()[3]}" for n in names))
            declared.update(deck[n][0] for n in names)
            continue
        wanted = [
            item.removeprefix("declare ").split(" ")
            for item in board.prompt.split(": ", 1)[-1].split("; ")
            if item.startswith("declare ")
        ]
        pending = [w for w in wanted if " ".join(w[:2]) in deck or w[0] in deck]
        if not pending:
            break
        first = pending[0]
        key, text = deck[" ".join(first[:2])] if " ".join(first[:2]) in deck else deck[first[0]]
        declare(key, text)
    library_faces = referee.card_library(kind).entries
    for n, line in enumerate((*setup.reveals, setup.first_move)):
        words = line.split()
        if kind == "planet-b":
            for one in planet_b_lines(line, deck, library_faces, declared):
                table.type(f"{kind} {one}", count=n < len(setup.reveals))
            continue
        if kind in ("loop", "pursuit"):  # a new face in the move that brings its card out, one a command
            lead = 2  # `reveal goals`, `trait ann`
            known: list[str] = []
            new: list[str] = []
            for word in words[lead:]:
                key, text = deck.get(card_name(word), ("", ""))
                (new if key and key not in library_faces and key not in declared else known).append(word)
                if key:
                    declared.add(key)
            head = " ".join(words[:lead])
            lines = [f"{head} {w} {deck[card_name(w)][1].split(' ', 3)[3]}" for w in new]
            lines += [f"{head} {' '.join(known)}".strip()] if known or not new else []
            for one in lines:
                table.type(f"{kind} {one}", count=n < len(setup.reveals))
            continue
        for word in words[1:]:
            name = card_name(word)
            if name not in deck:
                continue
            key, text = deck[name]
            if key in library_faces or key in declared:
                continue  # the game knows it already
            declare(key, text)
        table.type(f"{kind} {line}", count=n < len(setup.reveals))
    referee.store.close()
    return table.typed, table.words


def main() -> None:
    print("commands a table types before the first player's move (first game · second game of the group)")
    print()
    print(f"{'game':<9} {'players':>7} {'first':>6} {'second':>7} {'goal':>5}  met  {'words typed':>12}")
    notes = []
    for setup in SETUPS:
        with tempfile.TemporaryDirectory() as folder:
            table = Table(Path(folder) / "group.db")
            first, first_words = play(table, setup)
            second, second_words = play(table, setup)
        goal = 2 + setup.players
        met = second <= goal
        words = f"{first_words} · {second_words}"
        mark = "yes" if met else "no"
        print(f"{setup.kind:<9} {setup.players:>7} {first:>6} {second:>7} {goal:>5}  {mark:<3}  {words:>12}")
        if not met and setup.bound:
            notes.append(f"{setup.kind} {setup.players}: {setup.bound}")
    for note in notes:
        print(f"\n{note}")


if __name__ == "__main__":
    main()
