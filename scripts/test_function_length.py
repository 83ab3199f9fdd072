"""Tests for function_length.py: what counts as a function and how its lines are counted."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import function_length  # noqa: E402


def body(lines):
    return "\n".join(f"    let x{i} = {i}" for i in range(lines))


class FunctionLengthTests(unittest.TestCase):
    def test_counts_declaration_to_closing_brace(self):
        text = "func f() {\n" + body(3) + "\n}\n"
        self.assertEqual(function_length.function_lengths(text), [("func f", 1, 5)])

    def test_braces_in_strings_and_comments_do_not_count(self):
        text = 'func f() {\n    let s = "}}}"\n    // }\n    let t = """\n    }\n    """\n}\n'
        self.assertEqual(function_length.function_lengths(text), [("func f", 1, 7)])

    def test_requirements_without_bodies_are_skipped(self):
        text = "protocol P {\n    func a()\n    func b() -> Int\n}\nfinal class C {\n}\n"
        self.assertEqual(function_length.function_lengths(text), [])

    def test_initialisers_and_attributed_methods_count(self):
        text = "@MainActor public init() {\n}\nprivate static func g<T>(_ t: T) {\n}\n"
        names = [name for name, _, _ in function_length.function_lengths(text)]
        self.assertEqual(names, ["init", "func g"])

    def test_a_closure_default_in_the_signature_is_not_the_body(self):
        text = "init(\n    a: () -> Void = {},\n    b: (Int) -> Int = { $0 }\n) {\n" + body(3) + "\n}\n"
        self.assertEqual(function_length.function_lengths(text), [("init", 1, 8)])

    def test_reports_only_functions_over_the_limit(self):
        with tempfile.TemporaryDirectory() as root:
            with open(os.path.join(root, "A.swift"), "w") as file:
                file.write("func short() {\n" + body(2) + "\n}\nfunc long() {\n" + body(45) + "\n}\n")
            found = function_length.too_long([root], 40)
            self.assertEqual([(name, length) for _, _, name, length in found], [("func long", 47)])
            self.assertEqual(function_length.main([root, "--limit", "50"]), 0)
            self.assertEqual(function_length.main([root]), 1)

    def test_the_repository_sources_pass(self):
        sources = os.path.join(os.path.dirname(__file__), "..", "Sources")
        self.assertEqual(function_length.too_long([sources], 40), [])


if __name__ == "__main__":
    unittest.main()
