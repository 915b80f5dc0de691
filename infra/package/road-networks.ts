import { isAbsolute, relative, resolve, sep } from 'node:path';

// Road network artefacts ship only in the functions that route (those whose
// `package.patterns` in functions/<service>/functions.yml come from here), taken
// from the folder WAYMARK_NETWORK_DIR names when the stack is packaged. Lambda runs
// a function from its package root and serverless-offline from the project root,
// so a folder inside the project is handed to the functions relative to it and is
// found in both places.

export interface NetworkDir {
  /** Relative to the project when inside it (forward slashes), else as given. */
  dir: string;
  inProject: boolean;
}

export function networkDir(shell: NodeJS.ProcessEnv = process.env, root = process.cwd()): NetworkDir | undefined {
  const given = shell.WAYMARK_NETWORK_DIR;
  if (!given) return undefined;
  const rel = relative(root, resolve(root, given));
  const inProject = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return inProject ? { dir: rel.split(sep).join('/'), inProject } : { dir: given, inProject };
}

/** The package patterns of a function that reads road networks; none without a folder inside the project. */
export function networkPackagePatterns(shell: NodeJS.ProcessEnv = process.env, root = process.cwd()): string[] {
  const net = networkDir(shell, root);
  if (!net?.inProject) return [];
  return [`${net.dir}/*.wmrg`, `${net.dir}/*.wmrg.gz`];
}
