"""What the page gets besides the command line's JSON (issue 19): the odds before a roll count
the adds that apply by themselves, and results and decisions carry the rules' text as HTML."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import CHANGE

PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}
STATS = "edge=3,heart=2,iron=1,shadow=1,wits=2"


def do(api: Any, action: str, body: dict[str, Any], headers: dict[str, str] = CHANGE) -> Any:
    response = api.post(f"/api/c/t/actions/{action}", json=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize(
    ("assets", "strong", "adds"),
    [
        # Undertake a Journey at wits 2: +0 is 23.2 % strong; the Hawk's Far-seeing adds +1
        # by itself ("When you Undertake a Journey ... add +1"): 33.2 %.
        (["hawk:1=Kestrel"], 0.33166, 1),
        ([], 0.23166, 0),
        (["hawk:2=Kestrel"], 0.23166, 0),  # Fierce: Secure an Advantage only
    ],
)
def test_the_odds_count_the_adds_that_apply_by_themselves(
    api: Any, assets: list[str], strong: float, adds: int
) -> None:
    do(api, "character", {"name": "Asha", "stats": STATS, "assets": assets})
    do(api, "track", {"kind": "journey", "text": "north", "rank": "dangerous"})
    before = api.get("/api/c/t/timeline").json()
    panel = api.get("/api/c/t/moves/undertake a journey?character=Asha").json()
    (wits,) = panel["stats"]
    assert wits["odds"]["strong_hit"] == pytest.approx(strong, abs=1e-4)
    assert wits["automatic"]["adds"] == adds
    assert any("Far-seeing" in n for n in wits["automatic"]["from"]) == bool(adds)
    # The engine's trial roll wrote nothing.
    assert api.get("/api/c/t/timeline").json() == before


def test_results_carry_html_for_the_page_only(api: Any) -> None:
    do(api, "character", {"name": "Asha", "stats": STATS})
    plain = do(api, "move", {"move": "face danger", "stat": "edge", "dice": [3, 5, 8]})
    assert "text_html" not in plain  # the command line's shape for other clients
    do(api, "undo", {})
    shown = do(api, "move", {"move": "face danger", "stat": "edge", "dice": [1, 9, 9]}, PAGE)
    assert shown["text_html"].startswith("<p>On a miss")
    (pending,) = shown["pending"]
    assert all("html" in o and "<p>" not in o["html"] for o in pending["options"])
    state = api.get("/api/c/t/state", headers=PAGE).json()
    assert (
        state["pending"]["prompt_html"]
        and "prompt_html" not in (api.get("/api/c/t/state").json()["pending"])
    )


def test_a_move_panel_shows_its_outcomes_as_html(api: Any) -> None:
    do(api, "character", {"name": "Asha", "stats": STATS})
    panel = api.get("/api/c/t/moves/face danger?character=Asha").json()
    assert "<li>" in panel["outcomes_html"]["weak_hit"]
    assert "](move:" not in "".join(panel["outcomes_html"].values())


def test_the_log_tells_the_story_not_the_content_packs_pinned(api: Any) -> None:
    """A classic campaign's first line ended "content packs: classic, starforged": the packs a
    campaign pins are bookkeeping, left out of the web's log (as the command line's move output
    and the story leave them out), in a fresh read and in the change the stream carries."""
    from ironsworn.campaign.journal import Narrator

    do(api, "character", {"name": "Asha", "stats": STATS})
    (first,) = api.get("/api/c/t/timeline").json()
    assert first["mechanics"].startswith("Asha enters the story (edge ")
    assert "content packs" not in first["mechanics"] and first["mechanics"].endswith(")")
    assert not [line for line in first["details"] if "content packs" in line]
    # The event is there, and told where asked for (the command line's log).
    packs = {"type": "packs", "from": [], "to": ["classic"]}
    assert Narrator().event(packs) == "content packs: classic"


def test_a_timeline_line_does_not_repeat_its_character(api: Any) -> None:
    """The timeline shows each entry's character beside its line: the line does not name
    them again ("Asha" beside "new vow (dangerous): Find Oda", not "... — Asha")."""
    do(api, "character", {"name": "Asha", "stats": STATS})
    vow = {"kind": "vow", "text": "Find Oda", "rank": "dangerous", "characters": ["Asha"]}
    do(api, "track", vow)
    entry = api.get("/api/c/t/timeline").json()[-1]
    assert entry["character"] == "Asha"
    assert entry["mechanics"] == "new vow (dangerous): Find Oda"


def test_a_track_a_move_begins_is_labelled_as_new_for_the_page(api: Any) -> None:
    do(api, "character", {"name": "Asha", "stats": STATS})
    body = {"move": "enter the fray", "stat": "heart", "foe": "raider", "dice": [6, 1, 2]}
    shown = do(api, "move", body, PAGE)
    (begun,) = [e for e in shown["effects"] if e.get("from") is None]
    # Said as what began, its name the change's "to" (the page read "Raider – → Raider").
    assert begun["label"] == "new fight (dangerous)"
    assert begun["to"] == "Raider"
    # The other effects keep their names.
    assert {e["label"] for e in shown["effects"] if e is not begun} >= {"momentum", "initiative"}


def test_a_starforged_fight_begun_is_named_as_the_log_names_it() -> None:
    """Starforged's fight is a combat objective: the page said 'new fight (dangerous)' where
    the log and the story say 'new combat objective (dangerous)'."""
    from types import SimpleNamespace

    from ironsworn.web.results import new_track

    fight = SimpleNamespace(kind="fight", rank="dangerous")
    for ruleset, said in (("starforged", "new combat objective"), ("classic", "new fight")):
        state = SimpleNamespace(ruleset=ruleset, tracks={"fight-1": fight})
        effect = {"target": "fight-1", "from": None, "to": "Raider"}
        assert new_track(effect, state) == f"{said} (dangerous)"


def test_a_connection_made_is_told_with_its_role() -> None:
    """Make a Connection's result names the role given (the page said only 'new connection
    (dangerous)', the role the player gave left out)."""
    from types import SimpleNamespace

    from ironsworn.web.results import new_track

    dax = SimpleNamespace(kind="connection", rank="dangerous", role="navigator")
    state = SimpleNamespace(ruleset="starforged", tracks={"connection-1": dax})
    effect = {"target": "connection-1", "from": None, "to": "Dax"}
    assert new_track(effect, state) == "new connection (dangerous, navigator)"


