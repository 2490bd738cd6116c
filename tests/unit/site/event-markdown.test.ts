// The event pages' Markdown twins (site/events/markdown.ts) in the root locale's words and in another
// locale's: the fixed words come from the catalogues, the pages name their locale and are below its prefix.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadEventDescription } from '../../../descriptions/asyncapi/index.ts';
import { applyOverlay, readOverlay } from '../../../descriptions/overlay/index.ts';
import { eventAgentPages } from '../../../site/events/markdown.ts';
import { type EventApiView, eventApiView } from '../../../site/events/model.ts';
import { eventWords } from '../../../site/events/words.ts';
import { translator } from '../../../site/i18n/catalogue.ts';
import { ogImages } from '../../../site/og/card.ts';

const FILE = 'tests/fixtures/event-versions/streetlights/streetlights.yml';
const OVERLAY = 'tests/fixtures/event-versions/streetlights/i18n/fr.overlay.yaml';
const fr = translator('fr');
let english: EventApiView;
let french: EventApiView;
before(async () => {
  const loaded = await loadEventDescription(FILE);
  // The French view as events/data.ts makes it: the Overlay applied to the document as written, loaded again.
  const translated = JSON.stringify(applyOverlay(loaded.source, await readOverlay(OVERLAY)).document);
  const inFrench = await loadEventDescription(FILE, { read: async () => translated });
  const place = { id: 'lights', mockBase: '/api/mock/lights', download: '/reference/lights/asyncapi.yaml' };
  english = eventApiView(loaded.model, { ...place, base: '/reference/lights' });
  french = eventApiView(inFrench.model, { ...place, base: '/fr/reference/lights', words: eventWords(fr) });
});

/** English sentences the twin writes; none may be left in another locale's twin. */
const ENGLISH = [
  /\bon `/,
  /in the description/,
  /Payload schema/,
  /Code samples/,
  /\bbinding:/,
  /Correlation id/,
  /## (Reply|Mock|Operations|Servers|Channel parameters)\b/,
  /GET` with/,
  /^- `streetlightId`: /m,
];

describe('event Markdown twins', () => {
  test('in the root locale: English words, no locale', () => {
    const pages = eventAgentPages(english);
    const turnOn = pages.find((p) => p.url === '/reference/lights/turn-on/');
    assert.ok(turnOn, 'the turnOn page');
    assert.equal(turnOn.locale, undefined);
    assert.equal(turnOn.mdUrl, '/reference/lights/turn-on.md');
    const md = turnOn.markdown();
    assert.match(
      md,
      /^The API sends on `smartylighting\/streetlights\/1\/0\/action\/\{streetlightId\}\/turn\/on` \(operation `turnOn`, `send` in the description; /m,
    );
    assert.match(md, /^## Code samples$/m);
    assert.match(md, /^\*\*MQTT\*\* operation binding:$/m);
  });

  test("in a locale: the locale's words from the catalogue, below its prefix, naming its locale", () => {
    const pages = eventAgentPages(french, undefined, { key: 'fr', t: fr });
    assert.ok(pages.length > 3);
    for (const page of pages) {
      assert.equal(page.locale, 'fr', page.url);
      assert.match(page.url, /^\/fr\/reference\/lights\//);
      assert.match(page.mdUrl, /^\/fr\/reference\/lights(\/.*)?\.md$/);
      const md = page.markdown();
      for (const english of ENGLISH) assert.doesNotMatch(md, english, `${page.mdUrl}: ${english}`);
    }
    const turnOn = pages.find((p) => p.url === '/fr/reference/lights/turn-on/');
    assert.ok(turnOn, 'the turnOn page');
    const md = turnOn.markdown();
    // The description's text from the locale's Overlay.
    assert.equal(turnOn.title, 'Allumer un lampadaire');
    assert.match(md, /^# Allumer un lampadaire$/m);
    // The description's text from the locale's Overlay.
    assert.equal(turnOn.title, 'Allumer un lampadaire');
    assert.match(md, /^# Allumer un lampadaire$/m);
    assert.match(
      md,
      /^L’API envoie sur `smartylighting\/[^`]+` \(opération `turnOn`, `send` dans la description\u00a0; /m,
    );
    assert.match(md, /^## Exemples de code$/m);
    assert.match(md, /^Liaison \*\*MQTT\*\* de l’opération\u00a0:$/m);
    assert.match(md, /^- Qualité de service \(`qos`\)/m);
    assert.match(turnOn.description, /^L’API envoie /);
    const overview = pages.find((p) => p.kind === 'reference');
    assert.match(overview?.markdown() ?? '', /^## Opérations$/m);
    assert.match(overview?.description ?? '', /AsyncAPI 3/);
    assert.match(overview?.markdown() ?? '', /^# API MQTT des lampadaires$/m);
  });

  test("a locale's Open Graph card: the localized title and description, under the locale's path", () => {
    const pages = eventAgentPages(french, undefined, { key: 'fr', t: fr });
    const card = ogImages([...eventAgentPages(english), ...pages], 'Petstore').find(
      (c) => c.file === 'fr/reference/lights/turn-on.jpg',
    );
    assert.ok(card, 'the French turnOn card');
    assert.equal(card.options.title, 'Allumer un lampadaire');
    assert.match(card.options.description ?? '', /^API MQTT des lampadaires\nL’API envoie turnOnOff sur /);
  });
});
