// The code samples' bookkeeping across pages (site/reference/sample-blocks.ts): a block highlighted on one
// page is kept for the next, a page's first block never is, and a page's sample sets render their tabs in
// the page's order whichever finishes highlighting first (Starlight's Tabs numbers panels in render order).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { highlightedBlock, keptBlock, pageHadBlock, tabsTurn } from '../../../site/reference/sample-blocks.ts';

describe('kept blocks', () => {
  test("a block highlighted on one page is taken by the next page in the same language, not in another; a page's first block is never kept", () => {
    const key = (lang: string, code: string) => `${lang}\nsh\n${code}`;
    assert.equal(keptBlock(key('en', 'curl /a')), undefined);
    highlightedBlock(key('en', 'curl /a'), '<figure>a</figure>', 1);
    assert.equal(keptBlock(key('en', 'curl /a')), '<figure>a</figure>');
    assert.equal(keptBlock(key('fr', 'curl /a')), undefined);
    highlightedBlock(key('en', 'curl /first'), undefined, 1);
    assert.equal(keptBlock(key('en', 'curl /first')), undefined);
  });

  test('each page has its first block once', () => {
    const page = {};
    assert.equal(pageHadBlock(page), false);
    assert.equal(pageHadBlock(page), true);
    assert.equal(pageHadBlock({}), false);
  });
});

describe("a page's sample sets take turns to render their tabs", () => {
  test('in the order they started, even when a later set is ready first', async () => {
    const page = {};
    const order: string[] = [];
    const first = tabsTurn(page);
    const second = tabsTurn(page);
    const third = tabsTurn(page);
    const later = (async () => {
      await second.ready;
      order.push('second');
      second.done();
    })();
    const last = (async () => {
      await third.ready;
      order.push('third');
      third.done();
    })();
    // The first set is still highlighting: nothing after it may render.
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual([...order], [], 'a later set rendered before the first');
    await first.ready;
    order.push('first');
    first.done();
    await Promise.all([later, last]);
    assert.deepEqual(order, ['first', 'second', 'third']);
  });

  test("a set that failed still hands the turn on; another page's sets do not wait", async () => {
    const page = {};
    const failed = tabsTurn(page);
    const next = tabsTurn(page);
    const other = tabsTurn({});
    await other.ready;
    other.done();
    try {
      throw new Error('highlighting failed');
    } catch {
      failed.done();
    }
    await next.ready;
    next.done();
  });
});
