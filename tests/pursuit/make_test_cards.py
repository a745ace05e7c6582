"""Writes ``fixtures/pursuit-test-cards.toml`` and ``fixtures/pursuit-test-settings.toml``: card
faces and base-game numbers INVENTED for the tests, NOT the publisher's. The parts the two
texts print of their named cards (Kevin, Koi, Rugby Player, Graphic Designer, Organize a
Party, Renaissance Fair, ...) are as printed; everything else is made up.

    python tests/pursuit/make_test_cards.py
"""

from __future__ import annotations

from pathlib import Path

from ledger.cardfile import toml_entry
from ledger.games.pursuit.faces import Action, Card, Community, Level

ROOT = Path(__file__).resolve().parents[2]
HEADER = (
    "# TEST DATA for the referee's tests: invented, NOT the publisher's cards or numbers.\n"
    "# Only what the two expansion texts print of their named cards is as printed.\n"
    "# Written by tests/pursuit/make_test_cards.py.\n\n"
)

SETTINGS = {
    "hourglasses": "6,9",
    "stress": "3:+1,3:0,3:-1,3:-2",
    "sth": "-5,5",
    "rounds": "0,0,0,1,2,4",
    "order": "seats",
    "slots": "6:project,item,activity,job,partner,pet",
    "relax": "section",
    "life-goals": "players",
    "child-traits": "1",
    "teen-closed": "get-job,start-relationship,overtime",
    "popularity": "1,2,2,2,2,2",
    "solo-target": "20",
    "friend-cards": "16",
    "refresh": "1influence",
}
ACTIONS = [
    Action(name="study", reward="3knowledge"),
    Action(name="play", reward="3creativity"),
    Action(name="interact", reward="3influence"),
    Action(name="temp-job", reward="3money"),
    Action(name="overtime", reward="4money", requirement="job"),
    Action(name="rest", reward="1relax 1sth"),
]


def lv(requirement: str = "", cost: str = "", reward: str = "", upkeep: str = "", income: str = "") -> Level:
    return Level(requirement=requirement, cost=cost, reward=reward, upkeep=upkeep, income=income)


