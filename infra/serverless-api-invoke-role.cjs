'use strict';

// API Gateway invokes the HTTP functions through one IAM role instead of one resource policy
// (an AWS::Lambda::Permission) per function. CloudFormation takes at most 500 resources per stack,
// and with a permission, an integration and a route per endpoint the stack ran past it as the API
// grew. The role may invoke only this service's functions of this stage (their names share the
// `<service>-<stage>-` prefix); every Lambda proxy integration of the HTTP API names it as its
// credentials. Permissions for other callers (schedules, queues) stay. Runs on the compiled
// template, after every function and event is in it.
class ApiInvokeRole {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.apply() };
  }

  apply() {
    const { service } = this.serverless;
    const provider = this.serverless.getProvider('aws');
    const resources = service.provider.compiledCloudFormationTemplate.Resources;
    const role = 'HttpApiInvokeRole';
    let removed = 0;
    for (const [id, resource] of Object.entries(resources)) {
      if (resource.Type === 'AWS::Lambda::Permission' && resource.Properties.Principal === 'apigateway.amazonaws.com') {
        delete resources[id];
        removed++;
      }
    }
    if (removed === 0) return;
    for (const resource of Object.values(resources)) {
      if (resource.Type === 'AWS::ApiGatewayV2::Integration' && resource.Properties.IntegrationType === 'AWS_PROXY') {
        resource.Properties.CredentialsArn = { 'Fn::GetAtt': [role, 'Arn'] };
        // The integration no longer waits for a permission that is gone.
        const after = [].concat(resource.DependsOn ?? []).filter((d) => resources[d]);
        if (after.length) resource.DependsOn = after;
        else delete resource.DependsOn;
      }
    }
    const prefix = `${service.service}-${provider.getStage()}-`;
    resources[role] = {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' }, Action: 'sts:AssumeRole' }],
        },
        Policies: [
          {
            PolicyName: 'invoke-http-functions',
            PolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                {
                  Effect: 'Allow',
                  Action: 'lambda:InvokeFunction',
                  Resource: { 'Fn::Sub': `arn:\${AWS::Partition}:lambda:\${AWS::Region}:\${AWS::AccountId}:function:${prefix}*` },
                },
              ],
            },
          },
        ],
      },
    };
  }
}

module.exports = ApiInvokeRole;
