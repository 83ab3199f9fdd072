"""Tests for instruction_profile.py's parsing and arithmetic (no Valgrind needed):
python3 -m unittest discover -s scripts -p 'test_*.py'"""

from __future__ import annotations

import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import instruction_profile as profile  # noqa: E402  (found through the path above)

# The shape of `callgrind_annotate --inclusive=no` output: the totals, the frames that were on the
# stack when collection started (listed with the whole total), then each function's own cost.
ANNOTATED = """\
--------------------------------------------------------------------------------
2,000 (100.0%)  PROGRAM TOTALS
--------------------------------------------------------------------------------
Ir                  file:function
--------------------------------------------------------------------------------
6,000 (300.0%)  ???:swift_task_switch'2 [/lib/libswift_Concurrency.so]
2,000 (100.0%)  ???:bench_main [/tmp/bench]
1,200 (60.00%)  ???:$s6Domain12CounterStateVwcp [/tmp/bench]
  500 (25.00%)  ???:swift_beginAccess [/lib/libswiftCore.so]
  300 (15.00%)  ???:$s4Main7PresentC6renderyyF [/tmp/bench]
"""


class InstructionProfileTest(unittest.TestCase):
    def test_self_costs_leave_out_the_frames_on_the_stack(self):
        self.assertEqual(profile.self_costs(ANNOTATED), {
            "$s6Domain12CounterStateVwcp": 1200, "swift_beginAccess": 500,
            "$s4Main7PresentC6renderyyF": 300,
        })

    def test_the_label_is_the_cases_fields_and_n_as_bench_spells_it(self):
        self.assertEqual(profile.label("dispatch,viper-reducer,counter/increment", 1000),
                         "dispatch|viper-reducer|counter/increment|||1000")
        self.assertEqual(profile.label("layout,closure-effects,app/increment,single-store,n=10", 50),
                         "layout|closure-effects|app/increment|single-store|10|50")

    def test_per_operation_is_the_difference_of_2n_and_n_over_n(self):
        once = {"copy": 1300, "setup": 700}
        twice = {"copy": 2300, "setup": 700, "late": 4}
        self.assertEqual(profile.per_operation(once, twice, 100), {"copy": 10.0})

    def test_parts_by_name_first_match_wins(self):
        costs = {
            "initializeWithCopy for CounterState": 132.0,
            "static CounterState.__derived_struct_equals(_:_:)": 25.0,
            "ObservationRegistrar.withMutation<A, B, C>(of:keyPath:_:)": 40.0,
            "swift_beginAccess": 93.0,
            "swift_release": 72.0,
            "CounterInteractor.apply(_:)": 96.0,
            "swift::MetadataCacheKey::operator==(swift::MetadataCacheKey const&) const": 30.0,
            "std::pair<A*, unsigned int> swift::ConcurrentReadableHashMap<A, swift::Mutex>::find<K>(K const&)": 12.0,
        }
        self.assertEqual(profile.by_part(costs), {
            profile.PARTS[0][0]: 42.0, profile.PARTS[1][0]: 65.0, profile.PARTS[2][0]: 132.0,
            profile.PARTS[3][0]: 93.0, profile.PARTS[5][0]: 72.0, profile.OTHER: 96.0,
        })

    def test_metadata_lookup_rule_matches_the_swift_one(self):
        """The metadata-lookup part and InstructionCounter.isMetadataLookupFunction name the same functions."""
        swift = (Path(__file__).resolve().parent.parent / "Sources" / "Harness" / "BenchmarkEngine"
                 / "InstructionCounter.swift").read_text(encoding="utf-8")
        rule = swift[swift.index("func isMetadataLookupFunction"):]
        rule = rule[:rule.index("\n    }\n\n    /// Instructions per operation")]
        self.assertEqual(re.findall(r'(contains|hasPrefix|firstRange)\((?:of: )?"([^"]+)"\)', rule),
                         [("contains", "ConcurrentReadableHashMap<"),
                          ("hasPrefix", "swift::MetadataCacheKey::operator=="),
                          ("firstRange", "Fs10AnyKeyPathC_"), ("contains", "Tg5")])
        self.assertEqual(profile.KEY_PATH_TABLE.pattern, "Fs10AnyKeyPathC_.*Tg5")
        self.assertEqual(profile.part("swift::MetadataCacheKey::operator==(x) const"), profile.PARTS[0][0])
        self.assertEqual(profile.part("specialized Set._Variant.insert(_:)" + profile.KEY_PATH_TABLE_MARK),
                         profile.PARTS[0][0])
        self.assertNotEqual(profile.part("specialized Set._Variant.insert(_:)"), profile.PARTS[0][0])


if __name__ == "__main__":
    unittest.main()
