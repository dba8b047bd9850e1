"""oiebench from Python: BenchIE, BenchIE^FL, CaRB and WiRe57 scores.

The package runs the native ``oiebench`` command line shipped inside its
wheel (``oiebench/bin/``), so the numbers are the command line's, byte for
byte: ``score`` returns the report ``oiebench score --format json`` prints.

    >>> import oiebench
    >>> report = oiebench.score("benchie:en", ["benchie:en/clausie"])
    >>> report.f1("ClausIE", "benchie", "regular")
    0.33889980353634575

Bad input raises ``InputError`` with the file, line and column of the
problem; a wrong option raises ``UsageError``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

__all__ = [
    "score",
    "benchmarks",
    "formats",
    "version",
    "binary",
    "Report",
    "Score",
    "OiebenchError",
    "InputError",
    "UsageError",
]

PathLike = Union[str, "os.PathLike[str]"]


class OiebenchError(Exception):
    """An error of the oiebench command line.

    ``message`` says what was expected; ``file``, ``line`` and ``column``
    (1-based; ``None`` when unknown) say where, for bad input.
    """

    def __init__(self, error: str, message: str = "", file: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None):
        super().__init__(error)
        self.error = error
        self.message = message or error
        self.file = file
        self.line = line
        self.column = column


class InputError(OiebenchError, ValueError):
    """A gold or system file oiebench cannot read (exit status 1)."""


class UsageError(OiebenchError, ValueError):
    """Options oiebench does not accept (exit status 2)."""


def binary() -> str:
    """The path of the oiebench command line this package runs.

    ``OIEBENCH_BINARY`` in the environment overrides the one in the wheel.
    """
    override = os.environ.get("OIEBENCH_BINARY")
    if override:
        return override
    name = "oiebench.exe" if sys.platform == "win32" else "oiebench"
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", name)
    if not os.path.exists(path):
        raise OiebenchError(
            f"{path}: the oiebench binary is missing: install a platform wheel "
            "(./build.sh wheel) or set OIEBENCH_BINARY")
    if sys.platform != "win32" and not os.access(path, os.X_OK):
        os.chmod(path, os.stat(path).st_mode | 0o111)
    return path


def _run(args: Sequence[str]) -> str:
    """Runs the command line; returns its standard output, or raises."""
    env = dict(os.environ, OIEBENCH_ERRORS="json")
    proc = subprocess.run([binary(), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if proc.returncode == 0:
        return proc.stdout.decode("utf-8")
    raise _error(proc.returncode, proc.stderr.decode("utf-8", "replace"))


def _error(code: int, stderr: str) -> OiebenchError:
    """The exception for a failed run: the JSON error object the command
    line writes last on standard error (OIEBENCH_ERRORS=json)."""
    kind = UsageError if code == 2 else InputError
    for line in reversed(stderr.strip().splitlines()):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and "error" in e:
            return kind(e["error"], e.get("message", ""), e.get("file"), e.get("line"), e.get("column"))
    return kind(stderr.strip() or f"oiebench exited with status {code}")


def _listing(value: Union[None, str, Iterable[str]]) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return ",".join(str(v) for v in value)


def _system_args(systems: Union[PathLike, Sequence[PathLike], Mapping[str, PathLike]]) -> List[str]:
    if isinstance(systems, (str, os.PathLike)):
        return [os.fspath(systems)]
    if isinstance(systems, Mapping):
        return [f"{name}={os.fspath(path)}" for name, path in systems.items()]
    return [os.fspath(s) for s in systems]


def score(gold: PathLike, systems: Union[PathLike, Sequence[PathLike], Mapping[str, PathLike]], *,
          scorers: Union[None, str, Iterable[str]] = None,
          facets: Union[None, str, Iterable[str]] = None,
          sentences: Union[None, str, Iterable[Union[str, int]]] = None,
          carb_gold: Optional[PathLike] = None,
          e_gold: Optional[PathLike] = None,
          system_format: Optional[str] = None,
          fl_mode: Optional[str] = None,
          reference_compat: bool = False,
          strict: bool = False) -> "Report":
    """Scores systems against a gold, as ``oiebench score --format json``.

    gold and systems are files or names of shipped benchmark files
    (``benchie:en``, ``benchie:en/clausie``; see ``benchmarks()``);
    systems may be a mapping from the name to show to the file. scorers
    ("benchie", "benchie-fl", "carb", "wire57"), facets ("regular",
    "concat", "minimal") and sentences ("1-5,9", "covered") are lists or
    comma-separated strings; None keeps the command line's default.
    """
    args = ["score", "--format", "json", "--quiet", "--gold", os.fspath(gold)]
    for flag, value in (("--scorer", _listing(scorers)), ("--facet", _listing(facets)),
                        ("--sentences", _listing(sentences)), ("--system-format", system_format),
                        ("--fl-mode", fl_mode)):
        if value is not None:
            args += [flag, value]
    if carb_gold is not None:
        args += ["--carb-gold", os.fspath(carb_gold)]
    if e_gold is not None:
        args += ["--e-gold", os.fspath(e_gold)]
    if reference_compat:
        args.append("--reference-compat")
    if strict:
        args.append("--strict")
    args.append("--")
    args += _system_args(systems)
    return Report(_run(args), args)


def benchmarks() -> List[Dict[str, Any]]:
    """The benchmark files the binary ships (``oiebench benchmarks``):
    name (what score takes), kind (gold, system, file), label, bytes,
    release, licence, source."""
    return json.loads(_run(["benchmarks", "--format", "json"]))


def formats() -> List[Dict[str, Any]]:
    """The file formats oiebench knows (``oiebench formats``): name (what
    system_format takes), label, role, readable, description, example."""
    return json.loads(_run(["formats", "--format", "json"]))


def version() -> str:
    """The version of the oiebench binary, e.g. "0.1.0"."""
    return _run(["version"]).split()[1]


@dataclass(frozen=True)
class Score:
    """One score of one system: scorer is "benchie", "benchie_fl",
    "carb", …; facet is "regular", "concat", "minimal" or None for a
    scorer without facets."""
    system: str
    scorer: str
    facet: Optional[str]
    precision: float
    recall: float
    f1: float


class Report(dict):
    """The JSON report of ``oiebench score``, as a dict, with accessors.

    ``json_text`` is the command line's output exactly as printed.
    """

    def __init__(self, json_text: str, args: Sequence[str] = ()):
        super().__init__(json.loads(json_text))
        self.json_text = json_text
        self._args = list(args)

    @property
    def signature(self) -> str:
        """The report's signature: version, scorers, facets, mode, gold digest."""
        return self["signature"]

    @property
    def version(self) -> str:
        return self["version"]

    @property
    def systems(self) -> List[Dict[str, Any]]:
        return self.get("systems", [])

    @property
    def warnings(self) -> List[str]:
        """Every warning of the gold and the systems, with its place."""
        out = list(self.get("gold", {}).get("warnings") or [])
        for s in self.systems:
            out += s.get("warnings") or []
        return out

    def system(self, name: str) -> Dict[str, Any]:
        """The report's entry for a system, by the name shown."""
        for s in self.systems:
            if s.get("name") == name:
                return s
        raise KeyError(f"no system {name!r} in the report (systems: {', '.join(s.get('name', '') for s in self.systems)})")

    def scores(self) -> List[Score]:
        """Every precision, recall and F1 of the report, system by system."""
        out = []
        for s in self.systems:
            for scorer, value in s.items():
                if not isinstance(value, dict):
                    continue
                if _is_score(value):
                    out.append(Score(s["name"], scorer, None, value["precision"], value["recall"], value["f1"]))
                    continue
                for facet, m in value.items():
                    if isinstance(m, dict) and _is_score(m):
                        out.append(Score(s["name"], scorer, facet, m["precision"], m["recall"], m["f1"]))
        return out

    def f1(self, system: str, scorer: str = "benchie", facet: Optional[str] = "regular") -> float:
        """One F1: f1("ClausIE", "benchie", "regular"); facet None for CaRB."""
        for sc in self.scores():
            if sc.system == system and sc.scorer == scorer and sc.facet == (facet if _has_facets(self.system(system).get(scorer)) else None):
                return sc.f1
        raise KeyError(f"no {scorer} {facet or ''} score for {system!r}")

    def verdict_rows(self) -> List[Dict[str, Any]]:
        """BenchIE's verdict on every extraction, one dict per extraction
        and facet (``oiebench score --verdicts``): system, sentence, line,
        extraction, facet, verdict, synset, gold, diff. Computed on first
        use by running the same scoring again."""
        rows = getattr(self, "_verdicts", None)
        if rows is None:
            if not self._args:
                raise OiebenchError("this report was not made by oiebench.score: no verdicts")
            fd, path = tempfile.mkstemp(suffix=".json", prefix="oiebench-verdicts-")
            os.close(fd)
            try:
                i = self._args.index("--")
                _run(self._args[:i] + ["--verdicts", path] + self._args[i:])
                with open(path, encoding="utf-8") as f:
                    rows = json.load(f)
            finally:
                os.unlink(path)
            self._verdicts = rows
        return rows

    def verdicts(self):
        """verdict_rows() as a pandas DataFrame, its extraction, gold and
        diff slots as columns (subject, relation, object, gold_subject, …,
        diff_object). Needs pandas."""
        try:
            import pandas as pd
        except ImportError as e:
            raise ImportError("report.verdicts() needs pandas (pip install pandas, or apt install python3-pandas); report.verdict_rows() needs nothing") from e
        flat = []
        for r in self.verdict_rows():
            row = {k: r[k] for k in ("system", "sentence", "line", "facet", "verdict", "synset")}
            for prefix, key in (("", "extraction"), ("gold_", "gold"), ("diff_", "diff")):
                for slot, value in zip(("subject", "relation", "object"), r[key]):
                    row[prefix + slot] = value
            flat.append(row)
        columns = ["system", "sentence", "line", "facet", "verdict", "subject", "relation", "object", "synset",
                   "gold_subject", "gold_relation", "gold_object", "diff_subject", "diff_relation", "diff_object"]
        return pd.DataFrame(flat, columns=columns)

    def __repr__(self) -> str:
        return f"<oiebench.Report {self.signature} systems={[s.get('name') for s in self.systems]}>"


def _is_score(v: Dict[str, Any]) -> bool:
    return all(isinstance(v.get(k), (int, float)) for k in ("precision", "recall", "f1"))


def _has_facets(v: Any) -> bool:
    return isinstance(v, dict) and not _is_score(v)
