"""Records: a game's history given away and stepped through.

Owns: downloads of a seat's or a finished game's record (`downloads`), the
step-by-step replay in words (`replays`), and which table talk a record
tells (`record_talk`).

May import: app.store, app.play, app.social, app.words
"""
