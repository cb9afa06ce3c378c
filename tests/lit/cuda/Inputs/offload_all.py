"""Compiles every program of a directory with --offload=cuda -c: each must
either compile (host and device code) or be refused by orbis-cc with a
diagnostic saying what cannot run on the GPU. An nvcc failure on generated
code, a crash or any other error is a failure of this test.

Usage: offload_all.py ORBIS_CC ORBIS_CXX OUTDIR DIR..."""
import os
import subprocess
import sys

cc, cxx, out = sys.argv[1], sys.argv[2], sys.argv[3]
refusals = ("cannot be compiled for the GPU", "cannot be used on the GPU",
            "is used on the GPU", "runs on the host before the kernel")
bad = 0
for directory in sys.argv[4:]:
    for name in sorted(os.listdir(directory)):
        if not name.endswith((".c", ".cpp")):
            continue
        driver = cxx if name.endswith(".cpp") else cc
        obj = os.path.join(out, name + ".o")
        run = subprocess.run([driver, "--offload=cuda", "-O1", "-c",
                              "-I" + directory, os.path.join(directory, name),
                              "-o", obj],
                             capture_output=True, text=True, timeout=600)
        errors = [l for l in run.stderr.splitlines() if "error:" in l]
        if run.returncode == 0:
            print("compiled:", name)
        elif run.returncode == 1 and errors and all(
                any(r in l for r in refusals) for l in errors):
            print("refused:", name, "-", errors[0].split("error: ")[1][:90])
        else:
            bad += 1
            print("FAILED:", name, "exit", run.returncode)
            print(run.stderr)
sys.exit(1 if bad else 0)
