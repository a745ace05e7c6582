"""What the LOOP rulebook prints, as data, and nothing else.

Every value here is transcribed from ``rules/loop.txt`` (sections cited). Card faces the
rulebook does not print (most ACTIVITY and GOAL, every GOAL reward) are *not* here: a table
declares them the first time a card is used, or loads its own cards file. The CAREER and
EVENT lists serve later modes; Basic Mode plays INTERN only (LOOP 4.0).
"""

from __future__ import annotations

from typing import NamedTuple

# LOOP 1.1: "MATERIAL card 5 types, 6 each, 30 in total."
MATERIALS: tuple[str, ...] = ("food", "glass", "metal", "plastic", "utility")
MATERIAL_COPIES = 6
MATERIAL_TOTAL = len(MATERIALS) * MATERIAL_COPIES  # 30

# LOOP 1.0: "Sets of MATERIAL to remove" by total player number (1 to 6).
SETS_REMOVED: dict[int, int] = {1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}

# LOOP 2.3: "There are 5 PROPERTY in total".
PROPERTIES: tuple[str, ...] = ("house", "group", "leaf", "book", "heart")

# LOOP 1.1 and 2.2: the numbers the board and the player mat print.
SLOTS = 5  # 5 face-up MATERIAL in the BUY AREA (1 set), 5 face-up ACTIVITY (LOOP 1.0)
MAX_HAPPINESS = 12  # LOOP 1.1 "Reach HAPPINESS 12 to end game"
MAX_REPUTATION = 2  # LOOP 1.1 "You can keep up to 2 REPUTATION"
MAX_KEPT = 3  # LOOP 1.1 "You can keep up to 3 ACTIVITY"
MAX_PER_TURN = 3  # LOOP 2.2 b) and c): up to 3 MATERIAL bought, up to 3 ACTIVITY consumed
MAX_QUALITY = 4  # LOOP 2.2 b): "COIN you decide to pay for each MATERIAL (1 to 4)"
HAND_DRAW_LIMIT = 5  # LOOP 2.2: "Draw 1 and only 1 FAVOUR if you have less than 5 in hand"
GOALS_PER_PLAYER = 3  # LOOP 1.0 and 2.3: 3 GOAL each in Basic Mode

# LOOP 1.0, 1.1 and 8.0 (Intern): the Basic Mode player.
INTERN_HAPPINESS = 4
INTERN_COIN = 2
INTERN_MATERIAL_QUALITY = 2
EXHAUSTED_COIN = 1  # LOOP 2.2 a): "no HAPPINESS to deduct, take 1 COIN ... end turn immediately"
REPUTATION_FOR_HAPPINESS = 2  # LOOP 2.5 c): "Spend 2 REPUTATION to get 1 HAPPINESS"

# LOOP 1.1 and 3.1: red FAVOUR, 5 types, 6 each; REPUTATION gained by the player who ACCEPTs.
FAVOURS: tuple[str, ...] = ("acquire", "barter", "recycle", "resell", "share")
FAVOUR_COPIES = 6
FAVOUR_TOTAL = len(FAVOURS) * FAVOUR_COPIES  # 30
ACCEPT_REPUTATION: dict[str, int] = {
    "acquire": 1,
    "barter": 1,
    "recycle": 0,
    "resell": 1,
    "share": 2,
}
FAVOUR_TEXT: dict[str, str] = {
    "acquire": "Take 1 MATERIAL from any player and pay him COIN equal to its QUALITY. "
    "Cannot play to those who has no MATERIAL.",
    "barter": "Exchange 1 MATERIAL with another player which has the same or less QUALITY "
    "than yours. The difference in QUALITY will not be returned to you in any form.",
    "recycle": "Take 1 MATERIAL (except UTILITY) from other player's LANDFILL to your AREA. "
    "Pay COIN to WORK AREA to determine its QUALITY. You cannot RECYCLE from your LANDFILL.",
    "resell": "Give 1 MATERIAL to any player and take COIN equal to its QUALITY from him. "
    "Cannot play to those who has not enough COIN to pay you.",
    "share": "Spend 1 QUALITY of a player's MATERIAL to CONSUME. You don't take the MATERIAL, "
    "just deduct its 1 QUALITY. QUALITY is not deducted if the SHAREd MATERIAL is not used "
    "at the end.",
}

