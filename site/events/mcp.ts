/**
 * An event API as the docs' MCP server reads it (pure): its pages as a corpus (search_docs, get_page by
 * URL or operation id) and its operations for list_operations, each with the reader's side as its method
 * (`SEND`: you send, the API receives; `RECEIVE`: the API sends, you receive) and its channel address as
 * its path. call_mock refuses them (no try-it of REST); `send_event_message` talks to the event mock.
 */

import { buildCorpus, type DocsCorpus } from '../mcp/corpus.ts';
import type { OperationSummary, ReferenceModel } from '../reference/model/views.ts';
import { eventAgentPages, type TwinLocale } from './markdown.ts';
import type { EventApiView, OperationView } from './model.ts';

/** The reader's side of an operation as list_operations' method. */
export function eventMethod(op: Pick<OperationView, 'direction'>): 'SEND' | 'RECEIVE' {
  return op.direction === 'you-send' ? 'SEND' : 'RECEIVE';
}

function summaryOf(view: EventApiView, op: OperationView): OperationSummary {
  return {
    kind: 'operation',
    operationId: op.id,
    hasOperationId: true,
    slug: op.slug,
    url: op.url,
    method: eventMethod(op),
    path: op.channel.address ?? op.channel.id,
    summary: op.title,
    tag: op.tags[0] ?? 'Operations',
    tagUrl: `${view.base}/`,
    group: '',
    legacyAnchor: '',
    stability:
      op.lifecycle.stability === 'beta' || op.lifecycle.stability === 'experimental'
        ? ({ level: op.lifecycle.stability } as OperationSummary['stability'])
        : null,
    deprecation: op.lifecycle.deprecated
      ? ({ ...(op.lifecycle.sunset ? { sunset: op.lifecycle.sunset } : {}) } as OperationSummary['deprecation'])
      : null,
    tryIt: false,
    labels: [],
  };
}

/**
 * The corpus of an event API's pages and operations.
 * @param locale for a view in a locale beside the root one: its pages in the locale's words (get_page's `locale`)
 */
export function eventCorpus(view: EventApiView, locale?: TwinLocale): DocsCorpus {
  const summaries = new Map(view.operations.map((op) => [op.url, summaryOf(view, op)]));
  const pages = eventAgentPages(view, undefined, locale).map((p) => {
    const operation = summaries.get(p.url);
    return operation ? { ...p, operation } : p;
  });
  const model = {
    title: view.title,
    version: view.version,
    operations: [...summaries.values()],
    operationView: () => ({ parameters: [], requestBody: undefined, security: [] }),
  } as unknown as ReferenceModel;
  return buildCorpus(pages, model);
}
