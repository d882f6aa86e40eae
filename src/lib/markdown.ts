import { Marked } from 'marked';
import { purifier as DOMPurify } from '@/lib/purifier.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Our own instance: marked's global options stay untouched. GFM gives tables and autolinks.
// Raw HTML in the source is shown as text, not markup: authors write Markdown, and markup that is
// never parsed cannot carry a handler (even an inert parse of one is a CSP violation report).
const marked = new Marked({ gfm: true, breaks: false, async: false, renderer: { html: ({ text }) => escapeHtml(text) } });

// Links may go to the web, a mail address or a page of this site; anything else (javascript:,
// data:, vbscript:) loses its href. Images only from this site or https.
const SAFE_HREF = /^(?:https?:|mailto:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(?:https:|\/(?!\/))/i;

let hooked = false;
function installHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_HREF.test(href.trim())) node.removeAttribute('href');
      else if (/^https?:/i.test(href.trim())) {
        // An external link opens apart from the app and cannot reach back through window.opener.
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.hasAttribute('src') && !SAFE_SRC.test((node.getAttribute('src') ?? '').trim())) node.removeAttribute('src');
    // An author's image without a description is decorative to screen readers, not unnamed.
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
}

/**
 * Markdown → HTML that is safe to insert: marked renders (raw HTML escaped as text), then
 * DOMPurify, as a second line, keeps only inert markup — no script, no event handlers, no forms,
 * iframes, SVG or style — and the hook above filters link and image targets.
 */
export function markdownToSafeHtml(source: string): string {
  installHooks();
  const html = marked.parse(source) as string;
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    // No author-written data-* attributes: the app's own code reads some (tests, styling hooks).
    ALLOW_DATA_ATTR: false,
  });
}
