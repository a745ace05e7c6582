"""A card whose face nobody has declared yet, at a real table, is declared from the table's
page (issue 18): each game lists it as an ``Unlisted`` move whose ``asks`` are the card's parts
in the game's words; the words a page posts with the answers (as referee.js joins them) declare
the face, after which the moves it allows are listed. Never a face invented: the table types
what the printed card says (here, the tests' own invented cards)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path

import msgspec
import pytest

from ledger import games
from ledger.decider import Unlisted
from ledger.service import Referee
from ledger.store import Store
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
from tests.serve.conftest import PLAYERS


def posted(move: Unlisted, answers: Sequence[Sequence[str]]) -> str:
    """The words a page posts: referee.js's ``payload``, one list of values per ask (empty: the
    card does not print it)."""
    words = [move.text]
    for ask, values in zip(move.asks, answers, strict=True):
        assert len(values) <= ask.count and (ask.optional or len(values) >= (ask.least or ask.count))
        assert not ask.choices or set(values) <= set(ask.choices), (ask, values)
        if not values:
            continue
        if ask.flag.endswith("="):
            words += [shlex.quote(ask.flag + v) for v in values]
        else:
            value = shlex.quote(",".join(values))
            words.append(f"{ask.flag} {value}" if ask.flag else value)
    return " ".join(words)


def without(cards: str, kind: str, name: str) -> str:
    """A cards file without one ``[[kind]]`` block, the one naming ``name``."""
    blocks = re.split(r"\n(?=\[\[)", cards)
    kept = [b for b in blocks if not (b.startswith(f"[[{kind}]]") and f'name = "{name}"' in b)]
    assert len(kept) == len(blocks) - 1
    return "\n".join(kept)


def table_move(referee: Referee, game: int, label: str) -> Unlisted:
    loaded = referee.load(game)
    found = [u for u in games.get(loaded.info.kind).unlisted(loaded.state) if u.label == label]
    assert [u.actor for u in found] == ["table"]
    return found[0]


def test_a_planet_b_news_card_nobody_declared_is_declared_from_the_table_page(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("planet-b", PLAYERS, cards=without(PLANET_B_CARDS, "news", "SOLAR ROOFS"))
    assert "reveal news I solar-roofs" not in {m.text for m in referee.legal(game)}
    move = table_move(referee, game, "a new news card")
    assert [a.flag for a in move.asks] == ["", "pile=", "box=", "immoral="]
    assert move.asks[1].choices == ("I", "II", "III")  # Game Components: 16xI, 16xII, 14xIII
    words = posted(move, [["SOLAR ROOFS"], ["I"], ["2plant news"], ["no"]])
    assert words == "declare news 'SOLAR ROOFS' pile=I 'box=2plant news' immoral=no"
    referee.submit_text(game, shlex.split(words))
    assert "reveal news I solar-roofs" in {m.text for m in referee.legal(game)}


@pytest.mark.parametrize(
    ("label", "answers", "face"),
    [
        (
            "a new building",
            [["TEST SHED"], ["A"], ["4"], ["1"], ["crafty"], ["3money"]],
            "declare building test-shed pile=A cost=4 vp=1 area=crafty box=3money",
        ),
        (
            "a new law",
            [["TEST LAW"], ["yellow"], ["5money.money"], ["vote.vote"]],
            "declare law test-law colour=yellow left=5money.money right=vote.vote",
        ),
    ],
)
def test_a_planet_b_building_or_law_nobody_declared_is_asked(
    tmp_path: Path, label: str, answers: list[list[str]], face: str
) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    cards = without(PLANET_B_CARDS, "building", "WORKSHOP")
    cards = without(cards, "law", "COAL PHASE-OUT")
    game = referee.new_game("planet-b", PLAYERS, cards=cards)
    referee.submit_text(game, shlex.split(posted(table_move(referee, game, label), answers)))
    assert [m.text for m in referee.log(game)][-1] == face  # declared, as the command line writes it


def test_a_pursuit_card_nobody_declared_is_declared_from_the_table_page(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    cards = PURSUIT_SETTINGS + "\n" + without(PURSUIT_CARDS, "card", "TEST CHOIR")
    game = referee.new_game("pursuit", PLAYERS, cards=cards)
    move = table_move(referee, game, "a new project card")
    assert [(a.flag, a.optional) for a in move.asks] == [
        ("", False),
        ("l1=", False),
        ("l2=", True),
        ("l3=", True),
        ("l4=", True),
    ]
    levels = [[".2creativity.1sth"], [".1hourglass,2creativity.2lth"], [".2hourglass,3creativity.4lth"], []]
    words = posted(move, [["TEST CHOIR"], *levels])
    referee.submit_text(game, shlex.split(words))
    face = referee.load(game).state.faces.cards["TEST CHOIR"]
    assert (face.kind, len(face.levels), face.levels[2].reward) == ("project", 3, "4lth")
    # Without the Friends module (KS Promos 4), no Friend card is asked.
    labels = {u.label for u in games.get("pursuit").unlisted(referee.load(game).state)}
    assert "a new friend card" not in labels and "a new project card" in labels


def test_nothing_is_asked_with_virtual_decks(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    for kind, cards in (("planet-b", PLANET_B_CARDS), ("pursuit", PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS)):
        game = referee.new_game(kind, PLAYERS, seed=3, cards=cards)
        assert list(games.get(kind).unlisted(referee.load(game).state)) == []


def test_a_planet_b_tile_nobody_declared_is_asked_each_side_and_what_follows(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("planet-b", PLAYERS, cards=without(PLANET_B_CARDS, "tile", "ASTEROID MINING"))
    move = table_move(referee, game, "a new conglomerate tile")
    assert [a.choices for a in move.asks if a.choices] == [("A", "B"), ("flip", "remove"), ("flip", "remove")]
    answers = [["ASTEROID MINING"], ["A"], ["all:iridium produce work"], ["flip"]]
    answers += [["-2money 2iridium faction-check news"], ["remove"]]
    referee.submit_text(game, shlex.split(posted(move, answers)))
    tile = referee.load(game).state.faces.tiles["ASTEROID MINING"]
    assert (tile.set, tile.grey, tile.red_then) == ("A", "all:iridium produce work", "remove")


def test_a_community_card_nobody_declared_is_asked_its_engage_and_outcomes(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    cards = PURSUIT_SETTINGS + "\n" + without(PURSUIT_CARDS, "community", "ORGANIZE A PARTY")
    game = referee.new_game("pursuit", PLAYERS, options={"modules": "community"}, cards=cards)
    move = table_move(referee, game, "a new Community card")
    outcomes = move.asks[-1]
    assert (outcomes.flag, outcomes.least) == ("outcome=", 1)  # Community: "numbered Outcomes"
    answers = [["ORGANIZE A PARTY"], ["no"], [".1money,2creativity.1sth,1popularity"]]
    answers += [[".1creativity.1lth", "..1popularity"]]
    referee.submit_text(game, shlex.split(posted(move, answers)))
    card = referee.load(game).state.faces.community["ORGANIZE A PARTY"]
    assert [o.reward for o in card.outcomes] == ["1lth", "1popularity"]
    assert sorted(card.engage.cost.split()) == ["1money", "2creativity"]


def test_the_table_page_offers_the_new_card_and_no_player_page_does(tmp_path: Path) -> None:
    """The pages' choices (``Referee.picker``): the table's lists the card nobody has declared
    among its moves, with its asks; a player's page lists only that player's moves."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    cards = PURSUIT_SETTINGS + "\n" + without(PURSUIT_CARDS, "card", "TEST CHOIR")
    game = referee.new_game("pursuit", PLAYERS, cards=cards)
    move = table_move(referee, game, "a new project card")
    table = msgspec.json.encode(referee.picker(game, "table")).decode()
    assert '"a new project card"' in table and msgspec.json.encode(move.asks).decode()[1:-1] in table
    for player in PLAYERS:
        assert '"a new project card"' not in msgspec.json.encode(referee.picker(game, player)).decode()


def test_a_game_with_no_new_cards_to_ask_offers_its_legal_moves_alone(referee: Referee) -> None:
    """A game module need not list moves whose card is new (``unlisted`` is optional: the
    tests' pebbles has none): its pages offer its legal moves, here alice's to take 1 to 3
    (PEBBLES 2) and none for bob, whose turn it is not and who holds nothing to give."""
    game = referee.new_game("pebbles", ["alice", "bob"])
    verbs = referee.picker(game, "alice").verbs
    assert [(group.verb, group.count) for group in verbs] == [("take", 3)]
    assert referee.picker(game, "bob").verbs == ()
