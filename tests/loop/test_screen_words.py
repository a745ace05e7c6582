"""What ``status`` prints in Competitive, Cooperative and Solo Mode (LOOP 5.0 to 7.3): the
EVENT deck with its HAPPINESS zones (5.3), the EVENT in effect, flipped and being resolved, the
burn pile (6.2, 7.0), the central LANDFILL and the Exhibited QUALITY (7.0), the COIN owed (5.4),
and the table of CAREER, CREDIT CARD, face-down EVENT and FAVOUR face up; and the FAVOUR played
awaiting its answer (2.4), in the words of the log."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.decider import Screen
from ledger.games.loop.model import Owed
from ledger.games.loop.view import ActivityCard, GoalCard, View
from tests.loop.modes_table import Competitive, Cooperative, begun
from tests.loop.table import Table, started

ZONES = "{} (HAPPINESS zones 0-4, 5-8, 9-12)"
CAREER_TABLE = "CAREER, CREDIT CARD and EVENT"
CAREER_COLUMNS = ["player", "CAREER", "CREDIT CARD (COIN paid of 5)", "EVENT face down", "FAVOUR face up"]


def screen(table: Table) -> Screen:
    return loop.present(loop.view(table.state))


def after_end(shown: Screen) -> list[tuple[str, str]]:
    """The facts after the line that says how the game ends: the modes' own."""
    keys = [key for key, _ in shown.facts]
    return shown.facts[keys.index("end") + 1 :]


def career_rows(shown: Screen) -> list[list[str]]:
    titles = [t.title for t in shown.tables]
    assert titles == ["players (* starting player)", CAREER_TABLE, "AREA", "GOAL", "card faces known"]
    careers = shown.tables[1]
    assert careers.columns == CAREER_COLUMNS
    return careers.rows


@pytest.mark.parametrize(
    ("mode", "own"),
    [
        # 5.0: Competitive has no burn pile of its own and no central LANDFILL
        (
            "competitive",
            [("EVENT deck", ZONES.format(30)), ("EVENT in effect", "none"), ("EVENT discard", "none")],
        ),
        # 6.1 removes the Not-For-Coop EVENT; 6.2 burns a MATERIAL every round
        (
            "cooperative",
            [
                ("EVENT deck", ZONES.format(26)),
                ("EVENT in effect", "none"),
                ("EVENT discard", "none"),
                ("burnt MATERIAL", "none"),
            ],
        ),
        # 7.0: the Exhibited QUALITY, the burn pile and the central LANDFILL
        (
            "solo",
            [
                ("EVENT deck", ZONES.format(21)),
                ("EVENT in effect", "none"),
                ("EVENT discard", "none"),
                ("Exhibited QUALITY", "food@1, glass@1, metal@2, plastic@3, utility@4"),
                ("burnt MATERIAL", "none"),
                ("central LANDFILL", "none"),
            ],
        ),
    ],
)
def test_each_mode_shows_its_own_parts(mode: str, own: list[tuple[str, str]]) -> None:
    shown = screen(begun(mode))
    assert after_end(shown) == own
    rows = career_rows(shown)
    seats = ["alice*"] if mode == "solo" else ["alice*", "bob"]
    assert rows == [[seat, "INTERN", "none", "0", "none"] for seat in seats]


def test_basic_mode_shows_none_of_the_modes_parts() -> None:
    """4.0 Mode Comparison: Basic Mode has no CAREER, CREDIT CARD or EVENT."""
    shown = screen(started())
    assert after_end(shown) == []
    assert [t.title for t in shown.tables] == [
        "players (* starting player)",
        "AREA",
        "GOAL",
        "card faces known",
    ]


def _insurance() -> Table:
    """alice ends her turn with 4 face-down EVENT: OVERTIME (CONTINUOUS), INSURANCE, STATUS
    CLIMB and THE GAP (IMMEDIATE) flip; INSURANCE is resolved from alice clockwise (5.3)."""
    table = begun()
    table.give("alice", events=("?", "?", "?", "?"))
    table.play("buy alice food:1", "end alice", "reveal material glass")
    table.play("reveal event overtime insurance status-climb the-gap")
    return table


