"""Build the kit's JupyterLite site (Pyodide kernel) from the project's own files.

Run by ``./kit lite [OUT]`` with the Python of ``.venv-lite`` (the pinned
jupyterlite-core and jupyterlite-pyodide-kernel). Steps, every one offline except
for the package registries (npm and pip):

1. the Pyodide core from the npm ``pyodide`` package at the kernel's version;
2. pure-Python wheels of the kit's browser dependencies (pip download), a pure
   markupsafe wheel built from its sdist without the C speedups, and the kit's wheel;
3. a ``pyodide-lock.json`` listing exactly those wheels, so the kernel loads them
   from the site itself, with the fallback to the package index disabled;
4. the contents (lessons in English and French, exercises, rules pages and their
   pictures, the rooms guide, data), at their paths in the project;
5. ``jupyter lite build`` from a clean output folder.

Downloads are cached in ``build/lite-cache/`` (keyed by the pinned versions);
the site itself is rebuilt from nothing every time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "lite-cache"
PYODIDE_VERSION = "314.0.6"  # what jupyterlite-pyodide-kernel 0.8.6 expects
PYTHON_VERSION = "3.14"
MARKUPSAFE = "markupsafe==3.0.4"
#: what the kit needs in the browser (pure wheels; their dependencies come along)
WANTED = [
    "micropip==0.11.1",
    "packaging",
    "ipython",
    "comm",
    "jedi",
    "ipywidgets",
    "anywidget",
    "sympy",
    "mpmath",
    "altair",
    "narwhals",
    "jinja2",
    "jsonschema<4.18",  # 4.18+ needs the compiled rpds-py
    "pyrsistent",
    "typing_extensions",
    "tqdm",
]
#: wheels the browser does not need (a lab extension, a terminal, a notebook-6 extension)
SKIPPED = {"jupyterlab-widgets", "widgetsnbextension", "pexpect", "ptyprocess"}
#: loaded with the kernel, so that ``import gamekit`` and the tables need no install cell
PRELOAD = ["micropip", "comm", "ipython", "jedi", "gamekit", "ipywidgets", "anywidget"]
#: the environment markers of the Pyodide kernel
MARKER_ENV = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "python_version": PYTHON_VERSION,
    "python_full_version": PYTHON_VERSION + ".2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
TEACHERS_ONLY = ("solutions", "answers-to-why.md", "reponses-aux-pourquoi.md")
"""Files and folders of ``exercises/`` that the learners' site leaves out."""
CONTENTS = ("notebooks", "exercises", "docs/rules", "docs/img", "docs/rooms.md", "docs/fr/rooms.md")
"""What the site holds, at the same paths as in the project: the lessons' links to the
rules pages, their pictures and the rooms guide lead to the same files there."""
TEACHERS_COPY = {
    "en": "in the teacher's copy of the kit",
    "fr": "dans l’exemplaire de l’enseignant",
}
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    """Run a command, echoing it, and stop the build when it fails."""
    print("lite:", " ".join(str(c) for c in cmd), file=sys.stderr)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd)


def pyodide_core(dest: Path) -> dict[str, str]:
    """Unpack the npm Pyodide core into ``dest``; return its lock's ``info``."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", cwd=CACHE)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and not name.endswith((".map", ".d.ts", ".html")):
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                (dest / name).write_bytes(tar.extractfile(member).read())  # type: ignore[union-attr]
    info: dict[str, str] = json.loads((dest / "pyodide-lock.json").read_text())["info"]
    return info


def pure_markupsafe(wheels: Path) -> None:
    """Build a py3-none-any markupsafe wheel from its sdist, C speedups off."""
    if list(wheels.glob("markupsafe-*.whl")):
        return
    sdist = CACHE / "sdist"
    run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
        "-d", sdist, MARKUPSAFE)  # fmt: skip
    src = sdist / "src"
    shutil.rmtree(src, ignore_errors=True)
    with tarfile.open(next(sdist.glob("markupsafe-*.tar.gz"))) as tar:
        tar.extractall(src, filter="data")
    tree = next(src.iterdir())
    setup = tree / "setup.py"
    text = re.sub(r"(?m)^ext_modules = \[.*\]$", "ext_modules = []", setup.read_text())
    setup.write_text(text)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, tree)


def download_wheels() -> Path:
    """Fetch (once) the pure wheels for the browser's Python; return their folder."""
    key = hashlib.sha256(json.dumps([WANTED, MARKUPSAFE, PYTHON_VERSION]).encode())
    wheels = CACHE / f"wheels-{key.hexdigest()[:12]}"
    done = wheels / ".complete"
    if done.exists():
        return wheels
    wheels.mkdir(parents=True, exist_ok=True)
    pure_markupsafe(wheels)
    run(sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:",
        "--python-version", PYTHON_VERSION, "--platform", "any", "--implementation", "py",
        "--abi", "none", "--find-links", wheels, "-d", wheels, *WANTED)  # fmt: skip
    done.touch()
    return wheels


