"""The witness guess (issue 40): what a hostile page can learn of a hidden card from its hash.

A page is sent a row it may not read as its hash alone, beside the row before's hash; its
actor and time are on the log page. A hidden fact is one of a few values (a FAVOUR of 5, a
building of the cards file), so the page hashes every guess and compares. ``Table`` plays a
``--seed`` game of a game through the service, with random legal moves, up to the move that
would end it; ``hidden_rows`` fetches every page's witness rows over HTTP, as a phone does;
``attack`` tries, for each row a page was not told, the truth itself (the fact encoded
canonically, as a perfect guess makes it), then the fact with each of its values in turn
replaced by every name the game's rulebook data and cards file give and every public value
the pages were sent. ``tests/serve/test_witness_guess.py`` and ``benchmarks/torture.py`` run it.
"""

from __future__ import annotations

import hashlib
import random
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
from starlette.testclient import TestClient

from ledger import randomplay
from ledger.codec import GENESIS, encode, row_hash
from ledger.games.loop import data as loop_data
from ledger.games.planet_b import data as planet_b_data
from ledger.games.pursuit import data as pursuit_data
from ledger.history import META_TYPES, decode_facts, fold
from ledger.service import Referee
from ledger.store import Row, Store
from referee_cli.serve import make_app
from tests.conftest import fixed_clock

ROOT = Path(__file__).resolve().parents[2]
NUMBERS = range(-60, 61)  # every count, cost and score a fact of these games holds


@dataclass(frozen=True)
class Seating:
    """A ``--seed`` game of one game: its players, cards file, options, the random play's
    weights (from its fuzzer) and its rulebook's data."""

    kind: str
    players: tuple[str, ...]
    cards: str
    options: dict[str, str]
    data: ModuleType

    def weights(self) -> dict[type, float]:
        from tests.loop.fuzz import WEIGHTS as LOOP
        from tests.planet_b.fuzz import WEIGHTS as PLANET_B
        from tests.pursuit.fuzz import WEIGHTS as PURSUIT

        return {"loop": LOOP, "planet-b": PLANET_B, "pursuit": PURSUIT}[self.kind]


def _fixture(name: str) -> str:
    return (ROOT / "fixtures" / name).read_text()


SEATINGS = (
    Seating("loop", ("ann", "ben", "cat"), _fixture("loop-test-cards.toml"), {}, loop_data),
    Seating(
        "planet-b", ("ann", "ben", "cat", "dan"), _fixture("planet-b-test-cards.toml"), {}, planet_b_data
    ),
    Seating(
        "pursuit",
        ("ann", "ben", "cat"),
        _fixture("pursuit-test-settings.toml") + "\n" + _fixture("pursuit-test-cards.toml"),
        {"modules": "community,friends,pets,school,stand-alone-jobs"},
        pursuit_data,
    ),
)


@dataclass
class Table:
    """A seeded game being played through the service, and its pages."""

    seating: Seating
    referee: Referee
    game: int
    tokens: dict[str, str]  # role -> token (each player's page and the table's)
    client: TestClient
    last: Any = None  # the move that ends the game, not yet made
    moves: int = 0

    @classmethod
    def open(cls, seating: Seating, db: Path, seed: int = 7) -> Table:
        referee = Referee(Store(db), clock=fixed_clock())
        game = referee.new_game(
            seating.kind, list(seating.players), seed=seed, cards=seating.cards, options=seating.options
        )
        client = TestClient(make_app(db, game, poll=0.05))
        client.__enter__()
        return cls(seating, referee, game, referee.new_links(game), client)

    def close(self) -> None:
        self.client.__exit__(None, None, None)
        self.referee.store.close()

    def play_to_the_end(self, seed: int = 1, max_moves: int = 3000) -> None:
        """Random legal moves, as the fuzzer picks them, up to the one that would end the game
        (kept in ``last``): while it runs, every hidden card is hidden from someone."""
        rng, weights = random.Random(seed), self.seating.weights()
        while self.moves < max_moves:
            loaded = self.referee.load(self.game)
            game = loaded.game
            command = randomplay.choose(rng, list(game.legal(loaded.state)), weights)
            if game.is_over(fold(game, loaded.state, list(game.decide(loaded.state, command)))):
                self.last = command
                return
            self.referee.submit(self.game, command)
            self.moves += 1
        raise AssertionError(f"{self.seating.kind}: no end after {max_moves} moves")

    def end(self) -> None:
        self.referee.submit(self.game, self.last)

    def witnessed(self, role: str | None) -> list[dict[str, Any]]:
        """Every row the page of ``role`` (None: the board, which needs no link) is sent to
        witness, from the start, checked as the page checks it: each linked to the one before,
        and hashed by the hashing rule wherever the page is given the bytes."""
        path = "/witness.json" if role is None else f"/t/{self.tokens[role]}/witness.json"
        rows: list[dict[str, Any]] = []
        prev = GENESIS
        while True:
            reply = self.client.get(f"{path}?after={len(rows)}" + (f"&hash={prev}" if rows else ""))
            assert reply.status_code == 200, reply.text
            body = reply.json()
            for row in body["rows"]:
                assert (row["seq"], row["prev"]) == (len(rows) + 1, prev)
                if row["payload"] is not None:
                    assert row_hash_of(prev, row["payload"]) == row["hash"], row["seq"]
                prev = row["hash"]
                rows.append(row)
            if not body["more"]:
                return rows

    def pages(self) -> dict[str | None, list[dict[str, Any]]]:
        """The witness rows of the board and of every link's page."""
        return {role: self.witnessed(role) for role in [None, *self.tokens]}

    def stored(self) -> dict[int, Row]:
        return {row.seq: row for row in self.referee.store.rows(self.game)}


