import { type Endpoint, listEndpoints } from '@payhub/contracts';
import { z } from 'zod';

function schemaOf(schema: z.ZodType | undefined, io: 'input' | 'output') {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

function parametersOf(endpoint: Endpoint) {
  const parameters: Array<Record<string, unknown>> = [];
  for (const [location, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    const json = schemaOf(schema, 'input') as
      | { properties?: Record<string, unknown>; required?: string[] }
      | undefined;
    for (const [name, property] of Object.entries(json?.properties ?? {})) {
      parameters.push({
        name,
        in: location,
        required: location === 'path' || json?.required?.includes(name),
        schema: property,
      });
    }
  }
  return parameters;
}

/**
 * The OpenAPI 3.1 document, generated from the contracts (nothing here is written per endpoint).
 * Production documents only what it serves: dev-only operations are left out.
 */
export function buildOpenApiDocument(version: string, options: { devEndpoints: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { group, name, endpoint } of listEndpoints()) {
    if (endpoint.devOnly && !options.devEndpoints) continue;
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      operationId: `${group}.${name}`,
      tags: [group],
      summary: endpoint.summary,
      parameters: parametersOf(endpoint),
      security: endpoint.access === 'secure' ? [{ mainToken: [] }] : [],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } },
        },
        default: {
          description: `Failure { errCode, errMsg }; codes: ${[3, 0, ...(endpoint.access === 'secure' ? [1, 707] : []), ...(endpoint.errors ?? [])].join(', ')}`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      },
    };
    if (endpoint.bodyKind === 'multipart') {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    } else if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
      };
    }
    if (endpoint.devOnly) {
      operation.description = 'Development only (NODE_ENV=development): answers loopback callers only.';
    }
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Payhub API', version },
    components: {
      securitySchemes: { mainToken: { type: 'apiKey', in: 'header', name: 'main_token' } },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['errCode', 'errMsg'],
          properties: { errCode: { type: 'integer' }, errMsg: { type: 'string' } },
        },
      },
    },
    paths,
  };
}
