import { readFileSync } from 'node:fs';

// A process tree read from /proc (Linux): the stack's launcher and everything
// under it (the API process, DynamoDB Local's JVM, esbuild if any), with each
// process's resident memory.

function children(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return tasks.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // exited meanwhile
  }
}

function command(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

export interface TreeMemory {
  totalMb: number;
  processes: Array<{ pid: number; mb: number; command: string }>;
}

/** `root` and every process under it, parents first. */
export function treePids(root: number): number[] {
  const pids: number[] = [];
  for (let queue = [root]; queue.length;) {
    const pid = queue.shift()!;
    pids.push(pid);
    queue = queue.concat(children(pid));
  }
  return pids;
}

export function treeMemory(root: number): TreeMemory {
  const processes = treePids(root)
    .map((pid) => ({ pid, mb: rssKb(pid) / 1024, command: command(pid) }))
    .filter((p) => p.mb > 0);
  return { totalMb: processes.reduce((sum, p) => sum + p.mb, 0), processes };
}

/** CPU time (user + system) each process has used so far, in ms, from /proc/<pid>/stat. */
export function treeCpuMs(root: number): Map<number, { ms: number; command: string }> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const out = new Map<number, { ms: number; command: string }>();
  for (const pid of treePids(root)) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, { ms: (Number(fields[11]) + Number(fields[12])) / ticksPerMs, command: command(pid) });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** What a process of an `npm start` stack is, from its command line. */
export const stackRole = (command: string): string =>
  /java/.test(command)
    ? 'DynamoDB Local'
    : /serverless/.test(command)
      ? 'API'
      : /tsx/.test(command)
        ? 'launcher with SQS'
        : command.split(' ')[0].split('/').pop()!;
