"""Search over moves, oracles and foes: every word must match, best first."""

from __future__ import annotations

from ironsworn.content import load_ruleset, search


def test_name_matches_rank_first() -> None:
    hits = search(load_ruleset("classic"), "face danger")
    assert hits[0].id == "move:classic/adventure/face_danger"
    assert hits[0].kind == "move"


def test_every_word_must_match() -> None:
    classic = load_ruleset("classic")
    both = {h.id for h in search(classic, ["iron", "vow"])}
    iron = {h.id for h in search(classic, "iron")}
    assert both and both <= iron
    assert "move:classic/quest/swear_an_iron_vow" in both


def test_foes_and_oracles_are_found() -> None:
    classic = load_ruleset("classic")
    assert search(classic, "wolf")[0].kind in ("npc", "oracle")
    assert "npc:classic/animals/wolf" in {h.id for h in search(classic, "wolf")}
    assert "oracle_rollable:classic/action_and_theme/action" in {
        h.id for h in search(classic, "action")
    }


def test_text_matches_rank_below_name_matches() -> None:
    hits = search(load_ruleset("classic"), "bear")
    assert hits[0].id == "npc:classic/animals/bear"
    assert len(hits) > 1
    assert hits[0].score > hits[-1].score


def test_no_words_and_no_match() -> None:
    classic = load_ruleset("classic")
    assert search(classic, "  ") == []
    assert search(classic, "zzyzx") == []


def test_limit_and_json_shape() -> None:
    hits = search(load_ruleset("classic"), "the", limit=3)
    assert len(hits) == 3
    assert set(hits[0].to_json()) == {"kind", "id", "name", "score", "excerpt"}
