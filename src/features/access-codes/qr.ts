// QR codes as SVG data URLs. The qrcode package is loaded on first use (a dynamic import), so it
// stays out of the dashboard's start chunk; SVG needs no canvas.

/** The text as a QR code image (data: URL of an SVG). */
export async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