# LOOP 7.0: the 5 blue FAVOUR, Solo Mode only (removed at setup in every other mode).
BLUE_FAVOUR_TEXT: dict[str, str] = {
    "acquire": "Take 1 MATERIAL from the BUY AREA and pay COIN equal to its Exhibited QUALITY "
    "(its current No. of white dots shown on top) to WORK AREA.",
    "barter": "Exchange 1 of your MATERIAL with another 1 from BUY AREA of the same or less "
    "Exhibited QUALITY.",
    "renew": "Take any 1 MATERIAL (including UTILITY) from central LANDFILL, then pay double "
    "the COIN to the WORK AREA to determine its QUALITY.",
    "resell": "Move 1 MATERIAL from your AREA to the bottom of MATERIAL deck. Take COIN equal "
    "to its QUALITY from WORK AREA.",
    "share": "Use 1 QUALITY of any MATERIAL in BUY AREA to CONSUME. Move it to central "
    "LANDFILL if it is BROKEN.",
}

# LOOP 1.0 "No. of FAVOUR to start": the printed table stops after the 3rd seat.
# Rows are seats (1st, 2nd, 3rd), columns player counts; None marks a cell the table cuts off.
FAVOUR_DEAL_PRINTED: dict[int, tuple[int | None, ...]] = {
    2: (2, 3),
    3: (1, 2, 3),
    4: (1, 2, 2, None),
    5: (1, 1, 2, None, None),
    6: (1, 1, 2, None, None, None),
}

# LOOP 1.1, 2.3 and 3.2: ACTIVITY and GOAL totals.
ACTIVITY_TOTAL = 30
ACTIVITY_NAMES = 15  # "There are 30 ACTIVITY, 15 pairs share the same name."
ACTIVITY_COPIES = 2
GOAL_TOTAL = 18  # "GOAL card 18 different types."
GOAL_NEEDS_MIN = 3  # "each GOAL calls for 3 to 5 PROPERTY (except for HOBBY and CURIOSITY)"
GOAL_NEEDS_MAX = 5

# LOOP 2.2 c): the one ACTIVITY whose colours the text prints. Its PROPERTY are not printed.
PRINTED_ACTIVITY_NEEDS: dict[str, tuple[str, str]] = {"DANCE": ("glass", "plastic")}

# LOOP 2.3 and 3.2: GOAL the text describes. No reward is printed for any of them.
PRINTED_GOAL_NEEDS: dict[str, tuple[str, ...]] = {
    "SENSE OF BELONGING": ("house", "house", "group", "group"),
}
SPECIAL_GOALS: dict[str, str] = {
    "HOBBY": "2 of the ACTIVITY you kept share the same name",
    "CURIOSITY": "the 3 ACTIVITY you kept are completed with all 5 different types of MATERIAL",
}
NAMED_GOALS: tuple[str, ...] = ("SOCIAL WELLBEING",)  # LOOP 2.3: named in an example only


class Career(NamedTuple):
    """A CAREER card (LOOP 8.0). Basic Mode uses INTERN, the back of every CAREER."""

    name: str
    ability_kind: str  # "conditional", "once-per-turn" or "none"
    level: int
    excluded: tuple[str, ...]  # modes the CAREER is removed from
    happiness: int
    coin: int
    materials: tuple[int, ...]  # QUALITY of each random starting MATERIAL
    reputation: int
    salary: str  # as printed
    salaries: tuple[tuple[int, int], ...]  # (COIN gained, HAPPINESS lost) choices; () if not fixed
    ability: str  # the ABILITY's printed name, "" where none is printed
    text: str


_ALL: tuple[str, ...] = ()
_SOLO = ("solo",)
_COOP_SOLO = ("cooperative", "solo")

