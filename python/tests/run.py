"""Runs the Python package's tests (unittest: pytest is not needed) and
ends with one line CI reads: "python: N passed, N failed, N errors".

    OIEBENCH_CLI=build/oiebench OIEBENCH_ROOT=. VENV/bin/python python/tests/run.py [--record FILE]

--record appends the counts to ./build.sh test's summary (suite, passed,
failed, skipped, broken: tab-separated, as internal/testreport records).
"""

import os
import sys
import unittest


def main():
    record = None
    if len(sys.argv) == 3 and sys.argv[1] == "--record":
        record = sys.argv[2]
    elif len(sys.argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for var in ("OIEBENCH_CLI", "OIEBENCH_ROOT"):
        if not os.environ.get(var):
            print(f"run.py: {var} is not set", file=sys.stderr)
            return 2
    here = os.path.dirname(os.path.abspath(__file__))
    suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py", top_level_dir=here)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed, errors = len(result.failures), len(result.errors)
    skipped = len(result.skipped) + len(result.expectedFailures)
    passed = result.testsRun - failed - errors - skipped
    print(f"python: {passed} passed, {failed} failed, {errors} errors, {skipped} skipped")
    if record:
        with open(record, "a", encoding="utf-8") as f:
            f.write(f"python\t{passed}\t{failed}\t{skipped}\t{errors}\n")
    return 0 if failed + errors + skipped == 0 and result.testsRun > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
