// The JVMs an integration run starts (its DynamoDB Locals in the global setup, and those of
// the stacks the stack tests boot with `npm start`) live minutes. Compiled by the quick
// compiler alone (C1) rather than by C1 and then C2 for hot code, they take half the CPU time,
// both to start and over a run's requests (measured on the integration files: 53 s of JVM CPU
// down to 26 s; a stack's boot and test, 10 s down to 5 s); what DynamoDB Local stores and
// answers is the same. It is set through the JVM's own variable, JAVA_TOOL_OPTIONS, for the
// processes of the test run only: npm start itself, and the benchmarks, are unchanged.

const QUICK_JIT = '-XX:TieredStopAtLevel=1';

/** Adds the quick-JIT option to JAVA_TOOL_OPTIONS of this process (and so of what it starts), keeping what was there. */
export function useQuickJit(env: NodeJS.ProcessEnv = process.env): void {
  const current = env.JAVA_TOOL_OPTIONS ?? '';
  if (!current.split(/\s+/).includes(QUICK_JIT)) env.JAVA_TOOL_OPTIONS = [current, QUICK_JIT].filter(Boolean).join(' ');
}
