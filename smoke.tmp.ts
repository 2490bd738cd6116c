import { createMock } from '/work/wt/mock/site/mock/index.ts';
import { loadMockDescription } from '/work/wt/mock/site/mock/load.ts';
import { mockOperations } from '/work/wt/mock/site/mock/operations.ts';
import { readdirSync } from 'node:fs';
const dir = '/work/wt/mock/tests/fixtures/descriptions';
for (const f of readdirSync(dir)) {
  const path = f === 'mock-split' ? `${dir}/${f}/openapi.yaml` : `${dir}/${f}`;
  if (!f.startsWith('mock-')) continue;
  const doc = await loadMockDescription(path);
  const mock = await createMock(doc, { basePath: '/m', onError: (e) => console.log('ERR', e) });
  for (const op of mockOperations(doc)) {
    const url = 'http://x/m' + op.path.replace(/\{[^}]+\}/g, 'SH-0001');
    const res = await mock.handle(new Request(url + '?api_key=k', { method: op.method.toUpperCase() === 'QUERY' ? 'QUERY' : op.method.toUpperCase(), headers: { authorization: 'Bearer t', 'x-api-token': 'k', api_key: 'k' } }));
    const body = await res.text();
    console.log(f, op.method, op.path, res.status, res.headers.get('content-type'), body.slice(0, 140).replace(/\n/g, '\\n'));
  }
}
