package shell

import (
	"strings"
	"testing"
)

func TestFirstScreen(t *testing.T) {
	page := "<body>\n" + FirstScreenBegin + "old\n" + FirstScreenEnd + "\n<script></script>"
	got, err := WithFirstScreen([]byte(page), []byte("new\n"))
	if err != nil || string(got) != "<body>\n"+FirstScreenBegin+"new\n"+FirstScreenEnd+"\n<script></script>" {
		t.Errorf("WithFirstScreen: %q, %v", got, err)
	}
	got, err = WithoutFirstScreen([]byte(page))
	if err != nil || strings.Contains(string(got), "old") || !strings.Contains(string(got), "Starting the evaluator") {
		t.Errorf("WithoutFirstScreen: %q, %v", got, err)
	}
	if _, err := WithFirstScreen([]byte("<body></body>"), nil); err == nil {
		t.Error("a shell without markers: no error")
	}
}
