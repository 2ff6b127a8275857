"""Prompts that help a model guide a session by the book: beginning a session, setting the
scene after a move's outcome, and paying the price.

The words are ours: they say how the table works (the server rolls and applies every move;
the model narrates, asks, and calls the tools) and what the rulebook asks of a guide at each
of these moments, then give the campaign's current facts as JSON, so the model starts from the
table's truth instead of its memory. Each prompt is a function of the campaign's state, run
on the campaign's worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.mcp.served import ServedCampaign

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Argument:
    name: str
    description: str
    required: bool = False


@dataclass(frozen=True)
class Prompt:
    name: str
    title: str
    description: str
    arguments: tuple[Argument, ...]
    render: Callable[[ServedCampaign, dict[str, str]], str]


TABLE_RULES = """\
How this table works:
- The ironsworn server is the rules. It rolls every die and applies every move's outcome to
  the sheets; you never roll, invent or change dice, and you never edit a meter by guessing.
  A result's effects are every change it made; a cost its notes leave to the fiction (Pay
  the Price's table: "the mechanical cost ...: suffer -momentum") is yours to make, with the
  move it names or the adjust tool, in proportion to the fiction.
- When the fiction triggers a move ("when you attempt something risky..."), call the move
  tool with the move and the stat the approach calls for; narrate what its result says.
- A result may carry a pending decision: options with keys and their texts. Put the choice to
  the player when it is theirs; answer it with choose (a key), burn (momentum) or decline.
- A tool that needs something more answers with a question and its choices: ask the player,
  or pick the choice the fiction makes obvious, then call again with it.
- Everything is recorded: the journal tool keeps the story's words beside the mechanics, and
  undo takes back the last operation when the table agrees it was a mistake.
"""


def _facts(served: ServedCampaign, character: str | None) -> JsonDict:
    """The campaign now: the sheet(s), open tracks, the decision waiting, recent journal."""
    from ironsworn.mcp.resources import read

    state = served.state()
    if character:
        from ironsworn.campaign.journal import resolve_character

        sheets = [read(served, f"ironsworn://campaign/sheet/{resolve_character(state, character)}")]
    else:
        sheets = read(served, "ironsworn://campaign/sheets")
    # (open: active; a track ends fulfilled, forsaken, won, failed or done, not only "done")
    tracks = [t for t in read(served, "ironsworn://campaign/tracks") if t["status"] == "active"]
    journal = read(served, "ironsworn://campaign/journal")[-12:]
    return {
        "ruleset": getattr(state, "ruleset", "classic"),
        "sheets": sheets,
        "open_tracks": tracks,
        "pending": read(served, "ironsworn://campaign/pending"),
        "recent_journal": [
            {"character": e["character"], "text": e["text"] or e["mechanics"]} for e in journal
        ],
    }


def _game(served: ServedCampaign) -> str:
    """The game the campaign plays, as its book is called (a Starforged guide plays in the
    Forge, not the Ironlands)."""
    from ironsworn.mcp.resources import ruleset_of

    starforged = ruleset_of(served.state()) == "starforged"
    return "Ironsworn: Starforged" if starforged else "Ironsworn"


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def begin_session(served: ServedCampaign, args: dict[str, str]) -> str:
    facts = _facts(served, args.get("character"))
    empty = not facts["sheets"]
    start = (
        "There is no character yet: help the player make one first (the character tool; "
        "offer the asset cards the resources ironsworn://asset/{id} list, by deck), then "
        "swear the background vow and the inciting incident's vow with them.\n"
        if empty
        else ""
    )
    return f"""\
You are the guide of an {_game(served)} session, playing with the player at this table.
{TABLE_RULES}
Begin the session:
1. Ask whether there is anything the player wants kept out of the story, or handled with care,
   and respect it all session.
2. Recap what happened last time, from the recent journal below, in a few vivid sentences.
3. Set the scene: where the character is, what they want right now, and which vow pulls them
   forward. If the story is slow, you may show a brief glimpse of a danger or an opportunity
   the character cannot see yet.
4. Ask the player what their character does. Then play: describe, ask, and call moves when
   the fiction triggers them.
{start}
The campaign now:
{_json(facts)}
"""


def set_the_scene(served: ServedCampaign, args: dict[str, str]) -> str:
    last = _last_roll(served)
    facts = _facts(served, (last or {}).get("character") or args.get("character"))
    if last is None:
        told = "No move has been rolled yet: set the opening scene instead."
    else:
        told = f"The last move: {_json(last)}"
    return f"""\
