/**
 * The code sample generators an API's options may name (the reference's `codeSamples.targets`): every
 * `target/client` the installed `@scalar/snippetz` offers, and the default choice. The options check
 * against this list (options.ts); the reference generates the samples (site/reference/model/samples.ts).
 */
import { snippetz } from '@scalar/snippetz';

/**
 * A generator of `@scalar/snippetz` as `target/client` (`shell/curl`, `go/native`, `java/okhttp`):
 * the language and the library its sample uses.
 */
export type SampleTargetId = `${string}/${string}`;

/** One generator `@scalar/snippetz` offers, as the options list it and the pages label it. */
export interface SampleTarget {
  id: SampleTargetId;
  /** snippetz's target key (`go`) and client key (`native`). */
  target: string;
  client: string;
  /** snippetz's titles: the language (`C#`) and the client (`HttpClient`). */
  title: string;
  clientTitle: string;
}

/**
 * The generated languages when the options name none: the eight languages most API readers use, each
 * with its common HTTP library (Requests for Python, OkHttp for Java, Guzzle for PHP). Tab order.
 */
export const DEFAULT_SAMPLE_TARGETS: readonly SampleTargetId[] = [
  'shell/curl',
  'js/fetch',
  'python/requests',
  'go/native',
  'java/okhttp',
  'csharp/httpclient',
  'php/guzzle',
  'ruby/native',
];

/**
 * Every `target/client` the installed `@scalar/snippetz` offers, in its order. The options accept
 * exactly these, so a generator that a snippetz upgrade drops fails the build by name.
 */
export function availableSampleTargets(): readonly SampleTarget[] {
  available ??= snippetz()
    .clients()
    .flatMap((t) =>
      t.clients.map((c) => ({
        id: `${t.key}/${c.client}` as SampleTargetId,
        target: t.key,
        client: c.client,
        title: t.title,
        clientTitle: c.title,
      })),
    );
  return available;
}
let available: SampleTarget[] | undefined;
