import { Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { routeKey, routes as routesTable, type RouteDeclaration } from '@shared/routes';

export interface ApiRoutesProps {
  /** The API to add routes to. Pass one imported into the caller's stack so routes, integrations and the authorizer live there. */
  readonly httpApi: IHttpApi;
  /** Issuer of the JWTs that `access: 'user'` routes require. */
  readonly userPool: IUserPool;
  /** Audience of those JWTs: only tokens issued to this client are accepted. */
  readonly userPoolClient: IUserPoolClient;
  /** The function serving each `fn` of the routes table. */
  readonly functions: Record<string, IFunction>;
  /** @default the routes table in shared/routes.ts */
  readonly routes?: Record<string, RouteDeclaration>;
}

/**
 * One HTTP API route per entry of the routes table, one Lambda integration per
 * function (shared by its routes), and a Cognito JWT authorizer on exactly the
 * routes declared `access: 'user'`. Public routes carry no authorizer. Routes declared
 * `stream` get none here (see StreamingUrls).
 */
export class ApiRoutes extends Construct {
  readonly authorizer: HttpUserPoolAuthorizer;
  readonly routes: Record<string, HttpRoute>;

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    const declarations: Record<string, RouteDeclaration> = props.routes ?? routesTable;

    this.authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationFor = (fn: string): HttpLambdaIntegration => {
      const handler = props.functions[fn];
      if (!handler) throw new Error(`Route function "${fn}" has no deployed function`);
      let integration = integrations.get(fn);
      if (!integration) {
        // One invoke permission per function for this API, rather than one per route:
        // fewer policy statements as routes grow, and path parameters need no escaping.
        integration = new HttpLambdaIntegration(`${fn}-integration`, handler, { scopePermissionToRoute: false });
        integrations.set(fn, integration);
      }
      return integration;
    };

    this.routes = Object.fromEntries(
      // A streaming route is served by its function's URL: the HTTP API would buffer the reply.
      Object.entries(declarations)
        .filter(([, declaration]) => !declaration.stream)
        .map(([name, declaration]) => {
          const route = new HttpRoute(this, name, {
            httpApi: props.httpApi,
            routeKey: HttpRouteKey.with(declaration.path, HttpMethod[declaration.method]),
            integration: integrationFor(declaration.fn),
            authorizer: declaration.access === 'user' ? this.authorizer : undefined,
          });
          if (declaration.access === 'public') {
            if (!declaration.publicBecause) {
              throw new Error(`${routeKey(declaration)} is public: say why in its publicBecause (shared/routes.ts)`);
            }
            Validations.of(route).acknowledge({
              id: 'AwsSolutions-APIG4',
              reason: `${routeKey(declaration)} has no authorizer: ${declaration.publicBecause}. Like every route it serves only requests CloudFront forwarded (origin-verify header, checked by the function).`,
            });
          }
          return [name, route];
        }),
    );
  }
}
