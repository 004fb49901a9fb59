#!/usr/bin/env bash
# The print writers' tests rasterise PDF and EPS with Debian's Ghostscript and poppler.
set -euo pipefail
if command -v gs >/dev/null && command -v pdftoppm >/dev/null; then exit 0; fi
echo "Ghostscript or poppler not found; installing Debian's ghostscript and poppler-utils..." >&2
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y ghostscript poppler-utils
