"""docs/datasworn-import.md says what the importer makes of the five official Datasworn files
and how many Starforged asset abilities the engine automates: its numbers are checked here
against the files and the code, so the page cannot drift from what the program does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from datasworn_census import FILES, census

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.content.packs import convert_file
from ironsworn.moves.assets.coverage import tally
from shared_files import STARFORGED_DATASWORN, shared_file

DOC = Path(__file__).resolve().parents[2] / "docs" / "datasworn-import.md"
ROW = re.compile(r"^\| (\w+) \| ([\w ]+) \| (\d+) \| (\d+) \| (\d+) \|$")


def doc_rows() -> dict[tuple[str, str], tuple[int, int, int]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            name, kind, *counts = match.groups()
            rows[(name, kind)] = (int(counts[0]), int(counts[1]), int(counts[2]))
    return rows


@pytest.mark.parametrize("name", FILES)
def test_the_page_gives_each_files_items_imported_and_reported(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path))
    clear_cache()
    path = shared_file(f"reference/datasworn/{name}.json")
    converted = convert_file(path)
    imported = converted.counts()
    expected = {
        (name, kind): (count, imported.get(kind, 0), converted.unused.get(kind, (0, ""))[0])
        for kind, count in census(path).items()
    }
    documented = {k: v for k, v in doc_rows().items() if k[0] == name}
    assert documented == expected
    # Every item is imported or reported.
    assert all(count == used + told for count, used, told in documented.values())


def test_the_page_gives_the_starforged_ability_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path))
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    counts = tally(load_library().in_ruleset("assets", "starforged").values())
    clear_cache()
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    reasons = counts["reasons"]
    assert f"Of the {counts['abilities']} abilities on the 87 Starforged cards" in text
    assert f"**{counts['automated']} are automated**" in text
    partial = f"**{counts['partial']} partial**"
    assert partial in text and f"{reasons['partial: other']} of the fiction" in text
    assert f"{reasons['partial: lasting']} lasting effects kept on the sheet" in text
    assert f"**{counts['reminder']} reminders**" in text
    assert f"{reasons['reminder: other']} of the fiction alone" in text
    assert f"{reasons['reminder: sheet']} changes made once on the sheet" in text
    assert (
        f"{reasons['reminder: lasting']} lasting effects; {reasons['reminder: narrative']}" in text
    )
