"""Who may use the table: loopback only by default, tokens off loopback, no other site."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS, client

from ironsworn.web.access import campaign_tokens, is_loopback


@pytest.fixture
def hosted(home: Path) -> Iterator[Any]:
    """The app as ``serve --host 0.0.0.0`` makes it, asked from another machine's address."""
    from ironsworn.web.app import create_app

    with client(create_app("t", loopback=False), host="192.0.2.10") as test_client:
        yield test_client


def body_of(api: Any) -> dict[str, Any]:
    return {"name": "Asha", "stats": STATS}


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.3.4.5", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_loopback_table_refuses_other_machines_and_rebound_names(home: Path) -> None:
    from ironsworn.web.app import create_app

    app = create_app("t")
    with client(app, host="192.0.2.10") as outsider:
        refused = outsider.get("/api/c/t/state")
        assert refused.status_code == 403 and "loopback" in refused.json()["error"]
    with client(app) as local:
        rebound = local.get("/api/c/t/state", headers={"host": "evil.example:8484"})
        assert rebound.status_code == 403 and "evil.example" in rebound.json()["error"]
        assert local.get("/api/c/t/state", headers={"host": "localhost:8484"}).status_code == 200


def test_off_loopback_every_request_needs_the_campaigns_token(hosted: Any, home: Path) -> None:
    tokens = campaign_tokens("t")
    for path in ("/", "/c/t", "/api/c/t/state", "/api/moves", "/static/app.js"):
        response = hosted.get(path, follow_redirects=False)
        assert response.status_code == 401, path
        assert "token" in response.json()["error"]
    wrong = hosted.get("/api/c/t/state", headers={"x-ironsworn-token": "guess"})
    assert wrong.status_code == 403
    made = hosted.post(
        "/api/c/t/actions/character",
        json=body_of(hosted),
        headers={**CHANGE, "x-ironsworn-token": "guess"},
    )
    assert made.status_code == 403
    assert not (home / "campaigns" / "t.sqlite").exists()  # nothing was created, or changed
    good = hosted.get("/api/c/t/state", headers={"x-ironsworn-token": tokens["player"]})
    assert good.status_code == 200 and good.json()["role"] == "player"
    guide = hosted.get("/api/c/t/state", headers={"x-ironsworn-token": tokens["guide"]})
    assert guide.json()["role"] == "guide"


def test_an_invite_link_sets_a_strict_cookie_and_answers_the_page_itself(hosted: Any) -> None:
    # Not a redirect (issue 19): a link followed from another site is a cross-site navigation,
    # and the strict cookie set on a redirect was not sent to its target (401). The page takes
    # the token out of its address itself (tests/web/test_web_hardening_browser.py).
    tokens = campaign_tokens("t")
    invited = hosted.get(f"/c/t?token={tokens['player']}", follow_redirects=False)
    assert invited.status_code == 200 and "/static/app.js" in invited.text
    assert invited.headers["cache-control"] == "no-store"
    assert invited.headers["referrer-policy"] == "no-referrer"
    cookie = invited.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    assert hosted.get("/api/c/t/state").status_code == 200  # the cookie now carries the token


def test_a_player_acts_as_a_character_and_only_a_guide_manages_campaigns(hosted: Any) -> None:
    tokens = campaign_tokens("t")
    player = {"x-ironsworn-token": tokens["player"], **CHANGE}
    guide = {"x-ironsworn-token": tokens["guide"], **CHANGE}
    assert (
        hosted.post("/api/c/t/actions/character", json=body_of(hosted), headers=player).status_code
        == 200
    )
    seatless = hosted.post(
        "/api/c/t/actions/adjust", json={"meter": "health", "delta": -1}, headers=player
    )
    assert seatless.status_code == 403 and "pick the character" in seatless.json()["error"]
    seated = hosted.post(
        "/api/c/t/actions/adjust",
        json={"meter": "health", "delta": -1},
        headers={**player, "x-ironsworn-seat": "Asha"},
    )
    assert seated.status_code == 200
    assert hosted.post("/api/campaigns", json={"name": "x"}, headers=player).status_code == 403
    assert hosted.post("/api/campaigns", json={"name": "x"}, headers=guide).status_code == 201


def test_new_tokens_revoke_the_old_ones(hosted: Any) -> None:
    old = campaign_tokens("t")
    new = campaign_tokens("t", renew=True)
    assert old != new
    assert (
        hosted.get("/api/c/t/state", headers={"x-ironsworn-token": old["guide"]}).status_code == 403
    )
    assert (
        hosted.get("/api/c/t/state", headers={"x-ironsworn-token": new["guide"]}).status_code == 200
    )


def test_a_token_of_one_campaign_opens_no_other(hosted: Any) -> None:
    campaign_tokens("other")
    tokens = campaign_tokens("t")
    response = hosted.get("/api/c/other/state", headers={"x-ironsworn-token": tokens["guide"]})
    assert response.status_code == 403


def test_changes_from_other_sites_are_refused(api: Any) -> None:
    no_header = api.post("/api/c/t/actions/character", json=body_of(api))
    assert no_header.status_code == 403
    other_site = api.post(
        "/api/c/t/actions/character",
        json=body_of(api),
        headers={**CHANGE, "origin": "http://evil.example"},
    )
    assert other_site.status_code == 403 and "origin" in other_site.json()["error"]
    same_site = api.post(
        "/api/c/t/actions/character",
        json=body_of(api),
        headers={**CHANGE, "origin": "http://127.0.0.1:8484"},
    )
    assert same_site.status_code == 200


def test_every_answer_carries_the_content_security_policy(api: Any) -> None:
    page = api.get("/c/t")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"


def test_an_undo_refused_to_another_seat_tells_the_operation_as_the_timeline_does(
    hosted: Any,
) -> None:
    """A player's page may not undo another's operation: the refusal names it as the timeline
    tells it ("Vesper integrity 5 → 3"), not by the stored summary ("vehicle:integrity 5 ->
    3"), which the page's Undo bar showed too."""
    guide = {"x-ironsworn-token": campaign_tokens("t")["guide"], **CHANGE}
    made = hosted.post(
        "/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=guide
    )
    assert made.status_code == 201, made.text
    hosted.cookies.clear()  # (the guide's, which a page of the guide keeps)
    player = {"x-ironsworn-token": campaign_tokens("sf")["player"], **CHANGE}

    def do(action: str, body: dict[str, Any], seat: str | None = None) -> Any:
        headers = {**player, "x-ironsworn-seat": seat} if seat else player
        return hosted.post(f"/api/c/sf/actions/{action}", json=body, headers=headers)

    for name in ("Kira", "Bo"):
        assert do("character", {"name": name, "stats": STATS}).status_code == 200
    assert do("vehicle", {"name": "Vesper", "integrity": 5}, "Kira").status_code == 200
    assert do("adjust", {"meter": "integrity", "delta": -2}, "Kira").status_code == 200
    last = hosted.get("/api/c/sf/timeline", headers=player).json()[-1]
    assert (last["character"], last["mechanics"]) == ("Kira", "Vesper integrity 5 → 3"), last
    refused = do("undo", {}, "Bo")
    assert refused.status_code == 403
    assert refused.json()["error"] == (
        f"undo: the last operation is Kira's (#{last['seq']} Vesper integrity 5 → 3); a "
        "player's page may undo only Bo's own (the guide may undo any)"
    )
