#!/usr/bin/env bash
# Every test Fieldmark has, on a fresh clone: installs what it needs, then typecheck, lint, unit tests,
# API tests on PGlite and on PostgreSQL, the production build, and the end-to-end suite in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "dependencies (npm install with the committed lockfile; Node 24 comes as a devDependency)"
npm install --no-audit --no-fund
export PATH="$PWD/node_modules/.bin:$PATH"
node --version

step "Debian's chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "typecheck";            npm run --silent typecheck
step "lint";                 npx biome check .
step "unit tests";           npx vitest run --project unit
step "API tests on PGlite";  npx vitest run --project api-pglite
step "API tests on PostgreSQL"; bash scripts/with-postgres.sh npx vitest run --project api-postgres
step "production build";     npx vite build
step "end-to-end tests in Chromium"; npx playwright test

step "all tests passed"
