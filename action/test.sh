#!/usr/bin/env bash
# Tests of the GitHub Action's scripts (install.sh, score.sh) as the Action
# runs them, with a fake job summary and a locally built binary served as a
# release from a file:// folder. Ends with "action: N passed, N failed".
#
#   action/test.sh BINARY [--record FILE]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
record=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # check NAME COMMAND...: the command must succeed
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

# A release folder as ./build.sh release makes it, for this runner.
version=$(sed -n 's/^const Version = "\(.*\)"$/\1/p' core/report/report.go)
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; esac
os=$(uname -s | tr A-Z a-z)
rel=$tmp/release
mkdir -p "$rel"
cp "$bin" "$rel/oiebench-$version-$os-$arch"
(cd "$rel" && sha256sum "oiebench-$version-$os-$arch" > SHA256SUMS)

install() { RUNNER_TEMP=$tmp/runner INPUT_RELEASE_URL="file://$rel" GITHUB_PATH=$tmp/path GITHUB_ENV=$tmp/env action/install.sh 2>"$tmp/install.err"; }
installed=$(install)
check "install.sh downloads the release binary and puts it on PATH" \
  test -x "$installed" -a "$(cat "$tmp/path")" = "$(dirname "$installed")" -a "$(cat "$tmp/env")" = "OIEBENCH=$installed"
check "the installed binary is the release's" cmp -s "$installed" "$bin"
echo "0000000000000000000000000000000000000000000000000000000000000000  oiebench-$version-$os-$arch" > "$rel/SHA256SUMS"
rm -rf "$tmp/runner"
check "install.sh refuses a binary whose checksum differs" bash -c '! RUNNER_TEMP='"$tmp/runner"' INPUT_RELEASE_URL=file://'"$rel"' '"$PWD"'/action/install.sh >'"$tmp/bad.out"' 2>&1 && grep -q "does not match the release" '"$tmp/bad.out"' && ! test -e '"$tmp/runner/oiebench-$version/oiebench"

score() { # score OUTDIR ENV...: score.sh's exit status
  local out=$1; shift
  env OIEBENCH="$bin" OUT="$tmp/$out" GITHUB_STEP_SUMMARY="$tmp/$out.summary" GITHUB_OUTPUT="$tmp/$out.output" \
    INPUT_GOLD=benchie:en INPUT_SYSTEMS=$'benchie:en/clausie\nbenchie:en/minie' "$@" action/score.sh > "$tmp/$out.log" 2>&1
}
score pass INPUT_THRESHOLD=0.05 INPUT_THRESHOLDS="regular_f1=0.33"; st=$?
check "scores reaching their thresholds pass" test $st = 0
check "the JSON report is the CLI's" cmp -s "$tmp/pass/report.json" <("$bin" score --gold benchie:en --scorer benchie --format json benchie:en/clausie benchie:en/minie 2>/dev/null)
check "the job summary holds the Markdown table" grep -qF "| ClausIE | 0.503 | 0.256 | 0.339 |" "$tmp/pass.summary"
check "the job summary lists each threshold" grep -qF "| ✅ | MinIE | regular_f1 | 0.33723021582733814 | 0.33 |" "$tmp/pass.summary"
check "the outputs name the report and the verdict" grep -qx "passed=true" "$tmp/pass.output"
check "the gold's warnings become annotations" grep -q '^::warning::benchie:en:2331:1: synset header' "$tmp/pass.log"

score below INPUT_THRESHOLDS="regular_f1=0.338"; st=$?
check "a score below its threshold fails the step" test $st = 1
check "its error names the system, the score and the threshold" grep -qx '::error::oiebench: MinIE regular_f1 = 0.33723021582733814, below the threshold 0.338' "$tmp/below.log"
check "and ClausIE, above it, is not named" bash -c '! grep -q "ClausIE regular_f1" '"$tmp/below.log"
check "the summary marks it" grep -qF "| ❌ | MinIE | regular_f1 |" "$tmp/below.summary"
check "passed=false" grep -qx "passed=false" "$tmp/below.output"

score all INPUT_THRESHOLD=0.1; st=$?
check "threshold applies to every F1: ClausIE's minimal F1 0.056 fails" test $st = 1
check "and is named" grep -qx "::error::oiebench: ClausIE minimal_f1 = 0.05574572127139365, below the threshold 0.1" "$tmp/all.log"

score typo INPUT_THRESHOLDS="regulr_f1=0.3"; st=$?
check "a threshold on a column the report lacks is an error, not a pass" test $st = 2
check "that error lists the columns" grep -q "no column regulr_f1 in the report (columns: system,extractions" "$tmp/typo.log"

printf '1\tHe\tserved\tas PM\n2\tGraner\thandcuffed\n' > "$tmp/bad.tsv"
score notanumber INPUT_THRESHOLDS="regular_f1=high"; st=$?
check "a threshold that is not a number is an error" test $st = 2
check "that error names it" grep -qx "::error::oiebench: threshold regular_f1=high: expected COLUMN=NUMBER" "$tmp/notanumber.log"

score bad INPUT_SYSTEMS="$tmp/bad.tsv"; st=$?
check "bad input fails with status 2" test $st = 2
check "its error has file:line:column" grep -qF "::error::oiebench: $tmp/bad.tsv:2:20: expected at least 4 tab-separated columns" "$tmp/bad.log"

score carb INPUT_SCORERS=benchie,carb INPUT_CARB_GOLD=benchie:en/carb-gold INPUT_FACETS=regular INPUT_THRESHOLDS="carb_f1=0.4"; st=$?
check "CaRB's F1 has its threshold" test $st = 0
check "and its line in the summary" grep -qF '| ✅ | ClausIE | carb_f1 | 0.5561966317212582 | 0.4 |' "$tmp/carb.summary"

echo "action: $passed passed, $failed failed"
[ -z "$record" ] || printf 'action\t%d\t%d\t0\t0\n' "$passed" "$failed" >> "$record"
[ "$failed" = 0 ]