CARDS = [
    # Projects
    Card(
        name="TEST CHOIR",
        kind="project",
        levels=(
            lv(cost="2creativity", reward="1sth"),
            lv(cost="1hourglass 2creativity", reward="2lth"),
            lv(cost="2hourglass 3creativity", reward="4lth"),
        ),
    ),
    Card(
        name="TEST NOVEL",
        kind="project",
        levels=(
            lv(cost="2knowledge", reward="1lth"),
            lv(cost="1hourglass 3knowledge 1creativity", reward="3lth"),
        ),
    ),
    Card(
        name="TEST GARDEN",
        kind="project",
        levels=(
            lv(cost="1money 1creativity", reward="1sth"),
            lv(cost="1hourglass 2money", reward="2lth 1relax"),
        ),
    ),
    Card(
        name="TEST CHARITY RUN",
        kind="project",
        levels=(
            lv(requirement="2popularity", cost="1influence", reward="1lth"),
            lv(cost="1hourglass 2influence", reward="2lth 1popularity"),
        ),
    ),
    Card(
        name="TEST PODCAST",
        kind="project",
        levels=(
            lv(cost="1influence 1creativity", reward="1popularity"),
            lv(cost="1hourglass 2influence", reward="2lth"),
        ),
    ),
    Card(
        name="TEST MURAL",
        kind="project",
        set="community",
        levels=(
            lv(cost="2creativity", reward="1popularity"),
            lv(cost="1hourglass 2creativity", reward="3lth"),
        ),
    ),
    Card(
        name="TEST BLOCK PARTY",
        kind="project",
        set="community",
        levels=(
            lv(cost="2influence", reward="1popularity 1sth"),
            lv(cost="1hourglass 1money", reward="2lth"),
        ),
    ),
    # Items & Activities
    Card(name="TEST BICYCLE", kind="item", levels=(lv(cost="3money", reward="1sth 1lth"),)),
    Card(
        name="TEST PIANO",
        kind="item",
        levels=(lv(cost="5money", reward="2lth"), lv(cost="1hourglass 2creativity", reward="2lth")),
    ),
    Card(name="TEST SOFA", kind="item", levels=(lv(cost="2money", reward="1relax"),)),
    Card(name="TEST LAPTOP", kind="item", levels=(lv(cost="4money", reward="1knowledge 1lth"),)),
    Card(name="TEST LANTERN", kind="item", set="community", levels=(lv(cost="1money", reward="1sth"),)),
    Card(name="TEST CONCERT", kind="activity", levels=(lv(cost="3money", reward="2sth 1lth"),)),
    Card(name="TEST SPA DAY", kind="activity", levels=(lv(cost="4money", reward="2relax 1lth"),)),
    # Jobs
    Card(
        name="TEST CLERK",
        kind="job",
        levels=(
            lv(requirement="2knowledge", reward="2money", upkeep="1hourglass", income="4money"),
            lv(cost="1hourglass 2knowledge", reward="1lth", upkeep="1hourglass", income="6money"),
        ),
    ),
    Card(
        name="TEST CHEF",
        kind="job",
        levels=(
            lv(requirement="2creativity", reward="1money", upkeep="1hourglass 1creativity", income="5money"),
            lv(cost="2creativity", reward="1lth 1sth", upkeep="2hourglass", income="8money"),
        ),
    ),
    Card(
        name="TEST NURSE",
        kind="job",
        levels=(lv(requirement="3knowledge", reward="3money", upkeep="2hourglass", income="6money"),),
    ),
    Card(
        name="TEST PARK RANGER",
        kind="job",
        set="community",
        levels=(lv(reward="1sth", upkeep="1hourglass", income="3money"),),
    ),
    # Partners
    Card(
        name="TEST ALEX",
        kind="partner",
        levels=(
            lv(requirement="2influence", reward="1sth", upkeep="1money"),
            lv(cost="1hourglass 2influence", reward="3lth", upkeep="1money 1hourglass"),
        ),
    ),
    Card(
        name="TEST SAM",
        kind="partner",
        levels=(
            lv(requirement="2creativity", reward="2sth", upkeep="1creativity"),
            lv(cost="1hourglass 2creativity", reward="2lth 1hourglass", upkeep="1hourglass"),
        ),
    ),
    Card(
        name="TEST ROBIN", kind="partner", levels=(lv(requirement="2money", reward="1lth", upkeep="2money"),)
    ),
    Card(
        name="TEST JORDAN",
        kind="partner",
        set="community",
        levels=(lv(requirement="1popularity", reward="1sth 1popularity", upkeep="1influence"),),
    ),
    # Life Goals
    Card(name="TEST WELL READ", kind="life-goal", levels=(lv(requirement="5knowledge", reward="4lth"),)),
    Card(name="TEST CAREER MINDED", kind="life-goal", levels=(lv(requirement="job", reward="3lth"),)),
    Card(name="TEST RICHEST", kind="life-goal", levels=(lv(requirement="most-money", reward="5lth"),)),
    Card(name="TEST FAMILY FIRST", kind="life-goal", levels=(lv(requirement="partner", reward="4lth"),)),
    Card(
        name="TEST GOOD NEIGHBOUR",
        kind="life-goal",
        set="community",
        levels=(lv(requirement="2popularity", reward="3lth"),),
    ),
    # Child Traits
    Card(
        name="TEST BOOKWORM",
        kind="child-trait",
        levels=(lv(reward="2knowledge 1creativity"),),
        ability="gain 1 knowledge when you study",
    ),
    Card(name="TEST ARTIST", kind="child-trait", levels=(lv(reward="2creativity 1influence"),)),
    Card(name="TEST CHARMER", kind="child-trait", levels=(lv(reward="2influence 1money"),)),
    Card(name="TEST SAVER", kind="child-trait", levels=(lv(reward="3money"),)),
    Card(
        name="TEST ALL ROUNDER",
        kind="child-trait",
        levels=(lv(reward="1knowledge 1creativity 1influence 1money"),),
    ),
    Card(
        name="TEST SOCIAL BUTTERFLY",
        kind="child-trait",
        set="community",
        levels=(lv(reward="1influence 1popularity"),),
    ),
    # Friends (Kevin as the text prints him, the rest invented)
    Card(
        name="KEVIN",
        kind="friend",
        levels=(
            lv(requirement="job", reward="1creativity 2influence", upkeep="1influence"),
            lv(cost="1hourglass 1influence", reward="1lth", upkeep="1money"),
            lv(cost="4knowledge", reward="2creativity 3influence 2lth"),
        ),
    ),
    *[
        Card(
            name=f"TEST FRIEND {n}",
            kind="friend",
            levels=(
                lv(requirement=req, reward=reward, upkeep="1money"),
                lv(cost="1hourglass 1influence", reward="1lth", upkeep="1influence"),
                lv(cost="1hourglass 2creativity", reward="2lth 1sth"),
            ),
        )
        for n, req, reward in [
            (1, "", "1sth"),
            (2, "2knowledge", "1creativity"),
            (3, "", "1influence"),
            (4, "partner", "2sth"),
            (5, "", "1knowledge"),
            (6, "1popularity", "1popularity"),
            (7, "", "1money"),
            *((n, "", "1sth") for n in range(8, 16)),
        ]
    ],
    # Pets (Koi's printed parts; the rest invented)
    Card(
        name="KOI",
        kind="pet",
        levels=(
            lv(cost="5money", reward="1relax 1lth", upkeep="1money"),
            lv(reward="1sth", upkeep="1money"),
            lv(reward="1lth", upkeep="2money"),
            lv(cost="1sth", reward="3lth"),
        ),
    ),
    Card(
        name="TEST PUPPY",
        kind="pet",
        levels=(
            lv(cost="3money", reward="2sth", upkeep="1money"),
            lv(cost="1hourglass", reward="1lth", upkeep="2money"),
            lv(reward="2lth"),
        ),
    ),
    Card(
        name="TEST KITTEN",
        kind="pet",
        levels=(lv(cost="2money", reward="1sth", upkeep="1money"), lv(reward="1lth 1relax")),
    ),
    # School: Career Jobs (Rugby Player as printed) and Educational Projects
    Card(
        name="RUGBY PLAYER",
        kind="career-job",
        levels=(
            lv(cost="1hourglass 1stress 1knowledge 2influence", reward="9money"),
            lv(cost="3hourglass 2stress 1knowledge 2influence", reward="14money 1lth"),
            lv(cost="1influence 1sth", reward="3money 1relax 2lth"),
        ),
        retirement="3money",
    ),
    Card(
        name="TEST DANCER",
        kind="career-job",
        levels=(
            lv(cost="1hourglass 2creativity", reward="5money"),
            lv(cost="2hourglass 2creativity", reward="8money 1lth"),
            lv(cost="1creativity", reward="2money 2lth"),
        ),
        retirement="2money",
    ),
    Card(
        name="TEST SINGER",
        kind="career-job",
        levels=(
            lv(cost="1hourglass 1influence", reward="4money"),
            lv(cost="1creativity 1influence", reward="2lth 2money"),
        ),
        retirement="1money",
    ),
    Card(
        name="TEST MEDICINE",
        kind="educational-project",
        levels=(lv(cost="2knowledge", reward="1knowledge"), lv(cost="1hourglass 3knowledge", reward="2lth")),
        ability="study gives 1 more knowledge",
    ),
    Card(
        name="TEST FINE ARTS",
        kind="educational-project",
        levels=(
            lv(cost="2creativity", reward="1creativity"),
            lv(cost="1hourglass 3creativity", reward="2lth"),
        ),
        ability="play gives 1 more creativity",
    ),
    # Stand-Alone Jobs (Graphic Designer as printed)
    Card(
        name="GRAPHIC DESIGNER",
        kind="stand-alone-job",
        levels=(
            lv(
                cost="2knowledge 4creativity",
                reward="8money",
                upkeep="1hourglass 1knowledge 2creativity",
                income="7money",
            ),
        ),
        harder=("1sth", "2money"),
        harder_upkeep=("1sth", "3money"),
    ),
    Card(
        name="TEST COURIER",
        kind="stand-alone-job",
        levels=(lv(cost="1influence", reward="3money", upkeep="1hourglass", income="3money"),),
        harder=("1stress", "1money"),
        harder_upkeep=("1sth", "2money"),
    ),
    Card(
        name="TEST TUTOR",
        kind="stand-alone-job",
        levels=(
            lv(
                requirement="3knowledge",
                cost="1knowledge",
                reward="4money",
                upkeep="1hourglass 1knowledge",
                income="4money",
            ),
        ),
        harder=("1sth", "1money"),
        harder_upkeep=("1stress", "2money"),
    ),
]

