// The DOMPurify instance Markdown is sanitized with: the browser's window. The prerender's Node
// build replaces this module with ../app/prerender/purifier.node.ts (same API over jsdom), so
// prerendered pages are sanitized by the same code and rules (vite.config.ts).
import DOMPurify from 'dompurify';

export const purifier = DOMPurify;
