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
command per player. Planet B's boards are declared one command a physical piece (a player
board with its mood track and swindle spaces, the faction track's 3 tracks).

Then the first game again from the table's page (``Page``): started from the start form, each
step posted as the page posts it where its picker asks it, typed at the terminal where it does
not: the fields filled, the taps, and the terminal commands left (goal: none after ``serve``).
A Planet B piece goes into the forms of its parts, each when the page asks it.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import shlex
import sys
import tempfile
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from starlette.testclient import TestClient  # noqa: E402

from ledger import games, library  # noqa: E402
from ledger.games.planet_b.data import TRACKS  # noqa: E402
from ledger.games.planet_b.faces import key_of, kind_of  # noqa: E402
from ledger.games.planet_b.model import Declare as PlanetBDeclare  # noqa: E402
from ledger.games.pursuit.faces import LEVEL_PARTS, as_typed  # noqa: E402
from ledger.games.pursuit.model import Declare  # noqa: E402
from ledger.service import Referee  # noqa: E402
from ledger.words import card_name  # noqa: E402
from referee_cli.main import run  # noqa: E402
from referee_cli.serve import make_app  # noqa: E402

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


START = "the-servers-own-table-link"
PICKER = re.compile(r'data-picker="([^"]*)"')
TABLE_LINK = re.compile(r'id="to-table" href="[^"]*/t/([^"/]+)"')


