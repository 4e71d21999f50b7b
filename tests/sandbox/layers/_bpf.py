"""A small classic-BPF interpreter for seccomp programs (test helper).

It runs a program on a ``struct seccomp_data`` (syscall number, architecture, instruction
pointer, six arguments) and returns the 32-bit action the kernel would take. Only the
instructions libseccomp emits are known; any other opcode fails loudly.
"""

from __future__ import annotations

import struct

__all__ = ["decide", "seccomp_data"]

_INSTRUCTION = struct.Struct("=HBBI")
_DATA = struct.Struct("=iIQ6Q")
_MASK = 0xFFFFFFFF


def seccomp_data(nr: int, arch: int, args: tuple[int, ...]) -> bytes:
    """The bytes the kernel hands the filter for syscall ``nr`` with ``args``."""
    padded = (*(a & 0xFFFFFFFFFFFFFFFF for a in args), 0, 0, 0, 0, 0, 0)[:6]
    return _DATA.pack(nr, arch, 0, *padded)


def decide(program: bytes, data: bytes) -> int:
    """The action (``SECCOMP_RET_*`` value) ``program`` returns for ``data``."""
    code = [_INSTRUCTION.unpack_from(program, i) for i in range(0, len(program), 8)]
    acc, pc = 0, 0
    while True:
        op, jt, jf, k = code[pc]
        pc += 1
        if op == 0x20:  # ld [k]
            acc = struct.unpack_from("=I", data, k)[0]
        elif op == 0x54:  # and #k
            acc &= k
        elif op == 0x05:  # ja
            pc += k
        elif op in (0x15, 0x25, 0x35, 0x45):  # jeq, jgt, jge, jset #k
            taken = {
                0x15: acc == k,
                0x25: acc > k,
                0x35: acc >= k,
                0x45: bool(acc & k),
            }[op]
            pc += jt if taken else jf
        elif op == 0x06:  # ret #k
            return int(k) & _MASK
        elif op == 0x16:  # ret a
            return acc & _MASK
        else:
            raise AssertionError(f"opcode {op:#x} is not known to this interpreter")
