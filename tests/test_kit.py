"""The set-up promised by the README: two commands, the same ones CI runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAB_COMMAND = "./kit lab"
TEST_COMMAND = "./kit test"


def code_lines(markdown: str) -> list[str]:
    """The command lines of a Markdown text's fenced code blocks, comments dropped."""
    lines: list[str] = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", markdown, flags=re.M | re.S):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if command and not command.startswith("#"):
                lines.append(command)
    return lines


def script_commands(path: Path) -> list[str]:
    """The non-comment, non-blank lines of a shell script."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def test_code_lines_reads_fenced_blocks() -> None:
    text = "# Title\n\n```bash\n./a   # first\n\n# note\n./b\n```\ntext\n```\n./c\n```\n"
    assert code_lines(text) == ["./a", "./b", "./c"]


def test_readme_opens_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    before_code = readme.split("```", 1)[0]
    assert [line for line in before_code.splitlines() if line.strip()] == ["# gamekit"], (
        "nothing but the title may come before the two commands"
    )
    assert code_lines(readme)[:2] == [LAB_COMMAND, TEST_COMMAND]


def test_ci_runs_the_readme_test_command() -> None:
    ci = ROOT / ".ci" / "run"
    assert os.access(ci, os.X_OK), ".ci/run must be executable"
    assert f"{TEST_COMMAND} --thorough" in script_commands(ci), "CI runs the thorough tests too"


def _kit_run_tests(tmp_path: Path, *args: str) -> list[str]:
    """The kit's own ``run_tests`` with a stand-in Python: the environment it sets and the
    arguments it gives pytest."""
    fake = tmp_path / "python"
    fake.write_text('#!/usr/bin/env bash\necho "KIT_THOROUGH=${KIT_THOROUGH:-}"\necho "$@"\n')
    fake.chmod(0o755)
    script = (
        "eval \"$(sed -n '/^run_tests() {/,/^}/p' kit)\"; setup() { :; }; say() { :; }; "
        f'PY={fake}; run_tests "$@"'
    )
    env = {k: v for k, v in os.environ.items() if k != "KIT_THOROUGH"}
    done = subprocess.run(
        ["bash", "-c", script, "kit", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_kit_test_thorough_runs_the_thorough_tests_and_passes_other_arguments_on(
    tmp_path: Path,
) -> None:
    flag, argv = _kit_run_tests(tmp_path, "--thorough", "tests/test_core.py")
    assert flag == "KIT_THOROUGH=1" and argv.endswith("--durations=15 tests/test_core.py")
    flag, argv = _kit_run_tests(tmp_path, "--thorough")
    assert flag == "KIT_THOROUGH=1" and argv.endswith("tests notebooks exercises")
    flag, argv = _kit_run_tests(tmp_path)
    assert flag == "KIT_THOROUGH=" and "--thorough" not in argv


def _setup_plan(*extra: str, thorough: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "KIT_THOROUGH"}
    if thorough is not None:
        env["KIT_THOROUGH"] = thorough
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist"]
    command += ["tests/test_hats_play.py", "-k", "over_500_seeds", "--setup-only", "-rs", *extra]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True).stdout


def test_thorough_tests_are_skipped_by_default_and_run_with_the_flag() -> None:
    default = _setup_plan()
    assert "3 skipped" in default and "./kit test --thorough" in default
    assert "skipped" not in _setup_plan("--thorough")
    assert "skipped" not in _setup_plan(thorough="1")


def test_kit_script_is_executable_and_valid_bash() -> None:
    kit = ROOT / "kit"
    assert os.access(kit, os.X_OK)
    subprocess.run(["bash", "-n", str(kit)], check=True)
    usage = subprocess.run([str(kit), "help"], capture_output=True, text=True, check=True)
    assert "./kit lab" in usage.stdout and "./kit test" in usage.stdout


def kit_extras(name: str) -> set[str]:
    """The extras that kit names in NAME="a,b,c"."""
    kit = (ROOT / "kit").read_text(encoding="utf-8")
    extras = re.search(rf'^{name}="([\w,]+)"', kit, flags=re.M)
    assert extras, f"kit names extras in {name}=..."
    return set(extras.group(1).split(","))


def test_kit_installs_extras_that_exist() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = set(project["optional-dependencies"])
    assert kit_extras("EXTRAS") == declared, "./kit test must install every extra"
    assert kit_extras("LAB_EXTRAS") == {"jupyter"}, "./kit lab installs what the lessons need"


def test_kit_opens_the_start_here_notebook() -> None:
    kit = (ROOT / "kit").read_text(encoding="utf-8")
    notebook = "notebooks/00-start-here.ipynb"
    assert notebook in kit and (ROOT / notebook).exists()


def test_readme_links_point_to_files() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"(!?)\[[^\]]*\]\(([^)#:]+)(?:#[^)]*)?\)", readme)
    targets = [target for image, target in links if not image]
    assert targets, "the README links to the docs"
    missing = [t for t in targets if not (ROOT / t).exists()]
    # Images must exist too, except the screenshots still to come under docs/img/.
    images = [target for image, target in links if image]
    missing += [i for i in images if not (ROOT / i).exists() and not i.startswith("docs/img/")]
    assert not missing, f"README links to missing files: {missing}"


def test_the_docs_link_to_files() -> None:
    for page in [ROOT / "docs" / "development.md", ROOT / "docs" / "performance.md"]:
        text = page.read_text(encoding="utf-8")
        targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text)
        missing = [t for t in targets if not (page.parent / t).exists()]
        assert not missing, f"{page.name} links to missing files: {missing}"


def test_performance_page_keeps_the_speed_table_markers() -> None:
    """benchmarks/speed.py --readme docs/performance.md rewrites the table between them."""
    readme = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    speed = readme.split("## Speed", 1)
    assert len(speed) == 2, "docs/performance.md has a '## Speed' section"
    start = speed[1].find("<!-- speed-table:start -->")
    assert 0 <= start < speed[1].find("<!-- speed-table:end -->")


def fake_checkout(tmp_path: Path) -> Path:
    """A copy of kit beside a stand-in .venv whose python only records its calls."""
    (tmp_path / "kit").write_text((ROOT / "kit").read_text(encoding="utf-8"))
    (tmp_path / "kit").chmod(0o755)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/usr/bin/env bash\necho "$*" >> "$(dirname "$0")/../../calls.log"\n')
    python.chmod(0o755)
    return tmp_path


def pip_runs(checkout: Path, *args: str) -> int:
    """Run './kit setup ARGS' in the fake checkout; how many pip installs so far."""
    subprocess.run([str(checkout / "kit"), "setup", *args], check=True, capture_output=True)
    log = checkout / "calls.log"
    calls = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return sum(1 for call in calls if call.startswith("-m pip install"))


def pip_calls(checkout: Path) -> list[str]:
    """The stand-in python's pip installs, in order."""
    calls = (checkout / "calls.log").read_text(encoding="utf-8").splitlines()
    return [call for call in calls if call.startswith("-m pip install")]


