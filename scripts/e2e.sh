#!/bin/sh
# `npm run test:e2e`: builds the web app, then runs Playwright against a server on a fresh database.
# Runs from the same checkout take turns: they share the build output (apps/web/dist) and the port.
set -e
lock="/tmp/commonwise-e2e-$(pwd | cksum | cut -d' ' -f1).lock"
exec flock "$lock" sh -c 'npm run build && playwright test -c e2e/playwright.config.ts "$@"' sh "$@"
