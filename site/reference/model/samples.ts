/**
 * Code samples of an operation: the hand-written `x-codeSamples` first, in the order the document
 * gives, then generated ones for the chosen languages (the reference's `codeSamples.targets` option)
 * that have no hand-written sample, so no language appears twice. Generation is `@scalar/snippetz`
 * (the generator Scalar's own client uses) over a request built from the operation: production
 * server, required parameters with their examples, the bearer token read from an environment variable
 * in the language's own way ({@link credentialFromEnv}: `os.Getenv`, `System.getenv`, `ENV.fetch`…),
 * the request body example. Pure: no I/O.
 */
import { snippetz } from '@scalar/snippetz';
import {
  availableSampleTargets,
  DEFAULT_SAMPLE_TARGETS,
  type SampleTarget,
  type SampleTargetId,
} from '../../apis/sample-targets.ts';

export { availableSampleTargets, DEFAULT_SAMPLE_TARGETS, type SampleTarget, type SampleTargetId };

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

/**
 * Stands for the credential in a request given to snippetz; {@link credentialFromEnv} turns the string
 * literal holding it into the language's read of the environment variable. Letters and underscores
 * only, so no language escapes it.
 */
export const CREDENTIAL_PLACEHOLDER = 'CREDENTIAL_FROM_ENVIRONMENT';

/**
 * The environment variable generated samples read the credential from: the API's title without a
 * trailing "API", upper case, words joined by `_`, then `_TOKEN` (`Petstore API` → `PETSTORE_TOKEN`,
 * what the Petstore's hand-written samples read).
 */
export function credentialVariable(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length > 1 && words.at(-1) === 'API') words.pop();
  const stem = words.join('_') || 'API';
  return `${/^\d/.test(stem) ? '_' : ''}${stem}_TOKEN`;
}

/** How a language reads an environment variable and joins strings. */
interface EnvIdiom {
  /** The expression that reads the variable. */
  read: (name: string) => string;
  /** How a string literal and that expression are joined into one string. */
  join: { op: string } | { template: (pre: string, read: string, post: string, quote: string) => string };
  /** A line the program needs for it (an import), added when missing. */
  needs?: (source: string) => string;
}

const concat = (op: string) => ({ op });