# LOOP 8.0, in the order printed.
CAREERS: tuple[Career, ...] = (
    Career("Artist", "conditional", 3, _ALL, 3, 1, (1,), 0, "+1 COIN and -1 HAPPINESS",
           ((1, 1),), "Create",
           "Only when WORK, take 1 face-up MATERIAL at QUALITY 4 from BUY AREA and 1 COIN."),
    Career("Banker", "once-per-turn", 2, _SOLO, 3, 0, (2,), 1, "+7 COIN and -2 HAPPINESS",
           ((7, 2),), "Influence",
           "Once per turn, exchange 1 REPUTATION with any player for his 1 COIN or vice versa."),
    Career("Chef", "conditional", 2, _ALL, 3, 2, (1,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "Supersize",
           "When you BUY or RECYCLE FOOD, you get double the QUALITY than COIN you paid."),
    Career("Craftsman", "once-per-turn", 1, _ALL, 3, 1, (1,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "Forge",
           "Once per turn, make 1 of your or other player's MATERIAL into any non-FOOD MATERIAL "
           "for your entire turn. It returns to its original type when you end turn."),
    Career("Engineer", "once-per-turn", 1, _ALL, 3, 0, (1,), 0, "+6 COIN and -2 HAPPINESS",
           ((6, 2),), "Repair",
           "Once per turn, add 1 QUALITY to 1 of your or other player's non-UTILITY MATERIAL."),
    Career("Freelancer", "once-per-turn", 2, _COOP_SOLO, 3, 2, (2,), 0,
           "+7 COIN and -2 HAPPINESS; or +4 COIN and -1 HAPPINESS; or +2 COIN and -0 HAPPINESS",
           ((7, 2), (4, 1), (2, 0)), "Freedom",
           "When WORK, you may choose from 1 of the SALARY above. And Once per turn, you may "
           "discard 1 FAVOUR and draw a new one."),
    Career("Homemaker", "once-per-turn", 3, _ALL, 3, 2, (2,), 0, "+3 COIN and -1 HAPPINESS",
           ((3, 1),), "Minimalist",
           "Once per turn, gain 1 REPUTATION if you have no more than 1 MATERIAL at any given "
           "time in your turn."),
    Career("Intern", "none", 2, _ALL, 4, 2, (2,), 0, "+3 COIN and -1 HAPPINESS",
           ((3, 1),), "",
           "Intern has no ABILITY but starts at HAPPINESS 4."),
    Career("Investor", "once-per-turn", 1, _ALL, 3, 1, (), 0, "+5 COIN and -1 HAPPINESS",
           ((5, 1),), "Invest",
           "Once per turn, you may pay 1 COIN to toss twice. Gain 2 COIN if either toss lands "
           'on the "$" side; otherwise nothing happens.'),
    Career("Lawyer", "conditional", 3, _COOP_SOLO, 3, 0, (2,), 1, "+7 COIN and -2 HAPPINESS",
           ((7, 2),), "Objection",
           "You may discard any 1 FAVOUR to REJECT a FAVOUR, even if that FAVOUR is not "
           "targeting you. Your ABILITY overrules OFFICER's ABILITY: Enforce."),
    Career("Nurse", "once-per-turn", 1, _COOP_SOLO, 3, 1, (2,), 1, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "Care",
           "Once per turn, give 1 FAVOUR to any player and you gain 1 REPUTATION. The targeted "
           "player must take that FAVOUR."),
    Career("Office Lady / Clerk", "conditional", 1, _ALL, 3, 1, (2,), 0,
           "+4 COIN and -1 HAPPINESS", ((4, 1),), "Slack Off",
           "During your WORK turn, you may also BUY 1 and only 1 MATERIAL at any QUALITY."),
    # The ABILITY name "Enforce" is printed in the Lawyer's text, not under Officer.
    Career("Officer", "once-per-turn", 2, _COOP_SOLO, 3, 1, (2,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "Enforce",
           "Your first played FAVOUR per turn cannot be REJECT, except intercepted by Lawyer's "
           "Objection."),
    Career("Politician", "conditional", 3, _COOP_SOLO, 3, 2, (), 1, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "",
           "You may choose to play FAVOUR face-down to a player and claim what that is. He can "
           "then choose to blindly ACCEPT or REJECT as usual; or call your bluff if he doesn't "
           "believe your claim. You will only reveal the FAVOUR if it is called. If that FAVOUR "
           "is what you claim it is (true), you gain 1 REPUTATION then he continues to choose "
           "ACCEPT or REJECT that FAVOUR as usual. If it is a lie, discard the falsely claimed "
           "FAVOUR to the Discard Pile."),
    Career("Salesman", "conditional", 1, _ALL, 3, 0, (2,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "",
           "Whenever you ACCEPT an ACQUIRE or RESELL, or when others ACCEPT your played ACQUIRE "
           "or RESELL, you gain 1 COIN from the WORK AREA immediately."),
    Career("Scavenger", "once-per-turn", 2, _ALL, 3, 1, (1,), 0, "+3 COIN and -1 HAPPINESS",
           ((3, 1),), "",
           "Once per turn, you may take 1 non-UTILITY MATERIAL at QUALITY 1 from any LANDFILL to "
           "your AREA. You may also play RECYCLE (or RENEW in Solo Mode) as RESELL. Your target "
           "player must REJECT by discarding a RESELL or deduct 1 REPUTATION; if he ACCEPT, he "
           "can only play it later as RECYCLE."),
    Career("Scholar", "once-per-turn", 3, _ALL, 3, 2, (2,), 1, "+6 COIN and -2 HAPPINESS",
           ((6, 2),), "",
           "Once per turn, may look at the top card of either the MATERIAL, ACTIVITY, FAVOUR, "
           "or EVENT deck."),
    Career("Scientist", "conditional", 2, _ALL, 3, 0, (1, 1), 1, "+7 COIN and -2 HAPPINESS",
           ((7, 2),), "",
           "In your BUY turn, may BUY any 1 MATERIAL (including UTILITY) from any LANDFILL, "
           "including your own."),
    Career("Soldier", "once-per-turn", 1, _COOP_SOLO, 3, 1, (2,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "",
           "Once per turn, you may take 1 random FAVOUR from any player's hand."),
    Career("Tycoon", "conditional", 3, _ALL, 3, 2, (), 1, "x2 COIN and -1 HAPPINESS",
           (), "",
           "When WORK, you must take the same amount of COIN from WORK AREA as you currently "
           "have and lose 1 additional HAPPINESS per CREDIT CARD you owned."),
    Career("Waitress", "conditional", 2, _COOP_SOLO, 3, 1, (2,), 0, "+4 COIN and -1 HAPPINESS",
           ((4, 1),), "",
           "Draw 2 FAVOUR if you have less than 5 FAVOUR in hand at the start of your turn."),
)  # fmt: skip

INTERN = next(career for career in CAREERS if career.name == "Intern")


class EventCard(NamedTuple):
    """An EVENT card (LOOP 5.3 and 9.0), for Competitive, Cooperative and Solo Modes."""

    name: str
    kind: str  # "continuous" or "immediate"
    excluded: tuple[str, ...]  # modes whose icon removes it
    text: str


# LOOP 9.0, in the order printed.
EVENTS: tuple[EventCard, ...] = (
    EventCard("A Diamond Is For Business", "continuous", (),
              "Lose 1 HAPPINESS if you don't have METAL in your AREA at your turn end."),
    EventCard("Bad Debt", "continuous", (), "If you own a CREDIT CARD(s), you cannot choose BUY."),
    EventCard("BOGOF (Buy 1 Get 1 Free)", "continuous", (),
              "For every MATERIAL you BUY, you must take 1 MATERIAL at QUALITY 1 from the BUY "
              "AREA if there is any."),
    EventCard("Buy More Earn More", "continuous", (),
              "Get 1 COIN from WORK AREA for every 3 COIN you spent, including ACQUIRE, BUY, and "
              "RECYCLE only."),
    EventCard("Collector", "continuous", (),
              "Gain 1 HAPPINESS per turn if you have all 5 different types of MATERIAL in your "
              "AREA."),
    EventCard("Combustion Energy", "immediate", ("solo",),
              "Player(s) with the least HAPPINESS put all non-UTILITY MATERIAL in his LANDFILL "
              "back into the MATERIAL Deck, then shuffle the deck thoroughly."),
    EventCard("Disposable Culture", "continuous", (),
              "Player can only BUY and RECYCLE PLASTIC at QUALITY 1."),
    EventCard("Economic Slowdown", "continuous", (),
              "Player can only BUY 1 MATERIAL in BUY turn; CONSUME 1 ACTIVITY in CONSUME turn; "
              "and lose 1 COIN in WORK turn."),
    EventCard("Everything Is Online", "continuous", (),
              "Player without a CREDIT CARD cannot spend COIN, including cannot ACQUIRE, BUY, "
              "RECYCLE, or uses ABILITY that uses COIN (Banker & Investor, P.16)."),
    EventCard("Hidden Clause", "immediate", (),
              "CREDIT CARD owner loses 1 COIN from PAYOFF for each of his CREDIT CARD. i.e. Move "
              "1 COIN from each CREDIT CARD to WORK AREA."),
    EventCard("Hypebeast", "continuous", ("solo",),
              "Choose a target player at your turn end. If you own every MATERIAL type that he "
              "owns, nothing happens; otherwise lose 1 HAPPINESS."),
    EventCard("Insurance", "immediate", (),
              'Choose to toss 1 COIN or lose 1 COIN. If you chose to toss, gain 2 COIN if it '
              'lands on the "$" side, otherwise lose 2 COIN.'),
    EventCard("Landfill Tax", "continuous", (),
              "A player loses 1 COIN per MATERIAL sent to his own LANDFILL. If he cannot afford "
              "to pay, he must APPLY for a CREDIT CARD immediately."),
    EventCard("Make It Rain", "continuous", (),
              "Spend 4 or more COIN in 1 turn to gain 1 HAPPINESS, including ACQUIRE, BUY, and "
              "RECYCLE only."),
    EventCard("Manners Makyth Man", "continuous", ("cooperative", "solo"),
              "Player can only REJECT by deducting 1 REPUTATION. Cannot REJECT by discarding a "
              "same FAVOUR."),
    EventCard("Micro-Plastic", "continuous", (),
              "All FOOD MATERIAL cards are regarded as PLASTIC. e.g. Player may use FOOD as "
              "PLASTIC but cannot CONSUME ACTIVITY requiring FOOD."),
    EventCard("Overtime", "continuous", (),
              "When WORK, lose 1 additional HAPPINESS and gain 4 more COIN."),
    EventCard("Overproduction", "immediate", ("cooperative",),
              "Remove from game the top 2 cards of MATERIAL deck."),
    EventCard("Planned Obsolescence", "immediate", (),
              "Choose 1 MATERIAL in your AREA to lose 1 QUALITY. If BROKEN, move it to your "
              "LANDFILL."),
    EventCard("Red Gown", "continuous", (),
              "When BUY, you must BUY at the same or higher QUALITY than your current highest "
              "QUALITY MATERIAL."),
    EventCard("Redeem Bonus", "immediate", ("cooperative", "solo"),
              "Do nothing, or 1 of the following: a) Pay 1 COIN to get 1 MATERIAL at QUALITY 1 "
              "from BUY AREA. b) Pay 2 COIN to get 1 MATERIAL at QUALITY 1 from BUY AREA, and "
              "draw 1 FAVOUR from the deck. c) Pay 3 COIN to get 1 MATERIAL at QUALITY 3 from "
              "BUY AREA, and draw 2 FAVOUR from the deck."),
    EventCard("Repurchase", "immediate", ("solo",),
              "Give 1 COIN to a player and take 1 non-UTILITY MATERIAL at QUALITY 1 from his "
              "LANDFILL."),
    EventCard("Satan Santa", "immediate", ("solo",),
              "Give 1 MATERIAL (only if one has any) to another player. Player may receive more "
              "than 1 or no MATERIAL at all."),
    EventCard("Skinner Box", "continuous", (),
              "Refill empty MATERIAL and ACTIVITY slot immediately."),
    EventCard("Social Responsibility", "immediate", ("cooperative", "solo"),
              "Draw 1 FAVOUR from a player's hand (if he has any) who has higher HAPPINESS than "
              "you."),
    EventCard("Status Climb", "immediate", ("solo",),
              "Choose a player who has less HAPPINESS than you. Lose 1 HAPPINESS if he has more "
              "COIN than you, otherwise nothing happens."),
    EventCard("The 2nd Semi Mid-Season Sales", "continuous", (),
              "When BUY, choose 1 of the MATERIAL you BUY and only pay half the COIN for its "
              "QUALITY. e.g. Pay 2 COIN to BUY 1 GLASS at QUALITY 1 and 1 FOOD at QUALITY 2."),
    EventCard("The Gap", "immediate", ("solo",),
              "Each player add together all his COIN (excluding those on CREDIT CARD) and "
              "QUALITY of all MATERIAL in his AREA. If the largest different among players is "
              "greater than 7, all lose 1 HAPPINESS."),
    EventCard("Treat Yo Self", "continuous", (),
              "Gain 1 HAPPINESS immediately if you APPLY a new CREDIT CARD this turn."),
    EventCard("Vulgarian", "continuous", (), "Cannot CONSUME unless you have 4 or more COIN."),
)  # fmt: skip


def _key(printed: str) -> str:
    """A card's key, as typed and stored: "Office Lady / Clerk" is OFFICE LADY, "BOGOF (Buy 1
    Get 1 Free)" is BOGOF, "Micro-Plastic" is MICRO PLASTIC (typed ``micro-plastic``)."""
    name = printed.split("(")[0].split("/")[0].replace("-", " ")
    return " ".join(name.split()).upper()


CAREER: dict[str, Career] = {_key(career.name): career for career in CAREERS}
INTERN_KEY = "INTERN"
CAREER_ALIASES: dict[str, str] = {"CLERK": "OFFICE LADY"}  # 8.0: "Office Lady / Clerk"
CAREERS_DEALT = 2  # LOOP 5.1: "deal 2 to each player"

EVENT: dict[str, EventCard] = {_key(event.name): event for event in EVENTS}
# LOOP 5.3: "There are in total 30 EVENT cards, 19 of them are CONTINUOUS EVENT and 11
# IMMEDIATE EVENT." 9.0 prints all 30 (19 CONTINUOUS, 11 IMMEDIATE): every face is known.
EVENT_TOTAL = 30
CONTINUOUS_TOTAL = 19
IMMEDIATE_TOTAL = 11

# LOOP 5.4 CREDIT CARD and 5.5 LANDFILL Penalty.
CREDIT_COIN = 4  # "immediately take 4 COIN from WORK AREA"
CREDIT_GIFT_QUALITY = 1  # "and 1 MATERIAL at QUALITY 1 ... as a Welcoming Gift"
CREDIT_DEBT = 5  # "A CREDIT CARD's debt is clear when 5 COIN are paid."
PAYOFF_MAX = 2  # "place 1 or 2 COIN on top of it ... (cannot pay more than 2)"
DEBT_PENALTY = 2  # "Lose 2 HAPPINESS per CREDIT CARD that is not PAYOFF at game end."
LANDFILL_PENALTY_PER = 3  # "1 HAPPINESS for every 3 MATERIAL in his own LANDFILL"

# LOOP 6.3 and 7.3: "HAPPINESS 11 (flag) or above".
WIN_THRESHOLD = 11
# LOOP 7.0: the blue FAVOUR of Solo Mode, one of each.
BLUE_FAVOURS: tuple[str, ...] = tuple(sorted(BLUE_FAVOUR_TEXT))
SOLO_GOALS = 4  # LOOP 4.0 and 7.1: "Draw 4 random GOAL"
COIN_SIDES = ("dollar", "blank")  # a COIN tossed: the "$" side or the other
