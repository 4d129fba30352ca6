// Compile Python files to bytecode with the shipped Pyodide (Python 3.14), in Node, or strip
// their sources for shipping.
// Usage: node tools/pyodide_compile.mjs [--optimize=N] [--pycache] [--strip] DIR [KEEP_SOURCE_DIR ...]
//
// --strip (our packages, tools/build.py): every .py under DIR is rewritten without its
// docstrings, comments and function annotations (parameters' and returns'; nothing reads them
// at runtime; class-body annotations, which dataclasses read, stay), each line where it was
// (tracebacks keep their line numbers; a docstring that was a body's only statement becomes
// `...`), trailing spaces cut; checked by
// compiling it. Stripped with the shipped Python's own `ast` and `tokenize`, so the result
// depends on the pinned Pyodide only (reproducible), and never on the build machine's Python.
//
// Default: every .py under DIR becomes a sourceless module.pyc beside it
// (optimize 2: docstrings and asserts stripped; unchecked hash) and the .py is removed --
// except under the KEEP_SOURCE_DIRs (relative to DIR), which stay as source.
//
// --optimize=N: the optimization level (0 keeps docstrings and asserts: used for Python's
// and PyScript's own modules, so that they behave exactly as their sources).
// --pycache: write __pycache__/module.cpython-314.pyc (unchecked hash) and keep the .py:
// for sources that someone else writes at runtime (PyScript's `pyscript` package).
//
// The bytecode carries line numbers but not column ranges (PYTHONNODEBUGRANGES): a
// traceback then lacks its ^^^ markers, and the zips are ~35 % smaller.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { resolve } from "node:path";

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith("--"));
const [dirArg, ...keepArgs] = args.filter((a) => !a.startsWith("--"));
let optimize = 2;
let pycache = false;
let strip = false;
for (const flag of flags) {
  if (/^--optimize=[0-2]$/.test(flag)) optimize = Number(flag.split("=")[1]);
  else if (flag === "--pycache") pycache = true;
  else if (flag === "--strip") strip = true;
  else throw new Error(`unknown option ${flag}`);
}
const dir = resolve(dirArg);
const options = JSON.stringify({ keep: keepArgs, optimize, pycache, strip });
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/pkg");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/pkg");
py.runPython(`
import ast, importlib.util, io, json, py_compile, tokenize
from pathlib import Path

options = json.loads(${JSON.stringify(options)})
keep = [Path("/pkg", k) for k in options["keep"]]


def docstrings(tree):
    """(node, alone) for every docstring; alone: it is its body's only statement."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                yield first, len(node.body) == 1


def annotations(tree, text):
    """(row0, col0, row1, col1) spans (ast positions) of every function parameter's and return
    annotation, with its ":" or "->": nothing reads them at runtime (the shipped code has no
    annotation introspection; class-body annotations, which dataclasses read, are kept)."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        a = node.args
        params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, [a.vararg, a.kwarg])]
        for arg in params:
            if arg.annotation is not None:
                ann = arg.annotation
                yield arg.lineno, arg.col_offset + len(arg.arg), ann.end_lineno, ann.end_col_offset
        if node.returns is not None:
            ret = node.returns
            yield "->", ret.lineno, ret.col_offset, ret.end_lineno, ret.end_col_offset


def stripped(text):
    """The source without docstrings, comments and function annotations, every line where it
    was."""
    lines = text.splitlines(keepends=True)

    def chars(row, col):  # ast's columns count UTF-8 bytes
        return len(lines[row - 1].encode("utf-8")[:col].decode("utf-8"))

    tree = ast.parse(text)
    spans = []  # (row0, col0, row1, col1, replacement), in characters
    for doc, alone in docstrings(tree):
        row0, row1 = doc.lineno, doc.end_lineno
        spans.append((row0, chars(row0, doc.col_offset), row1, chars(row1, doc.end_col_offset),
                      "..." if alone else ""))
    for span in annotations(tree, text):
        if span[0] == "->":  # back from the annotation to its arrow
            _, row1, col, row2, col2 = span
            row0, col0 = row1, chars(row1, col)
            while True:
                at = lines[row0 - 1].rfind("->", 0, col0)
                if at >= 0:
                    break
                row0 -= 1
                col0 = len(lines[row0 - 1])
            at = len(lines[row0 - 1][:at].rstrip())  # "f(x) -> int:" becomes "f(x):"
            spans.append((row0, at, row2, chars(row2, col2), ""))
        else:
            row0, col0, row1, col1 = span
            spans.append((row0, chars(row0, col0), row1, chars(row1, col1), ""))
    for row0, col0, row1, col1, new in sorted(spans, reverse=True):
        head, tail = lines[row0 - 1][:col0], lines[row1 - 1][col1:]
        for row in range(row0, row1 + 1):
            lines[row - 1] = "\\n"
        lines[row0 - 1] = head + new + tail
    text = "".join(lines)
    lines = text.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col] + lines[row - 1][token.end[1]:]
    return "".join(line.rstrip() + "\\n" for line in lines)


STRING_STARTS = {getattr(tokenize, n) for n in ("FSTRING_START", "TSTRING_START") if hasattr(tokenize, n)}
STRING_ENDS = {getattr(tokenize, n) for n in ("FSTRING_END", "TSTRING_END") if hasattr(tokenize, n)}
SKIP = {tokenize.INDENT, tokenize.DEDENT, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER}


def reindented(text):
    """The same code with one space per block level and no leading white space on a
    continuation line (inside brackets or after a backslash, Python ignores it); a line that
    begins inside a string stays as it is. Every line where it was; the tree is unchanged
    (checked by the caller)."""
    lines = text.splitlines(keepends=True)
    inside = set()  # rows (from 1) that begin inside a string
    depth, nested, opened, first = 0, 0, 0, True
    rows = {}  # row -> the block depth of the logical line it begins, or None: a continuation
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        kind, (row, _), (end, _) = token.type, token.start, token.end
        if kind == tokenize.INDENT:
            depth += 1
        elif kind == tokenize.DEDENT:
            depth -= 1
        if kind in STRING_STARTS:
            if nested == 0:
                opened = row
            nested += 1
        elif kind in STRING_ENDS:
            nested -= 1
            if nested == 0:
                inside.update(range(opened + 1, end + 1))
        elif kind == tokenize.STRING and end > row:
            inside.update(range(row + 1, end + 1))
        if kind == tokenize.NEWLINE:
            first = True
        elif kind not in SKIP and row not in rows:
            rows[row] = depth if first else None
            first = False
    out = []
    for row, line in enumerate(lines, 1):
        if row in rows and row not in inside:
            line = " " * (rows[row] or 0) + line.lstrip(" ")
        out.append(line)
    return "".join(out)


for source in sorted(Path("/pkg").rglob("*.py")):
    if any(k in source.parents for k in keep):
        continue
    if options["strip"]:
        text = source.read_text(encoding="utf-8")
        out = reindented(stripped(text))
        assert out.count("\\n") == text.count("\\n") + (not text.endswith("\\n")), source
        assert ast.dump(ast.parse(out)) == ast.dump(ast.parse(stripped(text))), source
        compile(out, str(source), "exec", dont_inherit=True)
        source.write_text(out, encoding="utf-8")
        continue
    if options["pycache"]:
        target = importlib.util.cache_from_source(str(source))
    else:
        target = str(source.with_suffix(".pyc"))
    py_compile.compile(
        str(source), cfile=target, doraise=True, optimize=options["optimize"],
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    if not options["pycache"]:
        source.unlink()
`);
console.log(`compiled ${dir} with Python ${py.runPython("import sys; sys.version.split()[0]")}`);
