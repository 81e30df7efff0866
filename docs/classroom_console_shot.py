"""Take docs/classroom-console.png: a hosted Hedgemony table (US, NATO, RU people), US and NATO
joined in browser tabs (with --ru-terminal: US in a tab, RU by `hedgemony join` in tmux, NATO not at all), the console joined in a third tab with Ctrl+K open; screenshot it.

Run from the repository's top folder (docs/classroom-console.png was taken with exactly this,
then viewed and copied over the old one):
  .venv/bin/python docs/classroom_console_shot.py /tmp/console.png 1200 640 16 --ru-terminal
Everything it writes (store, saves, profile) is under /tmp/class; it stops all it starts."""

import asyncio
import base64
import json
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

RUN = Path("/tmp/class")  # the panel prints the store path: a short one reads better
OUT = Path(sys.argv[1])
W, H, FONT = (int(a) for a in (sys.argv[2:5] or (1400, 900, 16)))
JOIN_RU = "--ru-terminal" in sys.argv
CODE_LINE = re.compile(r"^\s+(?P<name>.+): (?P<code>\S+)$")
HOOK = """(() => {
  window.__terms = [];
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, "terminal", { value, writable: true, configurable: true, enumerable: true });
      if (value && value.buffer) window.__terms.push(value);
    },
  });
})();"""
SCREEN_TEXT = """(() => {
  const t = (window.__terms || [])[0];
  if (!t) return null;
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) { const l = b.getLine(b.viewportY + i); rows.push(l ? l.translateToString(true) : ""); }
  return rows.join("\\n");
})()"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"nothing listened on {port}")


class Tools:
    def __init__(self, ws):
        self.ws, self.n, self.waiting = ws, 0, {}
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self):
        async for m in self.ws:
            d = json.loads(m.data)
            f = self.waiting.pop(d.get("id"), None)
            if f and not f.done():
                f.set_result(d)

    async def call(self, method, session=None, **params):
        self.n += 1
        f = asyncio.get_running_loop().create_future()
        self.waiting[self.n] = f
        msg = {"id": self.n, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        await self.ws.send_str(json.dumps(msg))
        a = await asyncio.wait_for(f, 60)
        assert "error" not in a, a
        return a.get("result", {})

    async def page(self, url):
        target = (await self.call("Target.createTarget", url="about:blank"))["targetId"]
        s = (await self.call("Target.attachToTarget", targetId=target, flatten=True))["sessionId"]
        await self.call("Page.enable", s)
        await self.call("Emulation.setDeviceMetricsOverride", s, width=W, height=H, deviceScaleFactor=1, mobile=False)
        await self.call("Page.addScriptToEvaluateOnNewDocument", s, source=HOOK)
        await self.call("Page.navigate", s, url=url)
        return s, target

    async def text(self, s):
        r = await self.call("Runtime.evaluate", s, expression=SCREEN_TEXT, returnByValue=True)
        return str(r.get("result", {}).get("value") or "")

    async def wait_text(self, s, until, seconds=90):
        deadline = time.monotonic() + seconds
        t = ""
        while time.monotonic() < deadline:
            t = await self.text(s)
            if until(t):
                return t
            await asyncio.sleep(0.3)
        raise SystemExit("never showed what was awaited:\n" + t)

    async def key(self, s, key, code, vk, modifiers=0, text=None):
        for kind in ("keyDown", "keyUp"):
            extra = {"text": text} if (text and kind == "keyDown") else {}
            await self.call(
                "Input.dispatchKeyEvent",
                s,
                type=kind,
                key=key,
                code=code,
                windowsVirtualKeyCode=vk,
                modifiers=modifiers,
                **extra,
            )

    async def type(self, s, keys):
        await self.call("Runtime.evaluate", s, expression="document.querySelector('.xterm-helper-textarea').focus()")
        await self.call("Input.insertText", s, text=keys)
        await self.key(s, "Enter", "Enter", 13, text="\r")


async def join(tools, port, code, until):
    s, target = await tools.page(f"http://127.0.0.1:{port}/?fontsize={FONT}")
    await tools.wait_text(s, lambda t: "type the code" in t)
    await tools.type(s, code)
    await tools.wait_text(s, until)
    return s, target


async def shoot(port, debug, codes):
    async with aiohttp.ClientSession() as http:
        for _ in range(150):
            try:
                async with http.get(f"http://127.0.0.1:{debug}/json/version") as r:
                    url = (await r.json())["webSocketDebuggerUrl"]
                    break
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
        async with http.ws_connect(url, max_msg_size=0) as ws:
            tools = Tools(ws)
            await join(tools, port, codes["US (US)"], lambda t: "Keyboard: US (US)" in t)
            if not JOIN_RU:
                await join(tools, port, codes["NATO (NATO)"], lambda t: "Keyboard: NATO (NATO)" in t)
            console, target = await join(tools, port, codes["Console (facilitator)"], lambda t: "Waiting on RU" in t)
            await tools.call("Target.activateTarget", targetId=target)
            await tools.call(
                "Runtime.evaluate", console, expression="document.querySelector('.xterm-helper-textarea').focus()"
            )
            await asyncio.sleep(1.0)
            await tools.key(console, "k", "KeyK", 75, modifiers=2)
            text = await tools.wait_text(
                console, lambda t: "Owes an answer" in t and (not JOIN_RU or re.search(r"RU +person +connected", t))
            )
            await asyncio.sleep(2.5)  # "Last seen" ticks; let the panel settle
            text = await tools.text(console)
            print(text)
            for code in codes.values():
                assert code not in text, "a code is on screen"
            shot = await tools.call("Page.captureScreenshot", console, format="png")
            OUT.write_bytes(base64.b64decode(shot["data"]))
            tools.reader.cancel()


def main():
    if RUN.exists():
        shutil.rmtree(RUN)
    RUN.mkdir(parents=True)
    store, port, debug = "class.sqlite", free_port(), free_port()  # relative: the panel prints it as typed
    venv = Path.cwd() / ".venv/bin/hedgemony"
    procs = []
    try:
        host = subprocess.Popen(
            [
                str(venv),
                "host",
                "--person",
                "US",
                "--person",
                "NATO",
                "--person",
                "RU",
                "--store",
                store,
                "--saves-dir",
                "saves",
            ],
            cwd=RUN,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        procs.append(host)
        codes = {}
        for line in host.stdout:
            if m := CODE_LINE.match(line.rstrip("\n")):
                codes[m["name"]] = m["code"]
            if line.startswith("Ctrl+C stops"):
                break
        print("seats with codes:", sorted(codes))
        (RUN / "codes.json").write_text(json.dumps(codes))
        serve = subprocess.Popen(
            [str(venv), "serve", store, "--port", str(port)],
            cwd=RUN,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        procs.append(serve)
        wait_for(port)
        if JOIN_RU:
            subprocess.run(
                [
                    "tmux",
                    "new",
                    "-d",
                    "-s",
                    "shotru",
                    "-x",
                    "120",
                    "-y",
                    "40",
                    f"{venv} join {codes['RU (RU)']} --store {store}",
                ],
                cwd=RUN,
                check=True,
            )
        browser = subprocess.Popen(
            [
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                f"--window-size={W},{H}",
                "--hide-scrollbars",
                f"--remote-debugging-port={debug}",
                f"--user-data-dir={RUN / 'profile'}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        procs.append(browser)
        asyncio.run(shoot(port, debug, codes))
    finally:
        if JOIN_RU:
            subprocess.run(["tmux", "kill-session", "-t", "shotru"])
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for p in procs[:2]:
            err = p.stderr.read() if p.stderr else ""
            if "Traceback" in err:
                print(err)


main()
