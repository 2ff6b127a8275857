"""The world of the story: people and places met, free notes, the world's truths, and the
campaign's ruleset chosen before the first character.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.operation_group import EngineOperations
from ironsworn.names import unshowable, unshowable_words

if TYPE_CHECKING:
    from ironsworn.moves.engine import OperationResult


def clean_name(name: str, what: str) -> str:
    """A name on one line, 1-80 characters (a person, a place, a vehicle)."""
    clean = " ".join(name.split())
    if not clean or len(clean) > 80:
        raise InvalidValue(f"{what} name {name!r} is not valid (1-80 characters)")
    bad = unshowable(clean)
    if bad is not None:
        raise InvalidValue(
            f"{what} name {name!r} holds {unshowable_words(bad)} (accepted: 1-80 characters "
            "of text)"
        )
    return clean


class WorldOperations(EngineOperations):
    """People, places, notes, truths and the ruleset."""

    def set_ruleset(self, ruleset: str) -> OperationResult:
        """Choose the campaign's ruleset, before anything is in it."""
        from ironsworn.campaign.state import RULESETS

        def run() -> None:
            key = ruleset.strip().lower()
            if key not in RULESETS:
                raise InvalidValue(
                    f"ruleset {ruleset!r} is unknown (accepted: {', '.join(RULESETS)})"
                )
            if self.state.characters or self.state.tracks:
                raise RuleViolation(
                    f"the campaign already plays {self.state.ruleset}: the ruleset is chosen "
                    "before the first character"
                )
            if key == self.state.ruleset:
                return
            self.engine.emit({"type": "ruleset", "from": self.state.ruleset, "to": key})

        return self.engine.operation("ruleset", None, run)

    def add_person(
        self,
        name: str,
        description: str = "",
        place: str | None = None,
        character: str | None = None,
    ) -> OperationResult:
        """Note a person met in the story (an NPC), by ``character`` (who met them: the
        timeline's entry is theirs); bonds with them live on the characters."""

        def run() -> None:
            if character:
                self.state.character(character)  # (NotFound for a name not in the campaign)
            clean = clean_name(name, "person")
            if clean.lower() in (p.lower() for p in self.state.people):
                raise InvalidValue(f"a person named {clean!r} is already in the campaign")
            self.engine.emit(
                {
                    "type": "person_added",
                    "person": {"name": clean, "description": description.strip(), "place": place},
                }
            )

        return self.engine.operation("person", character, run)

    def add_place(
        self,
        name: str,
        description: str = "",
        region: str | None = None,
        character: str | None = None,
    ) -> OperationResult:
        """Note a place of the story, by ``character`` (the timeline's entry is theirs);
        ``region`` may name one of the rulebook's regions."""

        def run() -> None:
            if character:
                self.state.character(character)  # (NotFound for a name not in the campaign)
            clean = clean_name(name, "place")
            if clean.lower() in (p.lower() for p in self.state.places):
                raise InvalidValue(f"a place named {clean!r} is already in the campaign")
            region_id = self.engine.ruleset.region(region).id if region else None
            self.engine.emit(
                {
                    "type": "place_added",
                    "place": {
                        "name": clean,
                        "description": description.strip(),
                        "region": region_id,
                    },
                }
            )

        return self.engine.operation("place", character, run)

    def add_note(self, text: str, character: str | None = None) -> OperationResult:
        """A free note (kept apart from the journal's story text)."""

        def run() -> None:
            if not text.strip():
                raise InvalidValue(
                    "a note is some words: an empty one is not kept (accepted: words)"
                )
            who = self.state.character(character).name if character else None
            self.engine.emit(
                {"type": "note_added", "note": {"text": text.strip(), "character": who}}
            )

        return self.engine.operation("note", character, run)

    def set_truth(self, truth: str, option: str | None, roll: int | None = None) -> OperationResult:
        """Record the world's truth for one category: an option's key, or None to open it."""
        return self.set_truths([(truth, option, roll)])

    def set_truths(self, choices: Sequence[tuple[str, str | None, int | None]]) -> OperationResult:
        """Record several truths as one operation (the first-run walkthrough sets eleven)."""

        def run() -> None:
            changed = 0
            for truth, option, roll in choices:
                # The campaign's own category: a Starforged campaign's Communities is
                # Starforged's, not classic's of the same name (which the library prefers).
                found = self.engine.ruleset.find_in("truths", truth, self.state.ruleset)
                before = self.state.truths.get(found.id)
                after: dict[str, Any] | None = None
                if option is not None:
                    chosen = next((o for o in found.options if o.key == option), None)
                    if chosen is None:
                        keys = ", ".join(o.key for o in found.options)
                        raise InvalidValue(f"{found.name} option {option!r} is unknown ({keys})")
                    after = {
                        "name": found.name,
                        "key": chosen.key,
                        "summary": chosen.summary,
                        "roll": roll,
                    }
                if after != before:
                    self.engine.emit(
                        {"type": "truth", "truth": found.id, "from": before, "to": after}
                    )
                    changed += 1
            if not changed:
                raise RuleViolation("the truths are already set that way")

        return self.engine.operation("truth", None, run)
