/**
 * The routes of the event APIs' pages (routes/), injected by the reference integration below the
 * reference's root beside the OpenAPI APIs' (each event API's pages are below `<base>/<id>/`). Pure.
 */
import { fileURLToPath } from 'node:url';

/** A route: URL pattern (Astro's syntax) and the file that answers it. */
export interface EventRoute {
  pattern: string;
  entrypoint: string;
}

/** @param base the reference's root (`/reference`) */
export function eventRoutes(base: string): EventRoute[] {
  const file = (name: string) => fileURLToPath(new URL(`./routes/${name}`, import.meta.url));
  return [
    { pattern: `${base}/[api]/[...slug]`, entrypoint: file('[...slug].astro') },
    { pattern: `${base}/[api]/asyncapi.[ext]`, entrypoint: file('asyncapi.ts') },
  ];
}

/** Whether a route is the description's download (`<id>/asyncapi.yaml`), which no locale has a copy of. */
export function isDownload(route: EventRoute): boolean {
  return route.pattern.endsWith('/asyncapi.[ext]');
}
