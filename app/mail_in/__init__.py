"""Incoming mail: replies to our mails, played as moves.

Owns: taking a reply once (`replies`), reading its text (`reply_text`),
rematch answers by reply (`rematch_reply`), the words of the answer mail
(`answers`, `reply_mail`), and collecting replies from a mailbox
(`imap_poll`). The SMTP receiver itself is a process: workers/inbound.py.

May import: app.store, app.live, app.play, app.social, app.mail_out, app.words, app.web
"""
