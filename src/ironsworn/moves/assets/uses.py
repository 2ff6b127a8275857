"""Asset abilities used outside a move: ``asset use NAME N`` (undoable like any change).

Some abilities are an exchange the fiction allows at any time, with no move made: Fortune
Hunter 2, "When in a community or trading, you may suffer -1 wealth and take +2 supply";
Commander 1, "When you face the negative outcome of any move, you may suffer -1 strength as
the cost". Their effect in ``assets.json`` names the pseudo-move ``use``; its ``before`` is the
cost (refused when the card's track cannot pay it) and its ``after`` what it gives, both
applied as gains (:func:`~ironsworn.moves.assets.gains.apply_gain`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveEngine, OperationResult

JsonDict = dict[str, Any]
USE = "use"


def usable(card: Any, index: int) -> list[JsonDict]:
    """The effects of one ability used outside a move."""
    return [e for e in card.abilities[index].effects if USE in (e.get("moves") or ())]


def use_ability(
    engine: MoveEngine, character: str | None, asset: str, number: int
) -> OperationResult:
    """Use ability ``number`` of one of the character's cards outside a move."""
    from ironsworn.moves.assets.effects import label
    from ironsworn.moves.assets.gains import apply_gain
    from ironsworn.moves.homebrew import card_of
    from ironsworn.moves.step import Step

    def run() -> None:
        char = engine.state.character(character)
        record = char.asset(asset)
        card = card_of(engine.ruleset, record)
        count = len(record["abilities"])
        if not 1 <= number <= count:
            raise InvalidValue(f"{record['name']} ability {number} is out of range (1 to {count})")
        index = number - 1
        effects = usable(card, index) if card is not None else []
        if not effects and card is not None and card.abilities[index].moves:
            # An ability that is a move of its own (Dancer 3's Commemorate): made as a move.
            names = ", ".join(m.name for m in card.abilities[index].moves)
            raise InvalidValue(
                f"{record['name']} ability {number} is a move of its own: make the move {names}"
            )
        if not effects:
            key = str(record["id"]).rsplit("/", 1)[-1]
            those = [f"{key} {i + 1}" for i in range(count) if card is not None and usable(card, i)]
            raise InvalidValue(
                f"{record['name']} ability {number} is not used outside a move (accepted: "
                + (", ".join(those) or "none of its abilities")
                + ")"
            )
        if not record["abilities"][index]:
            raise RuleViolation(f"ability {number} of {record['name']} is not marked")
        ctx = Step(engine, {"character": char.name, "move": None})
        name = label(record, card, index)
        use = {"asset": record["id"], "ability": index, "label": name}
        for effect in effects:
            cost = dict(effect.get("before") or {})
            for key, delta in cost.items():
                if key.startswith("track:"):
                    track = key.split(":", 1)[1]
                    have = int(record["tracks"][track]["value"])
                    if have + int(delta) < 0:
                        raise RuleViolation(
                            f"{name}: {track} is {have}, it cannot pay {int(delta):+d}"
                        )
            engine.note(f"{name}: {effect.get('when') or 'used'}")
            apply_gain(ctx, use, cost)
            apply_gain(ctx, use, dict(effect.get("after") or {}))
        from ironsworn.moves.assets.sheet_changes import within_limits

        within_limits(engine, char.name)  # Commander at 0 strength counts as a debility
        engine.run_queued()

    return engine.operation("asset", character, run)
