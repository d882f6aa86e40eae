// DOMPurify for the build-time prerender (Node has no DOM): the same library over a jsdom window.
// Swapped in for src/lib/purifier.ts by vite.config.ts in the prerender's server build only.
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export const purifier = DOMPurify(new JSDOM('').window);
