package benchie

import "strconv"

// The line grammar of a BenchIE gold file, for its reader, its writer and
// every other package that writes or checks its lines (core/annotate):
//
//	sent_id:ID<TAB>SENTENCE
//	ID--> Cluster K:
//	SUBJECT --> RELATION --> OBJECT
const (
	// SentencePrefix starts a sentence line.
	SentencePrefix = "sent_id:"
	// SlotSeparator separates a triple's slots.
	SlotSeparator = " --> "
	// clusterSep is what a regular synset header holds between the sentence
	// id and the synset number.
	clusterSep = "--> Cluster "
)

// SentenceLine is the line of sentence id: "sent_id:ID<TAB>TEXT"; without
// text it is "sent_id:ID", since the reader trims lines.
func SentenceLine(id, text string) string {
	if text == "" {
		return SentencePrefix + id
	}
	return SentencePrefix + id + "\t" + text
}

// SynsetHeader is the regular header of synset k (from 0) of sentence id:
// "ID--> Cluster K:", K counting from 1.
func SynsetHeader(id string, k int) string {
	return id + clusterSep + strconv.Itoa(k+1) + ":"
}

// TripleLine is a triple's line: its slots joined by SlotSeparator.
func TripleLine(subject, relation, object string) string {
	return subject + SlotSeparator + relation + SlotSeparator + object
}
