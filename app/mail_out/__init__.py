"""Outgoing mail: deciding, writing and sending it.

Owns: the outbox queue (`mail`), the mails of play (`notify`, `notices`,
`talk_mail`, `digests`), writing a queued mail anew for the game as it is when
it goes (`fresh_mail`), building the message (`mail_message`), sending it once
over SMTP (`outbox`, `mailer`), consent to be mailed (`consent`), and pruning
old rows (`pruning`).

May import: app.store, app.live, app.play, app.words, app.standings
"""
