"""The engine's changes to the campaign, each one an event: tracks, meters, momentum, supply.

:class:`StateChanges` is the part of :class:`~ironsworn.moves.engine.MoveEngine` that turns a
rule's "take +1 momentum" or "mark progress" into events with from/to values, keeping the
rulebook's limits (meters 0 to +5, momentum -6 to its max, supply shared by the party).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import by_apply
from ironsworn.errors import InvalidValue, NotFound, OptionNeeded, RuleViolation
from ironsworn.meters import change_meter
from ironsworn.momentum import momentum_after
from ironsworn.moves.registry import short_name
from ironsworn.progress import BOXES, MAX_TICKS
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState, CharacterState, TrackState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.rulesets import MovePlan, Rules
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
# How the state folds an event of one type (CampaignState's handler of it).
_Fold = Callable[[Any, Mapping[str, Any]], None]


def _starts_a_fight(ctx: Step) -> bool:
    """Whether the move being made is Enter the Fray (the move that begins a fight)."""
    return short_name(str(ctx.data.get("move", ""))) == "enter_the_fray"


def _join(ctx: Step, track: TrackState) -> None:
    """Enter the Fray on an ally's fight, Undertake a Journey (an Expedition) on an ally's
    journey: the character shares its track from now on.

    "If you are fighting with allies, each of you make your own move to Enter the Fray ...
    When allies are fighting against common enemies, you share progress tracks" (seed 000,
    L2085-2091): Strike, Clash and End the Fight then find the fight as the character's own.
    Allies travelling together share the journey: one of them rolls each segment, on the one
    track (L1769-1784), and Reach Your Destination is then any of theirs to make."""
    if ctx.name in track.characters:
        return
    after = [*track.characters, ctx.name]
    ctx.emit(
        {"type": "track_characters", "track": track.id, "from": list(track.characters), "to": after}
    )
    given = str(ctx.data.get("rank") or "").strip().lower()
    if given and given != track.rank:
        # The rank is the shared track's, set when it began: one given with the joining is
        # said to be left unread, not dropped in silence.
        ctx.note(
            f"{track.name} keeps its rank, {track.rank}: the {track.kind} is under way "
            f"(a rank given is for a new {track.kind})"
        )


def _beginning(ctx: Step, kinds: tuple[str, ...], setting_off: str | None) -> str | None:
    """What the move names of a track it may begin: Enter the Fray's foe, Undertake a
    Journey's (an Expedition's) destination; None when it names none."""
    if kinds == ("fight",) and _starts_a_fight(ctx):
        return str(ctx.data.get("foe") or "").strip() or None
    if setting_off is not None and setting_off in kinds:
        return str(ctx.data.get("destination") or "").strip() or None
    return None


def _shares_the_vow(ctx: Step, track: TrackState) -> None:
    """Refuse a move on an ally's own vow: allies who share a quest "each write the vow and
    any progress is marked by all players" (seed 000 L4491-4496); a vow of another's alone is
    theirs to move on (Aid Your Ally helps them, never with progress)."""
    holders = [str(c) for c in track.characters]
    if not holders or ctx.name in holders:
        return
    whose = " and ".join([", ".join(holders[:-1]), holders[-1]] if len(holders) > 1 else holders)
    raise RuleViolation(
        f"{track.name!r} is {whose}'s vow, not {ctx.name}'s: a move on it is made by those "
        f"who share it (accepted: a vow {ctx.name} shares)"
    )


def _names_the_track(
    ctx: Step, kinds: tuple[str, ...], setting_off: str | None, track: TrackState
) -> None:
    """Refuse a foe (destination) that names another track than the one chosen with it: the
    move would act on the chosen one and leave what was typed unread."""
    named = _beginning(ctx, kinds, setting_off)
    if named is None:
        return
    if _named_by(track, _plain_name(named)):
        return
    field = "foe" if kinds == ("fight",) else "destination"
    raise InvalidValue(
        "{" + field + "}" + f" {named!r} is not {track.id} ({track.name}), the {track.kind} "
        f"chosen: name that {track.kind}'s {field}, or leave one out",
        input=field,
        value=named,
    )


def _named_by(track: TrackState, wanted: str) -> bool:
    """Whether a foe (destination) named, as :func:`_plain_name` gives it, names ``track``."""
    return wanted in (_plain_name(track.name), _plain_name(track.foe or ""))


def _plain_name(name: str) -> str:
    """A track's name (or a foe's id) as a named foe or destination is matched to it: in any
    case, a destination's "to" left out ("to the Havens" is the journey to the Havens)."""
    words = " ".join(name.split()).lower()
    for lead in ("to ", "toward ", "towards "):
        if words.startswith(lead):
            return words[len(lead) :]
    return words


