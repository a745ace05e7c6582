"""A Pursuit table for the tests (``tests.gametable``, with the Pursuit setup and test data).

``fixtures/pursuit-test-cards.toml`` and ``fixtures/pursuit-test-settings.toml`` are invented
for the tests: NOT the publisher's cards or the base game's numbers (only what the two
expansion texts print of their named cards is as printed). ``adult`` plays a table through
its setup and the Teen round to the Action Phase of the 1st Adult round.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

import ledger.games.pursuit as pursuit
from ledger import codec
from ledger.games.pursuit.model import Event, Player, State
from tests.gametable import GameTable

ROOT = Path(__file__).resolve().parents[2]
CARDS = (ROOT / "fixtures" / "pursuit-test-cards.toml").read_text()
SETTINGS = (ROOT / "fixtures" / "pursuit-test-settings.toml").read_text()
NAMES = ("ann", "ben", "cat", "dan", "eve")
ALL = "community,friends,pets,school,stand-alone-jobs"


class Table(GameTable):
    game = pursuit
    mode = "standard"
    names = NAMES
    cards = SETTINGS + "\n" + CARDS
    players = 3
    state: State

    def __init__(
        self,
        players: tuple[str, ...] | int | None = None,
        *,
        seed: int | None = None,
        cards: bool = True,
        options: dict[str, str] | None = None,
        rules_version: str | None = None,
    ) -> None:
        super().__init__(
            players,
            seed=seed,
            cards=cards,
            options={"modules": ALL, **(options or {})},
            rules_version=rules_version,
        )

    def p(self, name: str) -> Player:
        return self.state.players[name]

    def moves(self) -> list[str]:
        return [pursuit.text(m) for m in pursuit.legal(self.state)]

    def first(self, *prefixes: str) -> None:
        """Play the first legal move that starts with one of ``prefixes`` (in that order)."""
        moves = self.moves()
        for prefix in prefixes:
            for move in moves:
                if move.startswith(prefix):
                    self.play(move)
                    return
        raise AssertionError(f"none of {prefixes} in {moves}")


def set_up(table: Table) -> Table:
    """The first legal reveal or trait each time, to the Teen round."""
    while table.state.phase in ("setup",):
        table.apply(next(iter(pursuit.legal(table.state))))
    return table


def card_words(names: tuple[str, ...] | list[str]) -> str:
    return " ".join(n.lower().replace(" ", "-") for n in names)


def lay_out(table: Table, community: tuple[str, ...] = (), friends: tuple[str, ...] = ()) -> Table:
    """The table's reveals (the ``community`` and ``friends`` cards named first, in order, then
    the first legal ones) and the Child Traits, until a player is to act."""
    community_left, friends_left = list(community), list(friends)
    while not pursuit.is_over(table.state):
        awaited = " ".join(pursuit.view(table.state).awaited)
        if table.state.phase == "setup" or "table" in pursuit.to_act(table.state):
            if "reveal community" in awaited and community_left:
                table.play(f"reveal community {card_words([community_left.pop(0)])}")
            elif "reveal friends" in awaited and friends_left:
                table.play(f"reveal friends {card_words([friends_left.pop(0)])}")
            else:
                table.apply(next(iter(pursuit.legal(table.state))))
            continue
        break
    return table


def pass_round(table: Table) -> Table:
    """Everyone passes the Action Phase."""
    while table.state.phase == "action" and pursuit.to_act(table.state) != ["table"]:
        table.play(f"pass {table.state.active}")
    return table


def adult(
    names: tuple[str, ...] = ("ann", "ben", "cat"),
    community: tuple[str, ...] = (),
    friends: tuple[str, ...] = (),
    options: dict[str, str] | None = None,
    rules_version: str | None = None,
) -> Table:
    """A real table through its setup and a Teen round of passes, the 1st Adult round's
    Community and Friends boards revealed as named: the Action Phase of the 1st Adult round."""
    setup = tuple(f"TEST FRIEND {n}" for n in range(1, 5))  # KEVIN stays in the pile
    table = lay_out(Table(names, options=options, rules_version=rules_version), friends=setup)
    pass_round(table)
    return lay_out(table, community, friends)


def reads_back(table: Table) -> None:
    """Every fact of the table's log reads back from the JSON the store keeps it as (typed:
    a field that is not of its type does not), and so does its state, as a snapshot holds it
    (one that does not read back is never used, and ``verify`` finds it differs)."""
    events = table.events()
    assert msgspec.json.decode(codec.encode(events), type=list[Event]) == events
    state_reads_back(table.state)


def state_reads_back(state: State) -> None:
    """The state reads back from the JSON a snapshot keeps it as (typed, as ``reads_back``)."""
    assert msgspec.json.decode(codec.encode(state), type=State) == state
