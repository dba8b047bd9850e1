package report

// CaRB is a token-level CaRB score (default matcher) at the threshold with
// the best F1; Delta is CaRB minus BenchIE (regular facet), the comparison of
// BenchIE's Table 5.
type CaRB struct {
	Precision        float64      `json:"precision"`
	Recall           float64      `json:"recall"`
	F1               float64      `json:"f1"`
	AUC              float64      `json:"auc"`
	OptimalThreshold float64      `json:"optimal_threshold"`
	PrecNum          float64      `json:"prec_num"`
	PrecDen          float64      `json:"prec_den"`
	RecNum           float64      `json:"rec_num"`
	RecDen           float64      `json:"rec_den"`
	PRPoints         [][3]float64 `json:"pr_points"`
	// PredictionsWithoutGold counts predictions on sentences the CaRB gold
	// does not have (ignored, as the reference does).
	PredictionsWithoutGold int    `json:"predictions_without_gold"`
	Delta                  *Delta `json:"delta,omitempty"`
}

// Delta is one scorer minus another, per metric.
type Delta struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	// Sentences, when set, is the number of sentences both golds hold: the
	// golds differ, and the difference compares the two scorers on those
	// sentences only.
	Sentences int `json:"sentences,omitempty"`
}

// WiRe57 is a WiRe57 token-level score with greedy one-to-one matching.
type WiRe57 struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	PrecNum   float64 `json:"prec_num"`
	PrecDen   float64 `json:"prec_den"`
	RecNum    float64 `json:"rec_num"`
	RecDen    float64 `json:"rec_den"`
	Matches   int     `json:"matches"`
	ExactPrec float64 `json:"exact_prec"`
	ExactRec  float64 `json:"exact_rec"`
}
