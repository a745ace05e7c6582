"""What the two texts print, as data, and nothing else.

Every value is transcribed from ``rules/pursuit-of-happiness-community.txt`` and
``rules/pursuit-of-happiness-ks-promos-4.txt`` (sections cited as the texts title them).
The named cards keep exactly what the texts say about them; the rest of each face is
declared by the table (``faces``), and a declaration must agree with what is printed here.
"""

from __future__ import annotations

# The modules a table may play with (``--option modules=...``).
MODULES = ("community", "friends", "pets", "school", "stand-alone-jobs")

# Playing with 5 Players: "Community contains all the necessary components to add a 5th
# player to your games." Solo Game: one player.
PLAYERS = (1, 5)
BASE_PLAYERS = 4

# The resources, and what else a box may name.
RESOURCES = ("knowledge", "creativity", "influence", "money")

# Community, Components: "48 Community Cards", "5 Wooden Community Tokens".
COMMUNITY_CARDS = 48
COMMUNITY_SLOTS = 5  # "draw 5 Community cards and place them face-up on the ... card slots"
# Components and Additional Cards: shuffled into their corresponding piles of the main game.
ADDITIONAL = {"project": 9, "item": 10, "job": 9, "partner": 3, "life-goal": 2, "child-trait": 2}
# "10 Items & Activities": one count for the two kinds of that pile.
ADDITIONAL_PILE = {"item": "item", "activity": "item"}
POPULARITY_SECTIONS = 6  # "The Popularity track is divided into six sections"
POPULARITY_SCORES = tuple(range(POPULARITY_SECTIONS))  # scores 0 to 5
SOLO_EXTRA = 10  # Solo Game: "you must now have +10 LTH when finishing the game"

# KS Promos 4.
FRIEND_SLOTS = 4  # "draw 4 cards from the Friend pile and place them face-up"
FRIEND_LEVELS = 3  # "The last Level (L3) of a Friend card is Repeatable"
EDUCATIONAL_LEVELS = 2  # "Each Educational Project only features two Levels"
WORK_HARDER = 2  # "up to 2 times the Work Harder Cost"
# School: the tile "covers the Get Job, Start Relationship, and Overtime Board Action spaces".
SCHOOL_COVERS = ("get-job", "start-relationship", "overtime")

# School, citing the base game's "Discarding a Card - Penalty": "you get 1 Stress and lose
# 1 STH".
PENALTY = "1stress 1sth"

# The kinds of cards, by pile. A Pet is in the Items & Activities pile, a Stand-Alone Job
# in the Job pile; Career Jobs and Educational Projects have their own School piles.
KINDS = (
    "project",
    "item",
    "activity",
    "job",
    "partner",
    "life-goal",
    "child-trait",
    "friend",
    "pet",
    "career-job",
    "educational-project",
    "stand-alone-job",
)
PILE_OF = {
    "project": "projects",
    "item": "items",
    "activity": "items",
    "pet": "items",
    "job": "jobs",
    "stand-alone-job": "jobs",
    "partner": "partners",
    "life-goal": "life-goals",
    "child-trait": "child-traits",
    "friend": "friends",
    "career-job": "school",
    "educational-project": "school",
}
MODULE_OF = {
    "friend": "friends",
    "pet": "pets",
    "career-job": "school",
    "educational-project": "school",
    "stand-alone-job": "stand-alone-jobs",
}
JOBS = ("job", "career-job", "stand-alone-job")  # a Career Job and a Stand-Alone Job are Jobs

# The board actions the texts name, and what each takes from where. Start a Project is the
# referee's name for the base game's action that takes a Project.
TAKES = {
    "get-job": ("job", "stand-alone-job"),
    "start-relationship": ("partner",),
    "start-project": ("project",),
    "spend": ("item", "activity", "pet"),
    "start-friendship": ("friend",),
    "career": ("career-job", "educational-project"),
}
ACTION_NAMES = {
    "get-job": "Get Job",
    "start-relationship": "Start Relationship",
    "start-project": "Start a Project",
    "spend": "Spend",
    "start-friendship": "Start Friendship",
    "career": "Make a Career Choice",
    "overtime": "Overtime",
}


