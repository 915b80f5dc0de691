'use strict';

// One log group for every function instead of one each. CloudFormation takes at most 500
// resources per stack, and a log group per function (plus its function, permission, route and
// integration) ran the stack past that as the API grew. Lambda writes each function's streams
// into the shared group under the function's name, so nothing is lost for an operator, and the
// role the framework builds already allows the group (its name starts with the functions'
// prefix). Runs on the compiled template, after every function and event is in it.
class SharedLogGroup {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.share() };
  }

  share() {
    const { service } = this.serverless;
    const provider = this.serverless.getProvider('aws');
    const resources = service.provider.compiledCloudFormationTemplate.Resources;
    const shared = 'FunctionsLogGroup';
    const own = new Set(service.getAllFunctions().map((name) => provider.naming.getLogGroupLogicalId(name)));
    for (const id of own) delete resources[id];
    resources[shared] = {
      Type: 'AWS::Logs::LogGroup',
      Properties: {
        LogGroupName: provider.naming.getLogGroupName(`${service.service}-${provider.getStage()}`),
        RetentionInDays: provider.getLogRetentionInDays(),
      },
    };
    for (const resource of Object.values(resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      resource.Properties.LoggingConfig = { ...resource.Properties.LoggingConfig, LogGroup: { Ref: shared } };
      // The Ref above orders the function after the group; only the other dependencies stay.
      const after = [].concat(resource.DependsOn ?? []).filter((id) => !own.has(id));
      if (after.length) resource.DependsOn = after;
      else delete resource.DependsOn;
    }
  }
}

module.exports = SharedLogGroup;
