"""``ironsworn play``: an interactive session on the current campaign.

This module only registers the command; the session itself lives in :mod:`ironsworn.cli.play`
and is imported when the command runs (with prompt_toolkit only when a terminal is attached),
so ``ironsworn --help`` and the one-shot commands stay instant.
"""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import campaign_options, common_options


def register(sub: Any) -> None:
    play = campaign_options(
        common_options(
            sub.add_parser(
                "play",
                help="play interactively on the current campaign",
                description="Play interactively: typed prose becomes journal text, "
                "/commands make moves, roll oracles and show the sheet (/help lists them). "
                "Ctrl-D or /quit leaves; Ctrl-C cancels the current line. With input piped "
                "in, commands are read line by line until the end of the input.",
            )
        )
    )
    play.add_argument("--seed", help="seed the session's dice, for a reproducible session")
    play.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ironsworn.cli.play.session import play

    return play(
        campaign=args.campaign,
        json_mode=bool(args.json),
        seed=args.seed,
        database=args.database,
    )
