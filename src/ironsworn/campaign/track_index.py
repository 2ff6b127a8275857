"""The indexes a campaign's state keeps of its progress tracks, so that a move finds the
tracks it acts on without a scan of every track of a long campaign.

- :class:`OpenTracks`: the open (active) tracks' ids by the character who holds them, and by
  character and kind (a character's fights, their vows), each in the order the tracks were
  created, as a scan of the tracks lists them.
- :func:`ids_by_key`: every track's id by the key a lookup folds it to (the id in lower case),
  each key to every id it folds from: an imported campaign may hold ids that differ only in
  case, and a lookup must then pick among them as a scan does.

An index is never changed in place: a state and its copies (forks, views) share one, and an
event that changes it gives its state a new one (sharing the entries it does not change).
"""

from __future__ import annotations

from collections.abc import Iterable

from ironsworn.campaign.character_state import TrackState


class OpenTracks:
    """The open tracks' ids by character and by (character, kind), in creation order."""

    __slots__ = ("by_character", "by_kind")

    def __init__(
        self,
        by_character: dict[str, tuple[str, ...]],
        by_kind: dict[tuple[str, str], tuple[str, ...]],
    ) -> None:
        self.by_character = by_character
        self.by_kind = by_kind

    @classmethod
    def of(cls, tracks: Iterable[TrackState]) -> OpenTracks:
        """The index of ``tracks`` (the open ones, in the order they were created)."""
        by_character: dict[str, list[str]] = {}
        by_kind: dict[tuple[str, str], list[str]] = {}
        for track in tracks:
            for who in dict.fromkeys(track.characters):  # a name listed twice counts once
                by_character.setdefault(who, []).append(track.id)
                by_kind.setdefault((who, track.kind), []).append(track.id)
        return cls(
            {k: tuple(v) for k, v in by_character.items()},
            {k: tuple(v) for k, v in by_kind.items()},
        )

    def opened(self, track: TrackState) -> OpenTracks:
        """This index with ``track``, the newest track, last in each of its lists."""
        by_character, by_kind = dict(self.by_character), dict(self.by_kind)
        for who in dict.fromkeys(track.characters):
            by_character[who] = (*by_character.get(who, ()), track.id)
            key = (who, track.kind)
            by_kind[key] = (*by_kind.get(key, ()), track.id)
        return OpenTracks(by_character, by_kind)

    def closed(self, track: TrackState) -> OpenTracks:
        """This index without ``track`` (closed, or its creation taken back)."""
        by_character, by_kind = dict(self.by_character), dict(self.by_kind)
        ident = track.id
        for who in dict.fromkeys(track.characters):
            by_character[who] = tuple([i for i in by_character.get(who, ()) if i != ident])
            key = (who, track.kind)
            by_kind[key] = tuple([i for i in by_kind.get(key, ()) if i != ident])
        return OpenTracks(by_character, by_kind)


def id_key(ident: str) -> str:
    """The key a track's id is looked up by (the lookup folds the query the same way)."""
    return ident.lower()


def ids_by_key(idents: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every id of ``idents`` by its :func:`id_key`."""
    index: dict[str, tuple[str, ...]] = {}
    for ident in idents:
        key = id_key(ident)
        index[key] = (*index.get(key, ()), ident)
    return index


def with_id(index: dict[str, tuple[str, ...]], ident: str) -> dict[str, tuple[str, ...]]:
    """A new index: ``index`` with the id of a track just made."""
    index = dict(index)
    key = id_key(ident)
    index[key] = (*index.get(key, ()), ident)
    return index


def without_id(index: dict[str, tuple[str, ...]], ident: str) -> dict[str, tuple[str, ...]]:
    """A new index: ``index`` without the id of a track whose creation was taken back."""
    index = dict(index)
    key = id_key(ident)
    left = tuple([i for i in index.get(key, ()) if i != ident])
    if left:
        index[key] = left
    else:
        index.pop(key, None)
    return index
