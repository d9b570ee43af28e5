"""The optional mypyc build (bench/compiled.py, ``make compiled``): its module list names real
modules, and a build is only used while the sources are unchanged."""

from __future__ import annotations

from bench import compiled


def test_every_compiled_module_exists():
    for module in compiled.MODULES:
        assert (compiled.ROOT / "src" / module).is_file(), module


def test_a_build_of_other_sources_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "DEST", tmp_path)
    monkeypatch.setattr(compiled, "STAMP", tmp_path / "SOURCES")
    assert compiled.fresh_build() is None
    (tmp_path / "SOURCES").write_text("not the digest of these sources\n")
    assert compiled.fresh_build() is None
    (tmp_path / "SOURCES").write_text(compiled.sources_digest() + "\n")
    assert compiled.fresh_build() == tmp_path / "src"
