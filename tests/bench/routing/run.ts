/**
 * npm run bench:routing [-- --skip-4000 | --api-only]   the engine and the API in-process (engine.ts)
 * npm run bench:routing -- --stack [...]                 directions through the local stack (stack.ts)
 */
if (process.argv.includes('--stack')) await import('./stack');
else await import('./engine');
export {};
