"""The extension lgvci._lgvci against its stub _lgvci.pyi (docs/architecture.md "The bindings: one declaration").

The extension's registrations and its stub are both generated from one declaration (cpp/api/python.hpp),
and the ctest test bindings_generated fails while a committed one differs. This test checks the built
extension: it has exactly the stub's classes, functions, attributes, members and argument names, and the
Python types the declaration gives are the ones pybind11 derives from the C++ signatures (its docstrings'
first lines). The package's own stub, __init__.pyi, is checked by test_lgvci.py's Stubs.
Run: python3 -m unittest discover tests/python (after scripts/python.sh, or with PYTHONPATH=build/native/python).
"""
import ast
import os
import unittest

from lgvci import _lgvci

STUB = os.path.join(os.path.dirname(_lgvci.__file__), "_lgvci.pyi")

# The stub's annotation → how pybind11 writes the type in a docstring, for the types the declaration
# spells itself (the others — int, float, str, bool, List[str], … — are written the same way).
PYBIND = {
    "npt.NDArray[np.float64]": "numpy.ndarray[numpy.float64]",
    "npt.ArrayLike": "numpy.ndarray[numpy.float64]",
    "npt.NDArray[np.void]": "numpy.ndarray",  # a structured array: pybind11 names no dtype
    "List[Dict[str, Any]]": "list",
    "Dict[str, int]": "dict",
    "None": "None",
}


def split_top(text):
    """Split `a: X, b: Dict[str, int] = 1` at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def pybind_signature(obj):
    """[(name, type)] of the arguments and the return type from a pybind11 docstring's first line."""
    first = obj.__doc__.splitlines()[0]
    inside, ret = first[first.index("(") + 1:first.rindex(")")], first[first.rindex("->") + 2:].strip()
    args = []
    for p in split_top(inside):
        name, _, rest = p.partition(":")
        args.append((name.strip(), rest.split("=")[0].strip()))
    return args, ret


def expected(annotation, classes):
    if annotation in classes:
        return f"lgvci._lgvci.{annotation}"
    if annotation.startswith("Tuple["):  # pybind11's py::tuple names no element types
        return "tuple"
    return PYBIND.get(annotation, annotation)


def same_type(stub, pybind, classes):
    return expected(stub, classes).lower() == pybind.lower()


class ExtensionStub(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(STUB, encoding="utf-8") as f:
            cls.tree = ast.parse(f.read())
        cls.classes = {n.name: n for n in cls.tree.body if isinstance(n, ast.ClassDef)}
        cls.functions = {n.name: n for n in cls.tree.body if isinstance(n, ast.FunctionDef)}
        cls.attributes = {n.target.id for n in cls.tree.body if isinstance(n, ast.AnnAssign)}

    def check_function(self, node, obj, method):
        """The stub's arguments are pybind11's, by name and type, and so is the return type."""
        args, ret = pybind_signature(obj)
        if method:  # the object: pybind11 names it self, or arg0 in a property's getter
            self.assertIn(args[0][0], ("self", "arg0"))
            args = args[1:]
        a = node.args
        params = a.args[1:] if method else a.args
        self.assertEqual([p.arg for p in params], [n for n, _ in args])
        for p, (_, t) in zip(params, args):
            self.assertTrue(same_type(ast.unparse(p.annotation), t, self.classes), f"{p.arg}: stub {ast.unparse(p.annotation)}, pybind {t}")
        self.assertTrue(same_type(ast.unparse(node.returns), ret, self.classes), f"returns: stub {ast.unparse(node.returns)}, pybind {ret}")

    def test_the_stub_names_what_the_extension_has(self):
        public = {n for n in dir(_lgvci) if not n.startswith("_")} | {"__version__"}
        self.assertEqual(public, set(self.classes) | set(self.functions) | self.attributes)
        self.assertIsInstance(_lgvci.__version__, str)
        self.assertIsInstance(_lgvci.MAX_STEPS, int)

    def test_functions(self):
        for name, node in self.functions.items():
            with self.subTest(name):
                self.check_function(node, getattr(_lgvci, name), method=False)

    def test_classes(self):
        for cname, cnode in self.classes.items():
            cls = getattr(_lgvci, cname)
            members = {n.name: n for n in cnode.body if isinstance(n, ast.FunctionDef)}
            public = {n for n in dir(cls) if not n.startswith("_")} | {"__init__"}
            self.assertEqual(set(members), public, cname)
            for name, node in members.items():
                with self.subTest(f"{cname}.{name}"):
                    attr = getattr(cls, name)
                    if isinstance(attr, property):
                        self.assertTrue(any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list))
                        self.check_function(node, attr.fget, method=True)
                    else:
                        self.assertFalse(node.decorator_list)
                        self.check_function(node, attr, method=True)

    def test_the_type_check_can_fail(self):
        """A stub that said str where pybind11 says int, or named another class, would be caught."""
        self.assertFalse(same_type("str", "int", self.classes))
        self.assertFalse(same_type("Simulation", "lgvci._lgvci.System", self.classes))
        self.assertTrue(same_type("List[str]", "List[str]", self.classes))


if __name__ == "__main__":
    unittest.main()
