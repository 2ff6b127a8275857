"""Obsidian notes with YAML frontmatter: the files Iron Vault keeps its entities in.

A note is ``---``, a YAML mapping (the entity's fields: ``iron-vault-kind: character`` and
the sheet), ``---``, then Markdown. :func:`write_note` renders one; :func:`read_note` splits
one into its fields and body. PyYAML is imported only here, when a vault is read or written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.errors import CampaignError


def write_note(fields: Mapping[str, Any], body: str = "") -> str:
    """A note with ``fields`` as its frontmatter (in the order given) and ``body`` after."""
    import yaml

    head = yaml.safe_dump(
        dict(fields), sort_keys=False, allow_unicode=True, default_flow_style=False, width=1000
    )
    text = f"---\n{head}---\n"
    if body:
        text += "\n" + body.rstrip("\n") + "\n"
    return text


def read_note(text: str, where: str) -> tuple[dict[str, Any], str]:
    """A note's frontmatter fields and its body; a note without frontmatter has no fields.

    Frontmatter that is not a YAML mapping raises :class:`CampaignError` naming ``where``.
    """
    import yaml

    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---", 3)
    while end >= 0 and text[end + 4 : end + 5] not in ("", "\n"):
        end = text.find("\n---", end + 4)
    if end < 0:
        raise CampaignError(f"{where}: the frontmatter is never closed (no second '---' line)")
    head = text[4 : end + 1]
    body = text[end + 5 :].removeprefix("\n")
    try:
        data = yaml.safe_load(head)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 2})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "not YAML"
        raise CampaignError(f"{where}: the frontmatter is not YAML{line}: {problem}") from None
    if data is None:
        return {}, body
    if not isinstance(data, dict):
        raise CampaignError(f"{where}: the frontmatter is not a mapping of fields")
    return {str(k): v for k, v in data.items()}, body
