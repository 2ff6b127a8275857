"""Play mode: ``ironsworn play``, an interactive session on a campaign.

- :mod:`.session` -- the session: the campaign held open, the loop, each operation committed
  as it happens, the status line after a move.
- :mod:`.commands` -- the slash commands, parsed with the command line's own parsers.
- :mod:`.decisions` -- pending decisions (burns, choices, Pay the Price) shown and answered at
  the prompt.
- :mod:`.creation` -- the first-run walkthrough that creates a character.
- :mod:`.completion` -- tab completion of commands, moves, oracles, stats and options.
- :mod:`.terminal` -- reading lines (prompt_toolkit at a terminal, plain lines from a pipe)
  and writing output.
"""
