"""Play mode: an oracle name that is a group of tables ("planet") is a numbered menu, level by
level, until one table is rolled; an empty line leaves it with nothing rolled."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_play_pipe import play

from ironsworn.cli.main import main
from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


def test_play_mode_offers_a_numbered_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    script = [
        "/skip",
        "/oracle planet --value 7",
        "2",  # planet desert
        "planet desert at",  # a unique prefix of the key: planet desert atmosphere
        "/oracle planet",
        "",  # leaves the menu
        "/quit",
    ]
    done = play(home, script)
    assert done.returncode == 0, done.stderr
    assert "'planet' names a group of oracle tables:" in done.stdout
    assert "   1. planet class " in done.stdout and "Planetary Class" in done.stdout
    assert "   2. planet desert " in done.stdout and "8 oracle tables" in done.stdout
    assert "'planet desert' names a group of oracle tables:" in done.stdout
    assert "Atmosphere (7): " in done.stdout
    assert "(left the question: nothing was made)" in done.stdout
    assert done.stdout.count("Atmosphere (") == 1
