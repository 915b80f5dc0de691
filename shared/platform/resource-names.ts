// Physical names of tables and queues, and the env vars that carry them to a
// function. Owned here so the code that reads the names and infra/, which
// declares the resources, agree without shared/ importing infra/.

export function tableName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

export function queueName(stage: string, id: string): string {
  return `waymark-${stage}-${id}`;
}

/** Env var through which a function learns the physical name of a table. */
export function tableEnvVar(id: string): string {
  return `TABLE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Env var through which a function learns the URL of a queue. */
export function queueEnvVar(id: string): string {
  return `QUEUE_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
}
