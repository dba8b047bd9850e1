package ui

import (
	"strings"
	"testing"
)

func TestListKeysMove(t *testing.T) {
	for _, tc := range []struct {
		name    string
		keys    listKeys
		key     string
		at, n   int
		want    int
		handled bool
	}{
		{"down", listbox, "ArrowDown", 3, 20, 4, true},
		{"down at the end stays", listbox, "ArrowDown", 19, 20, 19, true},
		{"up", listbox, "ArrowUp", 3, 20, 2, true},
		{"up at the top stays", listbox, "ArrowUp", 0, 20, 0, true},
		{"page down", listbox, "PageDown", 3, 20, 13, true},
		{"page down stops at the end", listbox, "PageDown", 15, 20, 19, true},
		{"page up", listbox, "PageUp", 13, 20, 3, true},
		{"page up stops at the top", listbox, "PageUp", 5, 20, 0, true},
		{"home", listbox, "Home", 7, 20, 0, true},
		{"end", listbox, "End", 7, 20, 19, true},
		{"a sideways arrow is not the listbox's", listbox, "ArrowRight", 7, 20, 0, false},
		{"another key", listbox, "a", 7, 20, 0, false},
		{"empty list", listbox, "ArrowDown", 0, 0, 0, false},
		{"rows have no paging", rowList, "PageDown", 3, 20, 0, false},
		{"rows down", rowList, "ArrowDown", 3, 20, 4, true},
		{"tabs wrap forward", tabList, "ArrowRight", 4, 5, 0, true},
		{"tabs wrap backward", tabList, "ArrowLeft", 0, 5, 4, true},
		{"tabs step", tabList, "ArrowRight", 1, 5, 2, true},
		{"tabs end", tabList, "End", 1, 5, 4, true},
		{"tabs ignore up", tabList, "ArrowUp", 1, 5, 0, false},
		{"tokens stop at the end", tokenList, "ArrowRight", 4, 5, 4, true},
		{"tokens left", tokenList, "ArrowLeft", 4, 5, 3, true},
		{"tokens home", tokenList, "Home", 4, 5, 0, true},
	} {
		got, ok := tc.keys.move(tc.key, tc.at, tc.n)
		if ok != tc.handled || (ok && got != tc.want) {
			t.Errorf("%s: move(%q, %d, %d) = %d, %v; want %d, %v", tc.name, tc.key, tc.at, tc.n, got, ok, tc.want, tc.handled)
		}
	}
}

// TestListKeysPrevent holds each list's data-prevent rule to the keys it
// moves by: the page prevents a key's default exactly when the list's
// handler takes it (the agreement's a, b and m besides).
func TestListKeysPrevent(t *testing.T) {
	keys := []string{"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", "Enter", " ", "Tab", "a"}
	for name, k := range map[string]listKeys{"listbox": listbox, "rowList": rowList, "tabList": tabList, "tokenList": tokenList} {
		rule := k.Prevent()
		taken, ok := strings.CutPrefix(rule, "keydown:")
		if !ok {
			t.Fatalf("%s: rule %q is not a keydown rule", name, rule)
		}
		prevented := map[string]bool{}
		for _, key := range strings.Split(taken, ",") {
			prevented[key] = true
		}
		for _, key := range keys {
			if _, moves := k.move(key, 0, 5); moves != prevented[key] {
				t.Errorf("%s: %q moves %v, prevented %v (rule %q)", name, key, moves, prevented[key], rule)
			}
		}
	}
	if got, want := rowList.Prevent("a", "b", "m"), "keydown:ArrowUp,ArrowDown,a,b,m,Home,End"; got != want {
		t.Errorf("the agreement's rule is %q, want %q", got, want)
	}
}
