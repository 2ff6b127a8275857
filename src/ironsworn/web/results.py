"""What a move's result and a pending decision carry to the page besides their data: the
rules' text as safe HTML (``*_html`` fields beside the text), so the page shows **battered**,
links and tables as the book does, and never a raw ``[Pay the Price](move:...)``."""

from __future__ import annotations

from typing import Any

from ironsworn.content.embedded import markdown_tables, without_tables
from ironsworn.web.markdown import rules_html, rules_inline

JsonDict = dict[str, Any]


def decision(pending: JsonDict | None) -> JsonDict | None:
    """A pending decision with ``prompt_html`` and each option's ``html`` (inline: an option
    is drawn inside its button)."""
    if not isinstance(pending, dict):
        return pending
    out = dict(pending)
    if isinstance(out.get("prompt"), str):
        out["prompt_html"] = rules_inline(out["prompt"])
    out["options"] = [
        {**o, "html": rules_inline(o["text"])} if isinstance(o.get("text"), str) else o
        for o in out.get("options") or []
    ]
    return out


def result(data: Any) -> Any:
    """An action's answer with ``text_html`` on it and its chained moves, and its decisions'
    HTML (an answer that is not a move's result is returned as it is)."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    if isinstance(out.get("text"), str):
        # (a table the outcome prints is rolled by the engine, its row told on its own)
        out["text_html"] = rules_html(without_tables(out["text"]))
    if isinstance(out.get("chain"), list):
        out["chain"] = [result(step) for step in out["chain"]]
    if isinstance(out.get("pending"), list):
        out["pending"] = [decision(p) for p in out["pending"]]
    return out


def targets(data: Any) -> bool:
    """Whether an action's answer has effects to label (see :func:`labelled`): the state is
    read for them only."""
    effects = data.get("effects") if isinstance(data, dict) else None
    return isinstance(effects, list) and any(
        isinstance(e, dict) and isinstance(e.get("target"), str) for e in effects
    )


def labelled(data: Any, state: Any) -> Any:
    """An action's answer whose effects carry ``label``: what each changed as a player names
    it, from the campaign ``state`` after it (a card by its name or the name given, a track by
    its name, a legacy track by its words), where the ``target`` is an id
    (``asset:starforged/path/navigator:ability2``, ``legacy:discoveries``)."""
    if isinstance(data, dict) and isinstance(data.get("effects"), list):
        for effect in data["effects"]:
            if isinstance(effect, dict) and isinstance(effect.get("target"), str):
                effect["label"] = new_track(effect, state) or target_label(
                    effect["target"], effect.get("character"), state
                )
                verb = turned(effect) or joined(effect, state)
                if verb is not None:
                    effect["verb"] = verb
                    if effect["target"].startswith("bond:"):  # "gains a bond with" Havens
                        effect["label"] = effect["target"].partition(":")[2]
                if effect["target"] == "initiative" and effect.get("fight_over"):
                    # The last fight over, as the log says it: "Kira: out of the fight: no
                    # initiative to hold" (it read "Kira loses initiative" right after a win).
                    effect.pop("verb", None)
                    effect["label"] = str(effect.get("character") or "initiative")
                    effect["now"] = "out of the fight: no initiative to hold"
                if effect["target"] == "status" and effect.get("from") == "active":
                    # A character's end: "Kira: dead" (was "Kira: status active → dead").
                    effect["label"] = str(effect.get("character") or "status")
                    effect["now"] = str(effect.get("to")).replace("_", " ")
                closed = effect["target"].endswith(":status") and effect.get("from") == "active"
                if closed and isinstance(effect.get("to"), str):
                    # A track ended: "Find my sister: fulfilled" (as the log says it), not
                    # "Find my sister status active → fulfilled".
                    effect["label"] = effect["label"].removesuffix(" status")
                    effect["now"] = effect["to"].replace("_", " ")
                ticks = (
                    effect["target"].endswith(":ticks")
                    or effect["target"] == "bonds"
                    or effect["target"].startswith("legacy:")
                )
                if ticks and isinstance(effect.get("to"), int):
                    from ironsworn.campaign.journal import ticks_words

                    # Progress (a track's, the bonds') in ticks, with the boxes they fill
                    # past a box, as the log says it: "0 → 12 ticks (3 boxes)", not "0 → 12".
                    effect["to_words"] = ticks_words(effect["to"])
    return data


def turned(effect: JsonDict) -> str | None:
    """How a player says a change from no to yes or back, said before the label ("gains the
    asset" Ash (Horse), "marks" wounded), not "Ash (Horse) no → yes"; None for any other."""
    before, after, target = effect.get("from"), effect.get("to"), str(effect["target"])
    if target == "position" and isinstance(after, str) and before != after:
        # Starforged's position, as the log says it: "Kira is in control" (it read "Kira:
        # position in a bad spot → in control").
        effect["label"] = after
        return "is"
    if not isinstance(before, bool) or not isinstance(after, bool) or before == after:
        return None
    if target.startswith("asset:"):
        ident, _, part = target.rpartition(":")
        if not ident.startswith("asset:"):  # the card itself
            return "gains the asset" if after else "loses the asset"
        return ("marks" if after else "unmarks") if part.startswith("ability") else None
    if target.startswith(("debility:", "impact:")):
        return "marks" if after else "clears"
    if target == "initiative":
        return "gains" if after else "loses"
    if target.startswith("bond:"):
        return "gains a bond with" if after else "loses the bond with"
    return None


def joined(effect: JsonDict, state: Any) -> str | None:
    """An ally joining a track, said as the log says it ("Bo joins the fight:" Ironhide
    raiders), not "Ironhide raiders shared by Asha → Asha, Bo"; None for any other effect
    (one who leaves a track, a successor taking a connection over)."""
    head, _, part = str(effect["target"]).partition(":")
    track = getattr(state, "tracks", {}).get(head)
    if part != "shared_by" or track is None:
        return None
    before = [n for n in str(effect.get("from") or "").split(", ") if n]
    after = [n for n in str(effect.get("to") or "").split(", ") if n]
    new = [n for n in after if n not in before]
    if not new or any(n not in after for n in before):
        return None
    effect["label"] = track.name
    return f"{' and '.join(new)} {'join' if len(new) > 1 else 'joins'} the {track.kind}:"


def new_track(effect: JsonDict, state: Any) -> str | None:
    """A track the action began (Enter the Fray against a foe it names, Undertake a Journey
    to a new destination), in words: ``new fight (dangerous)``, its name being the effect's
    ``to`` (its ``from`` is nothing); None for any other effect."""
    track = getattr(state, "tracks", {}).get(effect["target"])
    if track is None or effect.get("from") is not None:
        return None
    # A connection is told with the role given it (Make a Connection's "give them a role"),
    # as the sheet shows it.
    role = getattr(track, "role", None) if track.kind == "connection" else None
    said = ", ".join(str(s) for s in (track.rank, role) if s)
    rank = f" ({said})" if said else ""
    kind = track.kind
    if kind == "fight" and getattr(state, "ruleset", None) == "starforged":
        kind = "combat objective"  # Starforged's words for a fight's track, as the log says
    return f"new {kind}{rank}"


# A target's prefix naming what it is, and how a player says it ({} is the rest, in words).
_PREFIXED = {
    "legacy": "{} legacy",
    "debility": "{}",
    "impact": "{}",
    "bond": "bond: {}",
    "lasting": "lasting effect {}",
    "vehicle": "vehicle {}",
}


def target_label(target: str, character: Any, state: Any) -> str:
    """``target`` (an effect's) in words: see :func:`labelled`."""

    def words(text: str) -> str:
        return text.replace("_", " ")

    if target.startswith("asset:"):
        ident, _, part = target.rpartition(":")
        if not ident.startswith("asset:"):  # a card itself, added or removed
            ident, part = target, ""
        char = getattr(state, "characters", {}).get(character)
        record = next((a for a in getattr(char, "assets", ()) if a.get("id") == ident), None)
        card = ident.rsplit("/", 1)[-1]
        name = str(record.get("name") or card) if record else words(card).title()
        given = str(record.get("input") or "") if record else ""
        if record and given and given.lower() != name.lower():
            from ironsworn.card_fields import given_words

            # As the sheet and the command line write it: Hawk “Keen” (it read "Keen (Hawk)").
            name += given_words(record)
        if part.startswith("ability") and part[7:].isdigit():
            part = f"ability {part[7:]}"
        return f"{name} {words(part)}".strip()
    head, _, rest = target.partition(":")
    if head == "vehicle" and rest:
        # An incidental vehicle by its name ("Skiff:integrity"); the command vehicle by the
        # name the sheet gives it ("Wayfarer integrity"), as the log tells it.
        name, _, part = rest.rpartition(":")
        ship = getattr(state, "vehicle", None)
        if not name and isinstance(ship, dict) and ship.get("name"):
            name = str(ship["name"])
        return f"{name or 'vehicle'} {words(part)}"
    if (head, rest) == ("legacy", "failure"):
        return "failure track"  # Delve's, kept as a legacy track, named as its book names it
    if rest and head in _PREFIXED:
        return _PREFIXED[head].format(words(rest))
    track = getattr(state, "tracks", {}).get(head) if rest or head else None
    if track is not None:
        part = {"ticks": "progress"}.get(rest, words(rest))
        return f"{track.name} {part}".strip()
    return words(target)


def panel(data: JsonDict, library: Any) -> JsonDict:
    """A move panel with its outcomes' text as HTML (``outcomes_html``), each table an outcome
    prints from ``library`` (Delve the Depths' weak hit) as a table."""
    outcomes = data.get("outcomes")
    if isinstance(outcomes, dict):
        data["outcomes_html"] = {
            k: rules_html(markdown_tables(v, library))
            for k, v in outcomes.items()
            if isinstance(v, str)
        }
    return data
