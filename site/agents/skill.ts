/**
 * An Agent Skill for one API (agentskills.io): a `SKILL.md` that teaches a coding agent the API in one
 * read: YAML front matter (`name`, `description`), then the base URL, authentication, errors and their
 * codes, pagination, limits, stability and deprecation rules, and the operations grouped by tag, each
 * linked to its Markdown twin for the details. Pure: one API's reference model and its URLs in, text
 * out; a site of several APIs calls it once per API.
 *
 * The format's rules (agentskills.io/specification): `name` 1–64 characters of lowercase letters,
 * digits and single hyphens, not starting or ending with one, equal to the skill's folder name;
 * `description` 1–1024 characters saying what the skill does and when to use it; the body kept under
 * about 5,000 tokens ({@link SKILL_BODY_MAX_TOKENS}). Past that budget the operations are listed per
 * tag (a link to each tag's Markdown) instead of one by one.
 *
 * Also the discovery index (Agent Skills Discovery 0.2.0, `/.well-known/agent-skills/index.json`):
 * every skill with its type, description, URL and the SHA-256 digest of its `SKILL.md`.
 */
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { credentialVariable } from '../reference/model/samples.ts';
import type { OperationSummary, OperationView, ReferenceModel } from '../reference/model/views.ts';
import { LLMS_TXT_PATH } from './directive.ts';
import { agentSkillPath } from './discovery.ts';
import { markdownPath } from './paths.ts';

/** The `name` rule of the format: lowercase letters and digits in runs joined by single hyphens. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longest `name` (characters). */
export const SKILL_NAME_MAX = 64;
/** Longest `description` (characters). */
export const SKILL_DESCRIPTION_MAX = 1024;
/** The body size the format recommends staying under (tokens). */
export const SKILL_BODY_MAX_TOKENS = 5000;
/** The schema of the discovery index this site writes. */
export const SKILLS_INDEX_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/**
 * Tokens of a text, estimated as one per four characters (the usual rule of thumb for English and
 * code; a model's tokenizer differs by a few percent). Used only against {@link SKILL_BODY_MAX_TOKENS}.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * A skill name from an API's title (`Petstore API` → `petstore-api`), cut at a hyphen to fit
 * {@link SKILL_NAME_MAX}; `fallback` (the API's id) when the title has no letter or digit.
 */
export function skillName(title: string, fallback: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  let name = slug(title) || slug(fallback) || 'api';
  if (name.length > SKILL_NAME_MAX)
    name = name.slice(0, SKILL_NAME_MAX).replace(/-[^-]*$/, '') || name.slice(0, SKILL_NAME_MAX);
  return name.replace(/-+$/, '');
}

/** Where one API's skill points: every URL absolute. */
export interface SkillUrls {
  /** The docs' origin with a trailing slash (`https://docs.example.com/`): links are made absolute on it. */
  site: string;
  /** The API's base URL for requests (its first server), or null when the description gives none. */
  apiBase: string | null;
  /** The mock's base path on the docs' server (`/api/mock`), or null when try-it has no mock. */
  mockBase: string | null;
  /** The description downloads (`/openapi.json`, `/openapi.yaml`). */
  descriptions: readonly string[];
}

/** What the skill says, computed from the model: kept apart from the text so tests read the facts. */
export interface SkillFacts {
  name: string;
  description: string;
  /** Security schemes by name: the summary the pages show. */
  schemes: Array<{ name: string; summary: string; description?: string; operations: number }>;
  /** Operations that need no credentials. */
  open: number;
  /** Error statuses (4xx, 5xx, `default`) with the `code` values their examples give, by status. */
  errors: Array<{ status: string; codes: string[]; operations: number }>;
  /** Query parameters that page a list, with their constraints, and the headers that carry paging. */
  pagination: { parameters: Array<{ name: string; constraints: string[]; operations: number }>; headers: string[] };
  /** Rate limiting: whether some operation answers 429, and the response headers that describe limits. */
  limits: { rateLimited: number; headers: string[] };
  /** Response headers that announce a deprecation (`Deprecation`, RFC 9745; `Sunset`, RFC 8594). */
  lifecycleHeaders: string[];
}

