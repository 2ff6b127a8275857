"""``/truth``: the truths of the world in play mode. The walkthrough lets a player leave truths
open (or /skip them all); play mode lists them, set or open, and sets one later, as
``ironsworn world truth`` does, in the same words."""

from __future__ import annotations

from pathlib import Path

from play_support import make_kai, operations, run_script

from ironsworn.campaign.store import CampaignStore


def truths(path: Path) -> dict[str, str]:
    with CampaignStore.open(path) as store:
        return {k: v["key"] for k, v in store.state().truths.items()}


def test_truths_are_listed_set_or_open_and_set_later(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(
        path,
        [
            "/truth the old world 1",  # a name of words, then the option
            "/truth iron roll",
            "/truth truth legacies 2",  # the command line's own words, read the same
            "/truth legacies open",
            "/truth",
        ],
    )
    assert run.code == 0 and run.err == "", run.err
    assert "The Old World: 1. The savage clans called the Skulde" in run.out
    assert "Legacies is open again" in run.out
    assert "(rolled " in run.out  # Iron, rolled on its table
    listed = run.out[run.out.rindex("The Old World: 1.") :]
    assert "\nLegacies: open\n" in listed and "\nHorrors: open\n" in listed
    assert set(truths(path)) == {"truth:classic/old_world", "truth:classic/iron"}
    assert [kind for kind, _ in operations(path)].count("truth") == 4


def test_a_bad_truth_or_option_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    before = operations(path)
    run = run_script(path, ["/truth legacies 7", "/truth bogus 1", "/truth iron"])
    assert run.err_lines == [
        "error: /truth: Legacies has no option '7' (accepted: 1, 2, 3, roll, open)",
        "error: unknown truth 'bogus' (accepted: a name /truth shows)",
        "error: /truth Iron needs an option: 1, 2, 3, roll, open",
    ]
    assert operations(path) == before


def test_a_truth_left_out_is_asked_at_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/truth iron", "3"], interactive=True)
    assert run.err == "", run.err
    assert any("/truth: Iron, which option?" in p for p in run.reader.prompts) or (
        "/truth: Iron, which option?" in run.out
    )
    assert truths(path) == {"truth:classic/iron": "3"}