def test_the_events_flipped_being_resolved_and_in_effect_next() -> None:
    """5.3: "The effect of a CONTINUOUS EVENT starts on next player's turn"; an IMMEDIATE EVENT
    is resolved by each player in turn, the next flipped waits its turn."""
    table = _insurance()
    shown = screen(table)
    assert after_end(shown) == [
        ("EVENT deck", ZONES.format(30)),
        ("EVENT in effect", "none"),
        ("EVENT next", "OVERTIME (in effect from the next turn)"),
        ("EVENT resolving", "INSURANCE (alice, bob to resolve)"),
        ("EVENT choice", "event alice toss [dollar|blank] | lose"),
        ("EVENT flipped", "STATUS CLIMB, THE GAP"),
        ("EVENT discard", "OVERTIME"),
    ]
    assert shown.prompt == "alice: event | apply"
    table.play("event alice toss dollar")
    assert ("EVENT resolving", "INSURANCE (bob to resolve)") in screen(table).facts
    table.play("event bob toss blank")
    assert after_end(screen(table)) == [
        ("EVENT deck", ZONES.format(30)),
        ("EVENT in effect", "OVERTIME"),
        ("EVENT discard", "OVERTIME, INSURANCE, STATUS CLIMB, THE GAP"),
    ]


def test_an_event_everyone_has_resolved_names_nobody_and_no_choice() -> None:
    """The table as it stands between the last player's part and the EVENT going under the
    discard pile (``at`` shows any point of the log)."""
    table = _insurance()
    table.play("event alice toss dollar")
    state = table.state
    events = table.play("event bob toss blank")
    for event in events[: [type(e).__name__ for e in events].index("EventResolved")]:
        state = loop.evolve(state, event)
    shown = loop.present(loop.view(state))
    assert [f for f in shown.facts if f[0].startswith("EVENT r") or f[0] == "EVENT choice"] == [
        ("EVENT resolving", "INSURANCE")
    ]


def test_the_career_table_while_the_careers_are_chosen() -> None:
    """5.1: each player is dealt 2 CAREER and plays one or the INTERN; a real table types the
    CAREER dealt, so all see them; until then the player is just choosing."""
    table = Cooperative(2)
    table.play("reveal career alice chef tycoon")
    assert career_rows(screen(table)) == [
        ["alice*", "choosing: CHEF or TYCOON or INTERN", "none", "0", "none"],
        ["bob", "choosing", "none", "0", "none"],
    ]


def test_the_career_table_counts_credit_cards_face_down_events_and_face_up_favours() -> None:
    """5.4: the COIN paid on each CREDIT CARD; 5.3: EVENT face down beside the CAREER; 6.2: the
    FAVOUR played face up next to the GOAL."""
    table = begun("cooperative", careers={"bob": "chef"})
    table.give("alice", credit=((3, 1), (0, 0)), events=("?", "?"), played=("share", "acquire", "share"))
    table.give("bob", credit=((2, 0),))
    assert career_rows(screen(table)) == [
        ["alice*", "INTERN", "3, 0", "2", "ACQUIRE, SHARE x2"],
        ["bob", "CHEF", "2", "0", "none"],
    ]


def test_a_competitive_table_shows_the_burnt_the_central_landfill_and_the_owed_when_any() -> None:
    """The burn pile and central LANDFILL once something lies there (an EVENT's doing), and the
    COIN a player owes and must APPLY for a CREDIT CARD to pay (5.4)."""
    table = begun()
    table.set(
        burned=("glass", "food", "glass"),
        central=("metal",),
        owed=(Owed("bob", 3, "", "INSURANCE"), Owed("alice", 1, "bob", "RENT")),
    )
    assert after_end(screen(table)) == [
        ("EVENT deck", ZONES.format(30)),
        ("EVENT in effect", "none"),
        ("EVENT discard", "none"),
        ("burnt MATERIAL", "food, glass x2"),
        ("central LANDFILL", "metal"),
        ("owed", "bob owes 3 COIN (INSURANCE)"),
        ("owed", "alice owes 1 COIN (RENT)"),
    ]


def test_the_zones_follow_the_option() -> None:
    """5.3's 3 HAPPINESS zones, as the table set them (option zones)."""
    shown = screen(begun(zones="4,9"))
    assert ("EVENT deck", "30 (HAPPINESS zones 0-4, 5-9, 10-12)") in shown.facts


