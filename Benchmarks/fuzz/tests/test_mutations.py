"""The mutations: the same seed gives the same bytes, and each mutation does what it says."""

from __future__ import annotations

import random
import unittest

from json_text import Members, RawText, encode, parse, plain, render
from mutations import (
    NESTING_DEPTHS, Slot, damage_bytes, deep_nesting, duplicate_element, duplicate_member, mutate, number_edge,
    number_token, slots, splice, string_from_document)

SYSTEM = (b'{"format": "layoutbench.constraints/1", "constraints": ['
          b'{"id": "a", "terms": {"x": 1}, "constant": -5, "relation": "==", "priority": 1000},'
          b'{"id": "b", "terms": {"x": 1, "y": -1}, "constant": 0, "relation": "<=", "priority": 500}],'
          b'"steps": [{"setConstant": {"a": -7}}]}')


def slot_at(holder: list, path: str) -> Slot:
    return next(slot for slot in slots(holder) if slot.path == path)


class JSONTextTests(unittest.TestCase):
    def test_repeated_keys_and_order_survive_a_round_trip(self) -> None:
        text = '{"b": 1, "a": [true, null, "é"], "b": 2.5}'
        self.assertEqual(render(parse(text)), '{"b": 1, "a": [true, null, "é"], "b": 2.5}')

    def test_non_finite_numbers_and_raw_text_are_written_as_tokens(self) -> None:
        self.assertEqual(render([float("nan"), float("inf"), -float("inf"), RawText("1e400"), -0.0]),
                         "[NaN, Infinity, -Infinity, 1e400, -0.0]")

    def test_plain_keeps_the_last_of_repeated_keys(self) -> None:
        self.assertEqual(plain(parse('{"k": 1, "k": 2}')), {"k": 2})

    def test_lone_surrogates_are_written_as_invalid_utf8(self) -> None:
        self.assertEqual(encode("\ud800"), b'"\xed\xa0\x80"')


class DeterminismTests(unittest.TestCase):
    def test_the_same_seed_gives_the_same_bytes_and_descriptions(self) -> None:
        for seed in range(200):
            first = mutate(SYSTEM, random.Random(f"case/{seed}"))
            second = mutate(SYSTEM, random.Random(f"case/{seed}"))
            self.assertEqual(first, second, f"seed {seed}")

    def test_different_seeds_give_different_inputs(self) -> None:
        outputs = {mutate(SYSTEM, random.Random(f"case/{seed}"))[0] for seed in range(200)}
        self.assertGreater(len(outputs), 150)

    def test_every_case_says_how_it_mutated(self) -> None:
        for seed in range(200):
            _, descriptions = mutate(SYSTEM, random.Random(f"case/{seed}"))
            self.assertTrue(descriptions, f"seed {seed}")
            self.assertNotIn("no mutation applied", descriptions)

    def test_unparseable_input_still_gets_byte_mutations(self) -> None:
        data, descriptions = mutate(b"{not json", random.Random("x"))
        self.assertEqual(len(descriptions), 1)
        self.assertNotEqual(data, b"{not json")


class MutationTests(unittest.TestCase):
    def test_number_edge_replaces_a_number_with_an_edge_value(self) -> None:
        holder = [parse(SYSTEM)]
        slot = slot_at(holder, ".constraints[0].constant")
        described = number_edge(random.Random(3), slot, holder[0])
        self.assertIn("-5 ->", described)
        self.assertNotEqual(slot.value, -5)

    def test_number_mutations_skip_strings(self) -> None:
        holder = [parse(SYSTEM)]
        self.assertIsNone(number_edge(random.Random(1), slot_at(holder, ".constraints[0].id"), holder[0]))
        self.assertIsNone(number_token(random.Random(1), slot_at(holder, ".format"), holder[0]))

    def test_number_token_writes_the_token_verbatim(self) -> None:
        holder = [parse(SYSTEM)]
        number_token(random.Random(5), slot_at(holder, ".constraints[1].priority"), holder[0])
        token = slot_at(holder, ".constraints[1].priority").value
        self.assertIsInstance(token, RawText)
        self.assertIn(f'"priority": {token}}}', render(holder[0]))

    def test_duplicate_member_writes_the_key_twice(self) -> None:
        holder = [parse(SYSTEM)]
        duplicate_member(random.Random(2), slot_at(holder, ".constraints[0].terms"), holder[0])
        self.assertEqual(render(slot_at(holder, ".constraints[0].terms").value).count('"x"'), 2)

    def test_duplicate_element_repeats_an_array_element(self) -> None:
        holder = [parse(SYSTEM)]
        duplicate_element(random.Random(0), slot_at(holder, ".constraints"), holder[0])
        identifiers = [plain(item)["id"] for item in slot_at(holder, ".constraints").value]
        self.assertGreater(len(identifiers), 2)
        self.assertEqual(len(set(identifiers)), 2)

    def test_string_from_document_uses_a_name_of_the_same_document(self) -> None:
        holder = [parse(SYSTEM)]
        slot = slot_at(holder, ".constraints[0].id")
        string_from_document(random.Random(4), slot, holder[0])
        self.assertNotEqual(slot.value, "a")
        self.assertIn(slot.value, SYSTEM.decode())

    def test_deep_nesting_wraps_the_value_in_brackets_or_objects(self) -> None:
        holder = [parse(SYSTEM)]
        slot = slot_at(holder, ".steps")
        deep_nesting(random.Random(6), slot, holder[0])
        text = render(holder[0])
        depth = max(text.count("["), text.count('{"a": '))
        self.assertGreaterEqual(depth, min(NESTING_DEPTHS))

    def test_splice_takes_a_value_of_the_same_type_from_the_donor(self) -> None:
        holder = [parse(SYSTEM)]
        donor = parse(b'{"steps": [{"remove": ["zz"]}], "label": "from the donor"}')
        slot = slot_at(holder, ".steps")
        described = splice(random.Random(1), slot, donor)
        self.assertIn("donor's", described)
        self.assertIn(render(slot.value), ('[{"remove": ["zz"]}]', '["zz"]'))
        self.assertIsNone(splice(random.Random(1), slot_at(holder, ".constraints[0].priority"), donor))

    def test_a_donor_changes_the_mutations_but_not_their_determinism(self) -> None:
        donor = b'{"steps": [{"remove": ["zz"]}]}'
        runs = [mutate(SYSTEM, random.Random(f"case/{seed}"), donor) for seed in range(100)]
        self.assertEqual(runs, [mutate(SYSTEM, random.Random(f"case/{seed}"), donor) for seed in range(100)])
        self.assertTrue(any("splice" in text for _, descriptions in runs for text in descriptions))

    def test_members_are_objects_and_lists_are_arrays(self) -> None:
        holder = [parse(SYSTEM)]
        self.assertIsInstance(slot_at(holder, ".constraints[0]").value, Members)
        self.assertNotIsInstance(slot_at(holder, ".constraints").value, Members)


class ByteDamageTests(unittest.TestCase):
    def test_each_kind_of_damage_changes_the_bytes(self) -> None:
        kinds = set()
        for seed in range(100):
            damaged, description = damage_bytes(SYSTEM, random.Random(seed))
            kinds.add(description.split()[0])
            self.assertNotEqual(damaged, SYSTEM, description)
        self.assertEqual(kinds, {"truncate", "flip", "insert", "delete"})


if __name__ == "__main__":
    unittest.main()
