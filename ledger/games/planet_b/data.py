"""What the Planet B rulebook prints, as data, and nothing else.

Every value is transcribed from ``rules/planet-b.txt`` (sections cited as the rulebook titles
them). The boards and cards are not printed: a table declares them (``faces``), except the
named boxes of "Explanation of Particular Cards" and the few numbers and boxes the worked
examples show, which are here.
"""

from __future__ import annotations

# Game Components.
PLAYER_COUNTS = (2, 3, 4)
BUILDING_PILES: dict[str, int] = {"A": 14, "B": 14, "C": 14}  # "46 buildings (14xA, 14xB, 14xC, 4 HQ)"
NEWS_PILES: dict[str, int] = {"I": 16, "II": 16, "III": 14}  # "46 news cards (16xI, 16xII, 14xIII)"
LAW_PILES: dict[str, int] = {"yellow": 10, "blue": 10}  # "20 laws (10x yellow, 10x blue)"
TILE_SETS: dict[str, int] = {"A": 3, "B": 4}  # "7 conglomerate tiles (3xA, 4xB)"
VOTES = 25  # "100 votes (25 per player)"
SWINDLE_TILES = ("+1", "+1", "-1", "-1")  # Buy a Swindle Tile: 2 "-1" and 2 "+1" per player
PRODUCTION_TILES = 10  # "40 production tiles (10 per player)"

# What Actions Are There? Production: "resource of your choice" is one of these.
RESOURCES = ("plastic", "iridium", "water", "plant", "hydrogen", "chip", "meat")
MEAT_PRICE = 6  # Selling Resources: "Meat you can always sell for 6 money."
WAREHOUSE = 4  # Production: "You cannot have more than 4 containers of each resource."
LINES = ("upper", "lower")  # "either the upper or the lower one"
LINE_SPACES = 3  # "Each production line consists of 3 production spaces."
TILE_PRICE = 10  # Production Tiles: "You can buy these for 10 money"

# Faction Action.
TRACKS = ("capitalist", "futurist", "traditionalist")
STEP_MONEY = 4  # "take 4 money for each extra step"
# Scoring example: "You are on the last track space of the Capitalist track ... you'd rather
# have a build action than 20 money".
CAPITALIST_LAST = ("20money", "build")

# Workie Action.
WORKIE_LIMIT = 8  # "more than 8 crafties or 8 brainies on your player board"
WORKIES = ("crafty", "brainy")
# Placing a Workie: "The Headquarters has only one area that needs to be filled with 1 crafty
# and 1 brainy."
HEADQUARTERS = "HEADQUARTERS"
HEADQUARTERS_AREAS = ("crafty+brainy",)

# Build, Redrawing Buildings.
HAND = 3  # "draw as many buildings as you need to have 3 in hand again"
RETURN_MONEY = 5  # "add it to the bottom of the corresponding pile. You get 5 money"
# "A buildings cost between 4 and 10 money and use only crafties. B buildings cost between 14
# and 20 money and use both crafties and brainies. C buildings ... between 24 and 30 money,
# and use only brainies."
BUILDING_COSTS: dict[str, tuple[int, int]] = {"A": (4, 10), "B": (14, 20), "C": (24, 30)}
BUILDING_WORKIES: dict[str, frozenset[str]] = {
    "A": frozenset({"crafty"}),
    "B": frozenset({"crafty", "brainy"}),
    "C": frozenset({"brainy"}),
}

# Immoral News Cards: "All II news cards are immoral, as are half of the III news cards."
IMMORAL_III = 7

# Setting Up Your Player Board.
START_MONEY = 10
START_WORKIES = 2  # "Place 2 brainies and 2 crafties"
START_BAG = 3  # "Put 3 of them into the bag now."

# Mood: "take 2 victory points instead" / "lose 2 victory points instead".
MOOD_VP = 2

# Elections.
DRAW = 3  # "Draw 3 votes at random from the bag."
OFFICES = ("president", "vice-president", "lama", "dodo")  # in rank order
OFFICE_NAMES = {
    "president": "President",
    "vice-president": "Vice-President",
    "lama": "L.A.M.A.",
    "dodo": "D.O.D.O.",
}
OFFICE_MONEY = {"president": 25, "vice-president": 10, "lama": 3, "dodo": 1}  # 4B. Distribute Offices
# Offices: each holder's action, immoral then moral, in the effect language.
OFFICE_ACTION = {
    "vice-president": ("6money", "faction"),
    "lama": ("3money", "mood"),
    "dodo": ("1money", "vote"),
}

