#!/usr/bin/env node
// `npx waymark`: the CLI is TypeScript, run through tsx's loader in this same
// process so stdio, signals and the exit code stay the command's own.
import { register } from 'tsx/esm/api';

register();
await import('./waymark.ts');
