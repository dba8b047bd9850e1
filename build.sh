#!/usr/bin/env bash
# oiebench: the one entry point for building, serving, testing and measuring.
#
#   ./build.sh build          the CLI (build/oiebench) and the static site (dist/)
#   ./build.sh serve [--port N]  build, then serve the site on 127.0.0.1 (default port 8080)
#   ./build.sh test           every test: vet, format, unit, parity, fuzz seeds, end to end
#   ./build.sh bench          the benchmarks whose figures the README reports
#   ./build.sh site           build, plus dist/oiebench.html: the page in one file that works from disk
#   ./build.sh fuzz [SECONDS] fuzz every reader (default 60 s each)
#   ./build.sh worker         the Cloudflare Worker (wasm/worker/build/); run or deploy it with wrangler
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
export GOFLAGS=${GOFLAGS:--buildvcs=false}

build_cli() {
  mkdir -p build
  go build -o build/oiebench ./cmd/oiebench
}

# POS tags of the bundled English sentences, computed from the data at build
# time, so that the page buckets them without loading the tagger (~1 MB).
write_tags() {
  go run ./cmd/oiebench tags --gold dist/data/benchie/benchie_gold_annotations_en.txt > dist/data/tags_en.json.new
  mv dist/data/tags_en.json.new dist/data/tags_en.json
}

# The page: Vugu markup to Go, the evaluator as WebAssembly and Go's
# wasm_exec.js beside the hand-written shell (index.html, style.css,
# loader.js). The generated Go, the evaluator (brotli, app.wasm.br), its
# wasm_exec.js and the tags are committed, so that a fresh clone builds and
# `go install` embeds the whole site (package dist); `sitebuild check` in the
# tests fails when they are older than their sources.
build_site() {
  write_tags
  go tool vugugen -s -skip-go-mod -skip-main ui
  GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o dist/app.wasm ./wasm/app
  cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" dist/wasm_exec.js
  go run ./internal/sitebuild pack
}

# The single-file page (dist/oiebench.html): wasm and data embedded,
# gzip-compressed, so that it works opened from disk.
cmd_site() {
  build_site
  go run ./wasm/app/singlefile -dist dist -out dist/oiebench.html
}

cmd_build() {
  build_site
  build_cli
  echo "built build/oiebench and dist/"
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
  echo "serving dist/ at http://127.0.0.1:$port/"
  exec build/oiebench serve --addr "127.0.0.1:$port"
}

# Generated Vugu files are not gofmt-clean by design; everything else must be.
check_format() {
  local bad
  bad=$(git ls-files '*.go' | grep -v '_gen\.go$' | grep -v '0_components_gen' | xargs -r gofmt -l)
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

cmd_test() {
  cmd_build
  check_format
  go vet ./...
  GOOS=js GOARCH=wasm go vet ./wasm/app
  go test -count=1 ./...
  # The page in headless Chromium, served and as the single file from disk
  # (e2e/; it fails, never skips, without Chromium). Screenshots: test-output/e2e/.
  go run ./wasm/app/singlefile -dist dist -out dist/oiebench.html
  go vet -tags e2e ./e2e
  go test -count=1 -tags e2e ./e2e
  # The Worker as Cloudflare runs it: wrangler dev (workerd, offline) on 127.0.0.1.
  cmd_worker
  go test -count=1 -tags wrangler -run '^TestWrangler$' ./wasm/worker
  # A short fuzzing run of every reader; longer runs: ./build.sh fuzz. Its
  # budget is a number of executions, not a duration: in Go 1.26 a duration
  # can end in a spurious "context deadline exceeded" failure on a busy
  # machine (golang/go#75804, fixed in Go 1.27).
  local t
  for t in $(fuzz_targets); do
    go test -run '^$' -fuzz "^${t#*:}\$" -fuzztime "${FUZZTIME:-100000x}" "${t%%:*}"
  done
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
  go test -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-2s}" ./core/...
  # Scale: 1×, 10×, 100× BenchIE English, 9 systems × 3 facets, in a child process each.
  go run ./internal/scalebench -scales "${SCALES:-1,10,100}"
  bench_page
}

# The page's figures (README, The page): what a visitor downloads, brotli
# -q 11 as a static host would serve it, and, in headless Chromium, the time
# from navigation to the score table and an in-page rescoring of 9 systems
# × 3 facets.
bench_page() {
  build_site
  local f size total=0
  echo "== page download (brotli -q 11, bytes)"
  for f in app.wasm wasm_exec.js loader.js index.html style.css analysis.css; do
    size=$(brotli -c -q 11 "dist/$f" | wc -c)
    total=$((total + size))
    printf '  %-14s %9d\n' "$f" "$size"
  done
  printf '  %-14s %9d  (the evaluator and its shell)\n' total "$total"
  size=$(cat dist/data/benchie/benchie_gold_annotations_en.txt dist/data/benchie/systems/{clausie,minie,stanford,openie6,roi_t,roi_n,naive_oie,m2oie_en,graphene}_explicit.txt | brotli -c -q 11 | wc -c)
  printf '  %-14s %9d  (BenchIE English: gold and 9 systems)\n' "data (en)" "$size"
  echo "== page timing (headless Chromium)"
  go test -tags e2e -run '^$' -bench . -skip '^BenchmarkScalePage$' -benchtime "${PAGE_RUNS:-5}x" ./e2e | grep -E 'ms/(table|rescore|carb|analysed)'
  # At scale (README, Scale): BenchIE English 1×, 10×, 100× (gold and nine
  # systems, core/synthetic) picked in the page at once; medians of
  # SCALE_RUNS loads; the machine's load beside (a shared machine is noisy).
  echo "== page at scale (headless Chromium, medians of ${SCALE_RUNS:-3}; load: $(cut -d' ' -f1-3 /proc/loadavg))"
  go test -tags e2e -run '^$' -bench '^BenchmarkScalePage$' -benchtime "${SCALE_RUNS:-3}x" -timeout 60m ./e2e | grep -E '^\|'
  echo "   (load after: $(cut -d' ' -f1-3 /proc/loadavg))"
}

# The Cloudflare Worker (wasm/worker): syumai/workers' JavaScript glue, then
# the API compiled to wasm. Run or deploy it with wrangler (README, Worker).
cmd_worker() {
  local out=wasm/worker/build
  # workers-assets-gen empties its output folder first: never give it ./build.
  go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -o "$out"
  GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/app.wasm" ./wasm/worker
  echo "built $out/app.wasm: $(wc -c <"$out/app.wasm") bytes, $(gzip -9 -c "$out/app.wasm" | wc -c) gzipped"
}

case "${1:-}" in
  build) shift; cmd_build "$@" ;;
  serve) shift; cmd_serve "$@" ;;
  test) shift; cmd_test "$@" ;;
  bench) shift; cmd_bench "$@" ;;
  site) shift; cmd_site "$@" ;;
  fuzz) shift; cmd_fuzz "$@" ;;
  worker) shift; cmd_worker "$@" ;;
  *) sed -n '2,/^set /p' "$0" | grep '^#'  | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
