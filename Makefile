VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(PY) -m app.run

test: $(STAMP)
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m engine bench quinto --seconds 5

clean:
	rm -rf $(VENV) instance
