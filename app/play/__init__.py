"""Play: the game itself, from its start to its result.

Owns: checking and starting a game (`spec`, `games`), moves (`moves`) and
the moves the service makes itself (`auto`), deadlines (`deadlines`), seats
and their links (`seats`, `links`, `new_links`, `seat_settings`), reading a
seat's table (`tables`), a person's list of games (`mygames`), and the one
reading of a game's result from its log (`outcome`).

May import: app.store, app.live, app.social, app.mail_out, app.records, app.words, app.web
"""