class Page(Table):
    """The same group's first game from the table's page (``referee serve``, starlette's
    TestClient): started from the start form; each setup step posted as the page posts it where
    the page asks it (a form, a listed move, or its questions one at a time: the picker JSON the
    page gets), typed at the terminal where it does not. ``typed`` and ``words`` count only what
    is still typed at the terminal after ``serve``; ``fields`` the values typed into the page,
    ``taps`` every chip, box and button tapped (a form asked first opens by itself, and is sent
    with a tap; a move, told in words once chosen or sent, is recorded with a tap; a value the
    rulebook prints is shown filled in, neither typed nor tapped; a list of resources is a chip
    tapped a resource, and a field typed too where it holds more, as a market's prices)."""

    def __init__(self, db: Path, client: TestClient) -> None:
        super().__init__(db)
        self.client = client
        self.token = ""
        self.fields = self.taps = 0
        self.seen: Referee | None = None  # the group's database, read for the head a page shows
        self.held: list[str] = []  # parts of a piece whose form the page asks later

    def type(self, line: str, *, count: bool = True) -> None:
        self.held = [part for part in self.held if part != line]  # (the line itself, now)
        self.step(line, count=count)
        self.flush()  # a part held back whose form the page asks now

    def step(self, line: str, *, count: bool) -> None:
        words = shlex.split(line)
        if count and words[0] == "loop" and loop_activity_form(self, words[1:]):
            return
        if words[0] == "new":
            self.start(words)
        elif not count:  # the first player's move: not the setup's
            super().type(line, count=False)
        elif words[0] == "pursuit" and self.pursuit_form(words[1:]):
            pass  # a card's levels typed a box a field in its form
        elif not self.on_page(words[1:]):
            parts = self.parts(words)
            if len(parts) > 1 and words[1] == "declare":
                self.piece(words, parts)
                return
            # A reveal the page asks a card at a time: each card the page asks there, and the
            # rest at the terminal in one command, if any.
            if len(parts) == 1 or not self.on_page(shlex.split(parts[0])[1:]):
                super().type(line)
                return
            rest = parts[1:]
            while rest and self.on_page(shlex.split(rest[0])[1:]):
                rest = rest[1:]
            if rest:
                super().type(self.joined(words, len(parts) - len(rest)))

    def piece(self, words: list[str], parts: list[str]) -> None:
        """A Planet B piece (a player board with the mood track and swindle spaces it prints, the
        faction track's 3 tracks): each part posted in the form the page asks it by, when it
        asks it (the setup asks the mood track and swindle spaces after the production tiles
        and headquarters: the table fills them from the board in front of it then); the piece
        typed at the terminal only if the page asks none of its parts now."""
        self.held += [part for part in parts if part not in self.held]
        if not self.flush():
            self.held = [part for part in self.held if part not in parts]
            super().type(" ".join(words))

    def flush(self) -> bool:
        """Each part held back posted as soon as the page asks its form; whether any was."""
        posted = False
        while True:
            # the first part held whose form the page asks now, posted there (``on_page``)
            asked = next((part for part in self.held if self.on_page(shlex.split(part)[1:])), None)
            if asked is None:
                return posted
            self.held.remove(asked)
            posted = True

    def pursuit_form(self, words: list[str]) -> bool:
        """A Pursuit card's reveal (``reveal friends NAME l1=REQ.COST.REWARD.UPKEEP.INCOME ...``)
        posted through the form the page asks it in, each level split into its boxes, a field a
        box (``l1.requirement=...``): the form most particular to the card (KEVIN's, its printed
        boxes shown filled in, not typed), else the kind's (the name typed too). False, for the
        terminal, where no form asks it or a box the line fills has no field there."""
        boxed = []
        for word in words:
            level, _, value = word.partition("=")
            if not re.fullmatch(r"l\d+", level):
                boxed.append(word)
                continue
            parts = value.split(".")
            if len(parts) > len(LEVEL_PARTS):
                return False
            boxed += [f"{level}.{part}={box}" for part, box in zip(LEVEL_PARTS, parts, strict=False) if box]
        if boxed == words:  # no level typed whole: the page's other forms and chips (``on_page``)
            return False
        found = offered(self.picker())
        forms = [(d, m) for d, m in found if m["form"]]
        fitting = [(d, m) for d, m in forms if boxed[: len(m["text"].split())] == m["text"].split()]
        if not fitting:
            return False
        depth, move = max(fitting, key=lambda found: len(found[1]["text"].split()))
        fitted = fit(move["asks"], boxed[len(move["text"].split()) :])
        if fitted is None:  # a box the line fills that the form has no field for: a real gap
            return False
        answers, posted = fitted
        referee = self.head_reader()
        head = referee.head(referee.resolve(None))[0]
        reply = self.client.post(
            f"/t/{self.token}/move", json={"text": " ".join([*move["text"].split(), *posted]), "head": head}
        )
        if reply.status_code != 200:
            raise SystemExit(f"the table's page refused {' '.join(boxed)!r}: {reply.json()['line']}")
        [entry] = referee.log(referee.resolve(None), last=1)
        if entry.text != " ".join(words):  # the form's boxes are the line's levels, no less
            raise SystemExit(f"the form recorded {entry.text!r} for {' '.join(words)!r}")
        self.fields += sum(typed for typed, _ in answers)
        # reached (or opened by itself); its chips; sent; recorded
        self.taps += reached(found, depth, move) + sum(chips for _, chips in answers) + 2
        return True

    def parts(self, words: list[str]) -> list[str]:
        """A line the page may take a part at a time: a Planet B piece's ``declare`` a part;
        a reveal of several cards to several players (``reveal material A B --to ann,ben``)
        a card; any other line, itself."""
        if words[1] == "reveal" and "--to" in words:
            names, to = words[3 : words.index("--to")], words[words.index("--to") + 1].split(",")
            if len(names) == len(to) > 1:
                return [
                    f"{' '.join(words[:3])} {name} --to {who}" for name, who in zip(names, to, strict=True)
                ]
        return self.pieces(words)

    def joined(self, words: list[str], done: int) -> str:
        """``words`` less the ``done`` parts the page took: what is left to type in one line."""
        if words[1] == "reveal" and "--to" in words:
            at = words.index("--to")
            names, to = words[3 + done : at], words[at + 1].split(",")[done:]
            return " ".join([*words[:3], *names, "--to", ",".join(to)])
        return " ".join(words)  # a piece again: the parts declared already are no new facts

    def pieces(self, words: list[str]) -> list[str]:
        """A Planet B piece's ``declare`` (``declare board 1 ... mood=...``) as one line a
        part, the way a page asking each part alone takes it; any other line, itself."""
        referee = self.head_reader()
        game = games.get(words[0])
        command = game.parse(referee.load(referee.resolve(None)).state, words[1:])
        if not isinstance(command, PlanetBDeclare) or not command.also:
            return [" ".join(words)]
        return [f"{words[0]} {game.text(PlanetBDeclare(face))}" for face in (command.face, *command.also)]

    def head_reader(self) -> Referee:
        if self.seen is None:
            self.seen = self.referee()
        return self.seen

    def start(self, words: list[str]) -> None:
        """The start form: a tap on the game, a name in each seat, a box ticked a module, start."""
        flags = dict(zip(words[2::2], words[3::2], strict=False))
        players = flags["--players"].split(",")
        modules = [m for m in flags.get("--modules", "").split(",") if m]
        options = {"modules": ",".join(modules)} if modules else {}
        body = {"game": words[1], "players": players, "options": options}
        answer = self.client.post(f"/t/{START}/new", json=body).json()
        if not answer["ok"]:
            raise SystemExit(f"the start form: {answer['line']}")
        self.token = TABLE_LINK.findall(answer["html"])[0]
        self.fields += len(players)
        self.taps += 1 + len(modules) + 1

    def picker(self) -> dict[str, Any]:
        raw = PICKER.findall(self.client.get(f"/t/{self.token}").text)
        return dict(json.loads(html.unescape(raw[0]))) if raw else {"verbs": []}

    def on_page(self, words: list[str]) -> bool:
        """Post ``words`` as the page would if it asks that move (True), else nothing (False)."""
        found = offered(self.picker())
        for depth, move in found:
            head = move["text"].split()
            if move["command"] and not move["asks"]:
                if head != words:
                    continue
                post: dict[str, Any] = {"command": move["command"]}
                fields, taps = 0, depth + 1  # its chips, then record it
            else:
                fitted = fit(move["asks"], words[len(head) :]) if words[: len(head)] == head else None
                if fitted is None:
                    continue
                answers, posted = fitted
                post = {"text": " ".join([*head, *posted])}
                fields = sum(typed for typed, _ in answers)
                chosen = sum(chips for _, chips in answers)
                typed_in = sum(1 for ask in answers if ask[0])
                reach = reached(found, depth, move)
                # a form's fields are sent at once (a tap); a question at a time takes a "next"
                # each; then the move, told in words, is recorded (a tap)
                taps = reach + chosen + (1 if move["form"] else typed_in) + 1
            referee = self.head_reader()
            head_seq = referee.head(referee.resolve(None))[0]
            reply = self.client.post(f"/t/{self.token}/move", json={**post, "head": head_seq})
            if reply.status_code != 200:
                raise SystemExit(f"the table's page refused {' '.join(words)!r}: {reply.json()['line']}")
            self.fields += fields
            self.taps += taps
            return True
        return False


