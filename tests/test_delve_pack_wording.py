"""A Delve rule in a classic campaign without the Delve pack (issue 18): the engine's error
says which file to import and carries the pack's id; each surface says how its own player
imports it. The command line names its command, play mode its slash command, the web table
its Campaigns tab (tests/web/test_web_pack_missing.py); none tells a player of another
surface to type a command it lacks."""

from __future__ import annotations

from pathlib import Path

from ironsworn_process import ironsworn as run

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
ASKED = "import your Datasworn Delve file first"


def test_play_mode_names_its_own_command(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "character", "new", "Asha", "--stats", STATS).returncode == 0
    script = [
        "/site new X --theme ancient --domain barrow --rank dangerous",
        "/move delve the depths --stat wits",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    out = done.stdout + done.stderr
    assert out.count(f"{ASKED} (/content import delve.json)") == 2, out
    assert "ironsworn content import" not in out
    assert "Traceback" not in out


def test_the_asset_card_reminder_names_the_command_at_the_command_line(tmp_path: Path) -> None:
    shown = run(tmp_path / "home", "asset", "show", "improviser")
    assert shown.returncode == 0, shown.stderr
    assert (
        "import the Delve pack and the engine applies it: ironsworn content import delve.json"
        in shown.stdout
    )
