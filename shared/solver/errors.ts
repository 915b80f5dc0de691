/** Thrown for requests the solver cannot honour (the service maps it to a 4xx). */
export class SolverError extends Error {
  constructor(
    readonly code: 'relation' | 'matrix' | 'profile',
    message: string,
  ) {
    super(message);
    this.name = 'SolverError';
  }
}