def test_setup_byte_compiles_the_packages_of_a_first_chart(tmp_path: Path) -> None:
    """A kernel that may not write bytecode still reads it: the chart's packages (those
    installed) and the kit are compiled at set-up, nothing else (docs/performance.md)."""
    checkout = fake_checkout(tmp_path)
    site = tmp_path / "site-packages"
    for name in ("altair", "narwhals", "pandas"):
        (site / name).mkdir(parents=True)
    python = checkout / ".venv" / "bin" / "python"
    python.write_text(
        "#!/usr/bin/env bash\n"
        'echo "$*" >> "$(dirname "$0")/../../calls.log"\n'
        f'[ "$1" = -c ] && echo {site}\n'
        "exit 0\n"
    )
    pip_runs(checkout, "lab")
    calls = (checkout / "calls.log").read_text(encoding="utf-8").splitlines()
    (compiled,) = [call for call in calls if call.startswith("-m compileall")]
    assert compiled == f"-m compileall -q -j 0 {site}/altair {site}/narwhals gamekit"


def test_kit_runs_pip_again_only_when_the_project_changed(tmp_path: Path) -> None:
    checkout = fake_checkout(tmp_path)
    assert pip_runs(checkout) == 1
    assert pip_runs(checkout) == 1, "nothing changed: no second pip install"
    stamp = checkout / ".venv" / ".kit-installed"
    later = stamp.stat().st_mtime + 10
    os.utime(checkout / "pyproject.toml", (later, later))
    assert pip_runs(checkout) == 2, "pyproject.toml changed: pip runs again"
    (checkout / "requirements-tested.txt").write_text("pytest==9.2.0\n")
    os.utime(checkout / "requirements-tested.txt", (later + 10, later + 10))
    assert pip_runs(checkout) == 3, "new constraints: pip runs again"
    assert pip_calls(checkout)[-1].endswith("-c requirements-tested.txt")


