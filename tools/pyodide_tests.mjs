// Runs pytest on the engine's and the UI's tests under the shipped Pyodide (Python 3.14) in
// Node, with a given standard library: the build's trimmed python_stdlib.zip is checked by
// running the tests against it (tests/test_build.py: a few seeded games in `make test`, the
// whole suite in `make test-deep`). SI_TEST_SCALE (tests/scale.py) is passed on.
// Usage: node tools/pyodide_tests.mjs --stdlib=ZIP --full-stdlib=ZIP --app=MOD,MOD,...
//        [--archives=ZIP,ZIP --not-shipped=MOD,MOD] [pytest args ...]
//
// --archives: the engine and the UI as the build ships them (site/'s *.pack.gz, as stored zips:
// tests/test_build.py `shipped_zips`):
// unpacked into one folder and imported from there, as in the browser, instead of the
// repository's sources; every --app module must come from them. Modules the build leaves out
// (--not-shipped: the command line, the tournament runner) are found in the repository for
// the tests that use them, and no other module of ours may be.
//
// --app: the modules the browser may run (tools/build.py `browser_modules`, but those that
// need the browser). They are imported first, before pytest, with only the trimmed library,
// so no test tool can have imported a module before the app does.
// pytest and its plugins come from the project's .venv (pure Python). They may need modules
// the trimmed library lacks: those are found in --full-stdlib, but only for imports made
// while no code of the --app modules is on the call stack. An import the app makes (directly
// or through the standard library) that the trimmed library lacks fails as it would in the
// browser, and is listed at the end. Exit status: pytest's, or 3 for such imports. (A module
// a test tool imported first and the app then imports inside a function goes unchecked.)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readdirSync, readFileSync } from "node:fs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  if (!found) throw new Error(`--${name}=... is required`);
  return resolve(found.split("=").slice(1).join("="));
};
const stdlib = option("stdlib");
const full = option("full-stdlib");
const app = args.find((a) => a.startsWith("--app=")).slice(6).split(",");
const list = (name) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3).split(",").filter(Boolean) : [];
};
const archives = list("archives").map((a) => resolve(a));
const notShipped = list("not-shipped");
const ours = ["--stdlib=", "--full-stdlib=", "--app=", "--archives=", "--not-shipped="];
const pytestArgs = args.filter((a) => !ours.some((o) => a.startsWith(o)));
const venvLib = resolve(root, ".venv", "lib");
const sitePackages = resolve(venvLib, readdirSync(venvLib).find((d) => d.startsWith("python")), "site-packages");

const py = await loadPyodide({
  stdLibURL: stdlib,
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
  // the tests' scale (tests/scale.py) as the caller's
  env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1", SI_TEST_SCALE: process.env.SI_TEST_SCALE ?? "" },
});
for (const [dir, at] of [[root, "/repo"], [sitePackages, "/venv"], [dirname(full), "/full"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
// All into one folder, as the page and the bot worker unpack every archive into Python's
// working directory (Master's archive adds modules to the engine's package).
const shipped = archives.length ? ["/shipped/app"] : [];
archives.forEach((path, i) => {
  py.FS.mkdirTree("/shipped");
  py.FS.writeFile(`/shipped/${i}.zip`, readFileSync(path));
});
// (unpacked by Python's zipfile here; the page's own unpacking is the browser tests' part)
py.runPython(`
import zipfile
for i in range(${archives.length}):
    zipfile.ZipFile(f"/shipped/{i}.zip").extractall("/shipped/app")
`);
py.globals.set("shipped", py.toPy(shipped));
py.globals.set("not_shipped", py.toPy(notShipped));
py.globals.set("full_zip", `/full/${full.split("/").pop()}`);
py.globals.set("pytest_args", py.toPy(pytestArgs));
py.globals.set("app_modules", py.toPy(app));
let status;
try {
  status = py.runPython(`
import os, sys, zipimport

app_files = set()  # the files of the --app modules, once imported
refused = []


def is_app(filename):
    if app_files:
        return filename in app_files
    return filename.startswith(("/repo/engine/", "/repo/web/", "/shipped/"))  # while importing them


def app_on_stack():
    frame = sys._getframe(2)
    while frame is not None:
        if is_app(frame.f_code.co_filename):
            return True
        frame = frame.f_back
    return False


class TestToolsOnly:
    """The full standard library, for the test tools only (never for the app's imports)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        parent, _, _ = name.rpartition(".")
        where = full_zip + ("/" + parent.replace(".", "/") + "/" if parent else "")
        try:
            spec = zipimport.zipimporter(where).find_spec(name)
        except zipimport.ZipImportError:
            return None
        if spec is not None and app_on_stack():
            refused.append(name)
            return None
        return spec


sys.meta_path.append(TestToolsOnly)
sys.dont_write_bytecode = True
sys.path[:0] = [*(shipped or ["/repo/engine", "/repo/web"]), "/repo", "/repo/tests"]
os.chdir("/repo")
# The app's modules first, before any test tool imports anything (the browser's order).
app_files.update([__import__(name, fromlist=["_"]).__file__ for name in app_modules])
wrong = []
if shipped:
    wrong = sorted(f for f in app_files if not f.startswith(tuple(a + "/" for a in shipped)))
    # What the build leaves out, for the tests that use it: after the shipped modules.
    for name in ("game_kit", "small_islands", "small_islands.bots", "ember_isle", "ember_isle.bots"):
        module = __import__(name, fromlist=["_"])
        module.__path__.append("/repo/engine/" + name.replace(".", "/"))
sys.path.append("/venv")
import pytest

status = int(pytest.main(pytest_args))
if refused:
    print("the app imported modules the trimmed library lacks:", sorted(set(refused)))
    status = status or 3
if shipped:
    ours = [(n, getattr(m, "__file__", None) or "") for n, m in list(sys.modules.items())
            if n.split(".")[0] in ("game_kit", "game_shell", "game_plugins", "small_islands", "si_web", "ember_isle", "ei_web")]
    wrong += sorted(n for n, f in ours if not f.startswith(tuple(a + "/" for a in shipped))
                    and n not in not_shipped)
    print("modules from the shipped archives:", sum(f.startswith("/shipped/") for _, f in ours))
if wrong:
    print("not from the shipped archives:", wrong)
    status = status or 4
status
`);
} catch (error) {
  console.error(String(error)); // (not the error object: Node would print Pyodide's whole source)
  status = 1;
}
process.exit(status);
