"""Where a crashed Chromium renderer stopped, read from the minidump crashpad wrote (issue #37).

Chromium on these machines writes a minidump for every renderer crash into crashpad's default
database, ``~/.config/chromium/Crash Reports/pending/*.dmp`` (``--crash-dumps-dir`` is not used
by the headless shell). ``build.py test`` names each new dump's crash site after the browser suite (``testing.crash_report``), so a run
with "Target crashed" says whether it is the known one (stop 48's note: a SIGSEGV at one instruction
while the renderer's main thread runs on a V8-allocated secondary stack).

Only the standard minidump layout is read (Microsoft's MINIDUMP_* structures, which crashpad
writes on Linux too): the exception stream (signal, faulting address, the thread's CPU context) and
the module list (to name the instruction as ``module+offset``). No dependency: a few ``struct``
reads. x86-64 only (``CONTEXT_AMD64``: RIP at byte 0xF8, RSP at 0x98).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

#: crashpad's default database of the Chromium this suite runs (its ``pending`` reports)
PENDING = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"

_EXCEPTION_STREAM, _MODULE_LIST_STREAM = 6, 4
_RIP, _RSP = 0xF8, 0x98


@dataclass(frozen=True)
class CrashSite:
    """One dump's crash. ``site``: ``"chromium+0x9c6674d"`` (module file name + hex offset), or the
    bare hex address when no module holds it; ``signal``: the exception code crashpad stores (on
    Linux the signal number, 11 = SIGSEGV); ``fault``: the address the signal names (hex);
    ``rsp``: the stack pointer at the crash (hex)."""

    file: str
    site: str
    signal: int
    fault: str
    rsp: str


def crash_site(path: Path) -> CrashSite:
    """Read ``path`` (a minidump). Raises ``ValueError`` when it is not one, or has no exception
    stream (a dump requested without a crash), ``OSError`` when it cannot be read."""
    data = path.read_bytes()
    if data[:4] != b"MDMP":
        raise ValueError(f"{path.name}: not a minidump")
    count, directory = struct.unpack_from("<II", data, 8)
    streams = {}
    for i in range(count):
        kind, size, rva = struct.unpack_from("<III", data, directory + 12 * i)
        streams.setdefault(kind, (size, rva))
    if _EXCEPTION_STREAM not in streams:
        raise ValueError(f"{path.name}: no exception stream")
    at = streams[_EXCEPTION_STREAM][1]
    code, _flags, _record, fault = struct.unpack_from("<IIQQ", data, at + 8)
    _context_size, context = struct.unpack_from("<II", data, at + 8 + 152)
    rip, = struct.unpack_from("<Q", data, context + _RIP)
    rsp, = struct.unpack_from("<Q", data, context + _RSP)
    return CrashSite(path.name, _module_offset(data, streams.get(_MODULE_LIST_STREAM), rip),
                     code, hex(fault), hex(rsp))


def _module_offset(data: bytes, stream, address: int) -> str:
    """``name+0xoffset`` of ``address`` in the module list stream, or ``hex(address)``."""
    if stream is not None:
        at = stream[1]
        count, = struct.unpack_from("<I", data, at)
        for i in range(count):
            base, size, _sum, _stamp, name_rva = struct.unpack_from("<QIIII", data, at + 4 + 108 * i)
            if base <= address < base + size:
                length, = struct.unpack_from("<I", data, name_rva)
                name = data[name_rva + 4:name_rva + 4 + length].decode("utf-16-le", "replace")
                return f"{name.rsplit('/', 1)[-1]}+{hex(address - base)}"
    return hex(address)


def new_sites(since: float, folder: Path = PENDING) -> list:
    """The crash sites of the dumps written in ``folder`` at or after ``since`` (a ``time.time()``),
    oldest first; a dump that cannot be read is listed with its reason as ``site``. Never raises."""
    sites = []
    try:
        dumps = sorted((p for p in folder.glob("*.dmp") if p.stat().st_mtime >= since),
                       key=lambda p: p.stat().st_mtime)
    except OSError:
        return []
    for dump in dumps:
        try:
            sites.append(crash_site(dump))
        except (OSError, ValueError, struct.error) as err:
            sites.append(CrashSite(dump.name, f"unreadable ({err})", 0, "", ""))
    return sites