def row_hash_of(prev: str, payload: str) -> str:
    """The hashing rule as a page applies it: SHA-256 of the previous hash and the payload."""
    return hashlib.sha256((prev + payload).encode()).hexdigest()


def hidden_rows(pages: dict[str | None, list[dict[str, Any]]]) -> dict[int, list[str | None]]:
    """seq -> the roles whose page was sent that row without its bytes."""
    hidden: dict[int, list[str | None]] = {}
    for role, rows in pages.items():
        for row in rows:
            if row["payload"] is None:
                hidden.setdefault(row["seq"], []).append(role)
    return hidden


@dataclass
class Vocabulary:
    """Every value an attacker would try in a hidden fact: the names the rulebook's data and the
    cards file give (each as written, in capitals, in small letters, with - for spaces), every
    value public on the pages, and every number a fact of these games holds."""

    strings: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=lambda: set(NUMBERS))

    @classmethod
    def of(cls, seating: Seating, pages: dict[str | None, list[dict[str, Any]]]) -> Vocabulary:
        vocabulary = cls()
        vocabulary.add(_rulebook(seating.data))
        vocabulary.add(tomllib.loads(seating.cards))
        vocabulary.add(list(seating.players))
        for rows in pages.values():
            vocabulary.add([msgspec.json.decode(r["payload"]) for r in rows if r["payload"] is not None])
        return vocabulary

    def add(self, value: Any) -> None:
        for leaf in _leaves(value, keys=True):
            if isinstance(leaf, bool):
                continue
            if isinstance(leaf, int):
                self.numbers.add(leaf)
            elif isinstance(leaf, str):
                for text in (leaf, leaf.upper(), leaf.lower(), leaf.replace(" ", "-").lower()):
                    self.strings.add(text)

    def holds(self, value: Any) -> bool:
        """Whether every value of the decoded fact ``value`` (its type aside) is one the attacker
        tries."""
        return all(
            leaf in self.strings if isinstance(leaf, str) else leaf in self.numbers
            for _, leaf in _slots(value)
            if not isinstance(leaf, bool) and leaf is not None
        )


def _rulebook(data: ModuleType) -> list[Any]:
    """The values a game's data module transcribes from its rulebook."""
    found = []
    for name, value in vars(data).items():
        if name.startswith("__") or isinstance(value, ModuleType) or callable(value):
            continue  # a function, a class: no value a card holds
        try:
            found.append(msgspec.to_builtins(value, str_keys=True))
        except TypeError:
            continue
    return found


def _leaves(value: Any, *, keys: bool = False) -> Iterator[Any]:
    if isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield key
            yield from _leaves(item, keys=keys)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _leaves(item, keys=keys)
    else:
        yield value


def _slots(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """(path, value) of each value of a decoded fact but its type."""
    if isinstance(value, dict):
        for key, item in value.items():
            if path or key != "type":
                yield from _slots(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _slots(item, (*path, index))
    else:
        yield path, value


def _put(value: Any, path: tuple[Any, ...], item: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = item


def guesses(truth: str, vocabulary: Vocabulary) -> Iterator[str]:
    """The bodies an attacker hashes for a hidden fact: ``truth`` (the fact encoded canonically,
    as a perfect guess makes it), then the fact with each value replaced by every value of its
    kind the attacker tries."""
    yield truth
    fact = msgspec.json.decode(truth)
    for path, value in list(_slots(fact)):
        if isinstance(value, bool):
            tries: Any = (not value,)
        elif isinstance(value, int):
            tries = vocabulary.numbers
        elif isinstance(value, str):
            tries = vocabulary.strings
        else:
            continue
        for guess in tries:
            if guess != value:
                _put(fact, path, guess)
                yield encode(fact)
        _put(fact, path, value)


@dataclass
class Attack:
    rows: int = 0  # hidden rows tried
    guesses: int = 0  # bodies hashed in all
    matched: list[int] = field(default_factory=list)  # the seqs a guess found
    most: int = 0  # guesses for the row that took the most


def attack(table: Table, pages: dict[str | None, list[dict[str, Any]]]) -> Attack:
    """Hash every guess for every row a page was sent without its bytes."""
    stored = table.stored()
    game = table.referee.load(table.game).game
    vocabulary = Vocabulary.of(table.seating, pages)
    result = Attack()
    for seq in hidden_rows(pages):
        row = stored[seq]
        assert row.type not in META_TYPES, f"#{seq} ({row.type}) is hidden: only facts are"
        (fact,) = decode_facts(game, [(row.seq, row.type, row.body)])
        truth = encode(fact)
        assert vocabulary.holds(msgspec.json.decode(truth)), f"#{seq}: {truth} holds a value not tried"
        tried = 0
        for body in dict.fromkeys(guesses(truth, vocabulary)):
            tried += 1
            if row_hash(row.prev_hash, row.seq, row.type, body, row.actor, row.recorded_at) == row.hash:
                result.matched.append(seq)
                break
        result.rows += 1
        result.guesses += tried
        result.most = max(result.most, tried)
    return result
