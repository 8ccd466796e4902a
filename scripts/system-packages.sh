#!/usr/bin/env bash
# Installs with apt-get the Debian packages of the outside programs the tests run
# (scripts/system-packages.txt) that this machine lacks. scripts/test.sh runs it first; run it
# yourself before a focused `npx vitest run` on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
while read -r program package; do
  case "$program" in '' | '#'*) continue ;; esac
  if ! command -v "$program" >/dev/null 2>&1; then missing+=("$package"); fi
done <scripts/system-packages.txt
if [ "${#missing[@]}" -gt 0 ]; then
  packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
  sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  echo "Installing Debian packages: ${packages}"
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages} >/dev/null
fi
