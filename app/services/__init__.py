"""The service layer: every change to a game goes through here, one transaction each.

Entry points (views, the CLI and workers call these, never the models directly):
- `games.create_game(data, admit)`, `games.confirm_address(token)` (the one way to confirm)
- `consent.withheld_status(...)` (asked by the mail worker), `consent.suppress(token)`, `consent.resume(token)`
- `fresh_mail.goes(row, now)` and `fresh_mail.bring_up_to_date(row, now)`, `now` a `fresh_mail.GameNow`
  (asked by the mail worker): whether a mail is still to go, and the mail written for the game as it is when sent
- `new_links.replacement(token, seat)` (asks first), `new_links.send_new_link(token, seat, admit)`
- `moves.submit_move(token, move, seq)`, `moves.play_robot_turns(game_id)`
- `tables.open_seat(token)`, `tables.public_summary(game_id)`
- `mygames.request_my_games(email, admit)` (the look-up runs in a task: `mygames.mail_my_games`),
  `mygames.games_for_token(token)`
- `replies.receive(raw, envelope_sender, recipients)`: a reply to a turn mail, played as the move
  (the SMTP receiver and the IMAP poller of workers/ hand each mail to it)
- `deadlines.sweep_deadlines(now)`: reminders, the timeout policy and grace after an outage
  (with `notices`, their mails); `digests.send_digests(now)`: the daily digests
Errors are `ServiceError`s with an HTTP status and a stable code.
"""
