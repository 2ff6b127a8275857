"""Bad input to Delve, each refused with one line naming what is wrong and what is accepted, and
nothing changed: a delve move with no site, an unknown theme, domain or sample site, Delve
without the pack, and Delve in a Starforged campaign (the pack imported or not)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import IronswornError, NotFound, PackMissing
from ironsworn.moves.delve.rarities import buy_rarity
from ironsworn.moves.delve.sites import new_site, roll_denizen, site_cards
from ironsworn.moves.delve.threats import new_threat
from shared_files import shared_file

DELVE = "reference/datasworn/delve.json"


@pytest.fixture
def delve() -> Iterator[None]:
    clear_cache()
    import_pack(shared_file(DELVE))
    clear_cache()
    yield
    clear_cache()


def classic() -> Game:
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS)
    game._keep(game.sheet.new_track("vow", "Break the curse", "dangerous"))
    return game


def starforged() -> Game:
    game = Game("Kira")
    game.engine.ruleset = load_library()
    game._keep(game.sheet.set_ruleset("starforged"))
    game.character("Kira", ASHA_STATS)
    game._keep(game.sheet.new_track("vow", "Find the fleet", "dangerous"))
    return game


def bare_site() -> Game:
    """A site made as a bare track, with no theme and no domain (as the web's tracks form made
    one before it asked them)."""
    game = classic()
    game._keep(game.sheet.new_track("site", "The Sunken Hall", "dangerous"))
    return game


def site(e: Any, **kw: Any) -> Any:
    args = {"theme": "ancient", "domain": "barrow", "rank": "dangerous", **kw}
    return new_site(e, "X", **args)


Case = tuple[str, Callable[[], Game], Callable[[Any], Any], str]
NO_SITE = "has no active site: begin one first, with its theme, domain and rank"
# How to import it is each surface's to say (tests/cli/test_cli_delve_pack.py): the error
# carries the pack.
NO_PACK = r"no Delve pack: import your Datasworn Delve file first$"
SF = "this campaign plays starforged"
# (case, the campaign, the call, the message)
WITH_PACK: list[Case] = [
    ("depths_no_site", classic, lambda e: e.make_move("delve the depths", stat="wits"), NO_SITE),
    ("locate_no_site", classic, lambda e: e.make_move("locate your objective"), NO_SITE),
    ("discover_no_site", classic, lambda e: e.make_move("discover a site"), NO_SITE),
    ("bare_site", bare_site,
     lambda e: site_cards(e.ruleset, e.state.track("The Sunken Hall", ("site",))),
     r"^site 'The Sunken Hall' has no theme and no domain: its features and dangers come from "
     r"its theme and domain \(accepted: a site discovered with a theme and a domain of the "
     r"Delve pack\)$"),
    ("denizen_no_site", classic, lambda e: roll_denizen(e, None), "no site is under way"),
    ("denizen_unknown_site", classic, lambda e: roll_denizen(e, "nowhere"), "nowhere"),
    ("unknown_theme", classic, lambda e: site(e, theme="gloomy"), "theme 'gloomy' is unknown"),
    ("unknown_domain", classic, lambda e: site(e, domain="castle"), "domain 'castle' is unknown"),
    ("unknown_sample", classic, lambda e: new_site(e, "", sample="Atlantis"),
     "sample site 'Atlantis' is unknown"),
    # (no dice choose a sample site: the refusal offered "or roll", then refused 'roll')
    ("sample_roll", classic, lambda e: new_site(e, "", sample="roll"),
     r"sample site 'roll' is unknown \(accepted: Alva's Rest, .*, Trail of Spirits\)$"),
    ("unknown_category", classic, lambda e: new_threat(e, "X", "curse", "dragons"),
     "threat category 'dragons' is unknown"),
    ("sf_site", starforged, site, SF),
    ("sf_threat", starforged, lambda e: new_threat(e, "X", "fleet", "roll"), SF),
    ("sf_rarity", starforged, lambda e: buy_rarity(e, None, "baldric"), SF),
    ("sf_move", starforged, lambda e: e.make_move("move:delve/delve/delve_the_depths"),
     "Delve the Depths is a classic move; this campaign plays starforged"),
]  # fmt: skip
WITHOUT_PACK: list[Case] = [
    ("site", classic, site, NO_PACK),
    ("threat", classic, lambda e: new_threat(e, "X", "curse", "roll"), NO_PACK),
    ("rarity", classic, lambda e: buy_rarity(e, None, "baldric"), "this campaign has no rarities"),
    ("delve_move", classic, lambda e: e.make_move("delve the depths", stat="wits"),
     r"Delve the Depths is a move of Ironsworn: Delve, and no Delve pack is imported: import "
     r"your Datasworn Delve file first$"),
    ("learn_move", classic, lambda e: e.make_move("learn from your failures"),
     "Learn from Your Failures is a move of Ironsworn: Delve"),
    ("sf_site", starforged, site, SF),
]  # fmt: skip


def _refused(make: Callable[[], Game], call: Callable[[Any], Any], message: str) -> None:
    game = make()
    before = game.state.to_dict()
    with pytest.raises(IronswornError, match=message) as caught:
        call(game.engine)
    assert "\n" not in str(caught.value)
    assert game.state.to_dict() == before


@pytest.mark.parametrize(
    ("case", "make", "call", "message"), WITH_PACK, ids=[c[0] for c in WITH_PACK]
)
def test_refused_with_the_pack(
    delve: None, case: str, make: Callable[[], Game], call: Callable[[Any], Any], message: str
) -> None:
    _refused(make, call, message)


@pytest.mark.parametrize(
    ("case", "make", "call", "message"), WITHOUT_PACK, ids=[c[0] for c in WITHOUT_PACK]
)
def test_refused_without_the_pack(
    case: str, make: Callable[[], Game], call: Callable[[Any], Any], message: str
) -> None:
    clear_cache()
    _refused(make, call, message)
    if case != "sf_site":  # the error carries the pack to import: each surface says how
        with pytest.raises((PackMissing, NotFound)) as caught:  # a move: not found here
            call(make().engine)
        assert caught.value.pack == "delve" and caught.value.data()["pack"] == "delve"


def test_at_the_command_line_one_line_and_exit_2(tmp_path: Path) -> None:
    from ironsworn_process import ironsworn

    home = tmp_path / "home"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return ironsworn(home, *args)

    assert run("character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    without = [
        ("site", "new", "X", "--theme", "ancient", "--domain", "barrow", "--rank", "dangerous"),
        ("rarity", "buy", "baldric"),
        ("site", "list", "--samples"),
        ("move", "delve the depths", "--stat", "wits"),
    ]
    assert run("content", "import", str(shared_file(DELVE))).returncode == 0
    with_pack = [
        ("site", "new", "X", "--theme", "gloomy", "--domain", "barrow", "--rank", "dangerous"),
        ("move", "delve the depths", "--stat", "wits"),
        ("site", "denizen", "nowhere"),
        ("rarity", "buy", "dragon egg"),
    ]
    for argv in with_pack:
        done = run(*argv)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, (argv, done.stderr)
        assert "Traceback" not in done.stderr
    assert run("track", "list", "--json").stdout.strip() == "[]"  # nothing was made
    home = tmp_path / "bare"
    assert run("character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    for argv in without:
        done = run(*argv)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, (argv, done.stderr)
        assert "Traceback" not in done.stderr
        # The command line says how its player imports the pack.
        assert "(ironsworn content import delve.json)" in done.stderr, (argv, done.stderr)
