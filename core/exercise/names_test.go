package exercise

import (
	"slices"
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for _, c := range []struct {
		raw, shown, key string
		notes           []string // words each note holds, in order
	}{
		{"Ana", "Ana", "ana", nil},
		{"  Ana   Lima ", "Ana Lima", "ana lima", nil},
		{"An\u200ba", "Ana", "ana", []string{"invisible"}},
		{"\u202eanA", "anA", "ana", []string{"invisible"}},
		{"\u0410na", "\u0410na", "ana", []string{"Latin and Cyrillic"}},
		{"Ａｎａ", "Ana", "ana", []string{"compatibility forms"}},
		{"Αννα", "Αννα", "avva", nil}, // all Greek: one script, not mixed
		{"José Martí", "José Martí", "josé martí", nil},
		{"李明", "李明", "李明", nil},
	} {
		n := CheckName(c.raw)
		if n.Shown != c.shown || n.key != c.key || len(n.Notes) != len(c.notes) {
			t.Errorf("%+q: %+q key %+q notes %q; want %+q key %+q, %d notes", c.raw, n.Shown, n.key, n.Notes, c.shown, c.key, len(c.notes))
			continue
		}
		for i, w := range c.notes {
			if !strings.Contains(n.Notes[i], w) {
				t.Errorf("%+q: note %q lacks %q", c.raw, n.Notes[i], w)
			}
		}
	}
}

// Four forged "Ana"s and the real one: all five are scored, none refused,
// each row notes the files it looks like; the same spelling twice is one
// student's two files, refused.
func TestClassLookAlikeNames(t *testing.T) {
	sp, err := New(englishGold(t), "1-3", "Class", false)
	if err != nil {
		t.Fatal(err)
	}
	var subs []Submission
	for i, name := range []string{"Ana", "An\u200ba", "\u0410na", "\u202eanA", "Ana "} {
		data, err := WriteSubmission(sp, name, []Extraction{ext("2", "Graner", "handcuffed", "him")})
		if err != nil {
			t.Fatal(err)
		}
		if name == "Ana " { // written by hand: WriteSubmission trims
			data = []byte(strings.ReplaceAll(string(data), `"student":"Ana"`, `"student":"Ana "`))
		}
		sub, err := ReadSubmission(sp, "f"+string(rune('1'+i))+".jsonl", data)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, sub)
	}
	c, err := ScoreClass(sp, subs)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != 5 {
		t.Fatalf("%d rows", len(c.Rows))
	}
	for _, r := range c.Rows {
		last := r.Notes[len(r.Notes)-1]
		if !strings.HasPrefix(last, "looks like the name in ") || strings.Contains(last, r.File) || strings.Count(last, ".jsonl") != 4 {
			t.Errorf("%s (%+q): notes %q", r.File, r.Student, r.Notes)
		}
		if strings.ContainsAny(r.Student, "\u200b\u202e") {
			t.Errorf("shown name %+q keeps invisible characters", r.Student)
		}
	}
	if !slices.ContainsFunc(c.Rows, func(r Row) bool { return r.File == "f1.jsonl" && r.Student == "Ana" && len(r.Notes) == 1 }) {
		t.Error("the real Ana's row is missing or over-noted")
	}
	again := subs[0]
	again.File = "f1-again.jsonl"
	if _, err := ScoreClass(sp, append(subs, again)); err == nil || !strings.Contains(err.Error(), "already sent f1.jsonl") {
		t.Errorf("one spelling twice: %v", err)
	}
}

// A forged submission that carries its own scores and a name written as
// markup is scored from its extractions alone, the name kept as text.
func TestForgedSubmissionRecomputed(t *testing.T) {
	sp, err := New(englishGold(t), "1-3", "Class", false)
	if err != nil {
		t.Fatal(err)
	}
	exts := []Extraction{ext("2", "Graner", "handcuffed", "him"), ext("2", "x", "y", "z")}
	clean, err := WriteSubmission(sp, "Bo", exts)
	if err != nil {
		t.Fatal(err)
	}
	name := `<img src=x onerror=alert(1)>`
	forged := strings.ReplaceAll(string(clean), `"student":"Bo"`, `"student":"`+strings.ReplaceAll(name, `<`, `\u003c`)+`","precision":1,"recall":1,"f1":1,"tp":99`)
	var subs []Submission
	for i, data := range []string{string(clean), forged} {
		sub, err := ReadSubmission(sp, []string{"clean.jsonl", "forged.jsonl"}[i], []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, sub)
	}
	c, err := ScoreClass(sp, subs)
	if err != nil {
		t.Fatal(err)
	}
	if c.Rows[0].Score != c.Rows[1].Score || c.Rows[0].Score.F1 == 1 {
		t.Errorf("scores %+v and %+v: the forged file's own figures counted", c.Rows[0].Score, c.Rows[1].Score)
	}
	if !slices.ContainsFunc(c.Rows, func(r Row) bool { return r.Student == name }) {
		t.Errorf("the forged name is not kept as the text it is: %q, %q", c.Rows[0].Student, c.Rows[1].Student)
	}
}
