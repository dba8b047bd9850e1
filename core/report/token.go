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
	// ZeroConf is the point at the lowest threshold, where every prediction
	// counts (the papers' "last F1"); set by the CaRB-gold scorers.
	ZeroConf *Point `json:"zero_conf,omitempty"`
	// Mode is reference (the scripts as they run) or corrected, when the
	// scorer offers both.
	Mode string `json:"mode,omitempty"`
	// Failure, when set, says why the reference script stops on this input
	// instead of printing numbers; the numbers beside it are then not the
	// reference's.
	Failure string `json:"reference_cannot_score,omitempty"`
}

// Point is one point of a precision-recall curve.
type Point struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Threshold float64 `json:"threshold"`
}

// OIE16 is OIE16-C: the OIE2016 benchmark's lexical matcher and curve run
// on a CaRB gold, as OpenIE6's oie16.py does (carb-variants.md section 6).
type OIE16 struct {
	Precision        float64 `json:"precision"`
	Recall           float64 `json:"recall"`
	F1               float64 `json:"f1"`
	AUC              float64 `json:"auc"`
	OptimalThreshold float64 `json:"optimal_threshold"`
	ZeroConf         *Point  `json:"zero_conf,omitempty"`
	// Curve is the points in ascending threshold order, without the final
	// (R 0, P 1).
	Curve []Point `json:"curve"`
	// Matched gold tuples, of GoldTuples.
	Matched    int `json:"matched"`
	GoldTuples int `json:"gold_tuples"`
	// Mode (reference or corrected) and Curve behaviour
	// ("sklearn-1.2.1" or "sklearn-0.23.1").
	Mode    string `json:"mode"`
	Sklearn string `json:"sklearn"`
	// Reader names how the system file was read, on which OIE16-C's bag of
	// words depends (carb-variants.md 6.1): "allennlp" or a native format.
	Reader  string `json:"reader"`
	Failure string `json:"reference_cannot_score,omitempty"`
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
	// Variant is "WiRe57-C" for OpenIE6's WiRe57 column on a CaRB gold
	// (carb-variants.md 7: no exact-match counts, allennlp input), with its
	// Mode, the Reader of the system file ("allennlp", or "converted to
	// allennlp") and Failure when the reference stops on the input.
	Variant string `json:"variant,omitempty"`
	Mode    string `json:"mode,omitempty"`
	Reader  string `json:"reader,omitempty"`
	Failure string `json:"reference_cannot_score,omitempty"`
}