NAMED_COMMUNITY = [
    Community(
        name="ORGANIZE A PARTY",
        engage=lv(cost="1money 2creativity", reward="1sth 1popularity"),
        outcomes=(lv(cost="1creativity", reward="1lth"), lv(reward="1popularity")),
    ),
    Community(
        name="RENAISSANCE FAIR",
        multiple=True,
        engage=lv(cost="1money"),
        outcomes=(
            lv(reward="1creativity"),
            lv(cost="2knowledge 1creativity", reward="3influence 1popularity 1lth"),
            lv(cost="2knowledge 3influence", reward="4creativity 2popularity 1lth"),
        ),
    ),
    Community(
        name="SAFETY SEMINAR",
        engage=lv(reward="1knowledge"),
        outcomes=(lv(cost="1knowledge", reward="1lth 1popularity"), lv(reward="1sth")),
    ),
    Community(
        name="ROMANTIC GETAWAY",
        engage=lv(requirement="partner", cost="2money", reward="2sth"),
        outcomes=(lv(reward="2lth"),),
    ),
    Community(
        name="BIG PROJECT AT WORK",
        engage=lv(requirement="job", reward="2money"),
        outcomes=(lv(cost="2knowledge", reward="2lth"), lv(reward="1money")),
    ),
    Community(
        name="BLACK FRIDAY",
        multiple=True,
        engage=lv(cost="1money"),
        outcomes=(
            lv(requirement="1bought", reward="1sth/item"),
            lv(requirement="2bought", reward="1lth/item"),
            lv(reward="1money"),
        ),
    ),
    Community(
        name="BLIND DATE",
        engage=lv(cost="1money", reward="1sth"),
        outcomes=(
            lv(reward="1sth"),
            lv(cost="1money", reward="1lth"),
            lv(cost="1influence", reward="partner"),
        ),
    ),
    Community(
        name="NEW FAMILY NEXT DOOR",
        multiple=True,
        engage=lv(reward="1popularity"),
        outcomes=(lv(requirement="most-popularity", reward="2lth"), lv(reward="1influence")),
    ),
    Community(
        name="PUMPKIN CONTEST",
        multiple=True,
        engage=lv(cost="1creativity"),
        outcomes=(lv(requirement="most-resources", reward="3lth"), lv(reward="1sth")),
    ),
]
_ENGAGES = ["1money", "1creativity", "1knowledge", "1influence", "", "2money"]
_REWARDS = ["1popularity", "1sth", "1sth 1popularity", "1knowledge", "2popularity", "1creativity"]
_OUTCOMES = [
    (lv(reward="1lth"), lv(cost="1knowledge", reward="1lth 1popularity")),
    (lv(cost="1money", reward="2lth"), lv(reward="1influence")),
    (
        lv(reward="1sth"),
        lv(cost="2creativity", reward="2lth 1popularity"),
        lv(requirement="3popularity", reward="3lth"),
    ),
    (lv(cost="1influence", reward="1lth 1sth"), lv(reward="1money")),
]
GENERIC_COMMUNITY = [
    Community(
        name=f"TEST HAPPENING {n}",
        multiple=n % 3 == 0,
        engage=lv(requirement="job" if n % 11 == 0 else "", cost=_ENGAGES[n % 6], reward=_REWARDS[n % 6]),
        outcomes=_OUTCOMES[n % 4],
    )
    for n in range(1, 40)
]


def main() -> None:
    lines = [HEADER.rstrip("\n"), ""]
    for action in ACTIONS:
        lines += toml_entry("action", action, True)
    for card in CARDS:
        lines += toml_entry("card", card, True)
    for face in [*NAMED_COMMUNITY, *GENERIC_COMMUNITY]:
        lines += toml_entry("community", face, True)
    (ROOT / "fixtures" / "pursuit-test-cards.toml").write_text("\n".join(lines))
    settings = [HEADER.rstrip("\n"), "", "[settings]", *(f'{k} = "{v}"' for k, v in SETTINGS.items()), ""]
    (ROOT / "fixtures" / "pursuit-test-settings.toml").write_text("\n".join(settings))


if __name__ == "__main__":
    main()
