"""Playing without assets, and roles instead of assets (seed 000 "Hacking Ironsworn").

With the campaign option ``assets none`` or ``assets roles`` a character has no asset cards:

- "When playing without assets, you may spend 6 experience to increase a single stat by +1.
  No stat can exceed +4." (L5349-5350): Advance with the ``raise`` input (``wits``); the stat
  changes by a ``stat`` event.
- Roles (L5352-5360, L5326-5337): "Name a role for your character" (the first one is named
  with Advance at no cost); "For every 6 experience points, you may buy an additional role"
  (Advance with ``new_role``). "When you make a move (not a progress move) and envision how
  your role contributes to this action, choose one before rolling: Add +2, or add +1 and take
  +1 momentum on a hit." (the ``as`` and ``role_bonus`` inputs: a role, ``+2`` or
  ``momentum``). "Bonuses from multiple roles may not be combined for a single move": one role
  per move. Roles are the character's
  ``roles`` flag.

ENGINE CHOICE: the stat increase is also open to a character with roles (roles are a way of
playing without assets, and the rulebook's reward for experience is for playing without them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation

if TYPE_CHECKING:
    from ironsworn.moves.engine import Step

STATS = ("edge", "heart", "iron", "shadow", "wits")
STAT_LIMIT = 4
STAT_COST = 6
ROLE_COST = 6
ROLE_BONUSES = {"+2": (2, 0), "momentum": (1, 1)}


def _available(ctx: Step) -> int:
    char = ctx.char
    return char.experience_earned - char.experience_spent


def advance_without_assets(ctx: Step) -> bool:
    """Advance's purchases when the campaign plays without asset cards; False to let the
    asset purchase go on (the standard game)."""
    mode = ctx.state.option("assets")
    raise_stat, new_role = ctx.data.get("raise"), ctx.data.get("new_role")
    if mode == "cards":
        if raise_stat or new_role:
            given = "raise" if raise_stat else "new_role"
            flag = "{" + given + "}"
            raise RuleViolation(  # seed 000 L5336-5360
                f"{flag} is for playing without assets: this campaign "
                "plays with asset cards (accepted: the campaign option assets set to none or "
                "roles)",
                names=(given,),
            )
        return False
    if ctx.data.get("asset"):
        raise RuleViolation(
            f"this campaign plays without asset cards (option assets {mode}): Advance buys "
            "+1 to a stat ({raise} STAT)"
            + (", or a role ({new_role} NAME)" if mode == "roles" else ""),
            names=("raise", "new_role"),
        )
    if raise_stat and new_role:
        raise InvalidValue(
            "Advance buys one thing at a time: {raise} or {new_role}, not both",
            input="new_role",
            value=new_role,
            names=("raise",),
        )
    if new_role:
        _buy_role(ctx, str(new_role), mode)
    elif raise_stat:
        _raise_stat(ctx, str(raise_stat))
    else:
        raise OptionNeeded(
            "Advance: which stat do you raise? (6 experience for +1, no stat above +4"
            + ("; or name a new role, 6 experience)" if mode == "roles" else ")"),
            "raise",
            tuple((s, f"+{s} {ctx.char.stats[s]} -> {ctx.char.stats[s] + 1}") for s in STATS),
            subject="Advance without assets",
        )
    return True


def _spend(ctx: Step, cost: int, what: str) -> None:
    available = _available(ctx)
    if available < cost:
        raise RuleViolation(f"{what} costs {cost} experience; {ctx.char.name} has {available}")
    ctx.engine.set_meter(ctx.name, "experience_spent", ctx.char.experience_spent + cost)


def _raise_stat(ctx: Step, stat: str) -> None:
    key = stat.strip().lower()
    if key not in STATS:
        raise InvalidValue(input="raise", value=stat, accepted=STATS, why="is not a stat")
    char = ctx.char
    before = char.stats[key]
    if before + 1 > STAT_LIMIT:
        raise RuleViolation(  # seed 000 L5349-5350
            f"{key} +{before} cannot go to +{before + 1}: no stat can exceed +{STAT_LIMIT}"
        )
    _spend(ctx, STAT_COST, f"+1 {key}")
    ctx.emit(
        {"type": "stat", "character": char.name, "stat": key, "from": before, "to": before + 1}
    )


def _buy_role(ctx: Step, role: str, mode: str) -> None:
    if mode != "roles":
        raise RuleViolation(
            f"{{new_role}} {role!r}: this campaign plays without assets and without roles "
            "(accepted: the campaign option assets set to roles)",
            names=("new_role",),
        )
    name = " ".join(role.split())
    if not name or len(name) > 80:
        raise InvalidValue(
            input="new_role", value=role, accepted="1-80 characters", why="is not a role's name"
        )
    roles = list(ctx.char.flags.get("roles") or [])
    same = next((r for r in roles if r.lower() == name.lower()), None)
    if same is not None:
        raise RuleViolation(f"{ctx.char.name} already has the role {same}")
    if roles:
        _spend(ctx, ROLE_COST, f"another role ({name})")
    else:
        ctx.note(f"{ctx.char.name}'s first role: named at no cost")  # seed 000 L5358
    ctx.flag("roles", [*roles, name])


def role_add(ctx: Step) -> int:
    """The add a role gives an action roll (``as_role`` / ``role_bonus``); remembers the
    momentum it gives on a hit."""
    query = ctx.data.get("as_role")
    if not query:
        if ctx.data.get("role_bonus"):
            # A bonus chosen with no role named: which role gives it is asked (the player's
            # roles), not refused.
            mine = list(ctx.char.flags.get("roles") or [])
            if ctx.state.option("assets") != "roles" or not mine:
                raise InvalidValue(
                    f"{{role_bonus}} {ctx.data['role_bonus']!r} is a role's bonus, and "
                    f"{ctx.char.name} has no role (accepted: no role bonus)",
                    input="role_bonus",
                    value=ctx.data.get("role_bonus"),
                    accepted=("no role bonus",),
                )
            raise OptionNeeded(
                f"which role gives its bonus ({ctx.data['role_bonus']})?",
                "as_role",
                tuple((r, r) for r in mine),
                subject="the role bonus",
            )
        return 0
    if ctx.state.option("assets") != "roles":
        raise RuleViolation(
            f"{{as}} {query!r}: this campaign does not use roles (accepted: the campaign "
            "option assets set to roles)",
            names=("as",),
        )
    if isinstance(query, list):
        if len(query) > 1:
            raise RuleViolation(  # seed 000 L5333-5334
                "bonuses from multiple roles may not be combined for a single move: choose one "
                f"of {', '.join(map(str, query))}"
            )
        query = query[0]
    roles = list(ctx.char.flags.get("roles") or [])
    key = " ".join(str(query).split()).lower()
    found = [r for r in roles if r.lower() == key] or [
        r for r in roles if r.lower().startswith(key)
    ]
    if len(found) != 1:
        raise InvalidValue(
            f"{ctx.char.name} has no role {query!r} (accepted: {', '.join(roles) or 'none yet'})"
        )
    bonus = ctx.data.get("role_bonus")
    if bonus is None:
        raise OptionNeeded(
            f"choose before rolling what {found[0]} gives: +2, or momentum "
            "(+1 and +1 momentum on a hit)",
            "role_bonus",
            (("+2", "add +2"), ("momentum", "add +1 and take +1 momentum on a hit")),
        )
    choice = str(bonus).strip().lower()
    choice = {"2": "+2", "add": "+2", "plus2": "+2"}.get(choice, choice)
    if choice not in ROLE_BONUSES:
        raise InvalidValue(input="role_bonus", value=bonus, accepted=("+2", "momentum"))
    add, momentum = ROLE_BONUSES[choice]
    if momentum:
        ctx.data["role_momentum"] = momentum
    return add


def apply_role_momentum(ctx: Step, hit: bool) -> None:
    """ "+1 momentum on a hit" for the role that added +1 (called with the outcome)."""
    if hit and ctx.data.get("role_momentum"):
        ctx.momentum(int(ctx.data["role_momentum"]))
