// What search providers send back, as valibot schemas: the one place that says which reply shapes
// are accepted. Objects accept unknown keys; a known field of the wrong type reads as absent
// (`maybe`), so one odd result item is skipped rather than failing the search.

import * as v from 'valibot';

const maybe = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/** MediaWiki Action API `list=search` (formatversion 2); failures come as HTTP 200 `{error}`. */
export const WikipediaReply = v.object({
  error: maybe(v.object({ code: maybe(v.string()), info: maybe(v.string()) })),
  query: maybe(
    v.object({
      search: maybe(
        v.array(v.fallback(v.object({ title: maybe(v.string()), snippet: maybe(v.string()) }), {})),
      ),
    }),
  ),
});

/** One result of SearXNG (`content`) or Brave (`description`). */
export const ResultItem = v.fallback(
  v.object({
    url: maybe(v.string()),
    title: maybe(v.string()),
    content: maybe(v.string()),
    description: maybe(v.string()),
  }),
  {},
);
export type ResultItem = v.InferOutput<typeof ResultItem>;

/** SearXNG's `format=json`: results, and the engines that failed when there are none. */
export const SearxngReply = v.object({
  results: v.array(ResultItem),
  unresponsive_engines: maybe(v.array(v.unknown())),
});

/** Brave Web Search: no `web` section means no web results. */
export const BraveReply = v.object({ web: v.optional(v.object({ results: v.array(ResultItem) })) });

/** Brave's error body (422 for an invalid token: code SUBSCRIPTION_TOKEN_INVALID). */
export const BraveError = v.object({ error: maybe(v.object({ code: maybe(v.string()) })) });
