"""Rule citations, as the two texts title their sections (a refusal names one).

The base game's rulebook is not among our rules: a base rule the referee enforces comes from
a table setting or a declared card, and is cited as "PURSUIT base game" and what it is.
"""

R_COMPONENTS = "PURSUIT Community: Components"
R_SETUP = "PURSUIT Community: Setup"
R_CARDS = "PURSUIT Community: Community Cards"
R_ENGAGE = "PURSUIT Community: Engage in Community"
R_OUTCOME = "PURSUIT Community: Outcome"
R_POPULARITY = "PURSUIT Community: Popularity Track"
R_ADDITIONAL = "PURSUIT Community: Additional Cards"
R_FIVE = "PURSUIT Community: Playing with 5 Players"
R_SOLO = "PURSUIT Community: Solo Game"
R_BLACK_FRIDAY = "PURSUIT Community: FAQ: Black Friday"
R_BLIND_DATE = "PURSUIT Community: FAQ: Blind Date"
R_MOST = "PURSUIT Community: FAQ: New Family Next Door / Pumpkin Contest"
R_FRIENDS = "PURSUIT KS Promos 4: 1. Friends"
R_PETS = "PURSUIT KS Promos 4: 2. Pets"
R_SCHOOL = "PURSUIT KS Promos 4: 3. School"
R_STAND_ALONE = "PURSUIT KS Promos 4: 4. Stand-Alone Jobs"

R_BASE = "PURSUIT base game"
R_SETTINGS = "PURSUIT base game: table settings"
R_ROUNDS = "PURSUIT base game: rounds and phases"
R_ACTION = "PURSUIT base game: Action Phase"
R_UPKEEP = "PURSUIT base game: Upkeep Phase"
R_COSTS = "PURSUIT base game: costs and requirements"
R_SLOTS = "PURSUIT base game: play area slots"
R_PENALTY = "PURSUIT base game: Discarding a Card - Penalty"
R_PILES = "PURSUIT base game: card piles"
R_REFRESH = "PURSUIT base game: Refresh Cards"
R_END = "PURSUIT base game: the end of the game"
