"""Render the PNG icons of public/icons/ from their SVGs with headless Chromium (run once; PNGs are committed).

    .venv/bin/python tools/icons.py
"""
from pathlib import Path
from playwright.sync_api import sync_playwright
icons = Path(__file__).resolve().parents[1] / "public" / "icons"
jobs = [("icon.svg", 192, "icon-192.png"), ("icon.svg", 512, "icon-512.png"),
        ("icon-maskable.svg", 192, "icon-maskable-192.png"), ("icon-maskable.svg", 512, "icon-maskable-512.png")]
with sync_playwright() as pw:
    b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
    for src, size, out in jobs:
        page = b.new_page(viewport={"width": size, "height": size})
        svg = (icons / src).read_text()
        page.set_content(f'<html><body style="margin:0;background:transparent">'
                         f'<div style="width:{size}px;height:{size}px">{svg.replace("<svg ", f"<svg width={size} height={size} ")}</div></body></html>')
        page.screenshot(path=str(icons / out), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
        page.close()
    b.close()