# The moves that begin a journey (classic) or an expedition (Starforged): with no such track
# under way they ask where the character goes and the rank, and start it, as Enter the Fray
# starts a fight. "When you travel across hazardous or unfamiliar lands, set the rank of your
# journey" (seed 000, Undertake a Journey); Starforged's Undertake an Expedition likewise gives
# the expedition a rank as it sets off (seed 003).
def _per_mark(rank: Rank) -> str:
    """What one mark of progress is worth at a rank, in the words of the track's boxes."""
    ticks = rank.ticks_per_mark
    if ticks >= 4:
        return f"{ticks // 4} box{'es' if ticks > 4 else ''} a mark"
    return f"{ticks} tick{'s' if ticks > 1 else ''} a mark"


_STARTS_A_JOURNEY = {"undertake_a_journey": "journey", "undertake_an_expedition": "expedition"}
# Swear an Iron Vow with no vow yet writes it: "When you swear upon iron to complete a quest,
# write your vow and give the quest a rank" (seed 000, Swear an Iron Vow; Starforged's move
# likewise, seed 003). The vow is asked in the player's words, then its rank.
_SWEARS = "swear_an_iron_vow"


def _swearing(ctx: Step) -> bool:
    """Whether the move being made is Swear an Iron Vow (classic or Starforged)."""
    return short_name(str(ctx.data.get("move", ""))) == _SWEARS


def vows_to_swear(char: Any, mine: list[TrackState], words: Any) -> list[TrackState]:
    """The open vows of ``char`` (``mine``) Swear an Iron Vow may be made on.

    The background vow is not one: "Set a background vow, and give it a rank of extreme or
    epic. Then, envision your inciting incident and Swear an Iron Vow" (seed 000 L1358-1359):
    it is marked, never sworn with a roll (unless named). The vow's ``words``, given, name the
    vow sworn: an open vow of that name, else none (a new vow, never the one open vow
    whatever it says)."""
    wanted = " ".join(str(words or "").split()).casefold()
    if wanted:
        return [t for t in mine if t.name.casefold() == wanted]
    background = char.flags.get("background_vow")
    return [t for t in mine if t.id != background]


