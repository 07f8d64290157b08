"""Render public/og-image.png, the 1200×630 preview card shown when a Tirada link is pasted into a
chat or forum (Open Graph / Twitter meta of web/index.html), with headless Chromium. Run once when
the texts change; the PNG is committed.

    .venv/bin/python tools/og_image.py
"""
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICON = (ROOT / "public" / "icons" / "icon.svg").read_text(encoding="utf-8")
CARD = f"""<!doctype html><html lang="es"><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;background:#f7f3ec;
            display:flex;align-items:center;gap:64px;font-family:'DejaVu Sans',sans-serif;color:#2b2320">
  <div style="flex:none;width:300px;height:300px">{ICON.replace("<svg ", "<svg width='300' height='300' ")}</div>
  <div>
    <div style="font-family:'DejaVu Serif',serif;font-weight:bold;font-size:112px;color:#7a1f1f;line-height:1">Tirada</div>
    <div style="font-size:40px;line-height:1.25;margin-top:28px">Dados para partidas de rol por foro,
      comprobables por enlace</div>
    <div style="font-size:28px;line-height:1.35;margin-top:28px;color:#5a4a44">La tirada va en el enlace y se
      recalcula en cada navegador: sin servidor, sin cuentas.</div>
  </div>
</div></body></html>"""

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
    page = browser.new_page(viewport={"width": 1200, "height": 630})
    page.set_content(CARD)
    page.screenshot(path=str(ROOT / "public" / "og-image.png"), clip={"x": 0, "y": 0, "width": 1200, "height": 630})
    browser.close()
