#!/usr/bin/env bash
# The GitHub Action's install step (action.yml): downloads the oiebench
# release binary for this runner, checks it against the release's
# SHA256SUMS, and puts it on PATH. Inputs from the environment:
#
#   INPUT_VERSION      the release (default: the version of this action's
#                      own checkout, core/report's Version: uses: …@v0.3.0
#                      installs 0.2.0)
#   INPUT_RELEASE_URL  where the release's files are (default
#                      https://github.com/oiebench/oiebench/releases/download/vVERSION;
#                      a file:// folder works too, as the tests use it)
#   INPUT_BINARY       use this oiebench binary instead of downloading one
#   RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH, GITHUB_ENV: set by GitHub Actions
#
# It prints the binary's path last.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${INPUT_BINARY:-}" ]; then
  bin=$(cd "$(dirname "$INPUT_BINARY")" && pwd)/$(basename "$INPUT_BINARY")
else
  version=${INPUT_VERSION:-}
  [ -n "$version" ] || version=$(sed -n 's/^const Version = "\(.*\)"$/\1/p' "$here/core/report/report.go")
  version=${version#v}
  case "${RUNNER_OS:-$(uname -s)}" in
    Linux) os=linux ;; macOS|Darwin) os=darwin ;; Windows|MINGW*|MSYS*|CYGWIN*) os=windows ;;
    *) echo "::error::oiebench: no release binary for ${RUNNER_OS:-$(uname -s)}"; exit 1 ;;
  esac
  case "${RUNNER_ARCH:-$(uname -m)}" in
    X64|x86_64|amd64) arch=amd64 ;; ARM64|arm64|aarch64) arch=arm64 ;;
    *) echo "::error::oiebench: no release binary for ${RUNNER_ARCH:-$(uname -m)}"; exit 1 ;;
  esac
  name="oiebench-$version-$os-$arch"
  [ "$os" = windows ] && name+=.exe
  url=${INPUT_RELEASE_URL:-https://github.com/oiebench/oiebench/releases/download/v$version}
  dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/oiebench-$version"
  mkdir -p "$dir"
  curl -fsSL --retry 3 -o "$dir/SHA256SUMS" "$url/SHA256SUMS"
  curl -fsSL --retry 3 -o "$dir/$name" "$url/$name"
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$dir/SHA256SUMS")
  if command -v sha256sum >/dev/null; then got=$(sha256sum "$dir/$name" | cut -d' ' -f1); else got=$(shasum -a 256 "$dir/$name" | cut -d' ' -f1); fi
  if [ -z "$want" ] || [ "$got" != "$want" ]; then
    rm -f "$dir/$name"
    echo "::error::oiebench: $name does not match the release's SHA256SUMS (got $got, want ${want:-no entry})"
    exit 1
  fi
  chmod +x "$dir/$name"
  bin="$dir/oiebench"
  [ "$os" = windows ] && bin+=.exe
  mv "$dir/$name" "$bin"
fi
"$bin" version >&2
[ -z "${GITHUB_PATH:-}" ] || dirname "$bin" >> "$GITHUB_PATH"
[ -z "${GITHUB_ENV:-}" ] || echo "OIEBENCH=$bin" >> "$GITHUB_ENV"
echo "$bin"
