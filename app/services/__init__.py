"""The service layer: every change to a game goes through here, one transaction each.

Entry points (views, the CLI and workers call these, never the models directly):
- `games.create_game(spec)`, `games.confirm_game(token)`
- `moves.submit_move(token, move, seq)`, `moves.play_robot_turns(game_id)`
- `tables.open_seat(token)`, `tables.public_summary(game_id)`
- `mygames.request_my_games(email)`, `mygames.games_for_token(token)`
Errors are `ServiceError`s with an HTTP status and a stable code.
"""
