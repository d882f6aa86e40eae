/**
 * A corpus of cross-site scripting payloads for the places users write text that others read
 * (article content, ticket subjects, descriptions, messages, CMS content). Each payload, if it ever
 * ran, would call `window.__xss(id)`, and each element it tries to inject carries `data-xss`, so a
 * test counts executions and injected elements directly instead of guessing from the markup.
 */

const CALL = (id: number) => `window.__xss(${id})`;

/** Ways to run script from HTML, each a function of the code to run and a marker attribute. */
const HTML_VECTORS: Array<(code: string) => string> = [
  (c) => `<script data-xss>${c}</script>`,
  (c) => `<img data-xss src=x onerror="${c}">`,
  (c) => `<img data-xss src="/missing.png" onerror=${c}>`,
  (c) => `<svg data-xss onload="${c}"></svg>`,
  (c) => `<svg data-xss><script>${c}</script></svg>`,
  (c) => `<body data-xss onload="${c}">`,
  (c) => `<iframe data-xss srcdoc="<script>parent.${c}</script>"></iframe>`,
  (c) => `<iframe data-xss src="javascript:parent.${c}"></iframe>`,
  (c) => `<a data-xss href="javascript:${c}">click</a>`,
  (c) => `<a data-xss href="JaVaScRiPt:${c}">click</a>`,
  (c) => `<a data-xss href="&#106;avascript:${c}">click</a>`,
  (c) => `<a data-xss href="java&#x09;script:${c}">click</a>`,
  (c) => `<a data-xss href="data:text/html,<script>${c}</script>">click</a>`,
  (c) => `<div data-xss onmouseover="${c}">hover</div>`,
  (c) => `<details data-xss open ontoggle="${c}">x</details>`,
  (c) => `<input data-xss autofocus onfocus="${c}">`,
  (c) => `<video data-xss><source onerror="${c}"></video>`,
  (c) => `<audio data-xss src=x onerror="${c}"></audio>`,
  (c) => `<object data-xss data="javascript:${c}"></object>`,
  (c) => `<embed data-xss src="javascript:${c}">`,
  (c) => `<form data-xss action="javascript:${c}"><button>go</button></form>`,
  (c) => `<math data-xss><mtext><table><mglyph><style><img src=x onerror="${c}"></style></mglyph></table></mtext></math>`,
  (c) => `<style data-xss>@import 'javascript:${c}';</style>`,
  (c) => `<div data-xss style="background:url(javascript:${c})">x</div>`,
  (c) => `<marquee data-xss onstart="${c}">x</marquee>`,
  (c) => `<meta data-xss http-equiv="refresh" content="0;url=javascript:${c}">`,
  (c) => `<base data-xss href="javascript:${c}//">`,
  (c) => `<link data-xss rel="stylesheet" href="javascript:${c}">`,
  (c) => `<noscript><p title="</noscript><img data-xss src=x onerror=${c}>">`,
  (c) => `<template><img data-xss src=x onerror="${c}"></template>`,
  (c) => `"><img data-xss src=x onerror=${c}>`,
  (c) => `'><svg data-xss onload=${c}>`,
  (c) => `</textarea><img data-xss src=x onerror=${c}>`,
  (c) => `</title><script data-xss>${c}</script>`,
  (c) => `<img data-xss src=x onerror=&#x61;&#x6c;&#x65;&#x72;&#x74;(1)||${c}>`,
  (c) => `&lt;img data-xss src=x onerror=${c}&gt;`,
  (c) => `<scr<script>ipt data-xss>${c}</scr</script>ipt>`,
  (c) => `<IMG DATA-XSS SRC=x ONERROR="${c}">`,
  (c) => `<img data-xss src=x onerror\x0B="${c}">`,
  (c) => `<svg data-xss><animate onbegin="${c}" attributeName=x dur=1s>`,
  (c) => `<svg data-xss><a xlink:href="javascript:${c}"><text x=20 y=20>x</text></a></svg>`,
  (c) => `<svg data-xss><foreignObject><img src=x onerror="${c}"></foreignObject></svg>`,
  (c) => `<isindex data-xss type=image src=1 onerror=${c}>`,
  (c) => `<select data-xss autofocus onfocus=${c}></select>`,
  (c) => `<textarea data-xss autofocus onfocus=${c}></textarea>`,
  (c) => `<keygen data-xss autofocus onfocus=${c}>`,
  (c) => `<button data-xss formaction="javascript:${c}">x</button>`,
  (c) => `<div data-xss contenteditable onblur=${c}>x</div>`,
];

