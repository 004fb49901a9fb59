#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium (Playwright cannot download browsers here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
echo "Chromium not found at $chromium_path; installing Debian's chromium package..." >&2
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
