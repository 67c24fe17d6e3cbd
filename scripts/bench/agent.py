"""Starting and stopping processes that own a bus name, timed from exec to the name owned."""
import os
import subprocess
import time

from . import bus as busmod


class NameWatch:
    """Notes when NAME gets an owner (NameOwnerChanged), on the default main context."""

    def __init__(self, bus, name):
        self.bus, self.owned_at = bus, None
        self.subscription = busmod.subscribe(bus, "org.freedesktop.DBus", "org.freedesktop.DBus",
                                             "NameOwnerChanged", "/org/freedesktop/DBus", name, self._changed)

    def _changed(self, _bus, _sender, _path, _iface, _signal, args):
        if args.unpack()[2] and self.owned_at is None:
            self.owned_at = time.perf_counter()

    def close(self):
        self.bus.signal_unsubscribe(self.subscription)


def start(bus, argv, name, env=None, log=None, timeout_s=15):
    """Runs ARGV and waits until it owns NAME; returns (process, seconds from exec to owned)."""
    watch = NameWatch(bus, name)
    try:
        started = time.perf_counter()
        process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                   stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT)
        if not busmod.run_until(lambda: watch.owned_at is not None or process.poll() is not None, timeout_s):
            process.kill()
            raise RuntimeError(f"{argv[0]} did not own {name} within {timeout_s} s")
        if watch.owned_at is None:
            raise RuntimeError(f"{argv[0]} exited with {process.returncode} before owning {name}")
        return process, watch.owned_at - started
    finally:
        watch.close()


def stop(process):
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Agent:
    """The release agent, with its data directory chosen per run."""

    def __init__(self, bus, reveilled, session_dir):
        self.bus, self.reveilled, self.session_dir = bus, reveilled, session_dir
        self.process = None

    def environment(self, data_home):
        env = dict(os.environ)
        env["XDG_DATA_HOME"] = data_home
        return env

    def start(self, data_home):
        os.makedirs(data_home, exist_ok=True)
        with open(os.path.join(self.session_dir, "agent.log"), "ab") as log:
            self.process, seconds = start(self.bus, [self.reveilled], busmod.SERVICE,
                                          self.environment(data_home), log)
        # lib.sh's stop_session kills the agent it finds here, should the bench fail.
        with open(os.path.join(self.session_dir, "agent.pid"), "w") as f:
            f.write(str(self.process.pid))
        return seconds

    @property
    def pid(self):
        return self.process.pid

    def stop(self):
        stop(self.process)
        busmod.run_until(lambda: not busmod.has_owner(self.bus, busmod.SERVICE), 10)