def test_the_favour_played_is_told_as_in_the_log() -> None:
    """2.4: the FAVOUR awaiting its target's answer, with the MATERIAL it names."""
    table = started()
    table.play("favour alice barter bob glass plastic")
    shown = screen(table)
    assert ("FAVOUR played", "alice plays BARTER to bob: alice gives glass@2 for plastic@2") in shown.facts
    assert (
        shown.headline == "Round 1 · alice's turn · WORK, BUY or CONSUME to do · bob to answer alice's BARTER"
    )
    assert shown.prompt == "bob: accept bob | reject bob --discard"
    table = started()
    table.give("bob", landfill=("metal",))
    table.play("favour alice recycle bob metal --pay 2")
    assert (
        "FAVOUR played",
        "alice plays RECYCLE to bob: alice takes metal from the LANDFILL at QUALITY 2",
    ) in (screen(table).facts)
    table = started()
    table.play("favour alice resell bob glass")
    assert ("FAVOUR played", "alice plays RESELL to bob: alice gives glass@2 for 2 COIN") in screen(
        table
    ).facts
    table = started()
    table.play("favour alice acquire bob plastic")
    assert ("FAVOUR played", "alice plays ACQUIRE to bob: alice takes plastic@2 for 2 COIN") in screen(
        table
    ).facts


def _top(table: Table) -> tuple[str, str]:
    shown = screen(table)
    return shown.headline, shown.prompt


def test_the_setup_headlines_and_prompts() -> None:
    """1.0 Setup: the table reveals the starting MATERIAL and the CONSUME AREA; with virtual
    decks the referee waits for every card face first; 5.1: the CAREER dealt, then chosen."""
    assert _top(Table(2)) == (
        "Setup · the table reveals the starting MATERIAL and the CONSUME AREA",
        "table: reveal material TYPE TYPE --to alice,bob; reveal activity NAME [NAME ...] (x5)",
    )
    assert _top(Table(2, seed=1, cards=False)) == (
        "Setup · waiting for every ACTIVITY and GOAL face (virtual decks)",
        "table: declare activity NAME ... | declare goal NAME ... (a --cards file)",
    )
    table = Competitive(2)
    assert _top(table) == (
        "Setup · the table reveals the CAREER dealt, the starting MATERIAL and the CONSUME AREA",
        "table: reveal career | reveal activity",
    )
    table.play("reveal career alice chef tycoon", "reveal career bob artist scholar")
    assert _top(table) == ("Setup · alice, bob to choose a CAREER or INTERN (LOOP 5.1)", "alice, bob: career")


def test_the_turn_headlines_and_prompts() -> None:
    """2.2: WORK, BUY or CONSUME, then the turn ends; 2.7: the table refills the BUY AREA."""
    table = started()
    assert _top(table) == (
        "Round 1 · alice's turn · WORK, BUY or CONSUME to do",
        "alice: work | buy | favour",
    )
    table.play("work alice")
    assert _top(table) == ("Round 1 · alice's turn · WORK done", "alice: favour | end")
    table = started()
    table.play("buy alice food:1", "end alice")
    assert _top(table) == (
        "Round 1 · alice ended the turn · the table refills",
        "table: reveal material TYPE (x1)",
    )
    table.play("reveal material glass")
    assert _top(table) == ("Round 1 · bob's turn · WORK, BUY or CONSUME to do", "bob: work | buy | favour")


def test_the_final_round_is_said() -> None:
    """2.8: DEPLETION or a player's HAPPINESS 12 starts the final round; the game ends after
    the last player's turn."""
    view = loop.view(started(3).state)
    for why, said in (("depletion", "DEPLETION"), ("happiness", "a player reached HAPPINESS 12")):
        shown = loop.present(replace(view, final_round=why))
        assert shown.headline == "Round 1 · alice's turn · WORK, BUY or CONSUME to do · FINAL ROUND"
        assert ("end", f"final round ({said}); the game ends after carol's turn") in shown.facts
    assert ("end", "DEPLETION or HAPPINESS 12 starts the final round") in loop.present(view).facts
    empty = loop.present(replace(view, material_deck=replace(view.material_deck, count=0, cards={})))
    assert ("MATERIAL deck", "0: DEPLETION") in empty.facts