# Exchanges: "Take 2 resources of your choice, or, if you are immoral, take 5." "move the
# election marker 2 spaces forward."
EXCHANGE_RESOURCES = (2, 5)
EXCHANGE_MARKER = 2

# Changes for 2 and 3 Players.
SMALL_SIDE = "2-3"
FULL_SIDE = "4"
SMALL_SUITCASES = 3  # "Exchanges will happen after the 3rd suitcase."
DUMMY = "dummy"
DUMMY_VOTES = 9  # "add 9 votes in the dummy's color to the bag"

# Game End.
MONEY_PER_VP = 3
FACTION_VP = 2
PRESIDENT_VP = 20
BAG_VP = (15, 8)

# Explanation of Particular Cards: the named boxes the rulebook explains, in the effect
# language (``effects``). A word without a count or sign below is one of the referee's names
# for the action the rulebook describes (``effects.SPECIALS``).
NAMED_BOXES: dict[str, str] = {
    "INVITATION TO BID": "invitation 25money",
    "PREFABRICATED HOUSES": "-3iridium build-free",
    "RENOVATIONS": "renovate build",
    "ILLEGAL BUILD": "-2iridium draw-build-b",
    "GAME OF CHANCE": "chance",
    "CUTE SCULPTURE": "-2iridium sculpture 20money",
    "SOLAR ENERGY": "solar futurist",
    "VACCINATION": "vaccinate futurist",
    "CELL REGENERATION": "-1hydrogen replay 2vp",
    "BUILDING EXPORT": "export-building 3vote 30money",
    "GREEN SMOOTHIE": "smoothie",
    "SPORTS BET": "bet",
    "GOODS EXPORT": "triple-sale",
    "I PICK NUMBER 3": "pick-law",
    "NANNY BOTS": "vaccinate/brainy",
    "PARLIAMENTARY NEGLECT": "-2faction neglect right",
    "UNEXPECTED INHERITANCE": "draw-build-a",
    "HOME RENOVATIONS": "renovate build",
    "WEAPONS TEST": "mood-bottom 2capitalist 2futurist 2traditionalist others:-1mood",
}
# The cards those boxes are on: (kind, named boxes). Stadium and Space Port are listed under
# news cards with a building's named box: the table says which they are.
NAMED_CARDS: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "ARCHITECTURAL AGENCY": ("building", ("INVITATION TO BID", "PREFABRICATED HOUSES")),
    "CONSTRUCTION SITE": ("building", ("RENOVATIONS", "ILLEGAL BUILD")),
    "CASINO": ("building", ("GAME OF CHANCE",)),
    "MUSEUM": ("building", ("CUTE SCULPTURE",)),
    "POWER PLANT": ("building", ("SOLAR ENERGY",)),
    "HOSPITAL": ("building", ("VACCINATION", "CELL REGENERATION")),
    "SKYHOOK": ("building", ("BUILDING EXPORT",)),
    "SMOOTHIE PLANT": ("building", ("GREEN SMOOTHIE",)),
    "STADIUM": (None, ("SPORTS BET",)),
    "SPACE PORT": (None, ("GOODS EXPORT",)),
    "I PICK NUMBER 3": ("news", ("I PICK NUMBER 3",)),
    "NANNY BOTS": ("news", ("NANNY BOTS",)),
    "PARLIAMENTARY NEGLECT": ("news", ("PARLIAMENTARY NEGLECT",)),
    "UNEXPECTED INHERITANCE": ("news", ("UNEXPECTED INHERITANCE",)),
    "HOME RENOVATIONS": ("news", ("HOME RENOVATIONS",)),
    "WEAPONS TEST": ("news", ("WEAPONS TEST",)),
}
SCULPTURE_MAX = 12  # CUTE SCULPTURE: "(12 maximum)"
CHANCE = (3, 10, 2)  # GAME OF CHANCE: draw 3 votes; per own vote 10 money and 2 VP
BET = (3, 15)  # SPORTS BET: draw 3 votes; 15 money per own vote
SMOOTHIE = (1, 4, 10, 1)  # GREEN SMOOTHIE: give 1-4 plants; per plant 10 money and 1 vote
EXPORT = (2, 3)  # GOODS EXPORT: up to 2 resources at triple the price
NEGLECT_TRACKS = 2  # PARLIAMENTARY NEGLECT: "split this between 2 tracks"
INVITATION = 3  # INVITATION TO BID: "Discard as many buildings from your hand (0 to 3)"
