package report

import (
	"regexp"
	"strings"
	"testing"
)

// breakChecksums breaks exactly what the regular expression [0-9a-f]{32,}
// finds, every 16 digits, and leaves everything else as it is.
func TestBreakChecksums(t *testing.T) {
	hexRun := regexp.MustCompile(`[0-9a-f]{32,}`)
	byRegexp := func(s string) string {
		return hexRun.ReplaceAllStringFunc(s, func(h string) string {
			var parts []string
			for len(h) > 16 {
				parts, h = append(parts, h[:16]), h[16:]
			}
			return strings.Join(append(parts, h), `\allowbreak{}`)
		})
	}
	h64 := strings.Repeat("0123456789abcdef", 4)
	for _, s := range []string{
		"", "abc", "oiebench:0.1.0|scorers:benchie|gold:sha256:" + h64,
		"gold:sha256:" + h64 + "|carb-gold:sha256:" + h64[:40] + "x" + h64[:31] + "|" + h64[:33],
		h64 + "G" + h64[:32] + "ABCDEF" + strings.Repeat("f", 47),
	} {
		if got, want := breakChecksums(s), byRegexp(s); got != want {
			t.Errorf("breakChecksums(%q)\n = %q\nwant %q", s, got, want)
		}
	}
}
