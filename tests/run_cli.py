"""Run the command line in a child process with the tests' tiny game registered."""

import sys

from ledger import games
from referee_cli.main import run
from tests import pebbles

games.register("pebbles", pebbles)
sys.exit(run())