const PAGING_PARAMS =
  /^(?:limit|offset|page|per_?page|page_?size|cursor|after|before|starting_after|ending_before|page_?token|next_?token)$/i;
const PAGING_HEADERS = /^(?:link|x-total-count|x-next-cursor|x-page|x-per-page|x-total|x-total-pages)$/i;
const LIMIT_HEADERS = /^(?:retry-after|ratelimit(?:-.*)?|x-ratelimit-.*|x-rate-limit-.*)$/i;

/** The `code` of an error example (`{"code": "not_found", …}`), if it has a string one. */
function errorCode(exampleText: string): string | undefined {
  try {
    const v = JSON.parse(exampleText) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const code = (v as Record<string, unknown>).code ?? (v as { error?: { code?: unknown } }).error?.code;
      return typeof code === 'string' && code.length <= 80 ? code : undefined;
    }
  } catch {
    /* not JSON */
  }
  return undefined;
}

/**
 * How many operations' pages are read for errors, paging and limits: every one up to this bound, the
 * first ones past it (a page view costs a few milliseconds; GitHub's 1,100 operations share their
 * conventions across the first hundred).
 */
export const SKILL_SCANNED_OPERATIONS = 150;

/** The facts of an API's skill, from its model. */
export function skillFacts(model: ReferenceModel, name: string): SkillFacts {
  const views: OperationView[] = model.operations.slice(0, SKILL_SCANNED_OPERATIONS).map((o) => model.operationView(o));
  const schemes = new Map<string, SkillFacts['schemes'][number]>();
  let open = 0;
  const errors = new Map<string, { codes: Set<string>; operations: number }>();
  const paging = new Map<string, { constraints: string[]; operations: number }>();
  const pagingHeaders = new Set<string>();
  const limitHeaders = new Set<string>();
  let rateLimited = 0;
  const lifecycleHeaders = new Set<string>();
  for (const v of views) {
    const alternatives = v.security.filter((alt) => alt.length > 0);
    if (v.security.length === 0 || alternatives.length < v.security.length) open++;
    for (const scheme of new Map(alternatives.flat().map((s) => [s.name, s])).values()) {
      const entry = schemes.get(scheme.name) ?? { ...scheme, operations: 0 };
      entry.operations++;
      schemes.set(scheme.name, entry);
    }
    for (const p of v.parameters) {
      if (p.in !== 'query' || !PAGING_PARAMS.test(p.name)) continue;
      const entry = paging.get(p.name) ?? { constraints: p.schema.constraints, operations: 0 };
      entry.operations++;
      paging.set(p.name, entry);
    }
    for (const r of v.responses) {
      for (const h of r.headers) {
        if (PAGING_HEADERS.test(h.name) && /^2/.test(r.status)) pagingHeaders.add(h.name);
        if (LIMIT_HEADERS.test(h.name)) limitHeaders.add(h.name);
        if (/^(?:deprecation|sunset)$/i.test(h.name)) lifecycleHeaders.add(h.name);
      }
      if (r.status === '429') rateLimited++;
      if (!/^[45]|^default$/i.test(r.status)) continue;
      const entry = errors.get(r.status) ?? { codes: new Set<string>(), operations: 0 };
      entry.operations++;
      for (const c of r.contents) {
        for (const ex of c.examples) {
          const code = errorCode(ex.value);
          if (code) entry.codes.add(code);
        }
      }
      errors.set(r.status, entry);
    }
  }
  const summary = (model.summary ?? model.description?.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  const lead = `Call the ${model.title}${model.version ? ` (version ${model.version})` : ''}`;
  const what = summary ? `: ${summary.replace(/\.$/, '')}.` : '.';
  const when = ` Use when writing or debugging code that calls it: base URL, authentication, errors and their codes, pagination, limits, deprecations, and its ${model.operations.length} operations by tag with links to their reference.`;
  let description = `${lead}${what}${when}`;
  if (description.length > SKILL_DESCRIPTION_MAX) {
    description = `${lead}.${when}`.slice(0, SKILL_DESCRIPTION_MAX);
  }
  return {
    name,
    description,
    schemes: [...schemes.values()],
    open,
    errors: [...errors]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, e]) => ({ status, codes: [...e.codes].sort(), operations: e.operations })),
    pagination: {
      parameters: [...paging].map(([n, e]) => ({ name: n, constraints: e.constraints, operations: e.operations })),
      headers: [...pagingHeaders],
    },
    limits: { rateLimited, headers: [...limitHeaders] },
    lifecycleHeaders: [...lifecycleHeaders].sort(),
  };
}

