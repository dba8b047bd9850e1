"""Tests of the installed oiebench package, as a user meets it: run by
run.py with the Python of a virtual environment the wheel was installed
into (pip install --no-index), beside the command line built from the same
checkout (OIEBENCH_CLI) and the checkout itself (OIEBENCH_ROOT: the
reference numbers in testdata/expected)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import oiebench

CLI = os.environ.get("OIEBENCH_CLI", "")
ROOT = os.environ.get("OIEBENCH_ROOT", "")

# The shipped benchmarks' golds and systems, by gold (oiebench benchmarks).
def shipped():
    out = {}
    for b in oiebench.benchmarks():
        if b["kind"] == "gold":
            out.setdefault(b["name"], [])
        elif b["kind"] == "system":
            out.setdefault(b["name"].split("/")[0], []).append(b["name"])
    return out


def cli(*args):
    """The command line's standard output, as bytes."""
    return subprocess.run([CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout


class Installed(unittest.TestCase):
    def test_runs_from_the_wheel(self):
        # The package and its binary are the installed wheel's, not the checkout's.
        self.assertTrue(oiebench.__file__.startswith(sys.prefix), oiebench.__file__)
        self.assertTrue(oiebench.binary().startswith(os.path.dirname(oiebench.__file__)), oiebench.binary())
        self.assertNotIn("OIEBENCH_BINARY", os.environ)

    def test_one_version(self):
        from importlib.metadata import version
        report = oiebench.score("benchie:en", ["benchie:en/clausie"])
        self.assertEqual(oiebench.version(), version("oiebench"))
        self.assertEqual(report.version, version("oiebench"))
        self.assertTrue(report.signature.startswith("oiebench:" + version("oiebench") + "|"), report.signature)
        self.assertEqual(cli("version").split()[1].decode(), version("oiebench"))


class SameAsTheCLI(unittest.TestCase):
    """score() returns the command line's JSON report byte for byte."""

    def same(self, py_args, cli_args, **kw):
        report = oiebench.score(*py_args, **kw)
        want = cli("score", "--format", "json", *cli_args)
        self.assertEqual(report.json_text.encode("utf-8"), want)
        self.assertEqual(dict(report), json.loads(want))
        return report

    def test_every_shipped_benchmark(self):
        golds = shipped()
        self.assertIn("benchie:en", golds)
        for gold, systems in golds.items():
            if not systems:
                continue
            with self.subTest(gold=gold):
                if gold.startswith("benchie-fl:"):
                    self.same((gold, systems), ["--gold", gold, "--scorer", "benchie-fl", *systems], scorers="benchie-fl")
                else:
                    self.same((gold, systems), ["--gold", gold, *systems])

    def test_options(self):
        self.same(("benchie:en", {"Mine": "benchie:en/minie", "Theirs": "benchie:en/openie6"}),
                  ["--gold", "benchie:en", "--facet", "regular,minimal", "--sentences", "1-50,77",
                   "Mine=benchie:en/minie", "Theirs=benchie:en/openie6"],
                  facets=["regular", "minimal"], sentences="1-50,77")
        self.same(("benchie:en", ["benchie:en/clausie"]),
                  ["--gold", "benchie:en", "--scorer", "benchie,carb", "--carb-gold", "benchie:en/carb-gold", "benchie:en/clausie"],
                  scorers=["benchie", "carb"], carb_gold="benchie:en/carb-gold")

    def test_listings(self):
        self.assertEqual(oiebench.benchmarks(), json.loads(cli("benchmarks", "--format", "json")))
        self.assertEqual(oiebench.formats(), json.loads(cli("formats", "--format", "json")))
        self.assertIn("benchie-tsv", [f["name"] for f in oiebench.formats()])


class PublishedNumbers(unittest.TestCase):
    """Every published BenchIE value (testdata/expected/benchie.json, the
    official script's), to 1e-12."""

    def test_benchie(self):
        with open(os.path.join(ROOT, "testdata", "expected", "benchie.json"), encoding="utf-8") as f:
            expected = json.load(f)
        by_path = {b["path"]: b["name"] for b in oiebench.benchmarks()}
        checked = 0
        for lang in ("en", "de", "zh"):
            keys = sorted(expected[lang])
            report = oiebench.score("benchie:" + lang, {k: by_path["benchie/" + expected[lang][k]["file"]] for k in keys})
            for k in keys:
                for facet, want in expected[lang][k].items():
                    if facet == "file":
                        continue
                    got = report.system(k)["benchie"][facet]
                    for m in ("precision", "recall", "f1"):
                        self.assertLessEqual(abs(got[m] - want[m]), 1e-12, f"{lang} {k} {facet} {m}: {got[m]} != {want[m]}")
                        checked += 1
                    self.assertEqual(report.f1(k, "benchie", facet), want["f1"])
        self.assertGreaterEqual(checked, 3 * 3 * 9 + 3 * 2)


class Accessors(unittest.TestCase):
    def test_scores(self):
        report = oiebench.score("benchie:en", ["benchie:en/clausie", "benchie:en/minie"], facets="regular")
        scores = report.scores()
        self.assertEqual([(s.system, s.scorer, s.facet) for s in scores],
                         [("ClausIE", "benchie", "regular"), ("MinIE", "benchie", "regular")])
        self.assertEqual(scores[0].f1, 0.33889980353634575)
        self.assertEqual(report.system("MinIE")["benchie"]["regular"]["f1"], scores[1].f1)
        with self.assertRaises(KeyError):
            report.system("nobody")
        self.assertEqual(report.warnings, report["gold"]["warnings"])

    def test_verdicts(self):
        report = oiebench.score("benchie:en", ["benchie:en/clausie"], facets="regular,concat")
        rows = report.verdict_rows()
        extractions = report.system("ClausIE")["extractions"]
        self.assertEqual(len(rows), 2 * extractions)
        df = report.verdicts()  # pandas: the CI installs python3-pandas
        self.assertEqual(len(df), 2 * extractions)
        for facet in ("regular", "concat"):
            correct = df[(df.facet == facet) & (df.verdict == "correct")]
            self.assertEqual(len(correct), report.system("ClausIE")["benchie"][facet]["tp"])
        wrong = df[(df.facet == "regular") & (df.sentence == "2") & (df.object == "him there")].iloc[0]
        self.assertEqual((wrong.verdict, wrong.gold_object, wrong.diff_object), ("incorrect", "him", "him {+there+}"))


class Errors(unittest.TestCase):
    def test_bad_file_has_its_place(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, "system.tsv")
            with open(bad, "w", encoding="utf-8") as f:
                f.write("1\tHe\tserved\tas PM\n2\tGraner\thandcuffed\n")
            with self.assertRaises(oiebench.InputError) as cm:
                oiebench.score("benchie:en", [bad])
        e = cm.exception
        self.assertEqual((e.file, e.line, e.column), (bad, 2, 20))
        self.assertIn("expected at least 4 tab-separated columns", e.message)
        self.assertIn(f"{bad}:2:20:", str(e))

    def test_bad_gold(self):
        with tempfile.TemporaryDirectory() as d:
            gold = os.path.join(d, "gold.txt")
            with open(gold, "w", encoding="utf-8") as f:
                f.write("sent_id:1\ta\n1--> Cluster 1:\nx --> y --> z\n\nsent_id:1\tb\n")
            with self.assertRaises(oiebench.InputError) as cm:
                oiebench.score(gold, ["benchie:en/clausie"])
        self.assertEqual((cm.exception.line, cm.exception.column), (5, 9))

    def test_usage(self):
        with self.assertRaises(oiebench.UsageError) as cm:
            oiebench.score("benchie:en", ["benchie:en/clausie"], facets="sideways")
        self.assertIn("sideways", str(cm.exception))
        self.assertIsNone(cm.exception.line)
        with self.assertRaises(oiebench.InputError):
            oiebench.score("benchie:en", ["/nonexistent/system.tsv"])