/** Per snippetz target key. Languages missing here keep the variable's name in the text. */
const ENV_IDIOMS: Record<string, EnvIdiom> = {
  shell: {
    read: (n) => `\${${n}}`,
    join: { template: (pre, read, post) => `"${pre}${read}${post}"` },
  },
  js: { read: (n) => `process.env.${n}`, join: concat(' + ') },
  node: { read: (n) => `process.env.${n}`, join: concat(' + ') },
  python: {
    read: (n) => `os.environ["${n}"]`,
    join: concat(' + '),
    needs: (src) =>
      /^import os$/m.test(src)
        ? src
        : `import os\n${/^import requests$/m.test(src) || !/\brequests\./.test(src) ? '' : 'import requests\n'}\n${src}`,
  },
  go: {
    read: (n) => `os.Getenv("${n}")`,
    join: concat(' + '),
    needs: (src) => (/"os"/.test(src) ? src : src.replace(/import \(\n/, 'import (\n\t"os"\n')),
  },
  java: { read: (n) => `System.getenv("${n}")`, join: concat(' + ') },
  kotlin: { read: (n) => `System.getenv("${n}")`, join: concat(' + ') },
  csharp: { read: (n) => `Environment.GetEnvironmentVariable("${n}")`, join: concat(' + ') },
  fsharp: { read: (n) => `System.Environment.GetEnvironmentVariable("${n}")`, join: concat(' + ') },
  php: { read: (n) => `getenv('${n}')`, join: concat(' . ') },
  ruby: { read: (n) => `ENV.fetch('${n}')`, join: concat(' + ') },
  dart: {
    read: (n) => `Platform.environment['${n}']!`,
    join: concat(' + '),
    needs: (src) => (src.includes("import 'dart:io';") ? src : `import 'dart:io';\n${src}`),
  },
  julia: { read: (n) => `ENV["${n}"]`, join: concat(' * ') },
  ocaml: { read: (n) => `Sys.getenv "${n}"`, join: concat(' ^ ') },
  powershell: { read: (n) => `$env:${n}`, join: concat(' + ') },
  r: {
    read: (n) => `Sys.getenv("${n}")`,
    join: {
      template: (pre, read, post, q) =>
        `paste0(${[pre && `${q}${pre}${q}`, read, post && `${q}${post}${q}`].filter(Boolean).join(', ')})`,
    },
  },
  clojure: {
    read: (n) => `(System/getenv "${n}")`,
    join: {
      template: (pre, read, post, q) =>
        `(str ${[pre && `${q}${pre}${q}`, read, post && `${q}${post}${q}`].filter(Boolean).join(' ')})`,
    },
  },
  rust: {
    read: (n) => `std::env::var("${n}").unwrap_or_default()`,
    join: {
      template: (pre, read, post) =>
        `&format!("${pre.replace(/[{}]/g, '$&$&')}{}${post.replace(/[{}]/g, '$&$&')}", ${read})`,
    },
  },
  swift: {
    read: (n) => `(ProcessInfo.processInfo.environment["${n}"] ?? "")`,
    join: { template: (pre, read, post) => `"${pre}\\${read}${post}"` },
  },
};

/**
 * A printed sample with the string literal that holds {@link CREDENTIAL_PLACEHOLDER} replaced by the
 * language's read of `variable`, joined to the rest of the literal (`"Bearer " + os.Getenv("X")`),
 * plus the import that read needs. A language without an idiom here, or a literal it cannot find,
 * gets `$X` in place of the placeholder: the reader still sees which variable holds the credential.
 * @param target snippetz's target key (`go`, `shell`, `php`…)
 */
export function credentialFromEnv(source: string, target: string, variable: string): string {
  const at = source.indexOf(CREDENTIAL_PLACEHOLDER);
  if (at < 0) return source;
  const idiom = ENV_IDIOMS[target];
  const literal = idiom ? enclosingLiteral(source, at) : undefined;
  if (!idiom || !literal) return source.replaceAll(CREDENTIAL_PLACEHOLDER, `$${variable}`);
  const { start, end, quote } = literal;
  const inner = source.slice(start + 1, end);
  const i = inner.indexOf(CREDENTIAL_PLACEHOLDER);
  const pre = inner.slice(0, i);
  const post = inner.slice(i + CREDENTIAL_PLACEHOLDER.length);
  const read = idiom.read(variable);
  let expression: string;
  if ('template' in idiom.join) {
    // Shell: a double-quoted word, unless the text has characters double quotes would expand.
    if (target === 'shell' && /["$`\\!]/.test(pre + post))
      expression = `${quote}${pre}${quote}"${read}"${quote}${post}${quote}`;
    else expression = idiom.join.template(pre, read, post, quote);
  } else {
    const op = idiom.join.op;
    expression = [pre && `${quote}${pre}${quote}`, read, post && `${quote}${post}${quote}`].filter(Boolean).join(op);
  }
  const out = source.slice(0, start) + expression + source.slice(end + 1);
  return idiom.needs ? idiom.needs(out) : out;
}

/** The single-line string literal (`'…'`, `"…"`, `` `…` ``) around position `at`, if any. */
function enclosingLiteral(source: string, at: number): { start: number; end: number; quote: string } | undefined {
  const lineStart = source.lastIndexOf('\n', at) + 1;
  const lineEnd = source.indexOf('\n', at) < 0 ? source.length : source.indexOf('\n', at);
  for (let start = at - 1; start >= lineStart; start--) {
    const quote = source[start] as string;
    if (!`'"\``.includes(quote) || source[start - 1] === '\\') continue;
    for (let end = at + CREDENTIAL_PLACEHOLDER.length; end < lineEnd; end++) {
      if (source[end] === quote && source[end - 1] !== '\\') return { start, end, quote };
    }
  }
  return undefined;
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

/**
 * A C# 11 raw string literal as snippetz prints it: `"""`, a line break, the lines, a line break,
 * the closing `"""` after the indentation every line loses (C# 11 specification, "raw string
 * literals"); or `"""text"""` on one line.
 */
const RAW_STRING = /"""\n([\s\S]*?)\n([ \t]*)"""|"""([^"\n](?:[^\n]*?[^"\n])?)"""/g;

/**
 * A C# sample in the C# 7 that Debian's compiler (Mono's `mcs`) reads: each raw string literal (C# 11)
 * becomes a verbatim string (`@"…"`, quotes doubled, the same characters) and each using declaration
 * (`using var response = …;`, C# 8) a plain declaration (the sample ends there, so nothing is left to
 * dispose early). Pure.
 */
export function csharp7(source: string): string {
  return source
    .replace(RAW_STRING, (_m, block: string | undefined, indent: string | undefined, line: string | undefined) => {
      const text =
        block === undefined
          ? (line ?? '')
          : block
              .split('\n')
              .map((l) => (l.startsWith(indent ?? '') ? l.slice((indent ?? '').length) : l.trimStart()))
              .join('\n');
      return `@"${text.replaceAll('"', '""')}"`;
    })
    .replace(/^([ \t]*)using var /gm, '$1var ');
}

/** Per snippetz target key: what makes its printed sample compile with the toolchain Debian packages. */
const TOOLCHAIN_DIALECT: Readonly<Record<string, (source: string) => string>> = { csharp: csharp7 };

/**
 * Language families: every `lang` an `x-codeSamples` entry may use for one language, under one name,
 * so a hand-written sample in that language replaces the generated one. Keyed by family; the first
 * name is snippetz's target key where it has one.
 */
const FAMILIES: Record<string, readonly string[]> = {
  shell: ['shell', 'curl', 'sh', 'bash', 'zsh', 'wget', 'httpie'],
  javascript: ['javascript', 'js', 'node', 'nodejs', 'typescript', 'ts'],
  python: ['python', 'py', 'python3'],
  go: ['go', 'golang'],
  csharp: ['csharp', 'c#', 'cs', 'dotnet'],
  fsharp: ['fsharp', 'f#', 'fs'],
  ruby: ['ruby', 'rb'],
  kotlin: ['kotlin', 'kt'],
  rust: ['rust', 'rs'],
  objc: ['objc', 'objective-c', 'objectivec'],
  powershell: ['powershell', 'ps1', 'pwsh'],
};
const FAMILY_OF = new Map(Object.entries(FAMILIES).flatMap(([f, names]) => names.map((n) => [n, f] as const)));

/** Expressive Code (Shiki) language ids where they differ from the family's name. */
const HIGHLIGHT: Record<string, string> = {
  shell: 'sh',
  javascript: 'js',
  objc: 'objective-c',
};

/** Language family of an `x-codeSamples` `lang` or a snippetz target key (`node` and `js` are one). */
function family(lang: string): string {
  const l = lang.toLowerCase();
  return FAMILY_OF.get(l) ?? l;
}

/** Expressive Code language id for an `x-codeSamples` `lang` or a snippetz target key. */
function highlightLang(lang: string): string {
  const f = family(lang);
  if (f === 'javascript' && /^t/i.test(lang)) return 'ts';
  return HIGHLIGHT[f] ?? f;
}

/**
 * The tab label of a generated sample: the language (`Go`, `C#`); for the shell the client (`cURL`,
 * `Wget`), which is what readers look for; with the client in brackets when the list holds another
 * client of the same language (`Java (OkHttp)`, `Java (Unirest)`).
 */
function generatedLabel(t: SampleTarget, chosen: readonly SampleTarget[]): string {
  if (t.target === 'shell') return t.client === 'curl' ? 'cURL' : t.clientTitle;
  const shared = chosen.filter((o) => o.target === t.target).length > 1;
  return shared ? `${t.title} (${t.clientTitle})` : t.title;
}

/**
 * Reads `x-codeSamples` (or the older `x-code-samples`): entries `{lang, label?, source}`. Entries
 * without a string `source` are skipped; the label defaults to the language.
 */
export function handWrittenSamples(operation: Record<string, unknown>): CodeSample[] {
  return readHandWritten(operation).map(({ sample }) => sample);
}

function readHandWritten(operation: Record<string, unknown>): Array<{ sample: CodeSample; family: string }> {
  const raw = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(raw)) return [];
  const out: Array<{ sample: CodeSample; family: string }> = [];
  for (const s of raw) {
    if (typeof s !== 'object' || s === null) continue;
    const { lang, label, source } = s as Record<string, unknown>;
    if (typeof source !== 'string' || typeof lang !== 'string') continue;
    out.push({
      sample: {
        label: typeof label === 'string' && label.trim() ? label : lang,
        lang: highlightLang(lang),
        source: source.replace(/\n+$/, ''),
        generated: false,
      },
      family: family(lang),
    });
  }
  return out;
}

/**
 * All samples of an operation: hand-written first, then one generated sample for each of `targets`
 * (`target/client` ids of `@scalar/snippetz`, in tab order) whose language no hand-written sample
 * covers, by language family or by label. An id snippetz does not offer is skipped (the options refuse
 * them before a build gets here); so is a request snippetz cannot print.
 * @param targets default {@link DEFAULT_SAMPLE_TARGETS}; `[]` for hand-written samples only
 */
export function codeSamples(
  operation: Record<string, unknown>,
  request: SampleRequest,
  targets: readonly SampleTargetId[] = DEFAULT_SAMPLE_TARGETS,
  /** The environment variable the credential is read from ({@link credentialVariable}). */
  variable = 'API_TOKEN',
): CodeSample[] {
  const written = readHandWritten(operation);
  const families = new Set(written.map((w) => w.family));
  const labels = new Set(written.map((w) => w.sample.label.toLowerCase()));
  const offered = new Map(availableSampleTargets().map((t) => [t.id, t]));
  const chosen = targets.flatMap((id) => offered.get(id) ?? []);
  const gen = snippetz();
  const har = {
    method: request.method.toUpperCase(),
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { postData: { mimeType: 'application/json', text: request.body } } : {}),
  };
  const out = written.map((w) => w.sample);
  for (const t of chosen) {
    const label = generatedLabel(t, chosen);
    if (families.has(family(t.target)) || labels.has(label.toLowerCase())) continue;
    let source: string | undefined;
    try {
      source = gen.print(t.target as never, t.client as never, har) ?? undefined;
    } catch {
      // A request snippetz cannot print (a URL it cannot parse, say): no generated sample, no failed build.
      source = undefined;
    }
    if (source) {
      const dialect = TOOLCHAIN_DIALECT[t.target] ?? ((text: string) => text);
      const text = dialect(credentialFromEnv(source, t.target, variable)).replace(/\n+$/, '');
      out.push({ label, lang: highlightLang(t.target), source: text, generated: true });
    }
  }
  return out;
}
