"""What people see: the typed view (numbers as numbers; with virtual piles, no card still in a
pile), every fact described for the log, the shuffles hidden, the score sheet's sources and a
solo game's result against its target."""

from __future__ import annotations

import msgspec

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.model import Event, Held, Shuffled
from tests.pursuit.fuzz import play
from tests.pursuit.table import Table, adult, lay_out, pass_round


def test_the_view_is_typed_and_a_virtual_pile_shows_no_face_still_in_it() -> None:
    table = lay_out(Table(3, seed=5))
    view = pursuit.view(table.state)
    data = msgspec.to_builtins(view)
    assert data["players"]["ann"]["hourglasses"] == 7 and data["round"] == 0
    assert data["seed"] is None and data["virtual"] is True
    shown = set(view.faces.community)
    assert shown == set(view.community_discard) | {s.card for s in view.community if s.card}
    assert {c for c, f in view.faces.cards.items() if f.kind == "friend"} >= {c for c in view.friends if c}
    real = pursuit.view(adult().state)
    assert len(real.faces.community) == 48  # a real table declared them all


def test_every_fact_is_described_and_the_shuffle_hidden() -> None:
    played = play(3, 3, check_all=False)
    seen: set[type] = set()
    for event in played.log:
        assert pursuit.describe(event), event
        seen.add(type(event))
    assert len(seen) >= 20
    shuffle = next(e for e in played.log if isinstance(e, Shuffled))
    hidden = pursuit.redact(shuffle)
    assert isinstance(hidden, Shuffled) and set(hidden.piles["community"]) == {"?"}
    assert pursuit.redact(shuffle, reveal=True) == shuffle
    assert all(pursuit.redact(e) == e for e in played.log if not isinstance(e, Shuffled))
    assert msgspec.json.decode(msgspec.json.encode(played.log), type=list[Event]) == played.log


def test_a_virtual_piles_order_is_hidden_from_everyone_until_revealed() -> None:
    """With a seed the referee shuffles the piles; their order is nobody's to read from the
    log while the game runs (the setup commits to the seed): every pile's cards become "?",
    as many as it holds; reveal shows them, and no other fact is masked."""
    table = Table(("ann", "ben"), seed=4)
    events = table.events()
    shuffle = next(e for e in events if isinstance(e, Shuffled))
    hidden = pursuit.redact(shuffle, as_player="ann")
    assert isinstance(hidden, Shuffled) and hidden.piles.keys() == shuffle.piles.keys()
    assert all(order == ("?",) * len(shuffle.piles[name]) for name, order in hidden.piles.items())
    assert pursuit.redact(shuffle, reveal=True) == shuffle
    assert all(pursuit.redact(e) == e for e in events if not isinstance(e, Shuffled))


def test_the_score_sheet_names_each_source_of_lth() -> None:
    table = adult(("ann", "ben"))
    table.play("adjust ann +3lth --why a Life Goal the referee cannot read")
    sheet = pursuit.score(table.state)
    line = next(line for line in sheet.lines if line.player == "ann")
    assert line.categories["LTH"] == 3 and line.categories["table"] == 3 and line.rank == 1
    assert sheet.points == "LTH" and not sheet.final and sheet.winners == ["ann"]


def test_a_solo_game_against_its_target_plus_10_with_community() -> None:
    table = adult(("ann",))
    table.give("ann", lth=29, lth_from={"cards": 29})
    sheet = pursuit.score(table.state)
    assert "against the target 30 (solo-target 20 + 10 with Community" in " ".join(sheet.notes)
    while not pursuit.is_over(table.state):
        if table.state.phase == "action":
            pass_round(table)
        elif table.state.phase == "upkeep":
            table.play("upkeep ann")
        else:
            lay_out(table)
    final = pursuit.score(table.state)
    assert final.final and (final.winners == ["ann"]) == (table.p("ann").lth >= 30)
    assert "Game over · ann" in pursuit.present(pursuit.view(table.state)).headline


def test_status_shows_the_boards_and_the_play_areas() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("RUGBY PLAYER", 3, "retired"), Held("KOI", 2)))
    screen = pursuit.present(pursuit.view(table.state))
    assert screen.headline == "Adult round 1 · Action · ann's turn"
    areas = next(t for t in screen.tables if t.title == "play areas")
    assert areas.rows[0][2] == "RUGBY PLAYER L3/3 retired, KOI L2/4"
    assert dict(screen.facts)["round"] == "Adult round 1 (of 6 Adult rounds)"


def test_without_community_no_popularity_score_is_shown_but_0() -> None:
    # Community: the Popularity track is on the Community board, and its leftmost space is "a
    # Popularity Score of 0": a game without the module has no track, and every score stays 0.
    table = adult(("ann", "ben"), options={"modules": "friends"})
    players = pursuit.view(table.state).players
    assert {name: p.popularity_score for name, p in players.items()} == {"ann": 0, "ben": 0}
