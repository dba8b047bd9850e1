package evaluate_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
)

// A CaRB gold read with a pause (the page's) is the gold read without:
// detecting its format pauses every 16 of the 200 lines it looks at, and
// reading its lines every 128, keying its sentences every 32, its
// checksum every 64 KiB.
func TestReadCaRBGoldPaced(t *testing.T) {
	in := bundledInput(t, "carb_explicit.txt")
	plain, err := evaluate.ReadCaRBGold(in)
	if err != nil {
		t.Fatal(err)
	}
	pauses := 0
	in.Pause = func() { pauses++ }
	paced, err := evaluate.ReadCaRBGold(in)
	if err != nil || !reflect.DeepEqual(plain, paced) {
		t.Fatalf("read with pauses: %v; differs from the read without: %v", err, !reflect.DeepEqual(plain, paced))
	}
	keyed := len(plain.Sentences) // and those a later one with the same key replaced
	for _, w := range plain.Warnings {
		if strings.Contains(w.Msg, "has the same key as the sentence") {
			keyed++
		}
	}
	lines := bytes.Count(in.Data, []byte("\n")) // none of them blank
	if want := 200/16 + lines/128 + keyed/32 + (len(in.Data)-1)/(64<<10); pauses != want {
		t.Errorf("%d pauses reading %d bytes, %d sentences, want %d", pauses, len(in.Data), keyed, want)
	}
}
