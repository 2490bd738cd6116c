import { type Translate, translator } from '../../i18n/catalogue.ts';

/**
 * The sentence beside an operation's "Try it" button, and in its Markdown twin: where the request goes.
 * Pure: the operation's method and path and the reference's try-it targets in, a sentence out.
 * @param to `ReferenceModel.tryItTo`: the mock on this site, the description's servers, or both
 */
export function tryItHint(
  op: { method: string; path: string },
  to: { mock: boolean; servers: boolean },
  t: Translate = translator('en'),
): string {
  const values = { method: op.method, path: op.path };
  if (!to.mock) return t('ref.tryIt.toServer', values);
  return t(to.servers ? 'ref.tryIt.toMockOrServer' : 'ref.tryIt.toMock', values);
}
