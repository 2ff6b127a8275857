"""Content a ruleset takes from the player's own Datasworn file, imported once.

We ship the classic rulebook's content and Starforged's moves; Starforged's oracles, truths,
foes and assets come from the player's own copy of the official Datasworn file. It is imported
once into ``data_home()/packs`` and every Starforged campaign uses it from then on.

- :data:`OWN_FILES` -- per ruleset, the file a player imports and what it brings.
- :func:`content_needed` ``(library, ruleset) -> OwnFile | None`` -- the file a campaign of
  ``ruleset`` still needs (None when its content is there or the ruleset needs none).
- :func:`import_own_file` ``(path, ruleset) -> ImportReport`` -- import the player's file for
  ``ruleset``, refusing a file of another ruleset or an expansion before anything is written.

Each surface words the need its own way (a command on the command line, a question in play
mode, a message on the web table); :meth:`OwnFile.to_json` is the shape they share.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ironsworn.errors import ContentError

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.packs import ImportReport


@dataclass(frozen=True, slots=True)
class OwnFile:
    """The Datasworn file a ruleset's content comes from."""

    ruleset: str
    file: str  # its usual name in the official data ("starforged.json")
    title: str  # the book, as players call it
    kinds: tuple[str, ...]  # what it brings that we do not ship

    @property
    def brings(self) -> str:
        """``oracles, truths, foes and assets``."""
        names = [{"npcs": "foes"}.get(kind, kind) for kind in self.kinds]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]

    @property
    def pack(self) -> str:
        """The pack its import makes (``starforged``): an error missing it carries this, and
        each surface says how its player imports the file."""
        return self.file.removesuffix(".json")

    def message(self) -> str:
        """One line a surface can show as it is (no command named)."""
        return (
            f"nothing imported for {self.ruleset}: {self.title}'s {self.brings} come from your "
            f"own Datasworn file ({self.file}); import it once and every {self.ruleset} "
            "campaign uses it"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "file": self.file,
            "title": self.title,
            "kinds": list(self.kinds),
            "message": self.message(),
        }


OWN_FILES: dict[str, OwnFile] = {
    "starforged": OwnFile(
        "starforged",
        "starforged.json",
        "Ironsworn: Starforged",
        ("oracles", "truths", "npcs", "assets"),
    ),
}


def content_needed(library: Ruleset, ruleset: str) -> OwnFile | None:
    """The file a campaign of ``ruleset`` still needs: None when an imported pack of that
    ruleset brings its oracles (or the ruleset's content is bundled)."""
    own = OWN_FILES.get(ruleset)
    if own is None:
        return None
    for pack in library.packs:
        if pack.bundled or pack.ruleset != ruleset or pack.kind == "expansion":
            continue
        if pack.file("oracles").is_file():
            return None
    return own


def import_own_file(path: str | Path, ruleset: str) -> ImportReport:
    """Import the player's Datasworn file for ``ruleset`` (the ruleset itself, not an
    expansion); a file of anything else is refused in one line before anything is written."""
    from ironsworn.content.packs import convert_file, install

    own = OWN_FILES.get(ruleset)
    converted = convert_file(Path(path))
    if converted.ruleset != ruleset or converted.kind == "expansion":
        what = (
            f"an expansion of {converted.ruleset}"
            if converted.kind == "expansion"
            else f"the {converted.ruleset} ruleset"
        )
        wanted = own.file if own is not None else f"a {ruleset} Datasworn file"
        raise ContentError(f"{path}: holds {what} (accepted: the {ruleset} ruleset, {wanted})")
    return install(converted, Path(path))
