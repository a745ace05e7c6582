"""The typed view (``status --json``'s ``view``, issue 21), field by field from the rules and the
test settings (stress 3:+1,3:0,3:-1,3:-2: four sections of 3 spaces; sth -5,5; popularity
1,2,2,2,2,2: the spaces of the six sections, a Popularity Score of 0 to 5; hourglasses 6,9;
rounds 0,0,0,1,2,4: six Adult rounds; solo-target 20)."""

from __future__ import annotations

import ledger.games.pursuit as pursuit
from ledger.games.pursuit.model import Held
from ledger.games.pursuit.view import StressSection, Tracks
from tests.pursuit.table import Table, adult, lay_out, pass_round


def test_the_stress_section_and_popularity_score_of_each_player() -> None:
    table = adult(("ann", "ben"))
    for stress, section in ((0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 3), (11, 3), (12, None)):
        table.give("ann", stress=stress)
        assert pursuit.view(table.state).players["ann"].stress_section == section, stress
    for space, score in ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (10, 5)):
        table.give("ann", popularity=space)
        assert pursuit.view(table.state).players["ann"].popularity_score == score, space
    table.give("ann", lth=5, lth_from={"cards": 3, "goals": 2})
    assert pursuit.view(table.state).players["ann"].lth_from == {"cards": 3, "goals": 2}


def test_the_tracks_as_declared_and_none_before() -> None:
    table = adult(("ann", "ben"))
    stress = [StressSection(spaces=3, change=c) for c in (1, 0, -1, -2)]
    expected = Tracks(stress=stress, sth=[-5, 5], popularity=[1, 2, 2, 2, 2, 2], hourglasses=9)
    view = pursuit.view(table.state)
    assert view.tracks == expected and view.rounds == 6 and view.slots == 6
    assert view.settings["stress"] == "3:+1,3:0,3:-1,3:-2" and view.settings["solo-target"] == "20"
    assert view.options["modules"] == "community,friends,pets,school,stand-alone-jobs"
    bare = pursuit.view(Table(("ann", "ben"), cards=False).state)
    assert bare.tracks == Tracks(stress=[], sth=None, popularity=[], hourglasses=None)
    assert bare.rounds is None and bare.slots is None and bare.round is None
    assert bare.verbs == ["declare"] and bare.phase == "settings"
    assert bare.players["ann"].stress_section is None  # no Stress track declared yet
    assert bare.players["ann"].slots == 0


def test_a_play_areas_cards_their_level_status_and_slot() -> None:
    table = adult(("ann", "ben"))
    table.give("ann", cards=(Held("TEST NOVEL", 2, hourglasses=1), Held("RUGBY PLAYER", 3, "retired")))
    ann = pursuit.view(table.state).players["ann"]
    novel, rugby = ann.cards
    faces = table.state.faces.cards
    assert (novel.kind, novel.level, novel.levels, novel.status, novel.hourglasses) == (
        "project",
        2,
        len(faces["TEST NOVEL"].levels),
        "in play",
        1,
    )
    assert (rugby.kind, rugby.level, rugby.status) == ("career-job", 3, "retired")
    assert novel.slot and ann.slots == sum(c.slot for c in ann.cards)


def test_who_acts_and_what_is_resolved() -> None:
    table = adult(("ann", "ben"), community=("BLIND DATE", "NEW FAMILY NEXT DOOR"))
    view = pursuit.view(table.state)
    assert view.round == 1 and view.phase == "action" and view.active == "ann" and view.to_act == ["ann"]
    assert view.community[0].card == "BLIND DATE" and not view.community[0].multiple
    assert view.community[1].multiple  # NEW FAMILY NEXT DOOR shows the Multiple Players indicator
    table.give("ann", knowledge=9, creativity=9, influence=9, money=9, popularity=2)
    table.play("engage ann blind-date --token", "engage ben new-family-next-door")
    view = pursuit.view(table.state)
    assert view.community[0].engaged == {"ann": "token"}
    assert view.players["ann"].engaged == 0 and not view.players["ann"].token
    pass_round(table)
    view = pursuit.view(table.state)
    assert view.phase == "resolution" and view.resolving == "BLIND DATE" and view.active is None
    assert view.solo_target is None


