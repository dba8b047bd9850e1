//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// lighthouseAccessibility runs Lighthouse (npm, pinned in e2e/package.json)
// on a URL in this machine's Chromium, headless with the harness's flags,
// and returns the accessibility score (0..1) and the failed audits.
// formFactor is "mobile" (Lighthouse's default: a phone, touch) or
// "desktop".
func lighthouseAccessibility(tb testing.TB, url, formFactor string) (float64, []string) {
	tb.Helper()
	bin := filepath.Join(root, "e2e", "node_modules", ".bin", "lighthouse")
	if _, err := os.Stat(bin); err != nil {
		tb.Fatalf("Lighthouse is not installed (npm ci --prefix e2e; ./build.sh test installs it): %v", err)
	}
	args := []string{url, "--only-categories=accessibility", "--output=json", "--output-path=stdout", "--quiet",
		"--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"}
	if formFactor == "desktop" {
		args = append(args, "--preset=desktop")
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromium)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		tb.Fatalf("lighthouse %s: %v %s", formFactor, err, msg)
	}
	var lhr struct {
		Categories struct {
			Accessibility struct{ Score *float64 }
		}
		Audits map[string]struct {
			Title            string
			Score            *float64
			ScoreDisplayMode string
			Details          struct {
				Items []struct {
					Node struct{ Snippet string }
				}
			}
		}
	}
	if err := json.Unmarshal(out, &lhr); err != nil {
		tb.Fatalf("lighthouse %s: its report does not read: %v", formFactor, err)
	}
	if lhr.Categories.Accessibility.Score == nil {
		tb.Fatalf("lighthouse %s: no accessibility score", formFactor)
	}
	var failed []string
	for id, a := range lhr.Audits {
		if a.ScoreDisplayMode == "binary" && a.Score != nil && *a.Score < 1 {
			var nodes []string
			for i, it := range a.Details.Items {
				if i == 3 {
					nodes = append(nodes, fmt.Sprintf("… %d in all", len(a.Details.Items)))
					break
				}
				nodes = append(nodes, it.Node.Snippet)
			}
			failed = append(failed, id+" ("+a.Title+": "+strings.Join(nodes, ", ")+")")
		}
	}
	sort.Strings(failed)
	return *lhr.Categories.Accessibility.Score, failed
}

// BenchmarkLighthouse prints Lighthouse's accessibility score of the page
// as served, on a desktop and on a phone (./build.sh bench; docs/
// accessibility.md), with any failed audit.
func BenchmarkLighthouse(b *testing.B) {
	for range b.N {
		for _, ff := range []string{"desktop", "mobile"} {
			score, failed := lighthouseAccessibility(b, site.URL+"/", ff)
			fmt.Printf("| Lighthouse accessibility, %s | %.2f | %s |\n", ff, score, strings.Join(failed, "; "))
		}
	}
}
