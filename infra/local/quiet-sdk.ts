// Imported first by the operator entry points: the AWS SDKs print a Node
// version notice when loaded, which would bury the lines users need.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
