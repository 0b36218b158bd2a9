VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install browser imap run test bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The browser tests drive Debian's chromium (Playwright's own download cannot run here).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

# The IMAP poller's tests start Debian's dovecot on loopback (tests/workers/imap_server.py).
imap:
	@command -v dovecot >/dev/null || test -x /usr/sbin/dovecot || (apt-get update -qq && apt-get install -y -qq dovecot-imapd)

# Development: mail shown on /dev/mailbox, a key kept in instance/ (see app/config.py).
run: $(STAMP)
	DEV_MAILBOX=1 $(PY) -m app.run

test: $(STAMP) browser imap
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m engine bench quinto --seconds 5

clean:
	rm -rf $(VENV) instance
