import type { z } from 'zod';

/** `secure` calls carry the session token; `public` calls do not (spec §6 "Access modes"). */
export type Access = 'secure' | 'public';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Schema = z.ZodType;

/**
 * One endpoint, declared once. The server binds its handler to this object, the client derives
 * its function from it and the OpenAPI document is generated from it.
 */
export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are filled from `params`. */
  path: string;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** `multipart` endpoints take a file upload instead of a JSON body. */
  bodyKind?: 'json' | 'multipart';
  response: R;
  /** Error codes this endpoint may answer besides the generic ones (3, 1, 707, 0). */
  errors?: readonly number[];
  /** Only registered outside production (dev adapters). */
  devOnly?: boolean;
}

export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends Access = Access,
>(definition: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return definition;
}

type InputOf<S> = S extends Schema ? z.input<S> : never;
type OutputOf<S> = S extends Schema ? z.output<S> : never;
type Field<K extends string, V> = [V] extends [never] ? unknown : { [key in K]: V };

/** What a caller sends: the schemas' input types (money as strings, etc.). */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, Schema, Access>
    ? Field<'params', InputOf<P>> & Field<'query', InputOf<Q>> & Field<'body', InputOf<B>>
    : never;

/** What a handler receives after validation. */
export type EndpointParsed<E> =
  E extends Endpoint<infer P, infer Q, infer B, Schema, Access>
    ? Field<'params', OutputOf<P>> & Field<'query', OutputOf<Q>> & Field<'body', OutputOf<B>>
    : never;

/** What the handler returns and what the client receives (wire JSON). */
export type EndpointResponse<E> =
  E extends Endpoint<Schema | undefined, Schema | undefined, Schema | undefined, infer R, Access>
    ? z.output<R>
    : never;

/** Fills `:name` segments; values are URI-encoded so a param never escapes its segment. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
