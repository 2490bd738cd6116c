import { isObject } from '../json.ts';
import { PATH_ITEM_METHODS } from '../operations.ts';
import { formatPointer } from '../pointer.ts';
import type { DescriptionProblem } from './types.ts';

type Problem = Omit<DescriptionProblem, 'file'>;

/**
 * The structural problems that would make the pages or the mock misread a description: a value of
 * the wrong type where OpenAPI requires an object or an array (`paths`, path items, operations,
 * `responses`, `parameters`, `components`, `tags`, `webhooks`). Pure; each problem names its JSON
 * pointer. Deliberately shallow: a full schema validation of a large description is slow, and
 * what is not checked here is rendered leniently (unknown fields are ignored).
 * Rules: OpenAPI 3.2 §4.8 (fixed fields and their types); Swagger 2.0 §"Schema".
 */
export function checkStructure(doc: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const expect = (value: unknown, kind: 'object' | 'array', tokens: string[], what: string) => {
    if (value === undefined) return true;
    const ok = kind === 'object' ? isObject(value) : Array.isArray(value);
    if (!ok) {
      const got =
        value === null
          ? 'null'
          : Array.isArray(value)
            ? 'an array'
            : typeof value === 'object'
              ? 'an object'
              : `a ${typeof value}`;
      problems.push({
        code: 'structure',
        pointer: formatPointer(tokens),
        detail: `${what} must be ${kind === 'object' ? 'an object' : 'an array'}, not ${got}`,
      });
    }
    return ok;
  };
  expect(doc.info, 'object', ['info'], '`info`');
  expect(doc.tags, 'array', ['tags'], '`tags`');
  expect(doc.servers, 'array', ['servers'], '`servers`');
  expect(doc.components, 'object', ['components'], '`components`');
  for (const container of ['paths', 'webhooks'] as const) {
    const items = doc[container];
    if (!expect(items, 'object', [container], `\`${container}\``) || !isObject(items)) continue;
    for (const [key, item] of Object.entries(items)) {
      if (container === 'paths' && !key.startsWith('/') && !key.startsWith('x-')) {
        problems.push({
          code: 'structure',
          pointer: formatPointer([container, key]),
          detail: `path "${key}" must start with "/"`,
        });
      }
      if (key.startsWith('x-')) continue;
      if (!expect(item, 'object', [container, key], 'a path item') || !isObject(item)) continue;
      expect(item.parameters, 'array', [container, key, 'parameters'], '`parameters`');
      const methods: Array<[string, unknown]> = PATH_ITEM_METHODS.map((m) => [m, item[m]]);
      if (isObject(item.additionalOperations)) {
        for (const [m, op] of Object.entries(item.additionalOperations))
          methods.push([`additionalOperations/${m}`, op]);
      }
      for (const [method, op] of methods) {
        const tokens = [container, key, ...method.split('/')];
        if (!expect(op, 'object', tokens, 'an operation') || !isObject(op)) continue;
        expect(op.parameters, 'array', [...tokens, 'parameters'], '`parameters`');
        expect(op.responses, 'object', [...tokens, 'responses'], '`responses`');
        expect(op.tags, 'array', [...tokens, 'tags'], '`tags`');
        expect(op.security, 'array', [...tokens, 'security'], '`security`');
      }
    }
  }
  return problems;
}
