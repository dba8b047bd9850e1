/*
Package benchie scores Open Information Extraction systems against a BenchIE
gold at the level of facts, as the BenchIE paper (Gashteovski et al., ACL
2022) defines it: an extraction is right when it states one of the gold's
facts in one of the forms the annotators allowed, and each fact counts once.

# The gold

A gold file (ReadGold) is plain UTF-8 text. Each sentence starts with a
line holding "sent_id:", the sentence's id, a tab and its text; its facts
follow, each fact synset led by a header line ending in "Cluster N:", then
one line per triple, the three slots separated by " --> ":

	sent_id:1	He served as the first Prime Minister of Australia .
	1--> Cluster 1:
	He --> served as --> [the] [first] Prime Minister [of Australia]
	He --> served --> as [the] [first] Prime Minister [of Australia]

A synset (a "cluster") holds the triples that state the same fact. Words in
square brackets are optional: a triple stands for every surface form made by
keeping or dropping each bracketed unit. Blank lines separate sentences. A
line inside a synset that is not understood is kept, as the reference
script keeps it, as an entry that never matches, and reported as a warning
(Gold.Warnings); GoldOptions.Strict makes such oddities errors. Errors are
*oie.ParseError values that carry the file, line and column, in the manner
of encoding/csv.

# The matching rule

An extraction (an oie.Extraction of an oie.System, read for example by
oie.ReadSystem) is Correct when its slots, trimmed as Python's str.strip
trims, equal slot by slot a surface form of a gold triple of its sentence.
It covers the first synset, in file order, holding such a triple. The first
extraction to cover a synset is a true positive; later ones covering the
same synset are Duplicate (neither true nor false positive); every other
extraction is Incorrect, a false positive. Recall's denominator is every
synset of the gold (NewCounts). Extractions of sentences the gold does not
hold are ignored and counted (Result.Ignored).

Optional units are never expanded: a slot is matched by backtracking over
its units, or by dynamic programming beyond a few of them, so a slot with
40 optional units matches in microseconds.

# The facets

A Facet is a way of matching. Regular is the rule above. Concat (BenchIE-C)
compares the three slots joined by one space, so that a word may move
between slots. Minimal (BenchIE-M) first deletes the optional spans of the
gold's slots. BenchIE-E is Regular scoring against a separate gold of
entities. Compile prepares a gold for one facet; a Compiled gold scores any
number of systems, concurrently if need be.

# The two modes

The official script looks the credited synset up a second time with
untrimmed slots; when a slot has stray spaces that lookup fails and it
credits the sentence's last synset instead. Options.ReferenceCompat
reproduces the script; the default is the paper's rule. Both modes are
always computed: Result.Other holds the other mode's totals, and
Result.ModesDisagree and Result.CreditsDiffer say when and how they differ.
On the data BenchIE publishes the totals never differ.

# Memory

A gold read with GoldOptions.Shared keeps no copy of its file: the
sentences' strings and the triples' slots are places in the file's bytes,
which must then never change. A GoldTriple holds no pointer (a large gold
has millions, and Go's collector reads every word of a block that holds
pointers): its slots are an offset and three lengths in the text its
synset keeps (an oie.Text, as a system's extractions keep their strings),
and Synset.Triple turns them into strings without copying. The text is
the gold file's for a triple read, shared by the gold's synsets; a triple
made in memory (Synset.Add) is copied after it, into the synset's own. A
triple is read through its synset, which keeps the text alive; a
GoldTriple itself keeps nothing alive, and appended to a synset of another
text it panics when read: move a triple to another synset with Synset.Add,
which copies its slots.
*/
package benchie
