"""The functions of reveilled a profile saw, one mangled name per line, for lld's
--symbol-ordering-file.

    python3 symbols.py callgrind CALLGRIND_OUT BINARY   functions callgrind entered
    python3 symbols.py faults PERF_DATA BINARY          functions whose first run faulted a text page in
"""
import bisect
import re
import subprocess
import sys


def text_symbols(binary):
    """(address, size, name) of every function in the binary, by address."""
    out = subprocess.run(["nm", "-n", "-S", "--defined-only", binary], capture_output=True, text=True, check=True)
    symbols = []
    for line in out.stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tT":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return symbols


def entered(callgrind_out, binary):
    names = set()
    for line in open(callgrind_out, errors="replace"):
        match = re.match(r"c?fn=(?:\(\d+\) )?(.+)$", line.rstrip("\n"))
        if match:
            names.add(match.group(1))
    return sorted(names & {name for _, _, name in text_symbols(binary)})


def faulted(perf_data, binary):
    out = subprocess.run(["perf", "script", "-i", perf_data, "--show-mmap-events", "-F", "ip,addr,dso"],
                         capture_output=True, text=True, check=True).stdout
    # The load address: the first mapping of the binary, at file offset 0.
    base = None
    for line in out.splitlines():
        match = re.search(r"\[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ (0x[0-9a-f]+|0) .*/reveilled$", line)
        if match and "MMAP" in line:
            base = int(match.group(1), 16) - int(match.group(3), 16)
            break
    if base is None:
        sys.exit("symbols.py: the profile has no mapping of reveilled")
    symbols = text_symbols(binary)
    starts = [address for address, _, _ in symbols]
    names = []
    for line in out.splitlines():
        fields = line.split()
        if "MMAP" in line or "reveilled)" not in line or not fields:
            continue
        address = int(fields[0], 16) - base
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < symbols[i][0] + max(symbols[i][1], 1):
            names.append(symbols[i][2])
    return sorted(set(names))


if __name__ == "__main__":
    mode, data, binary = sys.argv[1:4]
    print("\n".join({"callgrind": entered, "faults": faulted}[mode](data, binary)))
