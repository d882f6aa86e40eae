/** Update prompt and offline indicator (placeholder until the PWA work lands). */
export function PwaStatus() {
  return null;
}
