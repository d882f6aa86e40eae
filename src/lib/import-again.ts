/**
 * A dynamic import tried again when it fails. A module request can be cut off on poor signal, and
 * under load Chromium now and then aborts a fresh page's module requests (`net::ERR_ABORTED`
 * about 350 ms after a navigation, seen in the loaded durability runs: the toast container and the
 * outbox, on an otherwise working page). Chromium does not keep a failed dynamic import, so the
 * next `import()` of the same module fetches it again. Three tries, 300 then 600 ms apart; the
 * last error is thrown.
 */
export async function importAgain<T>(importer: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await importer();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}
