#!/usr/bin/env bash
# The GitHub Action's scoring step (action.yml), runnable anywhere: scores
# the systems, writes the JSON report and the Markdown table into OUT, adds
# the table to the job summary, and fails when a score is below its
# threshold. Inputs come from the environment:
#
#   OIEBENCH            the oiebench binary (default: oiebench on PATH)
#   INPUT_GOLD          gold file or shipped name (benchie:en)
#   INPUT_SYSTEMS       system files or shipped names, [NAME=]FILE, one per line or space-separated
#   INPUT_SCORERS       --scorer (default benchie)
#   INPUT_FACETS        --facet (default: oiebench's)
#   INPUT_CARB_GOLD     --carb-gold
#   INPUT_SENTENCES     --sentences
#   INPUT_THRESHOLD     every F1 column (regular_f1, carb_f1, …) must reach it
#   INPUT_THRESHOLDS    COLUMN=VALUE pairs (columns of --format csv: regular_f1=0.30 concat_recall=0.25)
#   OUT                 folder for report.json, report.md, report.csv (default oiebench-report)
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT   set by GitHub Actions; skipped when unset
#
# Exit status: 0 scored and every threshold reached; 1 a score below its
# threshold; 2 bad inputs (oiebench's own error, with file:line:column).
set -euo pipefail

bin=${OIEBENCH:-oiebench}
out=${OUT:-oiebench-report}
[ -n "${INPUT_GOLD:-}" ] || { echo "::error::oiebench: the gold input is required"; exit 2; }
read -r -a systems <<< "$(printf '%s' "${INPUT_SYSTEMS:-}" | tr '\n' ' ')"
[ ${#systems[@]} -gt 0 ] || { echo "::error::oiebench: the systems input is required"; exit 2; }

args=(score --gold "$INPUT_GOLD" --scorer "${INPUT_SCORERS:-benchie}")
[ -z "${INPUT_FACETS:-}" ] || args+=(--facet "$INPUT_FACETS")
[ -z "${INPUT_CARB_GOLD:-}" ] || args+=(--carb-gold "$INPUT_CARB_GOLD")
[ -z "${INPUT_SENTENCES:-}" ] || args+=(--sentences "$INPUT_SENTENCES")

mkdir -p "$out"
# The JSON report first, with the warnings shown; then the same scoring as
# Markdown and CSV, quietly.
if ! "$bin" "${args[@]}" --format json -- "${systems[@]}" > "$out/report.json" 2> "$out/stderr.txt"; then
  cat "$out/stderr.txt" >&2
  echo "::error::$(tail -1 "$out/stderr.txt")"
  exit 2
fi
sed -e 's/^warning: //' -e 's/^/::warning::/' "$out/stderr.txt"
"$bin" "${args[@]}" --quiet --format markdown -- "${systems[@]}" > "$out/report.md"
"$bin" "${args[@]}" --quiet --format csv -- "${systems[@]}" > "$out/report.csv"
rm -f "$out/stderr.txt"

# check_thresholds CSV: one line per comparison, "ok|below|missing SYSTEM
# COLUMN VALUE THRESHOLD". A system name may hold commas (CSV quotes it);
# the numbers never do, so they are read from the right.
check_thresholds() {
  awk -v all="${INPUT_THRESHOLD:-}" -v pairs="${INPUT_THRESHOLDS:-}" '
    /^#/ { next }
    !header { n = split($0, cols, ","); header = 1
      np = split(pairs, p, /[ \t\n,]+/)
      for (i = 1; i <= np; i++) if (p[i] != "") {
        if (split(p[i], kv, "=") != 2 || kv[2] !~ /^[0-9]*\.?[0-9]+$/) { print "bad", "-", p[i], "-", "-"; continue }
        want[kv[1]] = kv[2]; asked[kv[1]] = 1
      }
      if (all != "") for (c = 4; c <= n; c++) if (cols[c] ~ /_f1$/ && !(cols[c] in want)) want[cols[c]] = all
      for (k in asked) { found = 0; for (c = 1; c <= n; c++) if (cols[c] == k) found = 1; if (!found) print "missing", "-", k, "-", want[k] }
      next }
    { m = split($0, f, ","); name = f[1]; for (i = 2; i <= m - n + 1; i++) name = name "," f[i]
      for (c = 2; c <= n; c++) { v = f[m - n + c]; if (cols[c] in want) print ((v + 0 >= want[cols[c]] + 0) ? "ok" : "below"), name, cols[c], v, want[cols[c]] } }
  ' OFS='\t' "$1"
}

status=0
results=$(check_thresholds "$out/report.csv")
{
  echo "### oiebench: $INPUT_GOLD"
  echo
  cat "$out/report.md"
  if [ -n "$results" ]; then
    echo
    echo "| | System | Score | Value | Threshold |"
    echo "|---|---|---|---:|---:|"
    while IFS=$'\t' read -r verdict name col value want; do
      case "$verdict" in ok) mark="✅" ;; *) mark="❌" ;; esac
      echo "| $mark | $name | $col | $value | $want |"
    done <<< "$results"
  fi
} > "$out/summary.md"
while IFS=$'\t' read -r verdict name col value want; do
  case "$verdict" in
    below) echo "::error::oiebench: $name $col = $value, below the threshold $want"; status=1 ;;
    missing) echo "::error::oiebench: no column $col in the report (columns: $(grep -v '^#' "$out/report.csv" | head -1))"; status=2 ;;
    bad) echo "::error::oiebench: threshold $col: expected COLUMN=NUMBER"; status=2 ;;
  esac
done <<< "$results"
[ -z "${GITHUB_STEP_SUMMARY:-}" ] || cat "$out/summary.md" >> "$GITHUB_STEP_SUMMARY"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { echo "report=$out/report.json"; echo "passed=$([ "$status" = 0 ] && echo true || echo false)"; } >> "$GITHUB_OUTPUT"
fi
cat "$out/report.md"
exit "$status"
