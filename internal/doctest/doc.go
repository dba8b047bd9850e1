// Package doctest runs the shell examples of README.md and docs/ against the
// command line built from this tree, so that the documentation cannot drift
// from what the tool does. It has only a test (doctest_test.go); the rules an
// example follows are its Markdown conventions:
//
//   - In a fenced block marked sh, bash or console, every line that starts
//     with "oiebench" or "build/oiebench" (after an optional "$ ") is run,
//     lines ending in "\" joined with the next, a trailing "  # comment"
//     dropped. Other lines (go build, ./build.sh, variables) are not run.
//   - "<!-- not run -->" (with an optional reason after "not run") on the
//     line before a block skips it: serve, go install, and synopses with
//     placeholders.
//   - "<!-- exit N -->" on the line before a block says its commands exit
//     with status N (default 0); the output then checked is standard error.
//   - A fenced block marked "text file=NAME" writes NAME into the document's
//     working folder for the commands after it (a system file to score).
//   - The output shown after a block is checked: a fenced block marked
//     output right after it must equal what its commands print; a Markdown
//     table right after it must equal the table lines they print. The
//     version in a signature (oiebench:X.Y.Z) is compared as the binary's.
//
// Commands run with bash in a fresh folder per document, shipped benchmark
// names only (benchie:en, ...): nothing is fetched.
package doctest
