// The AWS SDKs print a Node version notice when their first client is built (v3) or shortly
// after they load (v2, in serverless-offline's SQS plugin); in the operator's terminal it
// would bury the lines users need. Called first thing by the operator entry points; child
// processes inherit the setting.
export function quietSdk(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
}
