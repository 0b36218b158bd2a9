"""The table's social side: what people do around the game.

Owns: table talk (`talk`), leaving a game (`leaving`), rematches
(`rematches`), watching (`watching`), the next game waiting for a person
(`next_game`), and open seats for strangers: the seats (`open_seats`), their list (`open_list`),
joining one and blocking (`joining`), and how open games end without a result (`open_endings`).

May import: app.store, app.live, app.play, app.mail_out, app.words, app.web, app.standings
"""
