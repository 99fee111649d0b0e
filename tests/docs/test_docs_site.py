"""The documentation site builds strictly, and the README is its front door.

The build is Sphinx's with ``-W``: a warning (a link to a page or heading that does not
exist, a page outside every table of contents, a code block that cannot be read) fails
it. The README must stay short and reach every page of the site in one click.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
README_MOST_LINES = 200
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?\)")


def _pages() -> list[Path]:
    """Every page of the site but its home, which is the README itself."""
    return sorted(
        page
        for page in DOCS.rglob("*.md")
        if page.name != "index.md" and "_build" not in page.parts
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "--keep-going",
            "-q",
            "-b",
            "html",
            "-d",
            str(out / ".doctrees"),
            str(DOCS),
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_the_site_builds_with_warnings_as_errors(site: Path) -> None:
    built = {path.relative_to(site).with_suffix(".md") for path in site.rglob("*.html")}
    missing = [page for page in _pages() if page.relative_to(DOCS) not in built]
    assert not missing, f"pages not built: {missing}"


def test_the_home_page_is_the_readme(site: Path) -> None:
    home = re.sub(r"<[^>]+>", "", (site / "index.html").read_text(encoding="utf-8"))
    assert "pip install -e . &amp;&amp; cheese duel mcts greedy" in home
    assert "The headline duel" in home


def test_the_command_reference_lists_every_command_with_its_options(site: Path) -> None:
    from docs._ext.cli_reference import command_paths, command_tree

    reference = (site / "cli.html").read_text(encoding="utf-8")
    for path in command_paths(command_tree()):
        assert f"Usage: cheese {' '.join(path)}" in reference, path
    # The option lists come from the command line itself, not from a copy.
    assert "--sprt" in reference and "--move-time" in reference


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines"


def test_every_page_is_one_click_from_the_readme() -> None:
    linked = {
        (ROOT / target).resolve()
        for target in LINK.findall(README.read_text(encoding="utf-8"))
        if not target.startswith(("http://", "https://"))
    }
    unreachable = [
        str(page.relative_to(ROOT))
        for page in _pages()
        if page.resolve() not in linked and page.parent.name != "rules"
    ]
    assert not unreachable, f"README.md links to none of {unreachable}"


def test_the_readme_s_python_example_prints_what_it_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    readme = README.read_text(encoding="utf-8")
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    promised = readme.split("```python\n", 1)[1].split("prints `", 1)[1].split("`", 1)[0]
    exec(compile(example, "README.md", "exec"), {})
    assert capsys.readouterr().out.strip() == promised


def test_the_readme_s_screen_is_what_the_game_shows(tmp_path: Path) -> None:
    # `cheese play get-the-cheese --seed 4 --vs greedy`, typing 2, 1, 1, 1, as it says.
    from ..cli.test_play_session import run_session

    readme = README.read_text(encoding="utf-8")
    assert (
        "`cheese play get-the-cheese --seed 4 --vs greedy`, after one turn (typing 2, 1, 1, 1)"
        in readme
    )
    block = readme.split("## One screen of play", 1)[1].split("```text\n", 1)[1]
    screen = block.split("```", 1)[0].strip()
    _, shown, _ = run_session("get-the-cheese", 4, ["2", "1", "1", "1"], tmp_path / "g", seed=4)
    assert screen in "\n".join(line.rstrip() for line in shown.splitlines())


def test_the_readme_s_links_lead_somewhere() -> None:
    broken = [
        target
        for target in LINK.findall(README.read_text(encoding="utf-8"))
        if not target.startswith(("http://", "https://")) and not (ROOT / target).exists()
    ]
    assert not broken, f"README.md links to missing files: {broken}"
