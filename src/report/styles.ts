/** The report's style sheet, inlined once in the page's `<style>`. */
export const REPORT_CSS = `
:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#656d76;--line:#d0d7de;--bad:#cf222e;--good:#1a7f37;--mark:#ff00ff;--pick:#0969da;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#8d96a0;--line:#30363d;--code:#161b22}}
[hidden]{display:none!important}
body{margin:0;padding:16px 24px 96px;font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:20px;margin:0 0 4px;overflow-wrap:anywhere}h2{font-size:17px;border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:28px}h3{font-size:15px}
pre,code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:8px;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.status{display:inline-block;padding:0 8px;border-radius:10px;color:#fff;font-weight:600}.status.failed{background:var(--bad)}.status.flaky{background:#bc4c00}.status.passed{background:var(--good)}
.links a{margin-right:12px}.muted{color:var(--muted)}.badge{border:1px solid var(--line);border-radius:10px;padding:0 6px;font-size:12px;margin-left:6px}
img,canvas{image-rendering:pixelated}
.views{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0}figcaption{color:var(--muted);font-size:12px}
.pic{position:relative;display:inline-block;line-height:0}.pic img{display:block}
.hl{position:absolute;outline:1px solid var(--mark);background:rgba(255,0,255,.08);pointer-events:none}
.controls{display:flex;flex-wrap:wrap;gap:14px;align-items:center;margin:8px 0}
.stage{position:relative;display:inline-block;line-height:0;margin-bottom:12px;cursor:crosshair}.stage img{display:block}
.stage .over{position:absolute;left:0;top:0}.stage .split{position:absolute;top:0;bottom:0;width:1px;background:var(--mark);pointer-events:none}
table{border-collapse:collapse}.changes-box{max-height:20em;overflow:auto;display:inline-block;max-width:100%}.changes th{position:sticky;top:0;background:var(--bg)}td,th{border:1px solid var(--line);padding:2px 8px;text-align:left;vertical-align:top}
.frames{position:relative}.frames img{position:absolute}
.player{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}.player input[type=range]{width:320px}
.track{position:relative;height:10px;width:320px;margin-left:auto;margin-right:auto}.marker{position:absolute;top:0;width:3px;height:10px;background:var(--muted)}.marker.failed{background:var(--bad)}
.steps li.failed{color:var(--bad)}.steps li.current{font-weight:600}.steps button{font:inherit;font-size:12px}
.turns>li{margin-bottom:12px}.call{border-left:3px solid var(--good);padding-left:8px;margin:6px 0}.call.failed{border-color:var(--bad)}
.outcome{font-weight:600}.error-text{color:var(--bad)}
#inspector{position:fixed;top:12px;right:12px;width:360px;max-height:calc(100vh - 24px);overflow:auto;box-sizing:border-box;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:8px 10px;box-shadow:0 2px 12px rgba(0,0,0,.25);font-size:12.5px;z-index:2}
body[data-ready]{padding-right:396px}
#cell-mark{position:absolute;outline:2px solid var(--pick);outline-offset:0;pointer-events:none;z-index:1}
#inspector[data-pinned]{border-color:var(--mark)}#inspector dl{display:grid;grid-template-columns:auto 1fr;gap:0 10px;margin:0}#inspector dt{color:var(--muted)}#inspector dd{margin:0;font-family:ui-monospace,monospace}
.swatch{display:inline-block;width:10px;height:10px;border:1px solid var(--line);margin-right:4px;vertical-align:middle}
`
  .trim()
  .replace(/\n/g, '');