def test_a_solo_game_shows_its_target() -> None:
    assert pursuit.view(lay_out(Table(1)).state).solo_target == 30  # 20, + 10 with Community


def test_what_each_player_has_done_this_round() -> None:
    """Hourglasses placed on board actions, Items bought, the Community token placed, passed."""
    table = adult(("ann", "ben"), community=("BLIND DATE",))
    table.give("ann", knowledge=9, creativity=9, influence=9, money=20)
    before = pursuit.view(table.state).players["ann"]
    assert (before.on_board, before.bought, before.token, before.passed) == (0, 0, True, False)
    table.play("spend ann test-sofa", "pass ben", "engage ann blind-date --token")
    ann, ben = (pursuit.view(table.state).players[n] for n in ("ann", "ben"))
    assert (ann.on_board, ann.bought, ann.token, ann.passed) == (1, 1, False, False)
    assert ben.passed and ben.token


def test_a_virtual_game_shows_the_faces_out_of_their_piles_only() -> None:
    """With virtual piles, a Community or Friend card's face shows once it is out of its pile:
    on its board, discarded, or (a Friend) in a play area."""
    table = Table(("ann", "ben"), seed=3)
    assert pursuit.view(table.state).seed is None  # a plain seed shows once the game is over
    lay_out(table)
    shown = {n for n, c in pursuit.view(table.state).faces.cards.items() if c.kind == "friend"}
    assert shown == {c for c in table.state.friends if c} and len(shown) == 4  # the rest in the pile
    pass_round(table)
    lay_out(table)
    state = table.state
    board = {slot.card for slot in state.community if slot.card}
    assert board and state.community_discard and state.friend_discard
    faces = pursuit.view(state).faces
    assert set(faces.community) == board | set(state.community_discard) != set(state.faces.community)
    friends = {name for name, card in faces.cards.items() if card.kind == "friend"}
    held = {h.name for p in state.players.values() for h in p.cards}
    assert friends == ({c for c in state.friends if c} | set(state.friend_discard) | held) & set(
        state.faces.cards
    )
    others = {name for name, card in state.faces.cards.items() if card.kind != "friend"}
    assert {name for name, card in faces.cards.items() if card.kind != "friend"} == others
    assert state.phase == "over" and pursuit.view(state).seed == 3


def test_the_school_tile_is_on_the_table_in_the_teen_round_only() -> None:
    """KS Promos 4, School: "At the Preparation Phase of the 1st Adult round, remove the School
    tile from the Game board and return it to the game box"; without the module, no tile."""
    assert pursuit.view(lay_out(Table(("ann", "ben"))).state).school
    assert not pursuit.view(adult(("ann", "ben")).state).school
    assert not pursuit.view(lay_out(Table(("ann", "ben"), options={"modules": "friends"})).state).school


def test_a_multiple_players_card_shows_who_has_resolved_it_until_all_have() -> None:
    """Community: "choose one of the Outcomes on each Community card in which you engaged ...
    As soon as a Community card has been resolved by all the players that engaged in it, it is
    discarded": until then its slot shows who has resolved it, and it is still the one being
    resolved, by those left."""
    table = adult(("ann", "ben", "cat"), community=("NEW FAMILY NEXT DOOR",))  # Multiple Players
    table.play("engage ann new-family-next-door --token", "engage ben new-family-next-door --token")
    pass_round(table)
    slot = pursuit.view(table.state).community[0]
    assert slot.multiple and slot.engaged == {"ann": "token", "ben": "token"} and slot.resolved == []
    table.play("outcome ann new-family-next-door 1")
    view = pursuit.view(table.state)
    assert view.community[0].resolved == ["ann"] and view.community[0].card == "NEW FAMILY NEXT DOOR"
    assert view.resolving == "NEW FAMILY NEXT DOOR" and view.to_act == ["ben"]
