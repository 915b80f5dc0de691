// Work a function instance must finish before it serves its first request, registered by the
// modules that need it when they are imported. A function's bundle holds only the modules it
// uses, so only the functions that read road networks, for example, fetch them.

type Task = () => Promise<void>;

const tasks: Task[] = [];
let running: Promise<void> | undefined;

export function beforeFirstRequest(task: Task): void {
  tasks.push(task);
}

/**
 * Runs the registered tasks once per instance. A failure is not kept: the next request tries
 * again, so one S3 hiccup at a cold start does not leave the instance broken for its life.
 */
export function coldStartDone(): Promise<void> {
  if (tasks.length === 0) return Promise.resolve();
  running ??= Promise.all(tasks.map((task) => task())).then(
    () => undefined,
    (error: unknown) => {
      running = undefined;
      throw error;
    },
  );
  return running;
}