def kit_wheel(dest: Path) -> Path:
    """Build the kit's own wheel from this checkout into ``dest``."""
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dest, ROOT)
    return next(dest.glob("gamekit-*.whl"))


def wheel_entry(path: Path) -> dict[str, object]:
    """The ``pyodide-lock.json`` entry for one pure wheel."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(whl.read(meta_name).decode())
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or Marker(str(req.marker)).evaluate(MARKER_ENV):
            depends.append(canonicalize_name(req.name))
    tops = {n.split("/")[0] for n in names if "/" in n or n.endswith(".py")}
    imports = sorted(t.removesuffix(".py") for t in tops if not t.endswith((".dist-info", ".data")))
    return {
        "name": canonicalize_name(meta["Name"]),
        "version": meta["Version"],
        "file_name": path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends) - SKIPPED),
        "unvendored_tests": False,
    }


def write_lock(pyodide: Path, info: dict[str, str]) -> list[str]:
    """Replace the npm lock with one listing only the wheels in ``pyodide``."""
    packages = {}
    for whl in sorted(pyodide.glob("*.whl")):
        entry = wheel_entry(whl)
        packages[str(entry["name"])] = entry
    missing = {d for e in packages.values() for d in e["depends"]} - set(packages)  # type: ignore[attr-defined]
    if missing:
        raise SystemExit(f"lite: the lock lacks dependencies: {sorted(missing)}")
    lock = {"info": info, "packages": packages}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def write_contents(contents: Path) -> None:
    """Copy the lessons, exercises, rules pages and data, and the hosting README. The
    site is the learners' set: the solutions and the answers to "why" stay out."""
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *TEACHERS_ONLY)
    for name in CONTENTS:
        source, target = ROOT / name, contents / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=ignore)
        else:
            shutil.copy(source, target)
    shutil.copy(ROOT / "docs" / "browser.md", contents / "README.md")
    for page in contents.rglob("*.md"):
        shown = page.relative_to(contents)
        project_page = ROOT / ("docs/browser.md" if shown == Path("README.md") else shown)
        french = "fr" in shown.parts
        page.write_text(links_kept_for_the_teacher(page.read_text(), project_page, page, french))


def links_kept_for_the_teacher(text: str, project_page: Path, site_page: Path, french: bool) -> str:
    """``text`` (a page at ``project_page``, copied to ``site_page``) with each link to a
    file of the project that the site leaves out (the solutions, the answers to "why", a
    developer's page) made plain text that says where that file is. A link broken in the
    project too stays as it is.

    >>> page = ROOT / "exercises" / "README.md"
    >>> links_kept_for_the_teacher("[key](solutions/)", page, Path("/nowhere/README.md"), False)
    "key (in the teacher's copy of the kit)"
    """
    where = TEACHERS_COPY["fr" if french else "en"]

    def plain(link: re.Match[str]) -> str:
        label, target = link.groups()
        path = target.split("#")[0]
        if re.match(r"[a-z]+:", target) or not path:
            return link.group(0)
        in_project = (project_page.parent / path).exists()
        in_site = (site_page.parent / path).exists()
        return f"{label} ({where})" if in_project and not in_site else link.group(0)

    return _LINK.sub(plain, text)


def lite_config(lite_dir: Path) -> None:
    """Write jupyter-lite.json: local Pyodide, preloads, no package-index fallback."""
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "gamekit",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    # every cell stays rendered (tables and outputs too), not only those on screen
    overrides = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=1))


def build(out: Path) -> None:
    """Build the whole site into ``out`` from a clean staging folder."""
    CACHE.mkdir(parents=True, exist_ok=True)
    stage = ROOT / "build" / "lite-stage"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    pyodide = stage / "static" / "pyodide"  # the Pyodide addon's well-known folder
    pyodide.mkdir(parents=True)
    info = pyodide_core(pyodide)
    for whl in download_wheels().glob("*.whl"):
        if canonicalize_name(whl.name.split("-")[0]) not in SKIPPED:
            shutil.copy(whl, pyodide)
    kit_wheel(pyodide)
    names = write_lock(pyodide, info)
    print("lite: lock lists", ", ".join(names), file=sys.stderr)
    write_contents(stage / "contents")
    lite_config(stage)
    jupyter = Path(sys.executable).with_name("jupyter")
    run(jupyter, "lite", "build", "--lite-dir", stage, "--contents", stage / "contents",
        "--output-dir", out.resolve(), cwd=stage)  # fmt: skip
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"lite: built {out} ({size / 1e6:.0f} MB)", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    """Parse ``[OUT]`` and build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "lite"))
    build(Path(parser.parse_args(argv).out))


if __name__ == "__main__":
    main()
