"""Prepare an offline JupyterLite site: Pyodide and every pure-Python wheel served by the site.

Used by ``make lite-offline`` (run with build/lite-venv's Python). Two inputs come from the
package registries, nothing from a CDN:

- the ``pyodide`` npm package (the exact version jupyterlite-pyodide-kernel expects) holds the
  runtime: ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip`` and
  Pyodide's own ``pyodide-lock.json`` (which names ~350 packages, all on Pyodide's CDN);
- PyPI holds micropip and the pure-Python wheels the kernel and the lessons need (IPython, jedi,
  comm, ipywidgets, networkx, ...): their closure is resolved here from each wheel's own
  ``Requires-Dist`` under Pyodide's environment markers (``sys_platform == "emscripten"``,
  Python 3.14).

It writes into ``--lite-dir`` (the folder ``jupyter lite build`` runs in):

- ``static/pyodide/``: the runtime, micropip's wheel and a ``pyodide-lock.json`` that lists only
  micropip's closure, every file of it in that folder (the kernel loads micropip with
  ``loadPackage`` before anything else; jupyterlite-pyodide-kernel's Pyodide addon copies this
  folder into the site and points ``pyodideUrl`` at it);
- ``jupyter-lite.json``: ``disablePyPIFallback`` (piplite never asks pypi.org);

and every other wheel into ``--wheels`` (given to ``jupyter lite build --piplite-wheels``, so
piplite finds them in the site's own ``pypi/all.json``). Compiled packages (numpy, Pillow, hence
ipycanvas's drawing and PNG pictures) have no Pyodide build on any registry reachable here:
the offline site leaves them out, and the notebooks that need them need Pyodide's CDN.

Downloads are cached under ``--cache`` and reused. Errors are one line (``offline: ...``).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

#: The Pyodide the kernel (jupyterlite-pyodide-kernel 0.8.x) loads; checked against its constants.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: What the kernel installs at start-up (besides its own wheels) and what the lessons import
#: without a canvas. skye-widgets itself comes from the site (our wheel, installed without deps).
ROOTS = ("micropip", "ipython", "jedi", "comm", "ipywidgets", "networkx", "tqdm")
#: Served by the kernel's own pypi/ folder (stubs); a PyPI copy would shadow them.
KERNEL_PROVIDED = {"ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension"}
#: Wheels with a compiled part: no Pyodide build reachable here (see the module docstring).
NOT_OFFLINE = {"numpy", "pillow", "ipycanvas", "skye-widgets"}
MAX_PACKAGES = 200  # a bound on the closure: a runaway resolution stops with a message


class OfflineError(Exception):
    pass


def _marker_env(python: str) -> dict[str, str]:
    env = default_environment()
    major_minor = ".".join(python.split(".")[:2])
    env.update(python_version=major_minor, python_full_version=python, sys_platform="emscripten",
               platform_system="Emscripten", os_name="posix", platform_machine="wasm32",
               implementation_name="cpython", platform_python_implementation="CPython",
               platform_release="", platform_version="")
    return env


def _metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        name = next((n for n in z.namelist() if n.endswith(".dist-info/METADATA")), None)
        if name is None:
            raise OfflineError(f"{wheel.name} has no METADATA")
        return email.parser.Parser().parsestr(z.read(name).decode("utf-8"))


def _requirements(wheel: Path, env: dict[str, str]) -> list[str]:
    out = []
    for line in _metadata(wheel).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env | {"extra": ""}):
            out.append(canonicalize_name(req.name))
    return out


def _pip_download(specs: list[str], dest: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", "download", "-q", "--no-deps",
           "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
           "--python-version", "3.14", "-d", str(dest), *specs]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise OfflineError(f"pip could not download a pure-Python wheel of {' '.join(specs)}: {last}")


def _wheels_by_name(folder: Path) -> dict[str, Path]:
    found = {}
    for w in folder.glob("*.whl"):
        name, _, _, tags = parse_wheel_filename(w.name)
        if any(t.platform == "any" for t in tags):
            found[canonicalize_name(name)] = w
    return found


def resolve(lock: dict, cache: Path) -> dict[str, Path]:
    """Download (once) the pure-Python closure of ROOTS; pin versions to Pyodide's lock."""
    cache.mkdir(parents=True, exist_ok=True)
    env = _marker_env(lock["info"]["python"])
    pinned = {canonicalize_name(n): p["version"] for n, p in lock["packages"].items()}
    todo, done = list(ROOTS), {}
    while todo:
        have = _wheels_by_name(cache)
        missing = [n for n in todo if n not in have]
        if missing:
            _pip_download([f"{n}=={pinned[n]}" if n in pinned else n for n in missing], cache)
            have = _wheels_by_name(cache)
        nxt = []
        for name in todo:
            if name not in have:
                raise OfflineError(f"no pure-Python wheel of {name} was downloaded")
            done[name] = have[name]
            for dep in _requirements(have[name], env):
                if dep in NOT_OFFLINE:
                    raise OfflineError(f"{name} needs {dep}, which has no offline Pyodide build here")
                if dep not in done and dep not in KERNEL_PROVIDED and dep not in nxt and dep not in todo:
                    nxt.append(dep)
        todo = [n for n in nxt if n not in done]
        if len(done) + len(todo) > MAX_PACKAGES:
            raise OfflineError(f"more than {MAX_PACKAGES} packages in the closure of {', '.join(ROOTS)}")
    return done


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_site(pyodide_dir: Path, wheels: dict[str, Path], lite_dir: Path, wheels_out: Path,
               expected_version: str) -> dict:
    """Fill lite_dir/static/pyodide, lite_dir/jupyter-lite.json and wheels_out; return the lock."""
    version = json.loads((pyodide_dir / "package.json").read_text())["version"]
    if version != expected_version:
        raise OfflineError(f"{pyodide_dir} holds Pyodide {version}, the kernel expects {expected_version}")
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    env = _marker_env(lock["info"]["python"])
    static = lite_dir / "static" / "pyodide"
    if static.exists():
        shutil.rmtree(static)
    static.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(pyodide_dir / name, static / name)
    # The lock: micropip and what it needs, each served from static/pyodide/.
    in_lock, todo = {}, ["micropip"]
    while todo:
        name = todo.pop()
        if name in in_lock:
            continue
        whl = wheels[name]
        shutil.copy2(whl, static / whl.name)
        deps = _requirements(whl, env)
        base = lock["packages"].get(name, {})
        _, version_, _, _ = parse_wheel_filename(whl.name)
        in_lock[name] = {**base, "name": base.get("name", name), "version": str(version_),
                         "file_name": whl.name, "sha256": _sha256(whl), "depends": deps,
                         "imports": base.get("imports", [name.replace("-", "_")]),
                         "install_dir": "site", "package_type": "package", "unvendored_tests": False}
        todo.extend(deps)
    new_lock = {"info": lock["info"], "packages": in_lock}
    (static / "pyodide-lock.json").write_text(json.dumps(new_lock, indent=1, sort_keys=True) + "\n")
    wheels_out.mkdir(parents=True, exist_ok=True)
    for name, whl in sorted(wheels.items()):
        if name not in in_lock:
            shutil.copy2(whl, wheels_out / whl.name)
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": {
        "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
    return new_lock


