"""The one output writer: OS errors become a located message, nothing existing is replaced
without force, the input never."""

import os

import pytest

from pairchk.output import OutputError, OutputExists, prepare_folder, write_output


def test_a_missing_folder_is_named(tmp_path):
    target = tmp_path / "nowhere" / "r.html"
    with pytest.raises(OutputError) as exc:
        write_output(str(target), "x")
    assert str(exc.value) == f"{target}: cannot write file: No such file or directory"
    assert exc.value.exit_code == 3


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_proc_is_refused_with_exit_3():
    with pytest.raises(OutputError) as exc:
        write_output("/proc/s.csv", "a,b\n")
    assert str(exc.value).startswith("/proc/s.csv: cannot write file: ")
    assert exc.value.exit_code == 3


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_named():
    with pytest.raises(OutputError) as exc:
        write_output("/dev/full", b"x" * 10)
    assert str(exc.value) == "/dev/full: cannot write file: No space left on device"


def test_an_existing_file_is_kept_without_force(tmp_path):
    f = tmp_path / "keep.txt"
    f.write_text("mine")
    with pytest.raises(OutputExists) as exc:
        write_output(str(f), "new")
    assert str(exc.value) == f"{f} already exists; not overwritten (add --force to replace it)"
    assert exc.value.exit_code == 2
    assert f.read_text() == "mine"
    write_output(str(f), "new", force=True)
    assert f.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]  # no temporary left


def test_the_input_is_never_replaced_even_with_force(tmp_path):
    f = tmp_path / "in.trf"
    f.write_text("012 x\n")
    with pytest.raises(OutputExists) as exc:
        write_output(str(f), "new", force=True, inputs=[str(f)])
    assert str(exc.value) == (f"{f} is also the input file; pairchk never writes over its input"
                              " (write to another name)")
    assert f.read_text() == "012 x\n"


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(OutputExists) as exc:
        write_output(str(tmp_path), "x", force=True)
    assert str(exc.value) == f"{tmp_path} is a folder; name a file to write"


def test_a_device_is_written_to(tmp_path):
    write_output(os.devnull, "x")  # exists, but is not replaced: no refusal


def test_prepare_folder(tmp_path):
    f = tmp_path / "file"
    f.write_text("")
    with pytest.raises(OutputExists):
        prepare_folder(str(f))
    prepare_folder(str(tmp_path / "a" / "b"))
    assert (tmp_path / "a" / "b").is_dir()
    with pytest.raises(OutputError) as exc:
        prepare_folder("/proc/newdir")
    assert str(exc.value).startswith("/proc/newdir: cannot create folder: ")
