/**
 * Code samples of an operation: the hand-written `x-codeSamples` first, in the order the document
 * gives, then generated ones only for languages that have no hand-written sample, so no label appears
 * twice. Generation is `@scalar/snippetz` (the generator Scalar's own client uses) over a request built
 * from the operation: production server, required parameters with their examples, the bearer token
 * from an environment variable, the request body example. Pure: no I/O.
 */
import { snippetz } from '@scalar/snippetz';

/** One sample as the pages show it. */
export interface CodeSample {
  /** Tab label, e.g. `cURL`; tabs with the same label stay in sync across pages. */
  label: string;
  /** Expressive Code language for highlighting (`sh`, `js`, `python`…). */
  lang: string;
  source: string;
  /** True when generated here, false when hand-written in the document. */
  generated: boolean;
}

/** The request a generated sample sends (a subset of HAR 1.2's request). */
export interface SampleRequest {
  method: string;
  /** Absolute URL with path parameters filled in and required query parameters appended. */
  url: string;
  headers: Array<{ name: string; value: string }>;
  /** JSON body text, when the operation has a request body example. */
  body?: string;
}

/** Languages offered when the document has no sample for them, in tab order. */
const GENERATED = [
  { label: 'cURL', family: 'shell', target: 'shell', client: 'curl', lang: 'sh' },
  { label: 'JavaScript', family: 'javascript', target: 'js', client: 'fetch', lang: 'js' },
  { label: 'Python', family: 'python', target: 'python', client: 'requests', lang: 'python' },
] as const;

/** Language family of an `x-codeSamples` `lang` (curl and shell count as one, node and js as one). */
function family(lang: string): string {
  const l = lang.toLowerCase();
  if (['curl', 'shell', 'sh', 'bash', 'zsh'].includes(l)) return 'shell';
  if (['javascript', 'js', 'node', 'nodejs', 'typescript', 'ts'].includes(l)) return 'javascript';
  if (['python', 'py', 'python3'].includes(l)) return 'python';
  return l;
}

/** Expressive Code language id for an `x-codeSamples` `lang`. */
function highlightLang(lang: string): string {
  const f = family(lang);
  if (f === 'shell') return 'sh';
  if (f === 'javascript') return lang.toLowerCase().startsWith('t') ? 'ts' : 'js';
  return f;
}

/**
 * Reads `x-codeSamples` (or the older `x-code-samples`): entries `{lang, label?, source}`. Entries
 * without a string `source` are skipped; the label defaults to the language.
 */
export function handWrittenSamples(operation: Record<string, unknown>): CodeSample[] {
  const raw = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(raw)) return [];
  const out: CodeSample[] = [];
  for (const s of raw) {
    if (typeof s !== 'object' || s === null) continue;
    const { lang, label, source } = s as Record<string, unknown>;
    if (typeof source !== 'string' || typeof lang !== 'string') continue;
    out.push({
      label: typeof label === 'string' && label.trim() ? label : lang,
      lang: highlightLang(lang),
      source: source.replace(/\n+$/, ''),
      generated: false,
    });
  }
  return out;
}

/**
 * All samples of an operation: hand-written first, then one generated sample for each language of
 * cURL, JavaScript and Python that no hand-written sample covers (by language or label).
 */
export function codeSamples(operation: Record<string, unknown>, request: SampleRequest): CodeSample[] {
  const written = handWrittenSamples(operation);
  const families = new Set(
    (Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : [])
      .map((s) => (typeof s === 'object' && s && typeof s.lang === 'string' ? family(s.lang) : ''))
      .filter(Boolean),
  );
  const labels = new Set(written.map((s) => s.label.toLowerCase()));
  const gen = snippetz();
  const har = {
    method: request.method.toUpperCase(),
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { postData: { mimeType: 'application/json', text: request.body } } : {}),
  };
  const out = [...written];
  for (const g of GENERATED) {
    if (families.has(g.family) || labels.has(g.label.toLowerCase())) continue;
    let source: string | undefined;
    try {
      source = gen.print(g.target, g.client as never, har) ?? undefined;
    } catch {
      // A request snippetz cannot print (a URL it cannot parse, say): no generated sample, no failed build.
      source = undefined;
    }
    if (source) out.push({ label: g.label, lang: g.lang, source: source.replace(/\n+$/, ''), generated: true });
  }
  return out;
}