def loop_activity_form(page: Page, words: list[str]) -> bool:
    """LOOP's ``reveal activity NAME --needs A,B --props X,Y`` posted through the new ACTIVITY's
    form, if the page asks it (True), else nothing (False): the name typed (a field), each colour
    and PROPERTY a chip tapped in its own field, the form sent (a tap; reached with the chips to
    it unless it opened by itself: ``reached``), then the move recorded (a tap)."""
    if words[:2] != ["reveal", "activity"] or len(words) != 7 or words[3::2] != ["--needs", "--props"]:
        return False
    found = offered(page.picker())
    form = [(depth, move) for depth, move in found if move["form"] and move["text"] == "reveal activity"]
    if not form:
        return False
    depth, move = form[0]
    values = [words[4].split(","), words[6].split(",")]
    asks = {ask["flag"]: ask for ask in move["asks"]}
    for flag, given in zip(("--needs", "--props"), values, strict=True):
        if len(given) != asks[flag]["count"] or not set(given) <= set(asks[flag]["choices"]):
            return False  # not what its chips offer: typed at the terminal
    referee = page.head_reader()
    head = referee.head(referee.resolve(None))[0]
    reply = page.client.post(f"/t/{page.token}/move", json={"text": " ".join(words), "head": head})
    if reply.status_code != 200:
        raise SystemExit(f"the table's page refused {' '.join(words)!r}: {reply.json()['line']}")
    page.fields += 1
    page.taps += reached(found, depth, move) + sum(map(len, values)) + 1 + 1
    return True


