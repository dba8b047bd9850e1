// Package analysis computes the BenchIE paper's analyses from scored
// results, and the statistics that tell whether a difference is real. It
// never scores anything itself: every verdict, credited synset and closest
// gold triple comes from package benchie. Everything here is computed on one
// facet (the regular one unless the caller picks another); extractions of
// sentences that are not in the gold are left out of everything.
//
// # Closest gold triples, slot errors, error buckets (paper Figs. 1 and 2)
//
// For an incorrect extraction, the closest gold triples are the annotated
// triples of its sentence that agree with it in the most slots, a slot
// agreeing when the extraction's (trimmed, n-ary-folded) slot is a surface
// form of the gold slot under the facet (benchie.Compiled.Closest). Each
// closest triple gives a pattern, subject, relation and object as 1
// (agrees) or 0: "110" is an extraction whose object alone is wrong. The
// error buckets count, for every incorrect extraction, each distinct pattern
// among its closest triples once: an extraction whose closest triples tie
// with different patterns is counted in every competing bucket, as the
// paper does, so the buckets sum to more than the incorrect extractions
// (report.Analysis keeps both numbers). An extraction of a sentence with no
// gold triple at all counts as "000".
//
// Slot errors count, per slot, the incorrect extractions whose slot is 0 in
// at least one of their patterns: "this slot is wrong under some reading of
// the closest gold". Each extraction counts at most once per slot, so the
// shares of incorrect extractions are at most 1 each (they need not sum to 1).
//
// # Sentence buckets (paper Fig. 3)
//
// Gold sentences are grouped by their length in tokens (<=20, 21-30, >30 by
// default), their coordinating conjunctions (0, >=1) and their case markers
// (0-1, 2, 3, 4, >4); package nlp finds the latter two, approximately, from
// part-of-speech tags (English) or word lists (German). Sentences whose
// markers are unknown are left out of those two groupings and counted. The
// score of a bucket is the fact-level score restricted to its sentences:
// TP = synsets of those sentences covered by the system, FP = incorrect
// extractions of those sentences, recall over the synsets of those
// sentences, micro-averaged as in benchie.md section 4. Thresholds are
// configurable (report.Thresholds).
//
// # Bootstrap intervals
//
// The unit of resampling is the gold sentence, with its synsets and the
// system's extractions on it; sentences without synsets and sentences the
// system never mentions are units too, as both count in the score. Each of
// Samples samples draws as many sentences as the gold has, uniformly with
// replacement, from a PCG generator seeded with Seed; the sample's P, R and
// F1 are computed from the summed per-sentence TP, FP and synset counts
// exactly as the full score is. The interval is the percentile interval: the
// 2.5th and 97.5th percentiles of the samples' values, interpolated linearly
// between order statistics (Hyndman and Fan's type 7). The sentences drawn
// depend only on the seed and the number of sentences, so every system of a
// run is resampled on the same draws.
//
// # Paired test
//
// Two systems scored on the same gold are compared with approximate
// randomisation (Noreen 1989; as used for NLP by Yeh 2000 and Riezler and
// Maxwell 2005): in each of Samples rounds, every gold sentence's counts are
// swapped between the two systems with probability 1/2, and the round's
// |F1(A) - F1(B)| is compared with the observed one. The two-sided p-value
// is (1 + rounds at least as extreme) / (1 + Samples), "at least as
// extreme" allowing for rounding (1e-12). It was chosen over the paired
// bootstrap because F1 is not a sum over sentences, so a bootstrap p-value
// needs a shifted null distribution whose validity is argued rather than
// given, while randomisation tests the plain null hypothesis that the two
// systems' outputs are exchangeable sentence by sentence, and Riezler and
// Maxwell found it less prone to false positives than the bootstrap. A
// paired-bootstrap percentile interval of F1(A) - F1(B) (the same draws as
// the intervals above) is given beside it.
//
// # PR curve
//
// When every extraction carries a confidence, the curve has one point per
// distinct confidence c, from the highest down: the fact-level score of the
// extractions whose confidence is at least c (a synset is covered when any
// of them is credited to it). The AUC is the trapezoidal area under the
// points in order, starting at recall 0 with the first point's precision.
//
// # Inter-annotator agreement
//
// For gold files A and B, every distinct surface form of every triple of A
// (benchie.md section 2) is scored as an extraction of its sentence against
// B; the recall is the share of B's synsets that A's triples cover. The
// same the other way round, and the agreement is the mean of the two
// recalls. Sentences are matched by ID. A gold agrees with itself with 1
// when every synset can be covered at all: the English gold reaches
// 1349/1350, as the forms of synset 12 of sentence 34 ("They held ...
// workshop at New York") are all forms of its synset 10 too ("... at [Pine
// Plains ,] New York"), and a match credits the first synset in file order.
package analysis
