"""Playing together (issue 19): a pending decision belongs to the character who must answer
it. While Asha's decision waits, Kai plays on; Asha cannot act until she answers; each page
answers its own character's decision, and the log stays one sequence."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import CHANGE, STATS

MATCH_MISS = [1, 9, 9]  # a miss with a match: Pay the Price asks which way (a decision)


def do(api: Any, action: str, body: dict[str, Any], seat: str | None = None) -> Any:
    headers = {**CHANGE, **({"X-Ironsworn-Seat": seat} if seat else {})}
    return api.post(f"/api/c/t/actions/{action}", json=body, headers=headers)


def face_danger(api: Any, who: str, dice: list[int]) -> Any:
    return do(api, "move", {"move": "face danger", "stat": "edge", "dice": dice}, seat=who)


@pytest.fixture
def party(api: Any) -> Any:
    for name in ("Asha", "Kai"):
        assert do(api, "character", {"name": name, "stats": STATS}).status_code == 200
    return api


def waiting(api: Any) -> list[str]:
    return [d["character"] for d in api.get("/api/c/t/state").json()["decisions"]]


def test_another_character_acts_while_a_decision_waits(party: Any) -> None:
    assert face_danger(party, "Asha", MATCH_MISS).status_code == 200
    assert waiting(party) == ["Asha"]
    kai = face_danger(party, "Kai", [6, 1, 2])  # a strong hit, no decision
    assert kai.status_code == 200, kai.text
    assert kai.json()["pending"] == []  # Asha's decision is not Kai's result's
    state = party.get("/api/c/t/state").json()
    assert state["pending"]["character"] == "Asha" and waiting(party) == ["Asha"]
    # Asha herself must answer first.
    refused = face_danger(party, "Asha", [6, 1, 2])
    assert refused.status_code == 409 and "decision is pending" in refused.json()["error"]
    # In the page's words: it answers with the decision's buttons, not the operations the
    # command line names ("answer it with choose, burn or decline first").
    assert refused.json()["error"] == (
        "a decision is pending (Pay the Price after a match: consider rolling on the table for "
        "a result you might otherwise not have considered): answer it first (its choices are "
        "above the moves)"
    )
    # Kai's page cannot answer Asha's decision.
    wrong = do(party, "choose", {"keys": ["obvious"]}, seat="Kai")
    assert wrong.status_code == 403 and "cannot answer Asha's decision" in wrong.json()["error"]
    assert do(party, "choose", {"keys": ["obvious"]}, seat="Asha").status_code == 200
    assert waiting(party) == []


def test_two_decisions_wait_and_each_page_answers_its_own(party: Any) -> None:
    assert face_danger(party, "Asha", MATCH_MISS).status_code == 200
    assert face_danger(party, "Kai", MATCH_MISS).status_code == 200
    assert sorted(waiting(party)) == ["Asha", "Kai"]
    assert party.get("/api/c/t/state").json()["pending"]["character"] == "Kai"
    # Asha answers hers (set aside while Kai acted); Kai's is the one waiting after.
    assert do(party, "choose", {"keys": ["obvious"]}, seat="Asha").status_code == 200
    assert waiting(party) == ["Kai"]
    assert do(party, "choose", {"keys": ["obvious"]}, seat="Kai").status_code == 200
    assert waiting(party) == []
    kinds = [e["kind"] for e in party.get("/api/c/t/timeline").json()]
    assert kinds[-4:] == ["move", "move", "choice", "choice"]  # one sequence


def test_the_guide_answers_a_named_characters_decision(party: Any) -> None:
    assert face_danger(party, "Asha", MATCH_MISS).status_code == 200
    assert face_danger(party, "Kai", MATCH_MISS).status_code == 200
    answer = do(party, "choose", {"keys": ["obvious"], "character": "Asha"})
    assert answer.status_code == 200, answer.text
    assert waiting(party) == ["Kai"]
    none = do(party, "decline", {"character": "Asha"})
    assert none.status_code == 409 and "accepted: a decision of Kai" in none.json()["error"]


def test_undo_puts_a_set_aside_decision_back(party: Any) -> None:
    assert face_danger(party, "Asha", MATCH_MISS).status_code == 200
    assert face_danger(party, "Kai", MATCH_MISS).status_code == 200
    assert sorted(waiting(party)) == ["Asha", "Kai"]
    assert do(party, "undo", {}).status_code == 200  # Kai's move: Asha's decision alone again
    state = party.get("/api/c/t/state").json()
    assert state["pending"]["character"] == "Asha" and waiting(party) == ["Asha"]


def test_a_move_made_while_another_decision_waits_reads_as_the_story(party: Any) -> None:
    """Kai's move sets Asha's decision aside: his line tells his move, not the engine's
    bookkeeping (it read "parked: {…} → {…}" in the journal and the result's details)."""
    assert face_danger(party, "Asha", MATCH_MISS).status_code == 200
    assert face_danger(party, "Kai", [1, 2, 5]).status_code == 200  # a weak hit: Kai decides too
    assert do(party, "choose", {"keys": ["obvious"]}, seat="Asha").status_code == 200
    for entry in party.get("/api/c/t/timeline").json()[-3:]:
        told = " ".join([entry["mechanics"] or "", *entry["details"]])
        assert "parked" not in told and "{…}" not in told, entry
    kai = party.get("/api/c/t/timeline").json()[-2]
    # Told under Kai's name, which the line does not repeat.
    assert kai["character"] == "Kai", kai
    assert kai["mechanics"].startswith("Face Danger (+edge): weak hit"), kai


def test_an_aided_ally_s_choice_says_who_aided_them(party: Any) -> None:
    """Aid Your Ally's strong hit: "your ally makes the choice". The ally's box reads 'Kai
    decides: ... Asha aided you: choose one' (it read 'Kai decides: ... Kai chooses')."""
    aid = {"move": "aid your ally", "stat": "iron", "ally": "Kai", "dice": [6, 1, 2]}
    assert do(party, "move", aid, seat="Asha").status_code == 200
    [choice] = party.get("/api/c/t/state").json()["decisions"]
    assert (choice["character"], choice["prompt"]) == ("Kai", "Asha aided you: choose one")