You are the guide of an {_game(served)} session.
{TABLE_RULES}
A move has just been resolved. Set the scene that follows from its outcome:
- strong hit: the character did what they set out to do and has the upper hand; show how,
  and let them press on.
- weak hit: they did it, but not cleanly; show the cost, the delay or the new complication
  the result names, and keep it proportionate.
- miss: it goes wrong, or a success turns sour. Things get worse: use the pay_the_price
  prompt's ways of choosing the price, and apply any harm, stress or loss with the tools.
- a match (both challenge dice the same): something unexpected; a twist, a revelation, a
  stroke of fate, good on a hit, grim on a miss.
If a decision is pending, put it to the player before moving on. Close by asking the player
what their character does now. Never reroll or overrule the dice.

{told}

The campaign now:
{_json(facts)}
"""


def pay_the_price(served: ServedCampaign, args: dict[str, str]) -> str:
    situation = args.get("situation") or "(read it from the recent journal and the last move)"
    facts = _facts(served, args.get("character"))
    return f"""\
You are the guide of an {_game(served)} session. The character must pay the price: a miss,
or an outcome that says so.
{TABLE_RULES}
Choose one way to decide the price:
1. The obvious one: the worst thing the situation makes likely simply happens.
2. Ask the oracle: imagine two possible complications and ask whether the likelier one
   happens; a yes means that one, a no the other.
3. The table: the server rolls the Pay the Price table; if the result does not fit the
   situation, roll again.
When a move's miss has left Pay the Price's decision pending (see "pending" below), answer
it with choose: its options are these three ways (the server asks the oracle or rolls the
table itself, and the answer says what came up), and may list the table's rows beside them,
to pick the one the situation makes obvious. Otherwise use the ask or oracle tools.
Then make it real: narrate it, and when the price is harm, stress, lost supply or momentum,
make the matching move or change with the tools (Endure Harm, Endure Stress...), so the sheet
shows it. Keep the price in proportion to the risk the character took.

The situation: {situation}

The campaign now:
{_json(facts)}
"""


def _last_roll(served: ServedCampaign) -> JsonDict | None:
    """The last move rolled in the campaign: its name, character, outcome and dice."""
    store = served.store()
    if store is None:
        return None
    for operation in reversed(store.operations(last=20)):
        moves = [e for e in operation.events if e.get("type") == "move"]
        rolls = [e for e in operation.events if e.get("type") == "roll"]
        if moves and rolls:
            roll = rolls[-1]["roll"]
            return {
                "move": moves[-1].get("name"),
                "character": operation.character,
                "outcome": moves[-1].get("outcome"),
                "match": roll.get("match"),
                "score": roll.get("score"),
                "challenge": roll.get("challenge"),
                "text": moves[-1].get("text"),
            }
    return None


CHARACTER = Argument("character", "whose scene (default: every character)")

PROMPTS: dict[str, Prompt] = {
    p.name: p
    for p in (
        Prompt(
            "begin_session",
            "Begin a session",
            "Start a session by the book: content to avoid, a recap, the scene, the question.",
            (CHARACTER,),
            begin_session,
        ),
        Prompt(
            "set_the_scene",
            "Set the scene after a move",
            "Narrate what follows the last move's outcome (strong hit, weak hit, miss, match).",
            (CHARACTER,),
            set_the_scene,
        ),
        Prompt(
            "pay_the_price",
            "Pay the Price",
            "Decide and apply the price of a miss: the obvious outcome, the oracle, the table.",
            (CHARACTER, Argument("situation", "what was happening when it went wrong")),
            pay_the_price,
        ),
    )
}


def render(served: ServedCampaign, name: str, args: dict[str, str] | None) -> str:
    """The prompt ``name`` for the campaign now; InvalidValue for an unknown name or argument."""
    prompt = PROMPTS.get(name)
    if prompt is None:
        raise InvalidValue(f"prompt {name!r} is unknown (accepted: {', '.join(PROMPTS)})")
    given = dict(args or {})
    known = {a.name for a in prompt.arguments}
    for key in given:
        if key not in known:
            raise InvalidValue(
                f"prompt {name} has no argument {key!r} (accepted: {', '.join(sorted(known))})"
            )
    from ironsworn.mcp.resources import unlinked_json

    # (the campaign's data it quotes, a move's text, with rules links as their words)
    text: str = unlinked_json(prompt.render(served, given))
    return text
