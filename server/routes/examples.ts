// The project examples page per interface language (gb, br, th, es), embedded by the app's
// examples dialog. Public: it holds nothing but the example programs.
import { Type } from '@sinclair/typebox';
import { EXAMPLE_LANGUAGES } from '../examples/example-programs.ts';
import { EXAMPLES_PAGE_POLICY, examplesPage } from '../examples/examples-page.ts';
import type { RouteGroup } from '../http/type-provider.ts';

export const examplesRoutes: RouteGroup = async (app) => {
  app.get(
    '/examples/:lang',
    {
      schema: {
        params: Type.Object({
          lang: Type.Union(EXAMPLE_LANGUAGES.map((l) => Type.Literal(l))),
        }),
        querystring: Type.Object({}),
      },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', EXAMPLES_PAGE_POLICY)
        .send(examplesPage(request.params.lang)),
  );
};