/** Markdown constructs that try to smuggle a script URL or raw HTML through the renderer. */
const MARKDOWN_VECTORS: Array<(code: string) => string> = [
  (c) => `[click](javascript:${c})`,
  (c) => `[click](JAVASCRIPT:${c})`,
  (c) => `[click](javascript&#58;${c})`,
  (c) => `[click](  javascript:${c}  )`,
  (c) => `[click](<javascript:${c}>)`,
  (c) => `[click](vbscript:${c})`,
  () => `[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  (c) => `![img](javascript:${c})`,
  (c) => `![img](x" onerror="${c})`,
  (c) => `![img" onerror="${c}](x)`,
  (c) => `[click][ref]\n\n[ref]: javascript:${c}`,
  (c) => `<javascript:${c}>`,
  (c) => `[<img data-xss src=x onerror=${c}>](https://example.com)`,
  (c) => `**<img data-xss src=x onerror=${c}>**`,
  (c) => `\`\`\`html\n</code><img data-xss src=x onerror=${c}>\n\`\`\``,
  (c) => `> <script data-xss>${c}</script>`,
  (c) => `- item <svg data-xss onload=${c}>`,
  (c) => `| a |\n|---|\n| <img data-xss src=x onerror=${c}> |`,
  (c) => `[a](https://example.com "title\\" onmouseover=\\"${c}")`,
  (c) => `<a data-xss href="https://example.com" onclick="${c}">ok</a>`,
];

export interface XssPayload {
  id: number;
  text: string;
}

/** Every vector with three bodies (a direct call, one through eval, one through a timer): 204 payloads. */
export function xssPayloads(): XssPayload[] {
  const payloads: XssPayload[] = [];
  let id = 0;
  for (const vector of [...HTML_VECTORS, ...MARKDOWN_VECTORS]) {
    for (const wrap of [(call: string) => call, (call: string) => `eval('${call}')`, (call: string) => `setTimeout('${call}')`]) {
      id += 1;
      payloads.push({ id, text: vector(wrap(CALL(id))) });
    }
  }
  return payloads;
}

/**
 * Installs the counters before any page script runs: `window.__xss(id)` records an execution, and
 * every Content-Security-Policy violation is recorded too (a blocked inline handler or script URL
 * means markup got through the sanitizer even though the CSP stopped it).
 */
export const XSS_HOOK = () => {
  const w = window as unknown as { __xssRuns: number[]; __cspViolations: string[]; __xss(id: number): void };
  w.__xssRuns = [];
  w.__cspViolations = [];
  w.__xss = (id: number) => w.__xssRuns.push(id);
  document.addEventListener('securitypolicyviolation', (event) => w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
};

/** What the hook counted on the page, and the elements a payload managed to inject. */
export const XSS_RESULT = () => {
  const w = window as unknown as { __xssRuns: number[]; __cspViolations: string[] };
  const elements = [...document.querySelectorAll('*')];
  return {
    runs: w.__xssRuns,
    violations: w.__cspViolations,
    // Markup that reached the page unsanitized keeps its marker (the sanitizer drops data-* attributes).
    injected: document.querySelectorAll('[data-xss]').length,
    // React never writes inline handlers, and the sanitizer drops them and script URLs.
    handlers: elements.filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name))).length,
    scriptUrls: elements.filter((element) => ['href', 'src', 'action', 'formaction', 'data'].some((name) => /^\s*(?:javascript|vbscript|data:text\/html)/i.test(element.getAttribute(name) ?? ''))).length,
  };
};
