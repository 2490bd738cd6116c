/**
 * Guides (Starlight MDX pages) as plain Markdown: the frontmatter becomes the title and the lead,
 * imports and exports go, and components become Markdown a reader without JavaScript (or an agent)
 * can follow:
 *
 * | in the MDX | in the Markdown |
 * |---|---|
 * | `<Aside type="x" title="T">…</Aside>`, `:::x[T] … :::` | a blockquote starting `**T:**` (the type when no title) |
 * | `<Tabs>` / `<TabItem label="L">` | a heading `L` one level below the section's |
 * | `<CardGrid>` / `<Card title="T">` | a heading `T` one level below the section's |
 * | `<LinkCard title="T" href="U" description="D" />` | `- [T](U): D` |
 * | `<Badge text="T" />` | `**T**` |
 * | `<Steps>`, any other wrapper | its children |
 * | a component named in `components` | the Markdown that function returns (tables made from the API description) |
 * | any other self-closing component, `{/* comments *\/}` | nothing |
 *
 * Fenced code is copied as it is. Pure: text in, text out.
 */
import { parse as parseYaml } from 'yaml';

/** Markdown for a project component, e.g. `StabilityList` → a table; called once per use. */
export type ComponentRenderers = Record<string, (attrs: Record<string, string>) => string>;

/** A guide's frontmatter fields the Markdown uses. */
export interface GuideFrontmatter {
  title: string;
  description?: string;
  hero?: { tagline?: string; actions?: Array<{ text?: string; link?: string }> };
}

/** Splits `---` YAML frontmatter from the body. Missing or invalid frontmatter gives `{ title: '' }`. */
export function splitFrontmatter(source: string): { data: GuideFrontmatter; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!m) return { data: { title: '' }, body: source };
  let data: unknown;
  try {
    data = parseYaml(m[1] ?? '');
  } catch {
    data = {};
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    data: {
      title: typeof d.title === 'string' ? d.title : '',
      description: typeof d.description === 'string' ? d.description : undefined,
      hero: typeof d.hero === 'object' && d.hero !== null ? (d.hero as GuideFrontmatter['hero']) : undefined,
    },
    body: source.slice(m[0].length),
  };
}

/** Attributes of a JSX tag's text (`a="x"`, `a='x'`, `a={'x'}`, `a={"x"}`, bare `a` → `"true"`). */
export function parseAttrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(
    /([A-Za-z_][\w:-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|([^}]*))\s*\}))?/g,
  )) {
    const name = m[1];
    if (!name) continue;
    out[name] = m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7]?.trim() ?? 'true';
  }
  return out;
}

type FrameKind = 'quote' | 'heading' | 'transparent';
interface Frame {
  name: string;
  kind: FrameKind;
  /** Leading spaces removed from the lines inside (set by the first non-empty line). */
  strip: number | null;
}

const QUOTE_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', caution: 'Caution', danger: 'Danger' };

/**
 * The Markdown of a guide.
 * @param source the MDX source, frontmatter included
 * @param components Markdown renderers of the project's own components
 */
