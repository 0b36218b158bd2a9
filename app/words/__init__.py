"""Words: how cards, moves, results and stories are said to a person.

Owns: cards, moves and times in words (`present`), results (`result_words`),
what happened since a player's last move (`turn_story`), a deal's story
(`deal_story`), and a table's news (`news`). Nothing here writes.

May import: app.store, app.play
"""