/** YAML's double-quoted scalar: the value on one line, escaped (YAML 1.2 §7.3.1). */
function yamlString(s: string): string {
  return JSON.stringify(s.replace(/\s+/g, ' '));
}

function operationLine(op: OperationSummary, site: string): string {
  const flags = [
    op.stability ? op.stability.label : '',
    op.deprecation ? `deprecated${op.deprecation.sunset ? `, sunset ${op.deprecation.sunset}` : ''}` : '',
  ].filter(Boolean);
  const id = op.hasOperationId ? ` \`${op.operationId}\`` : '';
  // The flags say "deprecated": a summary's own trailing "(deprecated)" would repeat it.
  const summary = op.deprecation ? op.summary.replace(/\s*\(deprecated\)\s*$/i, '') : op.summary;
  return `- \`${op.method} ${op.path}\`${id}: ${summary}${flags.length ? ` (${flags.join('; ')})` : ''}. [Reference](${new URL(markdownPath(op.url), site).href})`;
}

/**
 * The `SKILL.md` of one API.
 * @param model the API's reference model (its current version)
 * @param urls where its docs, requests and description are
 * @param name the skill's name ({@link skillName}); the folder it is served from has this name
 */
export function skillMarkdown(model: ReferenceModel, urls: SkillUrls, name: string): string {
  return agentSkill(model, urls, name).markdown;
}

/**
 * One API's skill: its name, its description (the front matter's) and its `SKILL.md`.
 * @param model the API's reference model (its current version)
 * @param urls where its docs, requests and description are
 * @param name the skill's name ({@link skillName})
 */
