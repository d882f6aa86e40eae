// Pure string work of the prerender: where a page's file goes and how its HTML is put into the
// built index.html. No DOM parser: the template is our own index.html and React's output is regular.
import { PRERENDERED_ATTRIBUTE } from './marker.ts';

/**
 * The file `vite preview` (and Workbox's precache, with its cleanURLs) serves for a path: `/` is
 * index.html, `/products` is products.html, `/products/1` is products/1.html. A `products/index.html`
 * would only be served for `/products/`.
 */
export function htmlFileFor(path: string): string {
  if (!path.startsWith('/') || path.includes('..') || /[?#]/.test(path)) throw new Error(`Not a page path: ${path}`);
  return path === '/' ? 'index.html' : `${path.replace(/\/+$/, '')}.html`;
}

// React hoists <title>, <meta> and <link> (e.g. the preload of a fetchpriority="high" image) of a
// tree rendered without <html> to the start of its output.
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

export function splitHoisted(rendered: string): { head: string; body: string } {
  const head = HOISTED.exec(rendered)?.[0] ?? '';
  return { head, body: rendered.slice(head.length) };
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

// Before hydration, buttons and forms have no handlers and React does not see what was typed or
// ticked (it keeps the DOM value but its state stays the prerendered one). The boot script holds
// button clicks and submissions, notes edited fields, and once React has hydrated them (it marks
// hydrated nodes with a `__reactProps$…` key, the one internal relied on here) replays the edits as
// changes React notices (a box React reset is clicked again; a text value is set past React's
// value tracker with the prototype setter, as testing tools do), then the clicks, in order. Links
// work natively. Elements a client render replaced are dropped.
const HOLD_EARLY_EVENTS = [
  'const held=[],edited=new Map(),root=document.getElementById("root");let replaying=false;',
  // React sets the key while it renders a node, before it commits; idle time means it has committed.
  'const idle=(f)=>window.requestIdleCallback?requestIdleCallback(f):setTimeout(f,100);',
  'const ready=(t)=>Object.keys(t).some((k)=>k.startsWith("__reactProps"));',
  // What the user left in each edited field: React resets controlled boxes to their props when it hydrates.
  'const wanted=(t)=>t.type==="checkbox"||t.type==="radio"?t.checked:t.value;',
  'const replayEdit=(t,w)=>{if(t.type==="checkbox"||t.type==="radio"){if(t.checked!==w){replaying=true;try{t.click()}finally{replaying=false}}}',
  'else{const set=(k,v)=>Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),k).set.call(t,v);t.value=w+"\\u200b";set("value",w);t.dispatchEvent(new Event("input",{bubbles:true}))}};',
  'const flushEdits=()=>{for(const [t,w] of [...edited]){if(!t.isConnected)edited.delete(t);else if(ready(t)){edited.delete(t);replayEdit(t,w)}}};',
  'const replay=()=>{flushEdits();',
  'while(!edited.size&&held.length&&(!held[0].isConnected||ready(held[0]))){const t=held.shift();replaying=true;try{if(t.isConnected)t instanceof HTMLFormElement?t.requestSubmit():t.click()}finally{replaying=false}}',
  'if(edited.size||held.length)idle(replay)};',
  'const later=()=>{if(edited.size+held.length===1)idle(replay)};',
  // A click on a hydrated button still waits while earlier edits or clicks are pending: order counts.
  'const hold=(e)=>{const t=e.type==="submit"?e.target:e.target instanceof Element&&e.target.closest("button,[role=button],[role=tab]");',
  'if(replaying||!t||!root.contains(t))return;if(ready(t)&&!edited.size&&!held.length)return;',
  'e.preventDefault();e.stopImmediatePropagation();held.push(t);later()};',
  'const note=(e)=>{const t=e.target;if(root.contains(t)&&!ready(t)&&/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)){edited.set(t,wanted(t));later()}};',
  'for(const type of ["click","submit"])document.addEventListener(type,hold,true);',
  'for(const type of ["input","change"])document.addEventListener(type,note,true);',
].join('');

// Preload links the boot script appends per task (see deferAppScripts).
const PRELOAD_BATCH = 6;

/**
 * Moves the app's JavaScript behind the first paint. Module scripts run before the browser's first
 * frame when they arrive with the stylesheet, so a page that needs no script to show would still
 * wait for ~140 kB of JS to download and evaluate. Here an inline module (no request) waits for the
 * first paint (3 s at most, e.g. where paint timing is missing), then preloads the start-up chunks
 * in parallel and adds the entry's script, which hydrates. (A script element, not import(): if the
 * entry cannot be fetched, its error event reaches index.html's start-up recovery.)
 */
export function deferAppScripts(html: string, preloads: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('Prerender template: no module entry script in index.html');
  const boot = [
    '<script type="module">',
    HOLD_EARLY_EVENTS,
    'let started=false;',
    // Appending a preload link starts its fetch there and then (about half a millisecond each):
    // a few dozen in one go would be a long task, so they go in batches, a task each.
    `const hrefs=${JSON.stringify(preloads)};`,
    `const batch=(from)=>{for(const href of hrefs.slice(from,from+${PRELOAD_BATCH})){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.append(l)}`,
    `if(from+${PRELOAD_BATCH}<hrefs.length)setTimeout(()=>batch(from+${PRELOAD_BATCH}));else{const s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.body.append(s)}};`,
    'const start=()=>{if(started)return;started=true;batch(0)};',
    'new PerformanceObserver((list,observer)=>{observer.disconnect();setTimeout(start)}).observe({type:"paint",buffered:true});',
    'setTimeout(start,3000)',
    '</script>',
  ].join('');
  return html.replace(ENTRY_SCRIPT, '').replace('</body>', () => `  ${boot}\n  </body>`);
}

/**
 * The SPA shell (every path without a prerendered page) shows nothing until the app runs, so it
 * lists the start-up chunks as static preloads: the browser fetches them with the entry, in
 * parallel, without any script. (Vite's own preloading is off, see vite.config.ts.)
 */
export function shellWithPreloads(template: string, preloads: readonly string[]): string {
  const links = preloads.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`).join('');
  return template.replace('</head>', () => `${links}  </head>`);
}

/**
 * Stylesheet links for CSS the app would otherwise only load with its lazy chunks (route pages,
 * footer, below-the-fold sections), so a prerendered page is styled from its first paint. Vite's
 * chunk loader sees the links and does not add them a second time.
 */
export function linkStylesheets(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => !html.includes(`href="/${file}"`))
    .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`)
    .join('');
  return html.replace(/(<link rel="stylesheet"[^>]*>\n)/, (first) => `${first}${links}`);
}

const SHELL_TITLE = /<title>[^<]*<\/title>/;
const EMPTY_ROOT = '<div id="root"></div>';

export interface PageAssets {
  /** Stylesheets to link (see linkStylesheets). */
  css: readonly string[];
  /** Chunks the app needs to start, preloaded together once the page has painted. */
  preloads: readonly string[];
}

/**
 * The built index.html with the page in #root (marked with its path, see marker.ts), the page's
 * head tags in place of the shell's <title> (kept when the page sets none, e.g. the home page), all
 * its stylesheets, and the app's scripts deferred until the page has painted.
 */
export function injectPage(template: string, path: string, rendered: string, assets: PageAssets = { css: [], preloads: [] }): string {
  const shellTitle = SHELL_TITLE.exec(template)?.[0];
  if (!shellTitle || !template.includes(EMPTY_ROOT)) throw new Error('Prerender template: index.html lacks <title> or an empty #root');
  const { head, body } = splitHoisted(rendered);
  const headTags = head.includes('<title>') ? head : `${shellTitle}${head}`;
  const html = linkStylesheets(template, assets.css)
    .replace(shellTitle, () => headTags)
    .replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${body}</div>`)
    // The page reads fine without JavaScript, so the shell's "needs JavaScript" note does not apply.
    .replace(/\s*<noscript>[^<]*<\/noscript>/, '');
  return deferAppScripts(html, assets.preloads);
}
