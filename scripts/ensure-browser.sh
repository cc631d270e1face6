#!/usr/bin/env bash
# Installs Debian's Chromium and CJK fonts when missing (Playwright cannot download its own browsers here).
set -euo pipefail
need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing ${need[*]} from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Missing ${need[*]}: install them (Debian: sudo apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH." >&2
  exit 1
fi
