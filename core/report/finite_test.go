package report

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestJSONNeverFails: non-finite numbers anywhere in a report are written
// as the nearest finite ones, with a warning at the system they belong to.
func TestJSONNeverFails(t *testing.T) {
	r := &Report{
		Gold: Gold{Stats: struct {
			Mean float64 `json:"mean"`
		}{math.NaN()}},
		Systems: []System{{Name: "a"}, {Name: "b", CaRB: &CaRB{OptimalThreshold: math.Inf(-1), PRPoints: [][3]float64{{0, 1, math.Inf(1)}}}}},
	}
	out, err := r.Render("json")
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Gold struct {
			Stats    map[string]float64 `json:"stats"`
			Warnings []string           `json:"warnings"`
		} `json:"gold"`
		Systems []struct {
			Warnings []string `json:"warnings"`
			CaRB     *struct {
				OptimalThreshold float64      `json:"optimal_threshold"`
				PRPoints         [][3]float64 `json:"pr_points"`
			} `json:"carb"`
		} `json:"systems"`
	}
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if c := back.Systems[1].CaRB; c.OptimalThreshold != -math.MaxFloat64 || c.PRPoints[0][2] != math.MaxFloat64 || back.Gold.Stats["mean"] != 0 {
		t.Errorf("numbers written: %+v, %v", c, back.Gold.Stats)
	}
	if ws := back.Systems[1].Warnings; len(ws) != 2 || !strings.Contains(ws[0], "systems[1].carb.optimal_threshold (-Inf)") {
		t.Errorf("system warnings %q", ws)
	}
	if len(back.Systems[0].Warnings) != 0 || len(back.Gold.Warnings) != 1 || !strings.Contains(back.Gold.Warnings[0], "gold.stats.mean (NaN)") {
		t.Errorf("other warnings %q, %q", back.Systems[0].Warnings, back.Gold.Warnings)
	}
	// The small results too.
	if _, err := jsonBytes(Agreement{IAA: math.NaN()}); err != nil {
		t.Error(err)
	}
}