def check_site(site: Path) -> list[str]:
    """Faults of a built offline site (an empty list when it is sound)."""
    faults = []
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get("@jupyterlite/pyodide-kernel-extension:kernel", {})
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        faults.append(f"pyodideUrl is {kernel.get('pyodideUrl')!r}, not the site's static/pyodide/")
    if kernel.get("disablePyPIFallback") is not True:
        faults.append("disablePyPIFallback is not set")
    static = site / "static" / "pyodide"
    for name in PYODIDE_RUNTIME:
        if not (static / name).is_file():
            faults.append(f"static/pyodide/{name} is missing")
    lock = json.loads((static / "pyodide-lock.json").read_text())
    for name, pkg in lock["packages"].items():
        f = static / pkg["file_name"]
        if not f.is_file():
            faults.append(f"the lock names {pkg['file_name']} ({name}), which the site does not serve")
        elif _sha256(f) != pkg["sha256"]:
            faults.append(f"{pkg['file_name']} does not match the lock's sha256")
        faults += [f"{name} depends on {d}, which the lock does not list"
                   for d in pkg["depends"] if d not in lock["packages"]]
    return faults


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    prep = sub.add_parser("prepare", help="fill a lite dir and a wheels folder")
    prep.add_argument("--pyodide", type=Path, required=True, help="the pyodide npm package folder")
    prep.add_argument("--cache", type=Path, required=True, help="where PyPI wheels are kept")
    prep.add_argument("--lite-dir", type=Path, required=True)
    prep.add_argument("--wheels", type=Path, required=True)
    prep.add_argument("--expect", required=True, help="the Pyodide version the kernel loads")
    chk = sub.add_parser("check", help="check a built site")
    chk.add_argument("site", type=Path)
    args = ap.parse_args(argv)
    try:
        if args.cmd == "prepare":
            lock = json.loads((args.pyodide / "pyodide-lock.json").read_text())
            wheels = resolve(lock, args.cache)
            new = write_site(args.pyodide, wheels, args.lite_dir, args.wheels, args.expect)
            print(f"offline: Pyodide {args.expect} and {len(wheels)} pure-Python wheels "
                  f"({len(new['packages'])} in the lock)")
        else:
            faults = check_site(args.site)
            for f in faults:
                print(f"offline: {args.site}: {f}", file=sys.stderr)
            return 1 if faults else 0
    except (OfflineError, OSError, KeyError, ValueError) as e:
        print(f"offline: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
