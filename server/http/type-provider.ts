// Lets Fastify infer request and reply types from TypeBox route schemas (the same job as
// @fastify/type-provider-typebox, in the five lines we need).
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxProvider
>;

/** A route group: one file under server/routes/, one Fastify plugin. */
export type RouteGroup = FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  TypeBoxProvider
>;
