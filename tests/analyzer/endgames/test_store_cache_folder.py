"""The endgame tables' default folder: the system's cache folder, as platformdirs finds it, under
``muehle/endgames``; ``XDG_CACHE_HOME`` moves it on Linux and the BSDs."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from muehle.analyzer.endgames.settings import EndgameRules
from muehle.analyzer.endgames.store import default_directory, table_path


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CACHE_HOME is the cache folder of Linux and the BSDs")
def test_xdg_cache_home_holds_the_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert default_directory() == tmp_path / "cache" / "muehle" / "endgames"
    assert table_path(None, EndgameRules(), (3, 3)) == (
        tmp_path / "cache" / "muehle" / "endgames" / "v1" / "flying-capture-when-all-in-mills" / "3v3.table")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CACHE_HOME is the cache folder of Linux and the BSDs")
def test_without_xdg_cache_home_the_home_s_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_directory() == tmp_path / ".cache" / "muehle" / "endgames"


def test_the_folder_is_the_system_s_cache_folder_of_muehle() -> None:
    # (no "Cache" folder of platformdirs' own opinion within it on Windows: %LOCALAPPDATA%\muehle\endgames)
    assert default_directory() == platformdirs.user_cache_path("muehle", appauthor=False, opinion=False) / "endgames"
    assert default_directory().parts[-2:] == ("muehle", "endgames")
