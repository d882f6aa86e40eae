/** Spec §9: the simulated payment takes 2000 ms. */
export const SIMULATED_PAYMENT_MS = 2000;

/**
 * Simulated payment: waits, nothing is sent anywhere (no payment call exists, spec §6). Rejects
 * with an AbortError when the shopper leaves the page first, so no order is placed behind them.
 */
export function simulatePayment(signal: AbortSignal, ms = SIMULATED_PAYMENT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Checkout left', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Checkout left', 'AbortError'));
      },
      { once: true },
    );
  });
}
