/**
 * The next turn of the event loop, after the I/O waiting meanwhile: a long stretch of our own
 * synchronous work (an import's 20,000 rows) awaits it every few milliseconds, so that other
 * requests are answered in between rather than after it.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
