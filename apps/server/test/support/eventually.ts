/**
 * Settles with what `check` answers once it passes, polling until `timeoutMs`, then fails with its
 * last error: for what happens asynchronously by design (webhook deliveries, erasures, notices).
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
