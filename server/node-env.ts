// Imported first by server/main.ts: React picks its development or production build when it is
// first imported, which the static imports below would otherwise do before main.ts sets NODE_ENV.
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
