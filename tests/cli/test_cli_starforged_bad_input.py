"""Bad input around Starforged content (issue 20): a Starforged card in a classic campaign, an
unknown card, a wrong file given as the player's Datasworn file. Each is one line naming the
bad value and what is accepted, exit 2 (play mode: the question again), nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

from ironsworn.content import clear_cache
from shared_files import CLASSIC_DATASWORN, STARFORGED_DATASWORN, shared_file

SF = ["campaign", "new", "sf", "--ruleset", "starforged"]


@pytest.fixture(autouse=True)
def fresh_library() -> None:
    clear_cache()


@pytest.mark.parametrize(
    ("campaign", "argv", "named"),
    [
        # A Starforged card in a classic campaign (the Starforged deck imported).
        (
            ["campaign", "new", "iron"],
            ["character", "new", "Asha", "--stats", STATS, "--asset", "ace"],
            # Said whole (a quoted name and the next quote were once cut as one long value).
            "Ace is a starforged asset; this campaign plays classic (accepted: the classic assets)",
        ),
        (["campaign", "new", "iron"], ["asset", "show", "navigator"], "Navigator is a starforged"),
        (
            ["campaign", "new", "iron"],
            ["asset", "list", "--type", "module"],
            "--type 'module' is unknown (accepted: combat_talent",
        ),
        # An unknown card in a Starforged campaign.
        (
            SF,
            ["character", "new", "Kira", "--stats", STATS, "--asset", "frobnicator"],
            "unknown starforged asset 'frobnicator'",
        ),
        (SF, ["asset", "show", "frobnicator"], "'frobnicator'"),
        # A classic card in a Starforged campaign.
        (
            SF,
            ["character", "new", "Kira", "--stats", STATS, "--starship", "V", "--asset", "hawk"],
            "Hawk is a classic asset; this campaign plays starforged (accepted: the starforged "
            "assets)",
        ),
    ],
    ids=[
        "sf_card_classic",
        "sf_show_classic",
        "sf_type_classic",
        "unknown",
        "unknown_show",
        "hawk",
    ],
)
def test_a_card_of_the_wrong_deck_is_one_line_and_changes_nothing(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    campaign: list[str],
    argv: list[str],
    named: str,
) -> None:
    assert run(capsys, "content", "import", str(shared_file(STARFORGED_DATASWORN)))[0] == 0
    clear_cache()
    assert run(capsys, *campaign)[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert named in err and len(err.strip().splitlines()) == 1
    assert "…" not in err
    assert fingerprint(home) == before


def test_a_long_quoted_value_is_shown_by_its_start(capsys: pytest.CaptureFixture[str]) -> None:
    """A pasted page named in a message is cut; a name's quotes and an apostrophe are not."""
    from ironsworn.cli.common import fail

    pasted = "x" * 200
    fail(f"name {pasted!r} is too long (accepted: Kira's 1-60 characters, see 'help')")
    err = capsys.readouterr().err
    assert err == (
        f"ironsworn: error: name '{'x' * 59}…' is too long (accepted: Kira's 1-60 characters, "
        "see 'help')\n"
    )


def test_the_wrong_file_for_the_players_datasworn_is_refused_and_nothing_imported(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    classic = str(shared_file(CLASSIC_DATASWORN))
    assert run(capsys, *SF)[0] == 0
    before = fingerprint(home)
    code, out, err = run(
        capsys, "campaign", "new", "sf2", "--ruleset", "starforged", "--datasworn", classic
    )
    assert (code, out) == (2, "")
    assert "holds the classic ruleset (accepted: the starforged ruleset, starforged.json)" in err
    assert len(err.strip().splitlines()) == 1
    assert fingerprint(home) == before and not (home / "packs").exists()
