import {
  type Contracts,
  contracts,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@payhub/contracts';
import type { CallInput, HttpClient } from './http.ts';

type Options = { idempotencyKey?: string };
type HasInput<E> = unknown extends EndpointInput<E> ? false : true;

/** The function generated for one endpoint: its input is required only when it has one. */
export type EndpointFunction<E> =
  HasInput<E> extends true
    ? (input: EndpointInput<E> & Options) => Promise<EndpointResponse<E>>
    : (input?: Options) => Promise<EndpointResponse<E>>;

export type Api = {
  [Group in keyof Contracts]: { [Name in keyof Contracts[Group]]: EndpointFunction<Contracts[Group][Name]> };
};

/** Builds one typed function per declared endpoint; nothing here is written per endpoint. */
export function createApi(http: HttpClient): Api {
  const api: Record<string, Record<string, (input?: CallInput) => Promise<unknown>>> = {};
  for (const [group, endpoints] of Object.entries(contracts)) {
    const functions: Record<string, (input?: CallInput) => Promise<unknown>> = {};
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      functions[name] = (input?: CallInput) => http.call(endpoint, input);
    }
    api[group] = functions;
  }
  return api as unknown as Api;
}