@pytest.mark.parametrize(
    ("mode", "seats", "winners", "said"),
    [
        ("basic", ["alice", "bob"], ["bob"], "Game over · bob wins"),
        ("competitive", ["alice", "bob", "carol"], ["alice", "carol"], "Game over · alice and carol win"),
        ("cooperative", ["alice", "bob"], ["alice", "bob"], "Game over · the team wins"),
        (
            "cooperative",
            ["alice", "bob"],
            [],
            "Game over · the team loses: a player ends below HAPPINESS 11",
        ),  # 6.3: all or none
        ("solo", ["alice"], ["alice"], "Game over · alice wins"),
        ("solo", ["alice"], [], "Game over · alice loses: below HAPPINESS 11"),  # 7.3
    ],
)
def test_the_game_over_headline(mode: str, seats: list[str], winners: list[str], said: str) -> None:
    view = replace(
        loop.view(started(3).state), mode=mode, phase="over", seats=seats, winners=winners, to_act=[]
    )
    shown = loop.present(view)
    assert (shown.headline, shown.prompt) == (said, "")


def test_the_consume_area_names_each_activity_with_the_material_it_needs_and_its_property() -> None:
    """status's CONSUME AREA line: each ACTIVITY face up there (3.0), by name, with the 2
    MATERIAL it needs and its 2 PROPERTY as the cards file gives them, a copy each time."""
    shown = dict(screen(started()).facts)["CONSUME AREA"]
    assert shown == (
        "COOKING (food+food: heart, house); DANCE (glass+plastic: group, heart); LIBRARY (glass+glass:"
        " book, heart); PICNIC (food+utility: group, house); PICNIC (food+utility: group, house)"
    )


def _faces(view: View) -> list[list[str]]:
    (faces,) = [t for t in loop.present(view).tables if t.title.startswith("card faces")]
    assert faces.columns == ["card", "shows", "note"]
    return faces.rows


def test_the_card_faces_table_shows_each_face_and_how_many_copies_of_an_activity_were_seen() -> None:
    """A real table's ACTIVITY come 2 of a kind: the screen counts the copies seen so far (the
    5 dealt face up to the CONSUME AREA, 3.0: PICNIC twice), with the 2 MATERIAL and 2 PROPERTY
    of each face; a GOAL shows the PROPERTY it calls for, or HOBBY's and CURIOSITY's own rule
    (3.2), and its HAPPINESS."""
    rows = {row[0]: row[1:] for row in _faces(loop.view(started().state))}
    assert rows["ACTIVITY PICNIC"] == ["food+utility: group, house", "2 of 2 seen"]
    assert rows["ACTIVITY DANCE"] == ["glass+plastic: group, heart", "1 of 2 seen"]
    assert rows["ACTIVITY YOGA"] == ["utility+utility: heart, leaf", "0 of 2 seen"]
    assert rows["GOAL BOOKWORM"] == ["book, book, book -> +3 HAPPINESS", ""]
    assert rows["GOAL HOBBY"] == ["2 of the ACTIVITY you kept share the same name -> +2 HAPPINESS", ""]


def test_the_card_faces_table_marks_what_is_not_known_yet_and_who_achieved_a_goal() -> None:
    """A face the table has not declared shows `?` for each part; virtual decks count no copies;
    a GOAL achieved (2.3) names its holder."""
    view = replace(
        loop.view(started().state),
        activities=[
            ActivityCard(name="DANCE", needs=None, props=None, seen=None),
            ActivityCard(name="PICNIC", needs=["food", "utility"], props=None, seen=None),
        ],
        goals=[
            GoalCard(name="BOOKWORM", needs=None, special=None, reward=None, achieved_by=None),
            GoalCard(name="HOBBY", needs=None, special="its rule", reward=2, achieved_by="bob"),
        ],
    )
    assert _faces(view) == [
        ["ACTIVITY DANCE", "?: ?", ""],
        ["ACTIVITY PICNIC", "food+utility: ?", ""],
        ["GOAL BOOKWORM", "? -> +? HAPPINESS", ""],
        ["GOAL HOBBY", "its rule -> +2 HAPPINESS", "achieved by bob"],
    ]
