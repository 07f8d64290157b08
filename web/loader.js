// Loading feedback while PyScript and Pyodide start (the form is already usable as plain HTML).
// Python (main.py) sets <html data-engine="ready"> and hides #loading when the engine is ready.
const strings = document.getElementById("loading-strings");
const text = document.getElementById("loading-text");
const isReady = () => document.documentElement.dataset.engine === "ready";
setTimeout(() => {
  if (!isReady() && text && strings) text.textContent = strings.dataset.slow;
}, 8000);
function fail() {
  if (isReady()) return;
  document.documentElement.dataset.engine = "failed";
  const box = document.getElementById("loading");
  if (box) {
    box.classList.add("failed");
    box.setAttribute("role", "alert");
    const bar = box.querySelector("progress");
    if (bar) bar.remove();
  }
  if (text && strings) text.textContent = strings.dataset.failed;
}
setTimeout(fail, 120000);
window.addEventListener("error", (e) => {
  // a failure to fetch or start the runtime leaves the page usable and says so
  if (!isReady() && e && e.message && /pyodide|pyscript|wasm|python/i.test(e.message)) fail();
});
