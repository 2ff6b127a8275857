"""Play mode and the command line on one campaign at once: a line typed at a prompt is taken
for what that prompt showed. When the decision changed meanwhile (the command line, or another
player, answered it or made one), the line is neither an answer to another decision nor a
journal entry: the player is told, sees what waits now, and types again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from play_support import ScriptReader, make_kai, operations

from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import RandomDice

Meanwhile = Callable[[], None]


class TypingWhileOthersAct(ScriptReader):
    """A terminal's lines; a callable in the script runs after the prompt is drawn and before
    the player's line arrives (what happened elsewhere while they typed)."""

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        while self.lines and callable(self.lines[0]):
            self.lines.pop(0)()  # type: ignore[operator]
        if not self.lines:
            raise EOFError
        item = self.lines.pop(0)
        assert isinstance(item, str)
        return item


def play(path: Path, lines: Sequence[object]) -> tuple[str, str, TypingWhileOthersAct]:
    import io

    out, err = io.StringIO(), io.StringIO()
    reader = TypingWhileOthersAct(list(lines), interactive=True)  # type: ignore[arg-type]
    with CampaignStore.open(path) as store:
        assert PlaySession(store, Output(False, out, err), RandomDice(7), reader).run() == 0
    return out.getvalue(), err.getvalue(), reader


def cli(path: Path, *argv: str) -> Meanwhile:
    return lambda: None if main([*argv, "--campaign", str(path)]) == 0 else pytest_fail(argv)


def pytest_fail(argv: Sequence[str]) -> None:
    raise AssertionError(f"ironsworn {' '.join(argv)} failed")


def test_a_decision_answered_elsewhere_takes_no_line_of_the_player(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    _, err, reader = play(
        path,
        [
            "/move face danger --stat edge --dice 4,5,9",  # weak hit: a choice waits
            cli(path, "choose", "suffer_momentum"),  # the command line answers it meanwhile
            "2",  # typed for the choice the prompt showed: Endure Harm
            "The ford is quiet.",  # now a journal entry, as at any prompt with nothing waiting
        ],
    )
    assert "was decided meanwhile (elsewhere); '2' was not taken: type it again" in err
    assert reader.prompts[1].endswith("[1-4]> ") and reader.prompts[2] == "Kai> "
    kinds = [kind for kind, _ in operations(path)]
    assert kinds.count("choice") == 1  # the command line's answer only: no Endure Harm
    entries = [events[0].get("text") for kind, events in operations(path) if kind == "journal"]
    assert entries == ["The ford is quiet."]  # "2" never became an entry


def test_a_decision_made_elsewhere_is_not_answered_by_a_line_typed_before_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    out, err, _ = play(
        path,
        [
            "The wind rises.",
            cli(path, "move", "face danger", "--stat", "edge", "--dice", "4,5,9"),
            "1",  # typed at "Kai> ": not an answer to the choice that arrived meanwhile
            "1",  # now the player has seen the choice and answers it
        ],
    )
    assert "a decision arrived meanwhile (elsewhere); '1' was not taken" in err
    assert "Kai decides — Face Danger" in out  # what waits now, shown with the refusal
    answers = [events for kind, events in operations(path) if kind == "choice"]
    assert len(answers) == 1  # the second "1" only
    momentum = [e for e in answers[0] if e.get("type") == "meter" and e.get("meter") == "momentum"]
    assert momentum and momentum[0]["to"] == momentum[0]["from"] - 1  # Suffer -1 momentum


def test_nothing_changed_meanwhile_and_the_line_answers(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    _, err, _ = play(path, ["/move face danger --stat edge --dice 4,5,9", "1"])
    assert "meanwhile" not in err
    assert [kind for kind, _ in operations(path)].count("choice") == 1