export function guideMarkdown(source: string, components: ComponentRenderers = {}): string {
  const { data, body } = splitFrontmatter(source);
  const out: string[] = [];
  if (data.title) out.push(`# ${data.title}`, '');
  if (data.hero?.tagline) out.push(data.hero.tagline, '');
  else if (data.description) out.push(data.description, '');
  const actions = (data.hero?.actions ?? []).filter((a) => a.text && a.link);
  if (actions.length > 0) out.push(actions.map((a) => `- [${a.text}](${a.link})`).join('\n'), '');

  const stack: Frame[] = [];
  let headingLevel = 1;
  let fence: string | null = null;
  const lines = body
    .replace(/\r\n/g, '\n')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .split('\n');
  const prefix = (): string =>
    stack
      .filter((f) => f.kind === 'quote')
      .map(() => '> ')
      .join('');
  const emit = (line: string): void => {
    const p = prefix();
    out.push(line === '' ? p.trimEnd() : p + line);
  };
  const stripped = (raw: string): string => {
    const top = stack[stack.length - 1];
    if (!top) return raw;
    const lead = raw.length - raw.trimStart().length;
    if (top.strip === null && raw.trim() !== '') top.strip = lead;
    return raw.slice(Math.min(lead, top.strip ?? 0));
  };
  const open = (name: string, attrs: Record<string, string>): void => {
    if (name === 'Aside' || name === ':::') {
      const type = attrs.type ?? 'note';
      emit('');
      stack.push({ name, kind: 'quote', strip: null });
      emit(`**${attrs.title ?? QUOTE_TITLES[type] ?? 'Note'}:**`);
      emit('');
    } else if (name === 'TabItem' || name === 'Card') {
      const title = attrs.label ?? attrs.title ?? '';
      emit('');
      if (title) emit(`${'#'.repeat(Math.min(6, headingLevel + 1))} ${title}`);
      emit('');
      stack.push({ name, kind: 'heading', strip: null });
    } else {
      stack.push({ name, kind: 'transparent', strip: null });
    }
  };
  const selfClosing = (name: string, attrs: Record<string, string>): void => {
    const render = components[name];
    if (render) {
      emit('');
      for (const l of render(attrs).replace(/\n+$/, '').split('\n')) emit(l);
      emit('');
    } else if (name === 'LinkCard' && attrs.href) {
      emit(`- [${attrs.title ?? attrs.href}](${attrs.href})${attrs.description ? `: ${attrs.description}` : ''}`);
    } else if (name === 'Badge' && attrs.text) {
      emit(`**${attrs.text}**`);
    }
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const line = stripped(raw);
    const trimmed = line.trim();
    if (fence !== null) {
      emit(line);
      if (trimmed.startsWith(fence) && trimmed.replace(/[`~]/g, '') === '') fence = null;
      continue;
    }
    const f = /^(`{3,}|~{3,})/.exec(trimmed);
    if (f?.[1]) {
      fence = f[1];
      emit(line);
      continue;
    }
    if (stack.length === 0 && /^(?:import|export)\s/.test(line)) {
      // ESM lines of MDX; a multi-line import runs until its `from '…'` or `;`.
      let j = i;
      while (j < lines.length - 1 && !/(?:from\s+['"][^'"]+['"]|;)\s*$/.test(lines[j] ?? '')) j++;
      i = j;
      continue;
    }
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading?.[1]) headingLevel = heading[1].length;
    const directive = /^:::(\w+)(?:\[([^\]]*)\])?\s*$/.exec(trimmed);
    if (directive?.[1]) {
      open(':::', { type: directive[1], ...(directive[2] ? { title: directive[2] } : {}) });
      continue;
    }
    if (trimmed === ':::' && stack[stack.length - 1]?.name === ':::') {
      stack.pop();
      emit('');
      continue;
    }
    const tagStart = /^<\/?([A-Z][\w.]*)/.exec(trimmed);
    if (tagStart?.[1]) {
      let tag = trimmed;
      while (!/>\s*$/.test(tag) && i < lines.length - 1) tag += ` ${(lines[++i] ?? '').trim()}`;
      const name = tagStart[1];
      if (tag.startsWith('</')) {
        const at = stack.map((s) => s.name).lastIndexOf(name);
        if (at >= 0) stack.length = at;
        emit('');
        continue;
      }
      const attrsText = tag.slice(name.length + 1).replace(/\/?>\s*$/, '');
      const attrs = parseAttrs(attrsText);
      if (/\/>\s*$/.test(tag)) {
        selfClosing(name, attrs);
        continue;
      }
      // `<X>text</X>` on one line: open, the text, close.
      const inline = new RegExp(`^<${name}[^>]*>(.*)</${name}>\\s*$`).exec(tag);
      open(name, attrs);
      if (inline) {
        emit(inline[1] ?? '');
        stack.pop();
        emit('');
      }
      continue;
    }
    emit(line);
  }
  return `${out
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