def action_title(key: str) -> str:
    """A board action as the board names it: ``start-project`` is Start a Project, a declared
    one (``temp-job``, stored by its key) Temp job."""
    return ACTION_NAMES.get(key) or key.replace("-", " ").capitalize()


BOARD_ROWS = ("projects", "items", "jobs", "partners")  # Refresh Cards on the Game board

# The settings the base game needs, with the form each is declared in.
SETTINGS = {
    "hourglasses": "START,MAX",
    "stress": "SPACES:CHANGE,...",
    "sth": "MIN,MAX",
    "rounds": "STRESS,STRESS,... (one per Adult round)",
    "order": "seats|rotate|sth",
    "slots": "N:KIND,KIND,...",
    "relax": "section|space",
    "life-goals": "N|players",
    "child-traits": "N",
    "teen-closed": "ACTION,ACTION,...",
    "popularity": "A,B,C,D,E,F (spaces of the six sections)",
    "solo-target": "LTH",
    "friend-cards": "N",
    "refresh": "COST",
}
# Each setting in a person's words, and an example of its shape: a value the referee reads
# (``declare settings``'s hints and the table page's form, issue 41). The numbers are examples
# of the form only, never the publisher's: no text in ../shared/rules prints the base game's.
SETTING_WORDS = {
    "hourglasses": "hourglass tokens at the start, and at most",
    "stress": "the Stress track's sections, from no Stress up: spaces and hourglass change",
    "sth": "the STH track's ends",
    "rounds": "the Stress old age adds at each Adult round's Upkeep",
    "order": "the Action Phase's turn order",
    "slots": "a play area's slots, and the kinds of card they hold",
    "relax": "a Relax moves Stress 1 space left within its section, or 1 space left",
    "life-goals": "Life Goals face up at setup (players: one a player)",
    "child-traits": "Child Traits each player keeps",
    "teen-closed": "the board actions closed in the Teen round",
    "popularity": "the spaces of the Popularity track's six sections",
    "solo-target": "the solo game's LTH target",
    "friend-cards": "Friend cards in the Friend pile",
    "refresh": "what Refresh Cards costs",
}
SETTING_EXAMPLES = {
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
# --option preset=public: what public descriptions of the base game agree on.
PRESETS = {
    "public": {
        "hourglasses": "6,9",
        "teen-closed": "get-job,start-relationship,overtime",
    }
}
PRESET_ACTIONS = {"public": {"study": "3knowledge", "play": "3creativity", "interact": "3influence"}}

# The named cards, with what the texts print of them ("" = printed as nothing; a key left
# out is not printed). Levels are "lN.part"; a Community card's "engage.part", "oN.part".
PRINTED_CARDS: dict[str, dict[str, object]] = {
    # Friends example: "As he has a Job (L1 Requirement) ... gains 1 Creativity and 2
    # Influence (L1 Reward)"; L3: "pay 4 Knowledge to gain 2 Creativity, 3 Influence, and 2
    # LTH"; "he does not have to pay any Upkeep Cost".
    "KEVIN": {
        "kind": "friend",
        "l1.requirement": "job",
        "l1.reward": "1creativity 2influence",
        "l3.cost": "4knowledge",
        "l3.reward": "2creativity 3influence 2lth",
        "l3.upkeep": "",
    },
    # Pets example: "pays 5 Money ... gaining 1 Relax and 1 LTH"; "pays 2 Money for the L3
    # Upkeep Cost"; "the fourth Level ... This is the final Level ... loses 1 STH, but gains
    # 3 LTH".
    "KOI": {
        "kind": "pet",
        "levels": 4,
        "l1.cost": "5money",
        "l1.reward": "1relax 1lth",
        "l3.upkeep": "2money",
        "l4.cost": "1sth",
        "l4.reward": "3lth",
    },
    # School example: L1 "1 Hourglass token on the card, gets 1 Stress and pays 1 Knowledge
    # and 2 Influence ... gain 9 Money"; L2 "3 Hourglass tokens ..., get 2 Stress, and pay 1
    # Knowledge and 2 Influence ... gains 14 Money and 1 LTH"; the final level "pay 1
    # Influence and lose 1 STH to gain 3 Money, 1 Relax, and 2 LTH"; retired, "3 Money during
    # each subsequent Upkeep Phase".
    "RUGBY PLAYER": {
        "kind": "career-job",
        "levels": 3,
        "l1.cost": "1hourglass 1stress 1knowledge 2influence",
        "l1.reward": "9money",
        "l2.cost": "3hourglass 2stress 1knowledge 2influence",
        "l2.reward": "14money 1lth",
        "l3.cost": "1influence 1sth",
        "l3.reward": "3money 1relax 2lth",
        "retirement": "3money",
    },
    # Stand-Alone Jobs example: hiring "pays 2 Knowledge and 4 Creativity"; Work Harder "she
    # loses 1 STH to gain 2 Money in addition to the Hiring Reward, for an overall total of
    # 10 Money" (so the Hiring Reward is 8 Money); upkeep "1 Hourglass token on the card and
    # pay 1 Knowledge and 2 Creativity"; "She loses 2 STH to gain 6 Money in addition to the
    # regular Upkeep Reward, for an overall total of 13 Money" (twice 1 STH for 3 Money; the
    # Upkeep Reward 7 Money).
    "GRAPHIC DESIGNER": {
        "kind": "stand-alone-job",
        "l1.cost": "2knowledge 4creativity",
        "l1.reward": "8money",
        "harder": ("1sth", "2money"),
        "l1.upkeep": "1hourglass 1knowledge 2creativity",
        "l1.income": "7money",
        "harder_upkeep": ("1sth", "3money"),
    },
}
PRINTED_COMMUNITY: dict[str, dict[str, object]] = {
    # "pays 1 Money and 2 Creativity (Engage Cost). Immediately, she gains 1 STH and 1
    # Popularity (Engage Reward)".
    "ORGANIZE A PARTY": {"engage.cost": "1money 2creativity", "engage.reward": "1sth 1popularity"},
    # "As the card features the Multiple Players indicator"; Nick "paying 1 Money (Engage
    # Cost)"; Outcome 2 "pays 2 Knowledge and 1 Creativity ... gains 3 Influence, 1
    # Popularity, and 1 LTH"; Outcome 3 "pays 2 Knowledge and 3 Influence ... gains 4
    # Creativity, 2 Popularity, and 1 LTH".
    "RENAISSANCE FAIR": {
        "multiple": True,
        "outcomes": 3,
        "engage.cost": "1money",
        "o2.cost": "2knowledge 1creativity",
        "o2.reward": "3influence 1popularity 1lth",
        "o3.cost": "2knowledge 3influence",
        "o3.reward": "4creativity 2popularity 1lth",
    },
    "SAFETY SEMINAR": {},
    "ROMANTIC GETAWAY": {},
    "BIG PROJECT AT WORK": {},
    "BLACK FRIDAY": {},  # what it does: rules.community (FAQ: Black Friday)
    "BLIND DATE": {"outcomes": 3, "o3.special": "partner"},  # FAQ: Blind Date
    "NEW FAMILY NEXT DOOR": {"most": "most-popularity"},  # "the most Popularity"
    "PUMPKIN CONTEST": {"most": "most-resources"},  # "the most ... Resources"
}
BLACK_FRIDAY = "BLACK FRIDAY"
BLIND_DATE = "BLIND DATE"
BLIND_DATE_OUTCOME = 3
