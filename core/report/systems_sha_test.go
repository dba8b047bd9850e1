package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// The systems' field is appended last and changes with any system file's
// checksum or with their order.
func TestWithSystems(t *testing.T) {
	a, b := strings.Repeat("a", 64), strings.Repeat("b", 64)
	sum := sha256.Sum256([]byte(a + "\n" + b + "\n"))
	got := WithSystems("oiebench:0.1.0|gold:sha256:x", []System{{SHA256: a}, {SHA256: b}})
	if want := "oiebench:0.1.0|gold:sha256:x|systems:sha256:" + hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	if WithSystems("s", []System{{SHA256: b}, {SHA256: a}}) == WithSystems("s", []System{{SHA256: a}, {SHA256: b}}) {
		t.Fatal("the order of the systems does not change the field")
	}
}