def test_a_lab_venv_grows_into_a_test_venv(tmp_path: Path) -> None:
    checkout = fake_checkout(tmp_path)
    stamp = checkout / ".venv" / ".kit-installed"
    assert pip_runs(checkout, "lab") == 1
    assert stamp.read_text(encoding="utf-8").split() == ["jupyter"]
    assert pip_runs(checkout, "lab") == 1, "the lessons' extra is there: no pip"
    assert pip_runs(checkout) == 2, "the tests need more extras: pip runs"
    assert "-e .[jupyter,test,scale,bench,grading,hub]" in pip_calls(checkout)[-1]
    assert stamp.read_text(encoding="utf-8").split() == ["jupyter,test,scale,bench,grading,hub"]
    assert pip_runs(checkout, "lab") == 2, "a test .venv already has what the lessons need"
    later = stamp.stat().st_mtime + 10
    os.utime(checkout / "pyproject.toml", (later, later))
    assert pip_runs(checkout, "lab") == 3, "pyproject.toml changed: pip runs again"
    every = "-e .[jupyter,test,scale,bench,grading,hub]"
    assert every in pip_calls(checkout)[-1], "...keeping every extra installed"


def test_an_old_stamp_without_extras_means_install_again(tmp_path: Path) -> None:
    checkout = fake_checkout(tmp_path)
    stamp = checkout / ".venv" / ".kit-installed"
    stamp.touch()  # as ./kit wrote it before it recorded the extras
    later = (checkout / "pyproject.toml").stat().st_mtime + 10
    os.utime(stamp, (later, later))
    assert pip_runs(checkout, "lab") == 1


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_binder_installs_what_the_lessons_need_at_the_tested_versions() -> None:
    """binder/requirements.txt (repo2docker): the jupyter extra, pinned as tested, then '.'."""
    tested = {}
    for line in (ROOT / "requirements-tested.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            tested[normalise(name)] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {
        normalise(re.match(r"[\w.-]+", req).group(0))  # type: ignore[union-attr]
        for req in project["optional-dependencies"]["jupyter"]
    }
    binder = ROOT / "binder" / "requirements.txt"
    lines = script_commands(binder)
    assert lines[-1] == ".", "gamekit itself, from the repository root"
    pins = dict(line.split("==") for line in lines[:-1])
    assert {normalise(name) for name in pins} == wanted
    for name, version in pins.items():
        assert tested.get(normalise(name)) == version, f"{name}: not the tested version"
    assert (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


FREEZE_LEAVES_OUT = {"pip", "setuptools", "wheel", "distribute"}
"""What ``pip freeze`` (so ``./kit freeze``) never writes: the installers' own packages."""


def test_the_tested_versions_pin_every_package_the_test_set_up_installs() -> None:
    """Every package that ``./kit setup test``'s extras bring in, followed through the
    installed packages' own requirements (no network), has its ``==`` pin."""
    from importlib import metadata

    from packaging.requirements import Requirement

    extras = re.search(r'^EXTRAS="([^"]+)"', (ROOT / "kit").read_text("utf-8"), re.M)
    assert extras, "the kit names the extras its test set-up installs"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"]]
    wanted += [
        r for extra in extras.group(1).split(",") for r in project["optional-dependencies"][extra]
    ]
    todo, seen, absent = [Requirement(r) for r in wanted], set(), set()
    while todo:
        req = todo.pop()
        if (normalise(req.name), frozenset(req.extras)) in seen:
            continue
        seen.add((normalise(req.name), frozenset(req.extras)))
        try:
            requires = metadata.distribution(req.name).requires or []
        except metadata.PackageNotFoundError:
            absent.add(normalise(req.name))  # not installed here: nothing to follow
            continue
        for line in requires:
            sub = Requirement(line)
            if sub.marker is None or any(
                sub.marker.evaluate({"extra": e}) for e in {"", *req.extras}
            ):
                todo.append(sub)
    pinned = {
        normalise(line.split("==")[0])
        for line in (ROOT / "requirements-tested.txt").read_text(encoding="utf-8").splitlines()
        if "==" in line and not line.startswith("#")
    }
    needed = {name for name, _ in seen} - absent - FREEZE_LEAVES_OUT
    assert len(needed) > 100, "the test extras are installed here"
    assert sorted(needed - pinned) == [], "not pinned in requirements-tested.txt (./kit freeze)"
