package main

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/internal/dataset"
)

// A receipt dropped with its files is verified, not read as a system file:
// the bundled gold comes from the page's data; a changed file is named.
func TestDroppedReceiptIsVerified(t *testing.T) {
	d, _ := benchmarks.DatasetByKey("en")
	gold, err := dataset.ReadData(d.Gold)
	if err != nil {
		t.Fatal(err)
	}
	mine := readData(t, "systems/minie_explicit.txt")
	ev, err := evaluate.Run(evaluate.Request{Gold: evaluate.Input{Path: d.Gold, Data: gold}, Systems: []evaluate.Input{{Path: "mine.tsv", Data: mine}}})
	if err != nil {
		t.Fatal(err)
	}
	rc, err := receipt.Make(&ev.Report, "")
	if err != nil {
		t.Fatal(err)
	}
	if rc.Gold.Shipped != "benchie:en" {
		t.Fatalf("the bundled gold is not named as shipped: %+v", rc.Gold)
	}
	a := boot(t, newFakeBrowser())
	a.addPicked([]pickedFile{{Name: "mine.receipt.json", Data: rc.JSON()}, {Name: "mine.tsv", Data: mine}}, evaluate.KindAuto, false)
	a.settle(t)
	a.env.RLock()
	v, systems := a.m.Verification, a.systems()
	a.env.RUnlock()
	if v == nil || !v.OK || v.Receipt != "mine.receipt.json" || !strings.HasPrefix(v.Summary, "verified: ") {
		t.Fatalf("verification %+v", v)
	}
	if len(systems) != 10 || systems[9] != "mine" {
		t.Fatalf("systems %v: the receipt is not a system, mine.tsv is", systems)
	}
	changed := []byte(strings.Replace(string(mine), "\t", "\tx", 1))
	a.addPicked([]pickedFile{{Name: "mine.tsv", Data: changed}, {Name: "mine.receipt.json", Data: rc.JSON()}}, evaluate.KindAuto, false)
	a.settle(t)
	a.env.RLock()
	v = a.m.Verification
	a.env.RUnlock()
	if v == nil || v.OK || len(v.Differing()) == 0 || !strings.HasPrefix(v.Differing()[0].Text, "systems[mine] mine.tsv: sha256 differs: receipt ") {
		t.Fatalf("verification %+v", v)
	}
}