export function agentSkill(
  model: ReferenceModel,
  urls: SkillUrls,
  name: string,
): { name: string; description: string; markdown: string } {
  const facts = skillFacts(model, name);
  const abs = (path: string) => new URL(path, urls.site).href;
  const head = [
    '---',
    `name: ${name}`,
    `description: ${yamlString(facts.description)}`,
    '---',
    '',
    `# ${model.title}`,
    '',
  ];
  const body: string[] = [];
  const summary = model.summary ?? model.description?.split(/\n\s*\n/)[0];
  if (summary) body.push(summary.trim(), '');
  body.push(
    `Reference: ${abs(`${model.base}/`)} (Markdown: ${abs(markdownPath(`${model.base}/`))}). Every page: ${abs(LLMS_TXT_PATH)}. OpenAPI description: ${urls.descriptions.map(abs).join(', ')}.`,
    '',
    '## Base URL',
    '',
  );
  if (urls.apiBase) body.push(`- Requests go to \`${urls.apiBase}\` followed by the operation's path.`);
  else body.push('- The description names no server: ask for the base URL of the deployment.');
  if (urls.mockBase) {
    body.push(
      `- To try requests without an account: the docs' mock, \`${abs(urls.mockBase)}\` (same paths; any bearer token gets its own sandbox of example data).`,
    );
  }
  body.push('', '## Authentication', '');
  if (facts.schemes.length === 0) body.push('- No operation declares credentials.');
  for (const s of facts.schemes) {
    const desc = s.description ? ` ${s.description.split(/(?<=\.)\s/)[0]}` : '';
    body.push(`- \`${s.name}\`: ${s.summary} (${s.operations} operations).${desc}`);
  }
  if (facts.schemes.length > 0 && facts.open > 0) body.push(`- ${facts.open} operations need no credentials.`);
  if (facts.schemes.length > 0) {
    body.push(
      `- Read the credential from the environment (\`${credentialVariable(model.title)}\`, as the reference's code samples do), never hard-code it.`,
    );
  }
  body.push('', '## Errors', '');
  if (facts.errors.length === 0) body.push('- The description declares no error responses.');
  else {
    body.push('Status codes the operations declare, with the machine-readable `code` values their examples give:', '');
    for (const e of facts.errors) {
      body.push(
        `- ${e.status} (${e.operations} operations)${e.codes.length ? `: ${e.codes.map((c) => `\`${c}\``).join(', ')}` : ''}`,
      );
    }
    body.push('', 'Branch on the status and the `code`, not on the message text.');
  }
  body.push('', '## Pagination', '');
  if (facts.pagination.parameters.length === 0 && facts.pagination.headers.length === 0) {
    body.push('- No operation takes paging parameters.');
  } else {
    for (const p of facts.pagination.parameters) {
      body.push(
        `- Query parameter \`${p.name}\`${p.constraints.length ? ` (${p.constraints.join(', ')})` : ''}: ${p.operations} operations.`,
      );
    }
    if (facts.pagination.headers.length > 0) {
      body.push(
        `- Paged answers carry ${facts.pagination.headers.map((h) => `\`${h}\``).join(', ')}: follow \`Link\` rel="next" when present.`,
      );
    }
  }
  body.push('', '## Limits', '');
  if (facts.limits.rateLimited === 0 && facts.limits.headers.length === 0) body.push('- No rate limit is declared.');
  else {
    if (facts.limits.rateLimited > 0)
      body.push(
        `- ${facts.limits.rateLimited} operations may answer 429 (too many requests): wait as \`Retry-After\` says, then retry.`,
      );
    if (facts.limits.headers.length > 0)
      body.push(`- Limit headers: ${facts.limits.headers.map((h) => `\`${h}\``).join(', ')}.`);
  }
  body.push('', '## Stability and deprecation', '');
  const unstable = model.operations.filter((o) => o.stability !== null);
  const deprecated = model.operations.filter((o) => o.deprecation);
  if (unstable.length === 0 && deprecated.length === 0) body.push('- Every operation is stable; none is deprecated.');
  const levels = new Map<string, OperationSummary[]>();
  for (const o of unstable) levels.set(o.stability?.label ?? '', [...(levels.get(o.stability?.label ?? '') ?? []), o]);
  for (const [label, ops] of levels) {
    body.push(`- ${label} (may change without notice): ${ops.map((o) => `\`${o.method} ${o.path}\``).join(', ')}.`);
  }
  for (const o of deprecated) {
    const d = o.deprecation;
    if (!d) continue;
    const successor = d.successor
      ? `; use \`${d.successor.method} ${d.successor.path}\`${d.successor.operationId ? ` (\`${d.successor.operationId}\`)` : ''} instead`
      : '';
    body.push(`- Deprecated: \`${o.method} ${o.path}\`${d.sunset ? `, removed after ${d.sunset}` : ''}${successor}.`);
  }
  if (deprecated.length > 0) {
    body.push('- A deprecated operation keeps working until its sunset date; do not write new code against it.');
  }
  if (facts.lifecycleHeaders.length > 0) {
    body.push(
      `- Answers of deprecated operations carry ${facts.lifecycleHeaders.map((h) => `\`${h}\``).join(' and ')} (RFC 9745, RFC 8594): log them to find code to migrate.`,
    );
  }
  body.push('', '## Operations', '');
  const full: string[] = [];
  for (const group of model.groups) {
    for (const tag of group.tags) {
      if (tag.operations.length === 0) continue;
      full.push(`### ${group.name === tag.name || group.implicit ? tag.name : `${group.name}: ${tag.name}`}`, '');
      for (const op of tag.operations) full.push(operationLine(op, urls.site));
      full.push('');
    }
  }
  const budget = SKILL_BODY_MAX_TOKENS - estimateTokens([...head, ...body].join('\n')) - 50;
  if (estimateTokens(full.join('\n')) <= budget) body.push(...full);
  else {
    body.push(
      `${model.operations.length} operations, too many to list here: each tag's page lists its operations with links to each one's reference.`,
      '',
    );
    for (const group of model.groups) {
      for (const tag of group.tags) {
        if (tag.operations.length === 0) continue;
        body.push(`- ${tag.name} (${tag.operations.length}): ${abs(markdownPath(tag.url))}`);
      }
    }
  }
  const markdown = `${[...head, ...body]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  return { name, description: facts.description, markdown };
}

/** One entry of the discovery index (Agent Skills Discovery 0.2.0). */
export interface SkillIndexEntry {
  name: string;
  type: 'skill-md';
  description: string;
  url: string;
  /** `sha256:` and the hex SHA-256 of the SKILL.md bytes. */
  digest: string;
}

/** The discovery index of the site's skills, each `SKILL.md` given as its text. */
export function skillsIndex(skills: ReadonlyArray<{ name: string; description: string; markdown: string }>): {
  $schema: string;
  skills: SkillIndexEntry[];
} {
  return {
    $schema: SKILLS_INDEX_SCHEMA,
    skills: skills.map((s) => ({
      name: s.name,
      type: 'skill-md',
      description: s.description,
      url: agentSkillPath(s.name),
      digest: `sha256:${createHash('sha256').update(s.markdown, 'utf8').digest('hex')}`,
    })),
  };
}

/**
 * Problems of a `SKILL.md` against the format's rules (agentskills.io/specification), one line each;
 * empty when it is valid: front matter with `name` and `description`, their lengths and the name's
 * pattern, the name equal to `folder`, the body under {@link SKILL_BODY_MAX_TOKENS}.
 */
export function skillProblems(markdown: string, folder: string): string[] {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown);
  if (!m) return ['no YAML front matter between --- lines at the top'];
  let front: unknown;
  try {
    front = parse(m[1] ?? '');
  } catch (error) {
    return [`front matter: not YAML (${(error as Error).message.split('\n')[0]})`];
  }
  if (typeof front !== 'object' || front === null || Array.isArray(front)) return ['front matter: not a mapping'];
  const fields = front as Record<string, unknown>;
  const out: string[] = [];
  for (const key of Object.keys(fields)) if (!SKILL_FIELDS.has(key)) out.push(`${key}: not a field of the format`);
  const name = typeof fields.name === 'string' ? fields.name : '';
  const description = typeof fields.description === 'string' ? fields.description : '';
  if (!name) out.push('name: missing');
  else {
    if (name.length > SKILL_NAME_MAX) out.push(`name: ${name.length} characters, over ${SKILL_NAME_MAX}`);
    if (!SKILL_NAME_PATTERN.test(name)) out.push(`name: "${name}" is not lowercase letters, digits and single hyphens`);
    if (name !== folder) out.push(`name: "${name}" differs from its folder "${folder}"`);
  }
  if (!description.trim()) out.push('description: missing');
  else if (description.length > SKILL_DESCRIPTION_MAX) {
    out.push(`description: ${description.length} characters, over ${SKILL_DESCRIPTION_MAX}`);
  }
  const tokens = estimateTokens(m[2] ?? '');
  if (tokens > SKILL_BODY_MAX_TOKENS)
    out.push(`body: about ${tokens} tokens, over the ${SKILL_BODY_MAX_TOKENS} recommended`);
  return out;
}

/** The front matter fields the format defines. */
const SKILL_FIELDS = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);