class StateChanges:
    """Track and sheet changes made as events (mixed into the engine)."""

    state: CampaignState
    events: list[JsonDict]
    notes: list[str]
    _front: list[JsonDict]
    ruleset: Ruleset
    # How the state folds each type of event the engine builds (see emit).
    _folds: Mapping[str, _Fold | None]
    # The plans of the moves played (see plan_of), for this ruleset name and content.
    _plans: dict[str, MovePlan]
    # The move each query of make_move names, with its plan (see MoveEngine.find_move), kept
    # with the plans.
    _named: dict[tuple[tuple[str, ...], str], tuple[Move, MovePlan]]
    _plans_ruleset: str | None = None
    _plans_content: Ruleset | None = None
    # Whether this operation changed a bonds track (set_meter of bond_ticks; lasting.watch
    # looks at its events only then).
    bonds_marked: bool = False

    if TYPE_CHECKING:

        @property
        def rules(self) -> Rules: ...  # the engine's: its ruleset's hooks

    def plan_of(self, move_id: str) -> MovePlan:
        """The plan of the move ``move_id`` in the rules played (:meth:`Rules.plan`), kept by
        the engine while its campaign plays the same ruleset with the same content."""
        plans = self._plans
        if self.state.ruleset is not self._plans_ruleset or self.ruleset is not self._plans_content:
            plans = self._new_plans()
        found = plans.get(move_id)
        if found is None:
            found = plans[move_id] = self.rules.plan(self.ruleset, move_id)
        return found

    def _new_plans(self) -> dict[str, MovePlan]:
        """Forget the plans (and the moves named) kept for another ruleset or content."""
        plans = self._plans = {}
        self._named = {}
        self._plans_ruleset, self._plans_content = self.state.ruleset, self.ruleset
        return plans

    def _as_engine(self) -> MoveEngine:
        """This object as the engine it is part of (for the handlers' :class:`Step`)."""
        return self  # type: ignore[return-value]  # (typing.cast is a call on every step)

    def _move_id(self, short: str) -> str:
        """The full id of one of the campaign ruleset's moves, from its short name (the
        first in the content's order; kept once found, as the content never changes)."""
        found_ids: dict[tuple[str, str], str] = self.ruleset.memo("move_ids")
        key = (self.state.ruleset, short)
        found = found_ids.get(key)
        if found is not None:
            return found
        prefix = f"move:{self.state.ruleset}/"
        for move_id in self.ruleset.moves:
            if move_id.startswith(prefix) and short_name(move_id) == short:
                found_ids[key] = move_id
                return move_id
        raise NotFound(f"move {short!r} is unknown")

    # --- tracks ----------------------------------------------------------------------------

    def resolve_track(
        self, ctx: Step, kinds: tuple[str, ...], owner: str | None = None
    ) -> TrackState:
        """The track a move acts on: the ``track`` input, or the only active one of the kinds of the
        character making the move (or of ``owner``: the ally a move is made for)."""
        query = ctx.data.get("track")
        who = owner or ctx.name
        setting_off = _STARTS_A_JOURNEY.get(short_name(str(ctx.data.get("move", ""))))
        named = _beginning(ctx, kinds, setting_off) if not query and owner is None else None
        if named:
            # Enter the Fray naming its foe (Undertake a Journey its destination) with no track
            # named: the fight (journey) under way by that name, else a new one begins beside
            # those under way (the foe was left unread and the only fight taken).
            wanted = _plain_name(named)
            same = [t for t in self.state.open_tracks_of(who) if t.kind in kinds]
            if not any(_named_by(t, wanted) for t in same):
                # An ally's fight (journey) by that name: the move joins it, as when it is
                # chosen ("When allies are fighting against common enemies, you share
                # progress tracks", seed 000 L2089-2091), never a second one of that name.
                joined = "fight" if kinds == ("fight",) else setting_off
                same = self.state.open_tracks(joined)
            same = [t for t in same if _named_by(t, wanted)]
            if same:
                query = same[0].id
            elif kinds == ("fight",):
                return self.start_fight(ctx)
            else:
                assert setting_off is not None
                return self.start_journey(ctx, setting_off)
        if query:
            try:
                track = self.state.track(str(query), kinds)
            except NotFound as exc:
                if owner is None and (kinds == ("fight",) or setting_off is not None):
                    raise _not_under_way(kinds, str(query), exc) from None
                raise
            if owner is None and (kinds == ("fight",) or setting_off is not None):
                _names_the_track(ctx, kinds, setting_off, track)
            if owner is None and kinds == ("vow",):
                _shares_the_vow(ctx, track)
        else:
            # The active tracks ``who`` holds, in order, from the index (no scan; of one kind,
            # its own list).
            if len(kinds) == 1:
                mine = self.state.open_tracks_of(who, kinds[0])
            else:
                mine = [t for t in self.state.open_tracks_of(who) if t.kind in kinds]
            if owner is None and kinds == ("vow",) and _swearing(ctx):
                mine = vows_to_swear(ctx.char, mine, ctx.data.get("vow"))
            if len(mine) != 1:
                what = "/".join(kinds)
                if not mine and kinds == ("fight",) and _starts_a_fight(ctx):
                    return self.start_fight(ctx)
                if not mine and owner is None and _swearing(ctx) and kinds == ("vow",):
                    return self.start_vow(ctx)
                if not mine and owner is None and setting_off in kinds:
                    return self.start_journey(ctx, setting_off)
                if not mine and kinds == ("fight",):
                    # In the game's words: a fight is begun by its move, not "created".
                    raise InvalidValue(f"{who} has no active fight: Enter the Fray begins one")
                if not mine and kinds == ("site",):
                    # Delve: a site is begun with what its features and dangers come from.
                    raise InvalidValue(
                        f"{who} has no active site: begin one first, with its theme, domain "
                        "and rank"
                    )
                if not mine:
                    raise InvalidValue(f"{who} has no active {what} track: create one first")
                raise OptionNeeded(
                    f"{who} has several {what} tracks: which one? (accepted: "
                    + ", ".join([t.id for t in mine])
                    + ")",
                    "track",
                    # (the score as TrackState.score works it out, min(BOXES, ticks // 4),
                    # without a call per track: a refusal made often, with every open track
                    # of a long campaign to list; ticks // 4 < BOXES exactly when ticks <
                    # MAX_TICKS)
                    tuple(
                        [
                            (
                                t.id,
                                f"{t.name} ({t.rank} {t.kind}, score "
                                f"{t.ticks // 4 if t.ticks < MAX_TICKS else BOXES})",
                            )
                            for t in mine
                        ]
                    ),
                )
            track = mine[0]
        if track.status != "active":
            raise RuleViolation(f"track {track.id} ({track.name}) is {track.status}")
        joins = (kinds == ("fight",) and _starts_a_fight(ctx)) or track.kind == setting_off
        if owner is None and joins:
            _join(ctx, track)
        ctx.data["track"] = track.id
        return track

    def start_fight(self, ctx: Step) -> TrackState:
        """Enter the Fray with no fight yet: the fight begins against the foe named (a foe of
        the book, its rank the book's; or the player's own words, with the rank asked).

        "When you initiate combat or are forced into a fight, envision your foe and their
        rank" (seed 000, Enter the Fray): the move that starts a fight asks for them."""
        from ironsworn.moves.sheet import track_event

        foe = ctx.data.get("foe")
        npcs = self.ruleset.in_ruleset("npcs", self.state.ruleset)
        if not foe:
            raise OptionNeeded(
                "Enter the Fray: whom do you fight? (a foe of the book, or your own words)",
                "foe",
                tuple((n.name, f"{n.name} ({n.rank})") for n in npcs.values()),
                subject="Enter the Fray",
                open=True,
            )
        wanted = str(foe).strip().lower()
        npc = next(
            (n for n in npcs.values() if wanted in (n.name.lower(), n.id.lower())),
            None,
        )
        rank = ctx.data.get("rank") or (npc.rank if npc is not None else None)
        if not rank:
            starforged = self.state.ruleset == "starforged"
            raise OptionNeeded(
                f"Enter the Fray: what is the rank of {foe}? (accepted: troublesome, "
                "dangerous, formidable, extreme, epic)",
                "rank",
                # (Starforged's foes inflict no harm by rank: the rank sets the objective's
                # progress, "there are no harm numbers")
                tuple(
                    (r.label, f"{r.label} ({r.per_mark if starforged else f'{r.harm} harm'})")
                    for r in Rank
                ),
                subject=f"Enter the Fray against {foe}",
            )
        name = npc.name if npc is not None else str(foe).strip()
        event = track_event(
            self.state, "fight", name, Rank.parse(rank), [ctx.name], npc.id if npc else None, 1
        )
        self.emit(event)
        ctx.data["track"] = event["track"]["id"]
        return self.state.tracks[event["track"]["id"]]

    def start_journey(self, ctx: Step, kind: str) -> TrackState:
        """Undertake a Journey (or an Expedition) with none under way: it begins to the
        destination named, at the rank chosen (both asked when missing)."""
        from ironsworn.moves.sheet import track_event

        move = "Undertake an Expedition" if kind == "expedition" else "Undertake a Journey"
        where = str(ctx.data.get("destination") or "").strip()
        if not where:
            raise OptionNeeded(
                f"{move}: where are you going?",
                "destination",
                (),
                subject=move,
                open=True,
            )
        rank = ctx.data.get("rank")
        if not rank:
            # "to the Havens" as the player wrote it, not "the journey to to the Havens".
            bound = (
                where if where.lower().startswith(("to ", "toward ", "towards ")) else f"to {where}"
            )
            raise OptionNeeded(
                f"{move}: what is the rank of the {kind} {bound}? (accepted: troublesome, "
                "dangerous, formidable, extreme, epic)",
                "rank",
                tuple((r.label, f"{r.label} ({_per_mark(r)})") for r in Rank),
                subject=f"{move} {bound}",
            )
        event = track_event(self.state, kind, where, Rank.parse(str(rank)), [ctx.name], None, 1)
        self.emit(event)
        ctx.data["track"] = event["track"]["id"]
        return self.state.tracks[event["track"]["id"]]

    def start_vow(self, ctx: Step) -> TrackState:
        """Swear an Iron Vow with no vow yet: the vow is written in the words given, at the
        rank chosen (both asked when missing)."""
        from ironsworn.moves.sheet import track_event

        vow = " ".join(str(ctx.data.get("vow") or "").split())
        if not vow:
            raise OptionNeeded(
                "Swear an Iron Vow: what do you vow? (your own words)",
                "vow",
                (),
                subject="Swear an Iron Vow",
                open=True,
            )
        rank = ctx.data.get("rank")
        if not rank:
            raise OptionNeeded(
                f"Swear an Iron Vow ({vow}): what is the quest's rank? (accepted: "
                "troublesome, dangerous, formidable, extreme, epic)",
                "rank",
                tuple((r.label, f"{r.label} ({_per_mark(r)})") for r in Rank),
                subject=f"Swear an Iron Vow to {vow}",
            )
        event = track_event(self.state, "vow", vow, Rank.parse(str(rank)), [ctx.name], None, 1)
        self.emit(event)
        ctx.data["track"] = event["track"]["id"]
        return self.state.tracks[event["track"]["id"]]

    def fights_of(self, name: str) -> list[TrackState]:
        return self.state.open_tracks_of(name, "fight")

    def in_fight(self, name: str) -> bool:
        """Whether ``name`` is in a fight (holds an active fight): ``bool(fights_of(name))``."""
        return self.state.holds_open(name, "fight")

    def mark_progress(self, track: TrackState, times: int = 1) -> None:
        per = Rank.parse(track.rank).ticks_per_mark
        self.set_ticks(track, track.ticks + per * times)

    def set_ticks(self, track: TrackState, ticks: int) -> None:
        ticks = max(0, min(MAX_TICKS, ticks))
        if ticks != track.ticks:
            self.emit({"type": "progress", "track": track.id, "from": track.ticks, "to": ticks})
            if ticks == MAX_TICKS and track.kind != "threat":
                # (a threat's menace filled says what follows itself: threats._menace)
                self.note(f"{track.name}: the track is full{self._finished_by(track)}")
            if track.kind == "vow":
                from ironsworn.moves.assets.progress_rerolls import after_progress

                # Fated 3: experience for boxes on the background vow. The record as it is now
                # (a shared record is replaced when it changes: see CampaignState.fork).
                after_progress(self, self.state.tracks[track.id])

    def _finished_by(self, track: TrackState) -> str:
        """What a full track says after "the track is full": the move that finishes it, as
        a player new to the rules would not know when to stop marking a fight's progress."""
        from ironsworn.moves.tracks import progress_moves

        move = progress_moves(self.ruleset, str(self.state.ruleset)).get(track.kind)
        found = self.ruleset.moves.get(move) if move is not None else None
        if found is None:
            return "; more progress marks nothing"
        return f" ({found.name} finishes it); more progress marks nothing"

    def close_track(self, track: TrackState, status: str) -> None:
        if track.status != status:
            self.emit(
                {"type": "track_closed", "track": track.id, "from": track.status, "to": status}
            )

    # --- primitive changes (each one an event) ---------------------------------------------
    # (Each looks its character up by the name as written first, the state's own first step,
    # without the call to CampaignState.character: a change is made many times a move.)

    def emit(self, event: JsonDict) -> None:
        # Built here: checked by the store that keeps it. A record (a roll, a move...) changes
        # nothing in the state: there is nothing to fold (its fold is None). A change is
        # folded by the state's handler of its type, as CampaignState.apply_built folds it,
        # without that call in between (a type the table lacks: through apply, which refuses
        # an unknown one).
        fold: _Fold | None = self._folds.get(event["type"], by_apply)
        if fold is not None:
            fold(self.state, event)
        self.events.append(event)

    def note(self, text: str, when: str | None = None) -> None:
        """A note for the player; ``when``: the moment it is about, where it is about one
        only ("burned": an ability that gives its gain if you burn momentum), so the log can
        leave it out when that moment did not come."""
        self.notes.append(text)
        if when is None:
            self.events.append({"type": "note", "text": text})
        else:
            self.events.append({"type": "note", "text": text, "if": when})

    def set_meter(self, name: str, meter: str, value: int) -> None:
        char = self.state.characters.get(name) or self.state.character(name)
        current = int(getattr(char, meter))
        if value != current:
            self.emit(
                {
                    "type": "meter",
                    "character": char.name,
                    "meter": meter,
                    "from": current,
                    "to": value,
                }
            )
            if meter == "bond_ticks":
                self.bonds_marked = True  # (the only builder of such an event: see lasting.watch)

    def burn_momentum(self, char: CharacterState) -> None:
        """Burn ``char``'s momentum: the burn event, then momentum reset to its reset value
        (what the burn does to the roll, the caller's: ActionRoll.burn, a cancelled die)."""
        self.emit(
            {
                "type": "burn",
                "character": char.name,
                "from": char.momentum,
                "to": char.momentum_reset,
            }
        )
        self.set_meter(char.name, "momentum", char.momentum_reset)

    def set_flag(self, name: str, flag: str, value: Any) -> None:
        char = self.state.characters.get(name) or self.state.character(name)
        current = char.flags.get(flag)
        if current != value:
            self.emit(
                {"type": "flag", "character": char.name, "flag": flag, "from": current, "to": value}
            )

    def set_initiative(self, name: str, value: bool, fight_over: bool = False) -> None:
        """``fight_over``: the initiative ends because no fight goes on (told so, not as a
        loss of it: "Kira loses initiative" read as a setback right after her win)."""
        char = self.state.characters.get(name) or self.state.character(name)
        if char.initiative != value:
            event: dict[str, Any] = {
                "type": "initiative",
                "character": char.name,
                "from": char.initiative,
                "to": value,
            }
            if char.ruleset == "starforged":  # (char.starforged, without the property's call)
                event["position"] = True  # told as in control / in a bad spot
            if fight_over:
                event["fight_over"] = True
            self.emit(event)

    def set_debility(self, name: str, debility: str, value: bool) -> None:
        char = self.state.characters.get(name) or self.state.character(name)
        if char.has(debility) == value:
            return
        self.emit(
            {
                "type": "debility",
                "character": char.name,
                "debility": debility,
                "from": not value,
                "to": value,
            }
        )
        # A debility lowers max momentum at once (ENGINE CHOICE: clamp momentum down to it).
        # (the sheet as folded now: the fold may have put a new copy in the state's place)
        char = self.state.characters.get(name) or self.state.character(name)
        if char.momentum > char.momentum_max:
            self.set_meter(char.name, "momentum", char.momentum_max)

    def momentum(self, name: str, delta: int) -> None:
        """Gain or lose momentum; a loss past -6 makes you Face a Setback for the rest."""
        char = self.state.characters.get(name) or self.state.character(name)
        current = int(char.momentum)
        after, blocked, overflow = momentum_after(current, delta, char.impact_count)
        if after != current:
            self.emit(
                {
                    "type": "meter",
                    "character": char.name,
                    "meter": "momentum",
                    "from": current,
                    "to": after,
                }
            )
        if blocked:
            self.note(f"{char.name}: +{blocked} momentum not taken (max {char.momentum_max:+d})")
        if not overflow:
            return
        hook = self.rules.momentum_overflow
        if hook is not None:
            hook(self._as_engine(), char.name, overflow)
        else:
            self.note(f"{char.name}: momentum is at -6; Face a Setback for {overflow}")
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("face_a_setback"),
                    "character": char.name,
                    "amount": overflow,
                }
            )

    def meter(self, name: str, meter: str, delta: int) -> int:
        """Change health or spirit (supply goes through :meth:`supply`); return the overflow.

        A gain blocked by a condition is reported in the notes, never silently dropped.
        """
        if meter == "supply":
            self.supply(name, delta)
            return 0
        if meter == "momentum":
            self.momentum(name, delta)
            return 0
        char = self.state.characters.get(name) or self.state.character(name)
        top = char.meter_max(meter)  # +5, less what an asset takes (Battle-Scarred 2)
        change = change_meter(meter, int(getattr(char, meter)), delta, char.blocked_by(meter), top)
        self.set_meter(char.name, meter, change.after)
        if change.blocked and change.blocked_by:
            self.note(f"{char.name}: +{change.blocked} {meter} blocked ({change.blocked_by})")
        elif change.blocked:
            self.note(f"{char.name}: +{change.blocked} {meter} not taken (already at {top:+d})")
        return change.overflow

    def supply(self, name: str, delta: int) -> None:
        """Supply is shared by the party: a change applies to each of them (rulebook p. 35)."""
        hook = self.rules.supply
        if hook is not None:
            hook(self._as_engine(), name, delta)
            return
        party = self.state.party(name)
        if delta < 0 and any(c.has("unprepared") for c in party):
            # Out of Supply: further -supply is paid as -health, -spirit or -momentum.
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("out_of_supply"),
                    "character": name,
                    "amount": -delta,
                }
            )
            return
        reached_zero, overflow = False, 0
        for char in party:  # (the one whose change it is first: see CampaignState.party)
            change = change_meter("supply", char.supply, delta, char.blocked_by("supply"))
            self.set_meter(char.name, "supply", change.after)
            if change.blocked and change.blocked_by:
                self.note(f"{char.name}: +{change.blocked} supply blocked (unprepared)")
            if delta < 0 and change.after == 0:
                reached_zero = True
                # ENGINE CHOICE (spec §6.5): the part of a loss that 0 could not absorb is
                # paid like any further -supply while unprepared.
                overflow = max(overflow, change.overflow)
        if reached_zero:
            self._front.append(
                {
                    "step": "move",
                    "move": self._move_id("out_of_supply"),
                    "character": name,
                    "amount": overflow,
                }
            )

    def companion_meter(self, name: str, asset_id: str, delta: int) -> int:
        char = self.state.characters.get(name) or self.state.character(name)
        asset = char.asset(asset_id)  # its id, name or the name the player gave it
        asset_id = str(asset["id"])
        meter = asset["meter"]
        change = change_meter("health", int(meter["value"]), delta, None, int(meter["max"]))
        if change.after != meter["value"]:
            self.emit(
                {
                    "type": "asset_meter",
                    "character": char.name,
                    "asset": asset_id,
                    "from": meter["value"],
                    "to": change.after,
                }
            )
        return change.overflow


def _not_under_way(kinds: tuple[str, ...], query: str, exc: NotFound) -> NotFound:
    """A track named for a move that may begin a new one (Enter the Fray, Undertake a
    Journey or an Expedition) that is none under way: what is accepted says how a new one
    begins (a model named the new expedition as its track)."""
    what = "/".join(kinds)
    field = "foe" if kinds == ("fight",) else "destination"
    under_way = ", ".join(exc.closest) if exc.candidates else "there is none"
    return NotFound(
        f"{what} {query!r} is not under way (accepted: an active {what}'s id or name: "
        f"{under_way}; to begin a new one, its name as {{{field}}}, not {{track}})",
        exc.candidates,
        kind=exc.kind,
        name=query,
        names=(field, "track"),
    )
