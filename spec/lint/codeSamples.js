// Spectral function of rule petstore-code-samples (.spectral.yaml): every operation carries exactly
// the samples cURL, JavaScript and Python (spec/README.md, "Code samples"), each calling that
// operation on the documented default server with the PETSTORE_TOKEN bearer and failing on a non-2xx;
// the cURL body, when the operation takes one, is JSON valid against the request schema.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { escapeRegExp } from '../../descriptions/shared/regexp.js';
import { arr, isObj, label, obj, operations, resolve, str } from './document.js';
import { SchemaValidator } from './schemas.js';

/** @typedef {import('./document.js').Finding} Finding */

/** The three code samples every operation carries: lang → label. */
const SAMPLE_LANGS = { curl: 'cURL', javascript: 'JavaScript', python: 'Python' };

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /** @param {Record<string, unknown>} doc */
  function codeSamples(doc) {
    /** @type {Finding[]} */
    const out = [];
    const report = (path, message) => out.push({ message, path });
    // The samples call the documented default server literally (petstore-document-basics checks it).
    const baseUrl = str(obj(obj(obj(arr(doc.servers)[0]).variables).base_url).default) ?? '';
    /** @type {SchemaValidator | undefined} */
    let validator;
    for (const o of operations(doc)) {
      const samples = arr(o.op['x-codeSamples']);
      const at = [...o.at, 'x-codeSamples'];
      const langs = samples.map((s) => str(obj(s).lang) ?? '');
      const expected = Object.keys(SAMPLE_LANGS);
      if (samples.length !== 3 || expected.some((l) => !langs.includes(l))) {
        report(at, `${label(o)} needs exactly 3 samples (${expected.join(', ')}), has [${langs.join(', ')}]`);
      }
      // `/pets/{petId}` → `https://petstore.example.com/v1/pets/<digits>` then the end, `?`, a quote or space.
      const urlPattern = new RegExp(
        `${escapeRegExp(baseUrl + o.path).replace(/\\\{[^}]+\\\}/g, '[0-9]+')}(?=[?"'\\s\`]|$)`,
      );
      const method = o.method.toUpperCase();
      samples.forEach((s, i) => {
        const sample = obj(s);
        const lang = str(sample.lang) ?? '';
        const source = str(sample.source) ?? '';
        const where = [...at, i];
        if (!Object.hasOwn(SAMPLE_LANGS, lang)) return;
        if (sample.label !== SAMPLE_LANGS[lang]) {
          report([...where, 'label'], `${lang} sample must be labelled ${SAMPLE_LANGS[lang]}`);
        }
        if (!source.trim()) {
          report([...where, 'source'], `${label(o)} ${lang} sample is empty`);
          return;
        }
        if (!urlPattern.test(source)) {
          report([...where, 'source'], `${lang} sample does not call ${baseUrl}${o.path}`);
        }
        /** @type {[boolean, string][]} */
        const needs = [];
        if (lang === 'curl') {
          needs.push(
            [source.includes('--fail-with-body'), 'curl needs --fail-with-body (non-zero exit on errors)'],
            [
              source.includes('-H "Authorization: Bearer $PETSTORE_TOKEN"'),
              'curl must send the $PETSTORE_TOKEN bearer',
            ],
            [
              method === 'GET' ? !/\s-X\s/.test(source) : source.includes(`-X ${method}`),
              method === 'GET' ? 'a GET sample must not pass -X' : `curl needs -X ${method}`,
            ],
          );
        } else if (lang === 'javascript') {
          needs.push(
            [source.includes('process.env.PETSTORE_TOKEN'), 'JavaScript must read process.env.PETSTORE_TOKEN'],
            [/if \(!res\.ok\) throw/.test(source), 'JavaScript must throw on a non-2xx (if (!res.ok) throw ...)'],
            [
              method === 'GET' ? !/method:/.test(source) : source.includes(`method: '${method}'`),
              method === 'GET' ? 'a GET sample must not set method' : `JavaScript needs method: '${method}'`,
            ],
          );
        } else {
          needs.push(
            [source.includes('os.environ["PETSTORE_TOKEN"]'), 'Python must read os.environ["PETSTORE_TOKEN"]'],
            [source.includes('resp.raise_for_status()'), 'Python must call resp.raise_for_status()'],
            [source.includes(`requests.${o.method}(`), `Python needs requests.${o.method}(...)`],
          );
        }
        for (const [ok, message] of needs) if (!ok) report([...where, 'source'], `${label(o)}: ${message}`);
      });
      // The cURL body is JSON we can check against the request schema.
      const curl = str(obj(samples.find((s) => obj(s).lang === 'curl')).source) ?? '';
      const body = /-d '([^']*)'/.exec(curl)?.[1];
      const requestBody = resolve(doc, o.op.requestBody, [...o.at, 'requestBody']);
      const media = obj(obj(obj(requestBody.node).content)['application/json']);
      if (isObj(media.schema)) {
        if (!curl.includes('-H "Content-Type: application/json"') || body === undefined) {
          report(at, `${label(o)}: the cURL sample needs -H "Content-Type: application/json" and -d '{...}'`);
        } else {
          let value;
          try {
            value = JSON.parse(body);
          } catch {
            report(at, `${label(o)}: the cURL body is not JSON: ${body}`);
          }
          if (value !== undefined) {
            validator ??= new SchemaValidator(doc);
            const error = validator.check([...requestBody.at, 'content', 'application/json', 'schema'], value);
            if (error) report(at, `${label(o)}: the cURL body does not match the request schema: ${error}`);
          }
        }
      } else if (/\s-d\s/.test(curl)) {
        report(at, `${label(o)} takes no body, but the cURL sample sends one`);
      }
    }
    return out;
  },
);
