"""``referee`` in a child process whose ``serve`` polls the log once a minute only (not every
``POLL`` seconds): what its pages show at once of another process's move came by the database's
news (PostgreSQL's NOTIFY). Used by ``tests/serve/club.py``'s ``DEAF``."""

import functools
import sys

from referee_cli.main import run
from referee_cli.serve import launch

launch.make_app = functools.partial(launch.make_app, poll=60.0)  # type: ignore[assignment]
sys.exit(run())
