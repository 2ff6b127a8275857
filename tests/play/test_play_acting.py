"""/as: with several characters, the acting one stands in for --character."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ironsworn.campaign.store import CampaignStore


def play(home: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", "play"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_as_sets_the_acting_character(tmp_path: Path) -> None:
    for name, stats in (
        ("Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1"),
        ("Kai", "edge=1,heart=2,iron=3,shadow=2,wits=1"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "ironsworn", "character", "new", name, "--stats", stats],
            env={**os.environ, "IRONSWORN_HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.returncode == 0
    result = play(
        tmp_path,
        [
            "/as Kai",
            "/move face danger --stat iron --dice 6,1,2",
            "Kai strides across the ford.",
            "/as",
            "/as Nobody",
        ],
    )
    assert result.returncode == 0, result.stderr
    assert "now acting as Kai" in result.stdout + result.stderr
    assert "acting: Kai" in result.stdout + result.stderr
    assert "'Nobody'" in result.stderr
    with CampaignStore.open(tmp_path / "campaigns" / "default.sqlite") as store:
        state = store.state()
        assert state.characters["Kai"].momentum == 3  # the strong hit went to Kai
        assert state.characters["Asha"].momentum == 2
        journal = [op for op in store.operations() if op.kind == "journal"]
        assert journal[-1].character == "Kai"


def test_a_character_added_meanwhile_leaves_the_prompts_character_acting(tmp_path: Path) -> None:
    """The prompt read "Kai>" when another player added Asha from the command line: the
    line typed at it still acts as Kai, with no "who acts?" question, and says so once."""
    import io

    from play_support import KAI_STATS, ScriptReader, make_kai

    from ironsworn.cli.main import main
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.terminal import Output
    from ironsworn.dice import RandomDice

    path = tmp_path / "c.sqlite"
    make_kai(path)

    class AshaJoins(ScriptReader):
        def read(self, prompt: str) -> str:
            if len(self.prompts) == 1:  # while Kai's player looks at the second prompt
                asha = ["character", "new", "Asha", "--stats", KAI_STATS, "--campaign", str(path)]
                assert main(asha) == 0
            return super().read(prompt)

    lines = ["Kai waits at the ford.", "/move face danger --stat iron --dice 6,1,2", "Kai crosses."]
    reader = AshaJoins(lines, interactive=True)
    out, err = io.StringIO(), io.StringIO()
    with CampaignStore.open(path) as store:
        assert PlaySession(store, Output(False, out, err), RandomDice(7), reader).run() == 0
    assert reader.prompts[1] == "Kai> "  # drawn before Asha was made
    assert "who acts" not in out.getvalue() + err.getvalue()
    assert out.getvalue().count("you act as Kai") == 1
    assert reader.prompts[2] == "Kai> "
    with CampaignStore.open(path) as store:
        state = store.state()
        assert state.characters["Kai"].momentum == 3  # the strong hit went to Kai
        assert state.characters["Asha"].momentum == 2
        journal = [op for op in store.operations() if op.kind == "journal"]
        assert [op.character for op in journal] == ["Kai", "Kai"]


def test_fight_takes_its_foe_as_its_words(tmp_path: Path) -> None:
    """'/fight Pirate captain' asked for the foe again ('/fight: a foe's id or name...'), the
    words typed after it dropped; they are the foe now, as /vow's words are the vow."""
    from play_support import make_kai, run_script

    path = tmp_path / "c.sqlite"
    make_kai(path)
    run = run_script(path, ["/fight Pirate captain --rank dangerous", "/fight bear"])
    assert run.code == 0, run.err
    assert "Pirate captain (dangerous fight; Kai)" in run.out
    assert "Bear (formidable fight; Kai)" in run.out
    assert run.err == ""


def test_a_move_refused_before_its_roll_asks_no_ability_first(tmp_path: Path) -> None:
    """Strike without the initiative asked whether Duelist fit the fiction, and was refused
    once it was answered; it is refused at once now. With the initiative, it is asked."""
    from play_support import KAI_STATS, run_script

    from ironsworn.cli.main import main

    path = tmp_path / "c.sqlite"
    kai = ["character", "new", "Kai", "--stats", KAI_STATS, "--asset", "duelist"]
    assert main([*kai, "--campaign", str(path)]) == 0
    assert main(["fight", "new", "bear", "--campaign", str(path)]) == 0
    # (no initiative yet: Enter the Fray was not made)
    run = run_script(path, ["/move strike --stat iron"], interactive=True)
    assert "fit the fiction" not in run.out + run.err
    assert "initiative" in run.err
    assert main(["initiative", "have", "--campaign", str(path)]) == 0
    run = run_script(path, ["/move strike --stat iron", ""], interactive=True)
    assert "Kai — Strike: does an ability fit the fiction?" in run.out + run.err
