import os from 'node:os';

// What every benchmark prints first and last, so its figures can be read against the machine and
// what else was running on it.

export const machine = (): string => `${os.cpus()[0]?.model ?? 'unknown'} x ${os.cpus().length}, node ${process.version}`;

export const loadAverage = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
