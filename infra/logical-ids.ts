// CloudFormation logical ids: ours for the declared tables and queues, and the
// framework's own for the functions of functions/<service>/functions.yml.

function pascal(id: string): string {
  return id.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());
}

export function tableLogicalId(id: string): string {
  return `${pascal(id)}Table`;
}

export function queueLogicalId(id: string): string {
  return `${pascal(id)}Queue`;
}

export function queueUrlOutputId(id: string): string {
  return `${pascal(id)}QueueUrl`;
}

/** What serverless names a function's AWS::Lambda::Function (its naming.getLambdaLogicalId). */
export function functionLogicalId(name: string): string {
  const normalized = name.replace(/-/g, 'Dash').replace(/_/g, 'Underscore');
  return `${normalized[0].toUpperCase()}${normalized.slice(1)}LambdaFunction`;
}
