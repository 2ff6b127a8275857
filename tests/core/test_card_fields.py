"""What the player wrote on a card, as every text shows it (ironsworn.card_fields): a name in
quotes, any other field with its label."""

from __future__ import annotations

from typing import Any

import pytest

from ironsworn.card_fields import given_words

CASES: list[tuple[dict[str, Any], str]] = [
    ({"input": "Brann", "fields": {"name": "Brann"}}, " “Brann”"),  # Hound
    ({"input": "Sköll", "fields": {"gods_name": "Sköll"}}, " “Sköll”"),  # Devotant
    ({"input": "bowyer", "fields": {"specialty": "bowyer"}}, " (specialty: bowyer)"),  # Wright
    ({"input": "Firebird"}, " “Firebird”"),  # an older record without its fields: a name
    ({"input": None, "fields": {}}, ""),  # Swordmaster: nothing written
    ({"input": "", "fields": {"name": ""}}, ""),
]


@pytest.mark.parametrize(("record", "shown"), CASES)
def test_a_name_is_quoted_and_any_other_field_labelled(record: dict[str, Any], shown: str) -> None:
    assert given_words(record) == shown


def test_the_words_may_be_given_already_escaped() -> None:
    record = {"input": "a*b", "fields": {"specialty": "a*b"}}
    assert given_words(record, r"a\*b") == r" (specialty: a\*b)"


def test_the_sheet_shows_a_craft_by_its_label(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ironsworn.cli.main import main

    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    assert main(["campaign", "new", "c"]) == 0
    stats = "edge=3,heart=2,iron=1,shadow=1,wits=2"
    made = ["character", "new", "Ash", "--stats", stats, "--asset", "wright=bowyer"]
    assert main([*made, "--asset", "hound:1=Brann", "--asset", "swordmaster"]) == 0
    capsys.readouterr()
    assert main(["sheet"]) == 0
    sheet = capsys.readouterr().out
    assert "Wright (specialty: bowyer) *--" in sheet
    assert "Hound “Brann” *-- (health 4/4)" in sheet
    assert "“bowyer”" not in sheet
