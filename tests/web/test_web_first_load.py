"""The page's first load (issue 24): every module asked for at once, the page's files and the
rulebook's lists kept as the bytes sent, the campaign's ruleset kept with its version."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS

STATIC = files("ironsworn.web").joinpath("static")


def imports_of(module: str) -> set[str]:
    """The modules ``module`` imports (``./x.js``), and theirs, by file name."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = STATIC.joinpath(name).read_text(encoding="utf-8")
        # import ... from "./x.js"; import "./x.js"; import("./x.js")
        todo += re.findall(r'^import (?:[^;]*? from )?"\./([a-z]+\.js)";', text, re.MULTILINE)
        todo += re.findall(r'\bimport\("\./([a-z]+\.js)"\)', text)
    return seen


def test_the_page_asks_for_every_module_it_runs_at_once() -> None:
    """index.html names every module the page runs (its script or a module preload), so none
    waits for the module importing it to arrive first; and names no module it does not run."""
    html = STATIC.joinpath("index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module"[^>]* src="/static/([a-z]+\.js)"', html)
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/([a-z]+\.js)">', html)
    assert scripts == ["app.js"]
    run = imports_of("app.js")
    assert sorted(scripts + preloaded) == sorted(run)
    assert len(set(preloaded)) == len(preloaded)
    on_disk = {p.name for p in STATIC.iterdir() if p.name.endswith(".js")}
    assert run == on_disk


def test_the_entry_asks_for_the_first_reads_before_the_page_is_here() -> None:
    """app.js imports first.js alone (it runs as soon as the two are here) and the page
    after."""
    assert imports_of("first.js") == {"first.js"}
    entry = STATIC.joinpath("app.js").read_text(encoding="utf-8")
    assert re.findall(r'^import "\./([a-z]+\.js)";', entry, re.MULTILINE) == ["first.js"]
    assert re.findall(r'\bimport\("\./([a-z]+\.js)"\)', entry) == ["page.js"]


def test_the_first_reads_are_those_the_page_makes() -> None:
    """first.js asks for what live.js, core.js and moves.js read at start, by the same
    addresses (a read asked for under another is read twice)."""
    first = STATIC.joinpath("first.js").read_text(encoding="utf-8")
    reads = re.findall(r"`\$\{BASE\}/([^`]+)`", first.split("const FIRST_READS")[1])
    assert reads == [
        "state",
        "ruleset",
        "content/assets",
        "content/npcs",
        "moves",
        "timeline?last=${TIMELINE}",
        "content/truths",
    ]
    code = "".join(
        STATIC.joinpath(name).read_text(encoding="utf-8")
        for name in ("live.js", "core.js", "moves.js")
    )
    for read in reads:
        assert f"`${{BASE}}/{read}`" in code, read


# ------------------------------------------------------------------------------ page files


def test_a_page_file_is_sent_with_its_type_and_tag_and_not_again_when_held(api: Any) -> None:
    for name, media in (
        ("app.js", "text/javascript; charset=utf-8"),
        ("app.css", "text/css; charset=utf-8"),
        ("index.html", "text/html; charset=utf-8"),
    ):
        answer = api.get(f"/static/{name}")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == media
        assert answer.content == STATIC.joinpath(name).read_bytes()
        assert answer.headers["last-modified"].endswith(" GMT")
        tag = answer.headers["etag"]
        held = api.get(f"/static/{name}", headers={"if-none-match": tag})
        assert (held.status_code, held.content, held.headers["etag"]) == (304, b"", tag)
        other = api.get(f"/static/{name}", headers={"if-none-match": '"another"'})
        assert other.status_code == 200 and other.content == answer.content


@pytest.mark.parametrize(
    "path", ["/static/nope.js", "/static/", "/static/.hidden", "/static/a/b.js"]
)
def test_a_page_file_that_is_not_there_is_a_json_404(api: Any, path: str) -> None:
    answer = api.get(path)
    assert answer.status_code == 404
    assert answer.json() == {"error": f"no such page or endpoint: {path}"}


def test_a_page_file_is_read_once(tmp_path: Path) -> None:
    """Kept from its first request: the file is not read again (the package's files do not
    change while the server runs)."""
    from ironsworn.web.page_files import PageFiles

    (tmp_path / "x.js").write_text("one", encoding="utf-8")
    kept = PageFiles(tmp_path)
    first = kept.get("x.js")
    (tmp_path / "x.js").write_text("two", encoding="utf-8")
    again = kept.get("x.js")
    assert first is not None and again is first and first.body == b"one"
    assert kept.get("../x.js") is None and kept.get("y.js") is None


# -------------------------------------------------------------------------- the rulebook


def test_a_rulebook_list_is_made_once_per_library(monkeypatch: pytest.MonkeyPatch) -> None:
    from ironsworn.web import reads, views

    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return [len(made)]

    library = object()
    monkeypatch.setattr(reads, "library", lambda: library)
    monkeypatch.setattr(views, "_KEPT", {})
    assert views._kept(("test",), make) == b"[1]"
    assert views._kept(("test",), make) == b"[1]"
    assert len(made) == 1
    library = object()  # a pack imported: another library
    assert views._kept(("test",), make) == b"[2]"


def test_the_rulebook_lists_are_the_same_read_after_read(api: Any) -> None:
    for path in (
        "/api/c/t/moves",
        "/api/c/t/oracles",
        "/api/c/t/content/assets",
        "/api/c/t/content/npcs",
        "/api/content/truths?ruleset=classic",
        "/api/moves",
    ):
        first, again = api.get(path), api.get(path)
        assert first.status_code == 200 and first.headers["content-type"] == "application/json"
        assert first.content == again.content and first.json()


def test_a_content_kind_is_not_taken_for_a_list_of_the_same_name(api: Any) -> None:
    """The kept answers are keyed apart: /api/content/moves is no kind of content, even after
    /api/moves was read."""
    assert api.get("/api/moves").status_code == 200
    refused = api.get("/api/content/moves")
    assert refused.status_code == 400
    assert "content 'moves' is unknown" in refused.json()["error"]


def test_the_ruleset_is_kept_with_the_version_and_told_again_after_a_change(api: Any) -> None:
    from ironsworn.campaign.registry import campaign_path
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.table import Table
    from ironsworn.table.describe import describe

    first = api.get("/api/c/t/ruleset")
    assert first.status_code == 200
    assert api.get("/api/c/t/ruleset").content == first.content
    made = api.post(
        "/api/c/t/actions/character", json={"name": "Asha", "stats": STATS}, headers=CHANGE
    )
    assert made.status_code == 200, made.text
    with CampaignStore.open(campaign_path("t")) as store:
        fresh = describe(Table(store, "t"))
    assert api.get("/api/c/t/ruleset").json() == fresh
