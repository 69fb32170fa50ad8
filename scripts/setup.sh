#!/usr/bin/env bash
# Sets up everything the companion needs, then runs it or its tests.
#
#   bash scripts/setup.sh serve [companion serve options]   # set up, then start the companion
#   bash scripts/setup.sh test  [pytest options]            # set up, then run the whole test suite
#
# Installs Debian/Ubuntu packages when it can (as root, or with password-less sudo), creates the
# virtual environment .venv, and installs the package into it. Safe to run again: it only redoes
# what changed.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
what="${1:-}"
case "$what" in
  serve|test) shift ;;
  *) echo "usage: bash scripts/setup.sh serve|test [options]" >&2; exit 2 ;;
esac

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# -- Python 3.11+ ------------------------------------------------------------------------
PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  for candidate in python3 python3.11 python3.12 python3.13; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PYTHON="$candidate"; break
    fi
  done
fi
if [ -z "$PYTHON" ]; then
  echo "The companion needs Python 3.11 or newer (Debian: apt-get install python3)." >&2
  exit 1
fi

# -- system packages ---------------------------------------------------------------------
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"; else return 1; fi
}
missing=()
need_deb() { dpkg -s "$1" >/dev/null 2>&1 || missing+=("$1"); }
if command -v dpkg >/dev/null 2>&1; then
  need_deb libzbar0                                   # pyzbar's zbar library
  need_deb fonts-dejavu-core                          # the Unicode font PDFs embed: umlauts, selectable text
  need_deb tesseract-ocr                              # reading unlabelled cards by their title (OCR)
  "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null || need_deb "python$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')-venv"
  if [ "$what" = test ]; then
    command -v chromium >/dev/null 2>&1 || need_deb chromium   # browser tests (Playwright drives Debian's Chromium)
    command -v pdftotext >/dev/null 2>&1 || need_deb poppler-utils  # tests read the PDFs' text and pixels
    command -v node >/dev/null 2>&1 || need_deb nodejs  # npm's packages run on it (axe-core, below)
    command -v npm >/dev/null 2>&1 || need_deb npm      # brings axe-core, the accessibility check of the pages
  fi
fi
if [ "${#missing[@]}" -gt 0 ]; then
  say "Installing Debian packages: ${missing[*]}"
  if ! { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
    echo "Could not install ${missing[*]} (needs root or sudo). Install them yourself:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    case " ${missing[*]} " in *venv*) exit 1 ;; esac  # no venv, no companion
    echo "Continuing: without libzbar0 the companion reads barcodes with zxing-cpp alone;" >&2
    echo "without fonts-dejavu-core event PDFs fall back to Helvetica (Latin-1 only) and label PDFs stop;" >&2
    echo "without tesseract-ocr it reads cards by their labels only (no titles)." >&2
  fi
elif ! command -v dpkg >/dev/null 2>&1; then
  "$PYTHON" -c 'import ctypes.util, sys; sys.exit(ctypes.util.find_library("zbar") is None)' 2>/dev/null ||
    echo "Note: the zbar library is missing (macOS: brew install zbar; Fedora: dnf install zbar). The companion runs without it." >&2
fi

# The browser tests drive Debian's Chromium in its headless shell where the distribution has one (bookworm does):
# the same engine without the browser around it, at 60 % of the CPU. Not every distribution has it: without it the
# tests drive chromium itself.
if [ "$what" = test ] && command -v dpkg >/dev/null 2>&1 && ! command -v chromium-headless-shell >/dev/null 2>&1; then
  say "Installing Debian's chromium-headless-shell (the browser tests' Chromium)"
  { as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 ||
    { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; }; } ||
    echo "No chromium-headless-shell here: the browser tests drive chromium (slower)." >&2
fi

# -- virtual environment and package -----------------------------------------------------
if [ ! -x .venv/bin/python ]; then
  say "Creating the virtual environment .venv"
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.companion-installed"
want="$(cat pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "Installing the companion and its dependencies into .venv (log: .venv/install.log)"
  if ! { .venv/bin/python -m pip install --upgrade pip && .venv/bin/python -m pip install -e '.[test]'; } \
       > .venv/install.log 2>&1 \
     || ! .venv/bin/python -c 'import companion, flask, sqlite_utils, cv2, zxingcpp, segno, pytest' 2>>.venv/install.log; then
    grep -v "^WARNING: Location" .venv/install.log | tail -n 30 >&2
    echo "The installation into .venv failed; the end of .venv/install.log is above." >&2
    exit 1
  fi
  echo "$want" > "$stamp"
fi

# -- axe-core: the pages' accessibility check (tests/axe.py injects it into each page) ----------
if [ "$what" = test ] && [ ! -f .venv/axe/node_modules/axe-core/axe.min.js ]; then
  if command -v npm >/dev/null 2>&1; then
    say "Installing axe-core (npm) into .venv/axe"
    npm install --no-save --no-audit --no-fund --prefix .venv/axe axe-core@4 > .venv/axe-install.log 2>&1 ||
      { tail -n 20 .venv/axe-install.log >&2; echo "Could not install axe-core: the accessibility checks will fail." >&2; }
  else
    echo "npm is missing (Debian: apt-get install npm): the accessibility checks will fail without axe-core." >&2
  fi
fi

# -- run ---------------------------------------------------------------------------------
if [ "$what" = serve ]; then
  exec .venv/bin/companion serve "$@"
fi
set +e
# Python keeps its compiled modules and pytest its rewritten test modules (__pycache__, ignored by git): a machine
# that says not to (PYTHONDONTWRITEBYTECODE) compiled the tests in every worker and the companion in every server
# a test starts, each time.
unset PYTHONDONTWRITEBYTECODE
# Every core, one test module per worker (a module's server and browser are shared by its tests), the longest
# modules first (tests/conftest.py: LONG_FIRST); options given after `test` come later and win (`-n 0`: one
# process). The 25 slowest tests are listed at the end.
.venv/bin/python -m pytest -n auto --dist loadfile --no-loadscope-reorder --durations=25 "$@"
status=$?
if [ "$status" = 5 ]; then
  echo "pytest collected no tests: that is a failure here." >&2
  exit 1
fi
exit "$status"
