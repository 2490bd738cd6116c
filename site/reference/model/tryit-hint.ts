/**
 * The sentence beside an operation's "Try it" button, and in its Markdown twin: where the request goes.
 * Pure: the operation's method and path and the reference's try-it targets in, a sentence out.
 * @param to `ReferenceModel.tryItTo`: the mock on this site, the description's servers, or both
 */
export function tryItHint(op: { method: string; path: string }, to: { mock: boolean; servers: boolean }): string {
  return to.mock
    ? `Sends ${op.method} ${op.path} to the mock API on this site${to.servers ? '; you can pick the production server in the client.' : '.'}`
    : `Sends ${op.method} ${op.path} to the API's server; you can pick another one in the client.`;
}
