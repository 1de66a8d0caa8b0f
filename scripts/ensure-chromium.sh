#!/usr/bin/env bash
# Debian's Chromium, which the browser tests and the benchmark's front-end part drive (Playwright's own browser
# downloads cannot reach their servers here). Installs it when missing; needs root or sudo for apt-get.
set -euo pipefail

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