@pytest.mark.parametrize(
    ("target", "label", "words"),
    [
        # Delve's failure track (kept as a legacy track) read "Edda: failure legacy 0 → 1".
        ("legacy:failure", "failure track", "1 tick"),
        ("legacy:quests", "quests legacy", "1 tick"),
    ],
)
def test_a_legacy_track_is_named_and_counted_in_ticks_for_the_page(
    target: str, label: str, words: str
) -> None:
    from ironsworn.web.results import labelled

    effect = {"target": target, "character": "Edda", "from": 0, "to": 1}
    (shown,) = labelled({"effects": [effect]}, None)["effects"]
    assert (shown["label"], shown["to_words"]) == (label, words)


@pytest.mark.parametrize(
    ("before", "after"), [("in a bad spot", "in control"), ("in control", "in a bad spot")]
)
def test_a_starforged_position_reads_as_the_log_says_it(before: str, after: str) -> None:
    """ "Kira is in control" (the page read "Kira: position in a bad spot → in control")."""
    from ironsworn.web.results import labelled

    effect = {"target": "position", "character": "Kira", "from": before, "to": after}
    (shown,) = labelled({"effects": [effect]}, None)["effects"]
    assert (shown["character"], shown["verb"], shown["label"]) == ("Kira", "is", after)


def test_a_named_companion_is_written_as_the_sheet_writes_it(api: Any) -> None:
    """A change to a companion's health is labelled 'Hawk “Kestrel” health' on the page, as the
    sheet, the command line and the story write the card; it read 'Kestrel (Hawk) health'."""
    do(api, "character", {"name": "Asha", "stats": STATS, "assets": ["hawk:1=Kestrel"]})
    hurt = {"move": "companion endure harm", "companion": "Kestrel", "amount": 1,
            "dice": [4, 2, 3]}  # fmt: skip
    made = do(api, "move", hurt, PAGE)
    labels = [e["label"] for e in made["effects"] if str(e["target"]).startswith("asset:")]
    assert labels and labels[0] == "Hawk “Kestrel” health", labels


def test_the_last_fight_won_ends_the_initiative_as_the_log_says_it(api: Any) -> None:
    """End the Fight won, no other fight: the initiative ends because no fight goes on. The
    result read 'Asha loses initiative' (a setback, right after her win) where the log says
    'Asha is out of the fight: no initiative to hold'."""
    do(api, "character", {"name": "Asha", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "a raider", "rank": "troublesome"})
    do(api, "initiative", {"value": "have"})
    do(api, "progress", {"track": "fight-1", "ticks": 36})
    do(api, "move", {"move": "strike", "stat": "iron", "dice": [6, 1, 2]})  # a strong hit
    made = do(api, "move", {"move": "end the fight", "dice": [2, 3]}, headers=PAGE)
    [ended] = [e for e in made["effects"] if e["target"] == "initiative"]
    assert (ended["label"], ended["now"]) == ("Asha", "out of the fight: no initiative to hold")
    assert "verb" not in ended
    [told] = api.get("/api/c/t/timeline?last=1").json()
    assert "Asha is out of the fight: no initiative to hold" in told["mechanics"]
