"""Tab completion of play mode, through the same Completions object the terminal uses."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from play_support import make_kai

from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.play.completion import move_words, oracle_words, prompt_toolkit_completer
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.content import load_library
from ironsworn.dice import RandomDice


@pytest.fixture
def session(tmp_path: Path) -> Iterator[PlaySession]:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    with CampaignStore.open(path) as store:
        yield PlaySession(store, Output(False, io.StringIO(), io.StringIO()), RandomDice(1))


def texts(session: PlaySession, line: str) -> list[str]:
    return [c.text for c in session.completions.complete(line)]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("/mo", ["/move"]),
        ("/jo", ["/journey", "/journal"]),
        ("/move face_da", ["face_danger"]),
        ("/move strik", ["strike"]),
        ("/move face_danger --st", ["--stat"]),
        ("/move face_danger --stat e", ["edge"]),
        ("/move face_danger --stat edge ", []),  # the move is named: no more move names
        ("/move face_danger --no", ["--no-burn"]),
        ("/oracle act", ["action"]),
        ("/oracle descr", ["character_descriptor", "location_descriptor"]),
        ("/ask li", ["likely"]),
        ("/ask s", ["small_chance"]),
        ("/adjust he", ["health"]),
        ("/adjust health ", []),
        ("/vow Find her --rank e", ["extreme", "epic"]),
        ("/fight --foe bea", ["bear"]),
        ("/debility m", ["mark"]),
        ("/debility mark wo", ["wounded"]),
        ("/help jou", ["journal", "journey"]),
        ("/help journal ", []),
        ("/ask likely Is ", []),
        ("/debility mark wounded ", []),
        ("/site f", ["feature", "fill"]),  # Delve's site actions
        ("/site fill ", []),
        ("/rarity b", ["buy"]),
        ("/bogus x", []),
        ("Some prose", []),  # nothing pending: prose is not completed
    ],
)
def test_completions(session: PlaySession, line: str, expected: list[str]) -> None:
    assert texts(session, line) == expected


def test_completion_replaces_the_word_being_typed(session: PlaySession) -> None:
    (only,) = session.completions.complete("/move face_da")
    assert (only.text, only.start) == ("face_danger", -len("face_da"))


def test_several_typed_words_complete_as_one_move_name(session: PlaySession) -> None:
    found = session.completions.complete("/move face d")
    # A classic campaign's own moves only (Starforged's Face Defeat is not offered).
    assert [c.text for c in found] == [
        "face_danger",
        "face_death",
        "face_desolation",
    ]
    assert {c.start for c in found} == {-len("face d")}


def test_a_word_inside_a_name_matches_when_no_name_starts_with_it(session: PlaySession) -> None:
    assert "face_danger" in texts(session, "/move danger")


def test_every_command_is_offered_after_a_slash(session: PlaySession) -> None:
    assert texts(session, "/") == [f"/{name}" for name in session.commands.names()]


def test_pending_option_keys_complete_bare_and_after_choose(session: PlaySession) -> None:
    session.execute("/move face danger --stat edge --dice 4,5,9")
    assert texts(session, "suff") == ["suffer_momentum", "suffer_supply"]
    assert texts(session, "/choose endure_") == ["endure_harm", "endure_stress"]


def test_tracks_and_characters_come_from_the_campaign(session: PlaySession) -> None:
    session.execute("/vow Find my sister --rank dangerous")
    assert texts(session, "/move fulfill_your_vow --track ") == ["vow-1"]
    assert texts(session, "/sheet --character ") == ["Kai"]


def test_a_walkthrough_question_completes_its_answers_only(session: PlaySession) -> None:
    session.completions.choices = ["troublesome", "dangerous", "formidable"]
    assert texts(session, "d") == ["dangerous"]
    assert texts(session, "/mo") == []


def test_every_move_and_oracle_word_names_what_it_completes() -> None:
    library = load_library()
    for word in move_words(library):
        assert library.move(word).id.rsplit("/", 1)[-1] == word
    tables = {library.oracle(word).id for word in oracle_words(library)}
    assert tables == set(library.oracles)  # each table reachable, each word a different one


def test_the_prompt_toolkit_completer_yields_the_same_candidates(session: PlaySession) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    completer = prompt_toolkit_completer(session.completions)
    found = list(completer.get_completions(Document("/move face_da"), CompleteEvent()))
    assert [(c.text, c.start_position) for c in found] == [("face_danger", -7)]


# --------------------------------------------------------------- per move (issue 13)


@pytest.fixture
def kaelen(tmp_path: Path) -> Iterator[PlaySession]:
    """Kaelen with two bonds, two vows, a journey and a fight."""
    from ironsworn.cli.main import main

    path = tmp_path / "k.sqlite"
    where = ["--campaign", str(path)]
    made = ["character", "new", "Kaelen", "--stats", "3,2,2,1,1", "--bond", "Elda"]
    assert main([*made, "--bond", "Thornhold village", *where]) == 0
    assert main(["vow", "new", "Avenge", "my", "kin", "--rank", "extreme", *where]) == 0
    assert main(["vow", "new", "Find", "the", "raiders", "--rank", "dangerous", *where]) == 0
    assert main(["journey", "new", "To", "the", "hills", "--rank", "dangerous", *where]) == 0
    assert main(["fight", "new", "--foe", "bear", *where]) == 0
    with CampaignStore.open(path) as store:
        yield PlaySession(store, Output(False, io.StringIO(), io.StringIO()), RandomDice(1))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # Only the move's own options: Sojourn takes --with, Face Danger no --amount.
        ("/move sojourn --w", ["--with"]),
        ("/move face danger --am", []),
        ("/move endure harm --am", ["--amount"]),
        ("/move reach a milestone --st", []),  # a progress-free move with no roll: no --stat
        ("/move advance --a", ["--asset", "--ability"]),
        # Only the stats the move offers.
        ("/move enter the fray --stat ", ["heart", "shadow", "wits"]),
        ("/move face danger --stat ", ["edge", "heart", "iron", "shadow", "wits"]),
        # The bonds on the sheet after --with, quoted when they are several words.
        ("/move sojourn --with ", ["Elda", '"Thornhold village"']),
        ("/move sojourn --with th", ['"Thornhold village"']),
        ("/move undertake a journey --with vil", ['"Thornhold village"']),
        # The tracks the move acts on after --track, matched by id or by name.
        ("/move reach a milestone --track ", ["vow-1", "vow-2"]),
        ("/move reach a milestone --track rai", ["vow-2"]),
        ("/move strike --track ", ["fight-4"]),
        ("/move undertake a journey --track ", ["journey-3"]),
        ("/move fulfill your vow --track ", ["vow-1", "vow-2"]),
    ],
)
def test_completion_per_move(kaelen: PlaySession, line: str, expected: list[str]) -> None:
    assert texts(kaelen, line) == expected


def test_a_track_is_shown_with_its_name(kaelen: PlaySession) -> None:
    found = kaelen.completions.complete("/move reach a milestone --track ")
    assert [(c.text, c.meta) for c in found] == [
        ("vow-1", "Avenge my kin"),
        ("vow-2", "Find the raiders"),
    ]