def offered(tree: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every move a page's picker offers, with the chips tapped to reach it (its depth)."""
    found: list[tuple[int, dict[str, Any]]] = []

    def walk(step: dict[str, Any], depth: int) -> None:
        if step.get("move"):
            found.append((depth, step["move"]))
        for choice in step["choices"]:
            walk(choice["step"], depth + 1)

    for verb in tree["verbs"]:
        walk(verb["step"], 1)
    return found


def reached(found: list[tuple[int, dict[str, Any]]], depth: int, move: dict[str, Any]) -> int:
    """The taps to reach a form: none if it opens by itself (the first form, where the page
    offers no move to tap: referee.js's ``formPath``), else its chips."""
    forms = [m for _, m in found if m["form"]]
    listed = any(m["command"] for _, m in found)
    return 0 if forms and forms[0] is move and not listed else depth


def fit(asks: list[dict[str, Any]], rest: list[str]) -> tuple[list[tuple[int, int]], list[str]] | None:
    """Each of the move's questions answered by ``rest`` (its words after the move's own), as
    its form takes them: a key's values in order, each question of that key (a market a field,
    the mood track's spaces below and above its printed neutral one) taking as many as it has
    fields, what the rulebook prints exactly as printed. (values typed, chips tapped) per
    question, and the words the page posts (``referee.js``'s ``payload``); None if ``rest`` is
    not its answers."""
    by_flag: dict[str, list[str]] = {}
    for word in rest:
        flag = word.split("=", 1)[0] + "=" if "=" in word else ""
        by_flag.setdefault(flag, []).append(word.removeprefix(flag))
    if any(flag not in {ask["flag"] for ask in asks} for flag in by_flag):
        return None
    split = _split(asks, {flag: 0 for flag in by_flag}, by_flag, 0)
    if split is None:
        return None
    answers, posted = [], []
    for ask, given in zip(asks, split, strict=True):
        answers.append(_filled(ask, given))
        if ask["flag"].endswith("="):
            posted += [ask["flag"] + value for value in given]
        elif given:
            posted.append(",".join(given))
    return answers, posted


def _printed(ask: dict[str, Any]) -> bool:
    """What the rulebook prints (``referee.js``'s ``printed``): shown filled in, posted as it is."""
    return len(ask["choices"]) == 1 and not ask["optional"] and not ask["tap"]


def _split(
    asks: list[dict[str, Any]], at: dict[str, int], values: dict[str, list[str]], n: int
) -> list[list[str]] | None:
    """``values`` (by key, from ``at``) shared among ``asks[n:]`` in order, every value taken."""
    if n == len(asks):
        return [] if all(at[flag] == len(vs) for flag, vs in values.items()) else None
    ask = asks[n]
    queue = values.get(ask["flag"], [])
    start = at.get(ask["flag"], 0)
    if _printed(ask):
        ways = [1] if queue[start : start + 1] == [ask["choices"][0]] else []
    else:
        least = 0 if ask["optional"] else ask["least"] or ask["count"]
        ways = list(range(min(ask["count"], len(queue) - start), least - 1, -1))
    for taken in ways:
        rest = _split(asks, {**at, ask["flag"]: start + taken}, values, n + 1)
        if rest is not None:
            return [queue[start : start + taken], *rest]
    return None


def _filled(ask: dict[str, Any], given: list[str]) -> tuple[int, int]:
    """(values typed, chips tapped) for one question: nothing where the rulebook prints it; a
    chip a value among few; where chips are tapped into a typed value (a list of resources), a
    chip each resource and the field typed in too if the value holds more (a market's prices)."""
    if _printed(ask):
        return 0, 0
    if not ask["tap"]:
        chips = len(given) if ask["choices"] else 0
        return len(given) - chips, chips
    typed = chips = 0
    for value in given:
        heads = [
            next((c for c in sorted(ask["choices"], key=len, reverse=True) if item.startswith(c)), "")
            for item in value.split(",")
        ]
        chips += sum(1 for h in heads if h)
        typed += any(not h or item != h for h, item in zip(heads, value.split(","), strict=True))
    return typed, chips


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


def planet_b_piece(wanted: list[str], files: tuple[str, ...]) -> str:
    """The ``declare`` of the piece Planet B's prompt names first, every part it prints in one
    command (``declare board 1 ... mood=... swindle=...``, ``declare faction-track ...``)."""
    game = games.get("planet-b")
    setup = library.scratch(game)
    by_key = {}
    for file in files:
        for command in game.load_cards(setup, (FIXTURES / file).read_text()):
            by_key[f"{kind_of(command.face)} {key_of(command.face)}".strip()] = command.face
    if wanted[0] == "faction-track":
        parts = [by_key[f"track {track}"] for track in TRACKS]
    else:
        carried = [by_key[word.rstrip("=")] for word in wanted[2:] if word.rstrip("=") in by_key]
        parts = [by_key[" ".join(wanted[:2])], *carried]
    return str(game.text(PlanetBDeclare(parts[0], also=tuple(parts[1:]))))


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
        if kind == "planet-b" and wanted:  # one command a physical piece (declare.PIECES)
            table.type(f"{kind} {planet_b_piece(wanted[0], setup.files)}")
            continue
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


def on_the_page(setup: Setup) -> Page:
    """A first game of ``setup`` from the table's page, on an empty database."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "group.db"
        Referee.open(db, create=True).store.close()
        with TestClient(make_app(db, None, poll=60, start_token=START)) as client:
            page = Page(db, client)
            play(page, setup)
            for part in page.held:  # a part the page never asked: typed at the terminal
                Table.type(page, part)
            if page.seen is not None:
                page.seen.store.close()
    return page


def main() -> None:
    print("commands a table types before the first player's move (first game · second game of the group)")
    print()
    print(f"{'game':<9} {'players':>7} {'first':>6} {'second':>7} {'goal':>5}  met  {'words typed':>12}")
    notes = []
    pages = []
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
        pages.append((setup, on_the_page(setup)))
    for note in notes:
        print(f"\n{note}")
    print()
    print("the same first game from the table's page (`referee serve`, started from its form): fields")
    print("filled and taps on the page; the commands still typed at the terminal where a step has no")
    print("form on the page (goal: none after `serve`)")
    print()
    print(f"{'game':<9} {'players':>7} {'fields':>6} {'taps':>5} {'terminal':>8} {'words':>6}")
    for setup, page in pages:
        figures = f"{page.fields:>6} {page.taps:>5} {page.typed:>8} {page.words:>6}"
        print(f"{setup.kind:<9} {setup.players:>7} {figures}")


if __name__ == "__main__":
    main()
