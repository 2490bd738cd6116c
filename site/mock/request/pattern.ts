// The `pattern` keyword of real descriptions as ECMAScript reads it. JSON Schema says a pattern is an
// ECMA-262 regular expression (JSON Schema Validation 2020-12 section 6.3.3), and Ajv compiles it
// with the `u` flag, under which a needless escape (`\-`, `\_`, `\:` outside a class), a `{` that
// starts no quantifier or Java's POSIX classes (`\p{XDigit}`) are syntax errors. Descriptions
// generated from Java, .NET or AWS models carry such patterns by the hundred; one of them made the
// whole request schema of its operation fail to compile, so nothing of the request was checked.

/** Java's POSIX and `java.lang.Character` classes (java.util.regex.Pattern), as ECMAScript classes. */
const POSIX: Record<string, string> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'A-Za-z',
  Digit: '0-9',
  Alnum: 'A-Za-z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9A-Fa-f',
  Space: ' \\t\\n\\x0B\\f\\r',
  all: '\\s\\S',
  javaLowerCase: 'a-z',
  javaUpperCase: 'A-Z',
  javaWhitespace: '\\s',
};

/** Characters that may follow `\` outside a class under the `u` flag (ECMA-262 IdentityEscape[+U] and the escapes). */
const ESCAPABLE = new Set('^$\\.*+?()[]{}|/'.split(''));
const ESCAPE_LETTERS = new Set('dDwWsSbBnrtfv0cxukpPk123456789'.split(''));

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * A pattern ECMAScript compiles with the `u` flag and that means what the description's author meant,
 * as far as it can be told: needless escapes unescaped, `{,n}` read as `{0,n}`, Java's POSIX
 * classes (`\p{XDigit}`) and leading inline flags (`(?s)`, `(?i)`: dropped, `.` then matching any
 * character for `s`) rewritten. Pure.
 * @param pattern the `pattern` keyword's value
 * @returns the pattern itself when it already compiles, its rewrite, or `undefined` when no reading
 *   compiles (the keyword is then left out of validation: a check that cannot be read is no check)
 */
export function portablePattern(pattern: string): string | undefined {
  if (compiles(pattern)) return pattern;
  let src = pattern;
  let dotAll = false;
  // Leading inline flags: (?s), (?i), (?is)…
  const flags = /^\(\?([a-z]+)\)/.exec(src);
  if (flags) {
    dotAll = flags[1]?.includes('s') ?? false;
    src = src.slice(flags[0].length);
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) {
        out += '\\\\';
        break;
      }
      const posix = /^[pP]\{(\w+)\}/.exec(src.slice(i + 1));
      if (posix && POSIX[posix[1] as string] !== undefined) {
        const set = POSIX[posix[1] as string] as string;
        const negated = n === 'P';
        out += inClass ? set : `[${negated ? '^' : ''}${set}]`;
        i += posix[0].length;
        continue;
      }
      if (ESCAPABLE.has(n) || ESCAPE_LETTERS.has(n) || (inClass && n === '-')) out += `\\${n}`;
      else out += n;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (src[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (src[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '{') {
      const q = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
      if (q && (q[1] || q[3])) {
        out += `{${q[1] || '0'}${q[2]}${q[3]}}`;
        i += q[0].length - 1;
      } else out += '\\{';
      continue;
    }
    if (c === '}') {
      out += '\\}';
      continue;
    }
    if (c === '.' && dotAll) {
      out += '[\\s\\S]';
      continue;
    }
    out += c;
  }
  return compiles(out) ? out : undefined;
}
