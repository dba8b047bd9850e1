// Package oie16 scores Open IE extractions as OpenIE6's oie16.py does on a
// CaRB gold (OIE16-C, docs/spec/carb-variants.md section 6): the OIE2016
// benchmark's lexical match (bag-of-words coverage above one half), a
// one-to-one assignment in gold order that ignores confidences, and
// scikit-learn's precision-recall curve with its area and optimal point.
//
// Gold and predictions are core/carb's (carb.ReadGold, carb.ReadAllenNLP,
// carb.ReadTabbed, ...); sentences are aligned by carb.SentenceKey,
// lower-cased.
//
// Two scikit-learn versions give different curves (section 6.3), offered
// as Curve values: EveryThreshold ("sklearn-1.2.1", the reference numbers)
// and FromFirstPositive ("sklearn-0.23.1", the version OpenIE6 pins).
package oie16
