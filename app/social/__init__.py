"""The table's social side: what people do around the game.

Owns: table talk (`talk`), leaving a game (`leaving`), rematches
(`rematches`), watching (`watching`), and the next game waiting for a person
(`next_game`).

May import: app.store, app.live, app.play, app.mail_out, app.words, app.web
"""
