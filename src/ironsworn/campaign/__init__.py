"""The campaign layer: the game state, the SQLite store of its events, the journal, export.

- :mod:`ironsworn.campaign.state` — the state model (the fold of events);
- :mod:`ironsworn.campaign.store` — one SQLite file per campaign: the append-only operation
  log, undo/redo, snapshots, locking and durability (:class:`~.store.CampaignStore`);
- :mod:`ironsworn.campaign.schema` — the file's identity, schema versions and migrations;
- :mod:`ironsworn.campaign.registry` — campaign names, the current campaign, path resolution;
- :mod:`ironsworn.campaign.journal` — journal entries and events told in words;
- :mod:`ironsworn.campaign.export` — the Markdown story and the JSON round trip.

Nothing is imported here, so importing one submodule stays cheap.
"""
