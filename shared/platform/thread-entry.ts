/**
 * What a worker thread runs to load a module: the module's own file. Under tsx (tests,
 * benchmarks, the command line) that is a .ts file, which a thread can load only once tsx's
 * loader is registered in it; a bundle needs nothing.
 */
export function threadEntry(moduleUrl: string): { entry: URL | string; evaluate: boolean } {
  const url = new URL(moduleUrl);
  if (!url.pathname.endsWith('.ts')) return { entry: url, evaluate: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return { entry: `import(${tsx}).then((api) => api.register()).then(() => import(${JSON.stringify(url.href)}));`, evaluate: true };
}
