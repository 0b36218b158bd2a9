VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

VNU_VERSION := 26.9.27
VNU_STAMP := .tools/.vnu-jar-$(VNU_VERSION)

.PHONY: install browser imap vnu run test bench gallery clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The browser tests drive Debian's chromium (Playwright's own download cannot run here).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

# The Nu HTML checker for the browser tests (tests/browser/test_every_page_in_browser.py): vnu.jar from the npm
# package, in .tools/, run on Debian's Java. The package's install script, which would download a Java, is not run.
vnu: $(VNU_STAMP)
	@command -v java >/dev/null || (apt-get update -qq && apt-get install -y -qq default-jre-headless)

$(VNU_STAMP):
	@command -v npm >/dev/null || (apt-get update -qq && apt-get install -y -qq npm)
	npm install --prefix .tools --no-save --ignore-scripts --no-audit --no-fund --loglevel=error vnu-jar@$(VNU_VERSION)
	touch $(VNU_STAMP)

# The IMAP poller's tests start Debian's dovecot on loopback (tests/workers/imap_server.py).
imap:
	@command -v dovecot >/dev/null || test -x /usr/sbin/dovecot || (apt-get update -qq && apt-get install -y -qq dovecot-imapd)

# Development: mail shown on /dev/mailbox, a key kept in instance/ (see app/config.py).
run: $(STAMP)
	DEV_MAILBOX=1 $(PY) -m workers.run

test: $(STAMP) browser imap vnu
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m engine bench quinto --seconds 5

# Every game at each phase, its table and mails at desktop and phone widths, as PNGs in gallery/ (tools/gallery.py).
gallery: $(STAMP) browser
	$(PY) -m tools.gallery --out gallery

clean:
	rm -rf $(VENV) instance .tools
